// The script of a page written by benchview export: sorting, filtering,
// selection and the view state in the address fragment, over a table that
// Go already rendered, and ECharts drawing options that Go already built.
//
// The data and ECharts travel gzipped in base64 in two inert script
// blocks; the browser's own DecompressionStream inflates them, and ECharts
// runs as an inline script that the page's policy allows by its hash. The
// script never builds markup from data: names reach the page only through
// textContent and attributes.
(async () => {
  'use strict';

  const body = document.body;
  const fail = (msg) => {
    let box = document.querySelector('[role=alert]');
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('role', 'alert');
      document.querySelector('header').after(box);
    }
    const p = document.createElement('p');
    p.textContent = msg;
    box.appendChild(p);
    body.dataset.state = 'error';
    showTable();
  };
  // The table waits out of the layout until it is in order (page.css).
  const showTable = () => document.querySelector('.results').classList.add('laid-out');
  // A bug below must not leave the reader with no table and no word.
  window.addEventListener('unhandledrejection', (e) => fail('This page\'s script stopped: ' + ((e.reason && e.reason.message) || e.reason) + '. The table is complete; sorting or the charts may not work.'));

  // inflate returns the text of the gzipped, base64 block with the id. Its
  // errors say what is wrong in a reader's words: the browser's would say
  // "Failed to fetch" of a page that fetches nothing.
  const inflate = async (id) => {
    if (typeof DecompressionStream === 'undefined') throw new Error('this browser is too old to unpack it (it has no DecompressionStream)');
    try {
      const bytes = Uint8Array.from(atob(document.getElementById(id).textContent.trim()), (c) => c.charCodeAt(0));
      const text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      return await new Response(text).text();
    } catch {
      throw new Error('its block ' + id + ' is damaged');
    }
  };

  // ECharts inflates while the table is put in order and laid out, which
  // for ten thousand rows takes seconds; it is awaited only once the table
  // shows. Its failure is handled there, not as an unhandled rejection.
  const echartsText = inflate('benchview-echarts');
  echartsText.catch(() => {});

  let data;
  try {
    data = JSON.parse(await inflate('benchview-data'));
  } catch (e) {
    fail('This page cannot read its own data (' + e.message + '); the table below is complete, but it cannot be sorted or charted here.');
    return;
  }

  const tbody = document.querySelector('#results tbody');
  const trs = Array.from(tbody.rows); // trs[i] shows data.rows[i]
  const keys = trs.map((tr) => tr.dataset.row);
  const lowerKeys = keys.map((k) => k.toLowerCase());
  const index = new Map(keys.map((k, i) => [k, i]));
  const numeric = new Map(data.cols.map((c, i) => [c, i]));
  const heads = Array.from(document.querySelectorAll('#results th[data-col]'));
  const columns = new Set(heads.map((th) => th.dataset.col));
  const filterSelect = document.getElementById('verdict-filter');
  const search = document.getElementById('search');
  const shownCount = document.getElementById('shown');

  // The view, as the viewer keeps it (wasm/store.View) and writes it in the
  // fragment: #sort=delta&desc=1&filter=regression&q=vm&row=b%2Fk%2Fe, each
  // part only when it differs from the default (sort by verdict, ascending,
  // every row, no search, no selection).
  const parse = (hash) => {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const sort = p.get('sort') || '';
    const filter = p.get('filter') || '';
    const row = p.get('row') || '';
    return {
      sort: columns.has(sort) && sort !== 'verdict' ? sort : '',
      desc: p.get('desc') === '1',
      filter: Array.from(filterSelect.options).some((o) => o.value === filter) ? filter : '',
      q: p.get('q') || '',
      row: index.has(row) ? row : '',
    };
  };
  const format = (v) => {
    const p = new URLSearchParams();
    if (v.sort) p.set('sort', v.sort);
    if (v.desc) p.set('desc', '1');
    if (v.filter) p.set('filter', v.filter);
    if (v.q) p.set('q', v.q);
    if (v.row) p.set('row', v.row);
    const f = p.toString();
    return f ? '#' + f : '';
  };
  let view = parse(location.hash);

  // save records the view in the address: a new history entry for a
  // selection (so Back undoes it), the same entry for everything else.
  const save = (push) => {
    const f = format(view);
    if (f === location.hash) return;
    if (push) location.hash = f || '#';
    else history.replaceState(history.state, '', location.href.replace(/#.*$/, '') + f);
  };

  // compare orders rows i and j as the viewer does: by the column, rows
  // without a number last in either direction, ties in the first order
  // (rank, largest shift, name), which is the rows' order in data.
  const compare = (v) => {
    const col = v.sort || 'verdict';
    const k = numeric.get(col);
    return (i, j) => {
      const a = data.rows[i], b = data.rows[j];
      let c = 0;
      if (col === 'verdict') c = a.rank - b.rank;
      else if (col === 'name') c = a.name - b.name;
      else {
        const x = a.v[k], y = b.v[k];
        if ((x === null) !== (y === null)) return x === null ? 1 : -1;
        if (x !== null) c = x < y ? -1 : x > y ? 1 : 0;
      }
      if (v.desc) c = -c;
      return c || i - j;
    };
  };

  let order = trs.map((_, i) => i); // data.rows' indexes in the table's order
  const renderOrder = () => {
    const next = order.slice().sort(compare(view));
    // Moving ten thousand rows costs a layout of them all: not for nothing.
    if (next.some((i, at) => i !== order[at])) {
      order = next;
      const frag = document.createDocumentFragment();
      for (const i of order) frag.appendChild(trs[i]);
      tbody.appendChild(frag);
    }
    const col = view.sort || 'verdict';
    for (const th of heads) {
      const on = th.dataset.col === col;
      th.setAttribute('aria-sort', !on ? 'none' : view.desc ? 'descending' : 'ascending');
      th.querySelector('.arrow').textContent = !on ? '' : view.desc ? ' ▼' : ' ▲';
    }
    redraw();
  };

  const renderFilter = () => {
    const words = view.q.toLowerCase().split(/\s+/).filter((w) => w !== '');
    let shown = 0;
    data.rows.forEach((r, i) => {
      const pass = (view.filter === '' || (view.filter === 'other' ? r.other : r.status === view.filter)) &&
        words.every((w) => lowerKeys[i].includes(w));
      trs[i].hidden = !pass;
      if (pass) shown++;
    });
    filterSelect.value = view.filter;
    if (search.value !== view.q) search.value = view.q;
    shownCount.textContent = shown + ' rows shown';
    redraw();
  };

  // The charts follow prefers-color-scheme: every option comes in both
  // themes (data.*[0] light, [1] dark), and a change of scheme redraws
  // every chart in the other.
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  let theme = scheme.matches ? 1 : 0;
  const charts = new Map(); // element -> its option in a theme: (theme) => option
  const draw = (el, optionIn) => {
    let c = echarts.getInstanceByDom(el);
    if (!c) c = echarts.init(el);
    charts.set(el, optionIn);
    c.setOption(optionIn(theme), true);
    return c;
  };
  // A row's run-order options are JSON strings (export/data.go), parsed
  // when first drawn.
  const runOrderOf = (i) => {
    const texts = data.runOrder[i], parsed = [];
    return (t) => parsed[t] || (parsed[t] = JSON.parse(texts[t]));
  };

  // The interval chart shows the compared rows the table shows, in its
  // order, the selected one highlighted: the option is put back together
  // from its frame and each row's parts (export/interval.go), as the
  // viewer's chart.IntervalStyled would build it for those rows.
  const intervalEl = document.getElementById('interval-chart');
  const intervalEmpty = document.getElementById('interval-empty');
  const iv = data.interval;
  const merge = (a, p) => {
    if (a === null || p === null || typeof a !== 'object' || typeof p !== 'object' || Array.isArray(a) || Array.isArray(p)) return p;
    const out = Object.assign({}, a);
    for (const k of Object.keys(p)) out[k] = merge(a[k], p[k]);
    return out;
  };
  const intervalOption = (t) => {
    const labels = [], bars = [], marks = [];
    for (const i of order) {
      const bar = data.rows[i].bar;
      if (!bar || trs[i].hidden) continue;
      const on = i === selected;
      labels.push(bar.label);
      bars.push(on ? merge(bar.item[t], iv.selected[t].bar) : bar.item[t]);
      if (bar.mark) {
        const m = Object.assign({}, bar.mark[t], { value: [bar.mark[t].value[0], bars.length - 1] });
        marks.push(on ? merge(m, iv.selected[t].mark) : m);
      }
    }
    const f = iv.frames[t];
    return Object.assign({}, f, {
      yAxis: [Object.assign({}, f.yAxis[0], { data: labels })],
      series: [Object.assign({}, f.series[0], { data: bars }), Object.assign({}, f.series[1], { data: marks })],
    });
  };
  const drawInterval = () => {
    if (!intervalEl || !iv) return;
    let n = 0;
    for (const i of order) if (data.rows[i].bar && !trs[i].hidden) n++;
    intervalEl.parentElement.hidden = n === 0;
    intervalEmpty.hidden = n > 0;
    if (n === 0) return;
    const h = iv.height;
    intervalEl.style.height = Math.min(h.max, Math.max(h.min, h.fixed + h.perBar * n)) + 'px';
    draw(intervalEl, intervalOption).resize();
  };

  // "Run order of every row" shows a card per row with samples, those the
  // table shows, in its order. A card's chart is created when the card
  // first comes near the screen, so ten thousand rows cost ten thousand
  // small elements, not ten thousand charts; unticking disposes of them.
  const showAll = document.getElementById('show-all-run-order');
  const grid = document.getElementById('run-order-grid');
  const cards = grid.querySelector('.cards');
  const cardOf = new Map(); // row index -> its card
  const nearby = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      nearby.unobserve(e.target);
      draw(e.target, runOrderOf(index.get(e.target.dataset.row)));
    }
  }, { rootMargin: '300px 0px' });
  const card = (i) => {
    const key = keys[i];
    const div = document.createElement('div');
    div.className = 'card';
    const name = document.createElement('button');
    name.type = 'button';
    name.className = 'card-name';
    name.title = key;
    name.textContent = key;
    name.addEventListener('click', () => select(key));
    const el = document.createElement('div');
    el.className = 'run-order-chart small';
    el.dataset.row = key;
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', 'Samples of ' + key + ' in run order, baseline and current, with their medians');
    div.append(name, el);
    nearby.observe(el);
    return div;
  };
  const renderGrid = () => {
    grid.hidden = !showAll.checked;
    if (!showAll.checked) {
      nearby.disconnect();
      for (const el of cards.querySelectorAll('.run-order-chart')) {
        charts.delete(el);
        if (window.echarts) echarts.getInstanceByDom(el)?.dispose();
      }
      cards.textContent = '';
      cardOf.clear();
      return;
    }
    const frag = document.createDocumentFragment();
    for (const i of order) {
      if (data.runOrder[i] === null) continue;
      if (!cardOf.has(i)) cardOf.set(i, card(i));
      const c = cardOf.get(i);
      c.hidden = trs[i].hidden;
      c.classList.toggle('selected', i === selected);
      frag.appendChild(c);
    }
    cards.appendChild(frag);
  };

  // redraw redraws the charts that follow the table, once a frame however
  // many changes the frame saw (a search redraws as it is typed).
  let pending = false;
  const redraw = () => {
    if (pending || !window.echarts) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      drawInterval();
      renderGrid();
    });
  };
  scheme.addEventListener('change', () => {
    theme = scheme.matches ? 1 : 0;
    if (window.echarts) charts.forEach((optionIn, el) => draw(el, optionIn));
  });

  const detailName = document.getElementById('detail-name');
  const detailHint = document.getElementById('detail-hint');
  const detailEmpty = document.getElementById('detail-empty');
  const runOrder = document.querySelector('#detail .run-order-chart');
  let selected = -1;

  const mark = (tr, on) => {
    tr.setAttribute('aria-selected', String(on));
    tr.classList.toggle('selected', on);
    tr.querySelector('.row-name').setAttribute('aria-pressed', String(on));
  };
  const renderSelection = () => {
    const i = view.row ? index.get(view.row) : -1;
    if (i === selected) return;
    if (selected >= 0) mark(trs[selected], false);
    selected = i;
    redraw();
    detailName.parentElement.hidden = i < 0;
    detailHint.hidden = i >= 0;
    const options = i < 0 ? null : data.runOrder[i];
    detailEmpty.hidden = i < 0 || options !== null;
    runOrder.hidden = options === null;
    runOrder.dataset.row = view.row;
    if (i < 0) return;
    mark(trs[i], true);
    detailName.textContent = view.row;
    if (options !== null && window.echarts) draw(runOrder, runOrderOf(i)).resize();
  };

  const render = () => {
    renderOrder();
    renderFilter();
    renderSelection();
  };

  const select = (key) => {
    if (view.row === key) return;
    view.row = key;
    renderSelection();
    save(true);
  };

  for (const th of heads) {
    th.querySelector('button').addEventListener('click', () => {
      const col = th.dataset.col;
      if ((view.sort || 'verdict') === col) view.desc = !view.desc;
      else {
        view.sort = col === 'verdict' ? '' : col;
        view.desc = false;
      }
      renderOrder();
      save(false);
    });
  }
  filterSelect.addEventListener('change', () => {
    view.filter = filterSelect.value;
    renderFilter();
    save(false);
  });
  search.addEventListener('input', () => {
    view.q = search.value;
    renderFilter();
    save(false);
  });
  tbody.addEventListener('click', (e) => {
    const tr = e.target.closest('tr');
    if (tr) select(tr.dataset.row);
  });
  showAll.addEventListener('change', redraw);
  window.addEventListener('hashchange', () => {
    view = parse(location.hash);
    render();
  });
  window.addEventListener('resize', () => charts.forEach((_, el) => echarts.getInstanceByDom(el)?.resize()));
  render();
  // Laid out once, now, in its order, rather than again and again as the
  // page loaded.
  showTable();

  // ECharts runs as an inline script the policy allows by its hash.
  try {
    const lib = document.createElement('script');
    lib.textContent = await echartsText;
    document.head.appendChild(lib);
  } catch (e) {
    fail('The charts cannot be drawn: the ECharts library inside this page cannot be read (' + e.message + ').');
    return;
  }
  if (!window.echarts) {
    fail('The charts cannot be drawn: the ECharts library inside this page did not run.');
    return;
  }
  if (intervalEl && iv === null) {
    intervalEl.parentElement.hidden = true;
    intervalEmpty.textContent = 'No row has both a baseline and a current series to compare.';
    intervalEmpty.hidden = false;
  } else if (intervalEl) {
    drawInterval();
    (echarts.getInstanceByDom(intervalEl) || echarts.init(intervalEl)).on('click', (p) => {
      if (index.has(p.name)) select(p.name);
    });
  }
  if (selected >= 0 && data.runOrder[selected] !== null) draw(runOrder, runOrderOf(selected));
  renderGrid(); // the browser may have kept the box ticked across a reload
  body.dataset.state = 'ready';
})();
