// The script of a page written by benchview export: sorting, filtering,
// selection and the view state in the address fragment, over a table that
// Go already rendered, and ECharts drawing options that Go already built.
// It reads only the JSON block beside it and never builds markup from data:
// names reach the page through textContent and attributes only.
(function () {
  'use strict';

  const body = document.body;
  const alertBox = () => {
    let box = document.querySelector('[role=alert]');
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('role', 'alert');
      document.querySelector('header').after(box);
    }
    return box;
  };
  const fail = (msg) => {
    const p = document.createElement('p');
    p.textContent = msg;
    alertBox().appendChild(p);
    body.dataset.state = 'error';
  };

  let data;
  try {
    data = JSON.parse(document.getElementById('benchview-data').textContent);
  } catch (e) {
    fail('This page is damaged: its data block cannot be read (' + e.message + ').');
    return;
  }

  const tbody = document.querySelector('#results tbody');
  const trs = Array.from(tbody.rows); // trs[i] shows data.rows[i]
  const index = new Map(data.rows.map((r, i) => [r.key, i]));

  // The order "regressions first" means, shared with the Go side (rank in
  // page.go): what needs a reader's attention before what does not.
  const RANK = {
    'regression': 0, 'not-ok': 1, 'improvement': 2, 'inside the noise': 3,
    'underpowered': 4, 'only-in-current': 5, 'only-in-baseline': 6, 'unsupported': 7,
  };
  const status = (r) => r.verdict || r.state;
  const COLUMNS = ['verdict', 'row', 'base', 'cur', 'delta'];
  const DEFAULT = { sort: 'verdict', desc: false, filter: '', q: '', row: '' };

  // nullsLast compares two numbers that may be missing; missing sorts last
  // whatever the direction.
  const nullsLast = (a, b, desc) => {
    if (a === null && b === null) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return desc ? b - a : a - b;
  };
  const compare = (sort, desc) => (i, j) => {
    const a = data.rows[i], b = data.rows[j];
    let c = 0;
    switch (sort) {
      case 'verdict':
        c = RANK[status(a)] - RANK[status(b)];
        if (desc) c = -c;
        if (c === 0) c = nullsLast(abs(a.delta), abs(b.delta), true);
        break;
      case 'row':
        c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
        if (desc) c = -c;
        break;
      default:
        c = nullsLast(a[sort], b[sort], desc);
    }
    return c || i - j;
  };
  const abs = (x) => (x === null ? null : Math.abs(x));

  // The view state lives in the fragment: #sort=-delta&filter=regression&q=vm&row=b/k/e
  const parse = (hash) => {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const s = Object.assign({}, DEFAULT);
    let sort = p.get('sort') || '';
    const desc = sort.startsWith('-');
    if (desc) sort = sort.slice(1);
    if (COLUMNS.includes(sort)) {
      s.sort = sort;
      s.desc = desc;
    }
    const filter = p.get('filter') || '';
    if (filter in RANK) s.filter = filter;
    s.q = p.get('q') || '';
    const row = p.get('row') || '';
    if (index.has(row)) s.row = row;
    return s;
  };
  const format = (s) => {
    const p = new URLSearchParams();
    if (s.sort !== DEFAULT.sort || s.desc) p.set('sort', (s.desc ? '-' : '') + s.sort);
    if (s.filter) p.set('filter', s.filter);
    if (s.q) p.set('q', s.q);
    if (s.row) p.set('row', s.row);
    const f = p.toString().replace(/\+/g, '%20');
    return f ? '#' + f : '';
  };

  let state = parse(location.hash);

  // save records state in the address: a new history entry for a selection
  // (so Back undoes it), a replaced one for everything else.
  const save = (push) => {
    const f = format(state);
    if (f === location.hash || (f === '' && location.hash === '')) return;
    if (push) {
      location.hash = f;
    } else {
      const url = location.href.replace(/#.*$/, '') + f;
      history.replaceState(null, '', url);
    }
  };

  const filterSelect = document.getElementById('filter');
  const search = document.getElementById('search');
  const counts = document.getElementById('counts');
  const heads = Array.from(document.querySelectorAll('#results th[data-sort]'));

  const renderOrder = () => {
    const order = trs.map((_, i) => i).sort(compare(state.sort, state.desc));
    const frag = document.createDocumentFragment();
    for (const i of order) frag.appendChild(trs[i]);
    tbody.appendChild(frag);
    for (const th of heads) {
      th.setAttribute('aria-sort', th.dataset.sort !== state.sort ? 'none'
        : state.desc ? 'descending' : 'ascending');
    }
  };

  const renderFilter = () => {
    const q = state.q.toLowerCase();
    let shown = 0;
    data.rows.forEach((r, i) => {
      const hide = (state.filter !== '' && status(r) !== state.filter) ||
        (q !== '' && !r.key.toLowerCase().includes(q));
      trs[i].hidden = hide;
      if (!hide) shown++;
    });
    filterSelect.value = state.filter;
    if (search.value !== state.q) search.value = state.q;
    counts.textContent = shown + ' of ' + trs.length + ' rows shown';
  };

  const charts = [];
  const draw = (el, option) => {
    let c = echarts.getInstanceByDom(el);
    if (!c) {
      c = echarts.init(el);
      charts.push(c);
    }
    c.setOption(option, true);
    return c;
  };

  const detail = document.getElementById('detail');
  const detailName = document.getElementById('detail-name');
  const detailEmpty = document.getElementById('detail-empty');
  const runOrder = detail.querySelector('.run-order-chart');
  let selected = -1;

  const renderSelection = () => {
    const i = state.row ? index.get(state.row) : -1;
    if (i === selected) return;
    if (selected >= 0) trs[selected].setAttribute('aria-selected', 'false');
    selected = i;
    if (i < 0) {
      detail.hidden = true;
      runOrder.dataset.row = '';
      return;
    }
    trs[i].setAttribute('aria-selected', 'true');
    detail.hidden = false;
    detailName.textContent = state.row;
    runOrder.dataset.row = state.row;
    const option = data.runOrder[i];
    detailEmpty.hidden = option !== null;
    runOrder.hidden = option === null;
    if (option !== null && window.echarts) draw(runOrder, option).resize();
  };

  const render = () => {
    renderOrder();
    renderFilter();
    renderSelection();
  };

  const select = (key) => {
    state.row = state.row === key ? '' : key;
    renderSelection();
    save(true);
    if (state.row) detail.scrollIntoView({ block: 'nearest' });
  };

  for (const th of heads) {
    th.querySelector('button').addEventListener('click', () => {
      const col = th.dataset.sort;
      state.desc = state.sort === col ? !state.desc : false;
      state.sort = col;
      renderOrder();
      save(false);
    });
  }
  filterSelect.addEventListener('change', () => {
    state.filter = filterSelect.value;
    renderFilter();
    save(false);
  });
  search.addEventListener('input', () => {
    state.q = search.value;
    renderFilter();
    save(false);
  });
  tbody.addEventListener('click', (e) => {
    const tr = e.target.closest('tr');
    if (tr) select(tr.dataset.row);
  });
  tbody.addEventListener('keydown', (e) => {
    const tr = e.target.closest('tr');
    if (tr && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      select(tr.dataset.row);
    }
  });
  window.addEventListener('hashchange', () => {
    state = parse(location.hash);
    render();
  });
  window.addEventListener('resize', () => charts.forEach((c) => c.resize()));

  render();

  if (!window.echarts) {
    fail('The charts cannot be drawn: the ECharts library inside this page did not run.');
    return;
  }
  const intervalEl = document.getElementById('interval-chart');
  if (data.interval === null) {
    intervalEl.textContent = 'No row has both a baseline and a current series to compare.';
  } else {
    draw(intervalEl, data.interval).on('click', (p) => {
      if (index.has(p.name)) select(p.name);
    });
  }
  body.dataset.state = 'ready';
})();
