// The script of a page written by benchview export: a virtualized table,
// filtering, search, sorting, selection and the view state in the address
// fragment, over rows whose markup Go wrote and whose orders Go computed
// (tableview), and ECharts drawing options that Go built.
//
// The whole table is in a noscript element, which the browser keeps as
// one string: the script takes from it the markup of the rows in view
// and a screenful either side of them, so ten thousand rows cost a few
// dozen in the document. The data, the run-order
// charts' options and ECharts travel gzipped in base64 in inert script
// blocks, inflated by the browser's DecompressionStream; ECharts runs as
// an inline script that the page's policy allows by its hash. The script
// never builds markup from data: names reach the page escaped by Go, or
// through textContent and attributes.
(async () => {
  'use strict';

  const body = document.body;
  const box = document.getElementById('results-box');
  // staticTable is the noscript element's table, read once: at ten
  // thousand rows, 7.6 MB that took 30 ms to read, which the page does in
  // a task of its own as its data inflates.
  let staticText = null;
  const staticTable = () => (staticText ??= box.querySelector('noscript')?.textContent || '');
  let live = false; // the live table has replaced the static one

  // whole puts the complete table, as a page without script shows it, in
  // place of the live one: what a reader gets when the data is unreadable.
  const whole = () => {
    if (!live) box.innerHTML = staticTable();
  };
  const fail = (msg) => {
    let alert = document.querySelector('[role=alert]');
    if (!alert) {
      alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      document.querySelector('header').after(alert);
    }
    const p = document.createElement('p');
    p.textContent = msg;
    alert.appendChild(p);
    body.dataset.state = 'error';
    whole();
  };
  // A bug below must not leave the reader with no table and no word.
  window.addEventListener('unhandledrejection', (e) => fail('This page\'s script stopped: ' + ((e.reason && e.reason.message) || e.reason) + '. Sorting or the charts may not work.'));

  // formatCount writes a count as Go's format.Count does, a comma every
  // three digits ("10,000"), so that the counts this script writes read
  // as those Go wrote beside them; toLocaleString would follow the
  // browser's locale ("10.000", "10 000"). formatRows is format.Rows.
  const formatCount = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const formatRows = (n) => n === 1 ? '1 row' : formatCount(n) + ' rows';

  // bytesOf is the inflated byte stream of the gzipped, base64 block with
  // the id; inflate is all its text, linesOf its lines. Their errors say
  // what is wrong in a reader's words: the browser's would say "Failed to
  // fetch" of a page that fetches nothing.
  const bytesOf = (id) => {
    const text64 = document.getElementById(id).textContent.trim();
    const bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(text64) : Uint8Array.from(atob(text64), (c) => c.charCodeAt(0));
    return slices(bytes).pipeThrough(new DecompressionStream('gzip'));
  };
  // slices streams bytes sliceBytes at a time, and gives the event loop a
  // turn every turnMs: the browser inflates each piece it is given in
  // one go, and given a whole block, it inflated the run-order charts'
  // 54 MB (at ten thousand rows) in one task of over 100 ms.
  const turnMs = 8;
  const sliceBytes = 1 << 15;
  // aTurn gives the event loop a turn: scheduler.yield where there is
  // one, which lets input and a frame in and then goes on first, where a
  // timer nested in timers waits at least 4 ms.
  const aTurn = () => globalThis.scheduler && scheduler.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
  // turns makes a function that gives the event loop a turn once turnMs
  // have passed since its last: slices and linesOf share it.
  const turns = () => {
    let last = performance.now();
    return async () => {
      if (performance.now() - last > turnMs) {
        await aTurn();
        last = performance.now();
      }
    };
  };
  const slices = (bytes) => {
    let at = 0;
    const turn = turns();
    return new ReadableStream({
      async pull(controller) {
        await turn();
        controller.enqueue(bytes.subarray(at, at + sliceBytes));
        at += sliceBytes;
        if (at >= bytes.length) controller.close();
      },
    }, { highWaterMark: 0 });
  };
  const tooOld = () => {
    if (typeof DecompressionStream === 'undefined') throw new Error('this browser is too old to unpack it (it has no DecompressionStream)');
  };
  const inflate = async (id) => {
    tooOld();
    try {
      return await new Response(bytesOf(id)).text();
    } catch {
      throw new Error('its block ' + id + ' is damaged');
    }
  };
  // linesOf reads a block of one JSON line a row a chunk at a time: tens
  // of megabytes, and no long task. A stream whose bytes are all there
  // answers every read at once, as a microtask of the same task: so it
  // gives the event loop a turn every turnMs.
  const linesOf = async (id) => {
    tooOld();
    const lines = [];
    let rest = '';
    try {
      const reader = bytesOf(id).pipeThrough(new TextDecoderStream()).getReader();
      const turn = turns();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const parts = (rest + value).split('\n');
        rest = parts.pop();
        for (const p of parts) lines.push(p);
        await turn();
      }
    } catch {
      throw new Error('its block ' + id + ' is damaged');
    }
    return lines;
  };

  // ECharts inflates while the table is put up; it is awaited only once
  // the table shows. Its failure is handled there, not as an unhandled
  // rejection.
  const echartsText = inflate('benchview-echarts');
  echartsText.catch(() => {});

  const dataText = inflate('benchview-data');
  dataText.catch(() => {});
  await aTurn();
  staticTable();

  let data;
  try {
    data = JSON.parse(await dataText);
  } catch (e) {
    fail('This page cannot read its own data (' + e.message + '); the table below is complete, but it cannot be sorted or charted here.');
    return;
  }

  // The static table's rows, in the default order as data.rows: each is
  // one "\n<tr" line of its tbody (a name cannot hold "<": Go escaped it).
  const staticHTML = staticTable();
  const open = staticHTML.indexOf('<tbody>') + '<tbody>'.length;
  const close = staticHTML.lastIndexOf('\n</tbody>');
  const rowMarkup = staticHTML.slice(open, close).split('\n<tr').slice(1);
  if (rowMarkup.length !== data.rows.length) {
    fail('This page\'s table and its data disagree (' + formatCount(rowMarkup.length) + ' and ' + formatCount(data.rows.length) + ' rows); the table below is complete, but it cannot be sorted or charted here.');
    return;
  }
  // The live table and all that reads it, in a task after the data's.
  await aTurn();
  box.innerHTML = staticHTML.slice(0, open) + '</tbody></table>';
  box.classList.add('live');
  live = true;

  // shownName is row i's name as a person sees it: Go escapes control and
  // bidirectional characters (data.shown, for the names that have any), so
  // that U+202E cannot make one row pose as another.
  const shownName = (i) => (data.shown && data.shown[i]) || data.keys[i];
  const n = data.rows.length;
  const keys = data.keys;
  const lowerKeys = keys.map((k) => k.toLowerCase());
  const index = new Map(keys.map((k, i) => [k, i]));
  const table = document.getElementById('results');
  const tbody = table.tBodies[0];
  const heads = Array.from(table.querySelectorAll('th[data-col]'));
  const span = heads.length;
  const filterSelect = document.getElementById('verdict-filter');
  const search = document.getElementById('search');
  const shownCount = document.getElementById('shown');

  // The view, as tableview.View keeps it and writes it in the fragment:
  // #sort=delta&desc=1&filter=regression&q=vm&row=b%2Fk%2Fe, each part only
  // when it differs from the default (sort by verdict, ascending, every
  // row, no search, no selection), each value escaped as Go's
  // url.QueryEscape does, so that the viewer and the page write the same
  // address for the same view.
  const parse = (hash) => {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const sort = p.get('sort') || '';
    const filter = p.get('filter') || '';
    const row = p.get('row') || '';
    return {
      adjust: adjusted(),
      sort: sort in data.ranks && sort !== 'verdict' ? sort : '',
      desc: p.get('desc') === '1',
      filter: Array.from(filterSelect.options).some((o) => o.value === filter) ? filter : '',
      q: p.get('q') || '',
      row: index.has(row) ? row : '',
    };
  };
  // The adjusted view (insights.js's switch, which keeps it in
  // body[data-adjust] and in the fragment): that view's table (Go's, see
  // export/adjusted.go) orders, filters, counts and colours the rows.
  const adjusted = () => {
    const m = body.dataset.adjust || '';
    return data.adjusted && m in data.adjusted ? m : '';
  };
  const adj = () => view.adjust ? data.adjusted[view.adjust] : null;
  const statusOf = (i) => {
    const a = adj();
    return (a && a.status[i]) || data.rows[i].status;
  };
  const barLineOf = (i) => {
    const a = adj();
    return a && a.bar[i] !== undefined ? a.bar[i] : data.rows[i].bar;
  };
  const escape = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+');
  const format = (v) => {
    const parts = [];
    const add = (k, val) => { if (val) parts.push(k + '=' + escape(val)); };
    add('sort', v.sort);
    if (v.desc) add('desc', '1');
    add('filter', v.filter);
    add('q', v.q);
    add('row', v.row);
    add('adjust', document.body.dataset.adjust); // insights.js's switch
    return parts.length ? '#' + parts.join('&') : '';
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

  // orderOf is the rows ordered by a column, computed by Go as ranks
  // (tableview.Table.Ranks): taken rank by rank, ascending or descending,
  // each rank's rows in the default order (data.rows' order, or the
  // adjusted view's), the rows without a number (-1) last. No comparison:
  // nothing to disagree with.
  const orders = new Map();
  const orderOf = (col, desc) => {
    const k = col + (desc ? ' desc' : '') + '/' + view.adjust;
    if (!orders.has(k)) {
      const a = adj();
      const ranks = a && col === 'verdict' ? a.verdict : data.ranks[col], buckets = [], none = [];
      for (let p = 0; p < n; p++) {
        const i = a ? a.order[p] : p;
        const r = ranks[i];
        if (r < 0) none.push(i);
        else (buckets[r] || (buckets[r] = [])).push(i);
      }
      if (desc) buckets.reverse();
      const out = [];
      for (const b of buckets) if (b) for (const i of b) out.push(i);
      for (const i of none) out.push(i);
      orders.set(k, out);
    }
    return orders.get(k);
  };

  // shown is the rows the table shows, in its order: the view's filter and
  // search (every word in the row's name, ignoring case), as tableview's.
  let shown = [];
  const computeShown = () => {
    const words = view.q.toLowerCase().split(/\s+/).filter((w) => w !== '');
    shown = orderOf(view.sort || 'verdict', view.desc).filter((i) => {
      const r = data.rows[i];
      return (view.filter === '' || (view.filter === 'other' ? r.other : statusOf(i) === view.filter)) &&
        words.every((w) => lowerKeys[i].includes(w));
    });
  };

  // The table is virtual: box scrolls, the header sticks, and tbody holds
  // a spacer for the rows above, the rows from `from` to `to` (places in
  // shown) and a spacer for the rows below, every row rowHeight high.
  let rowHeight = 0, from = 0, to = 0;
  const block = 16; // the window moves by this many rows at a time
  // Up to this many rows shown, they are all in the document (find-in-page
  // sees them); past it, the rows in view and a screenful either side.
  const allUpTo = 200;
  const headHeight = () => table.tHead.getBoundingClientRect().height;
  const inView = () => {
    const top = Math.max(0, box.scrollTop);
    const first = Math.floor(top / rowHeight);
    const last = Math.ceil((top + box.clientHeight - headHeight()) / rowHeight);
    return [Math.min(first, shown.length), Math.max(Math.min(last, shown.length), 0)];
  };
  const spacer = (rows) => rows > 0 ? '<tr class="spacer" aria-hidden="true"><td colspan="' + span + '" style="height: ' + rows * rowHeight + 'px"></td></tr>' : '';
  const trAt = (place) => place >= from && place < to ? tbody.rows[place - from + (from > 0 ? 1 : 0)] : null;
  const renderRows = (force) => {
    if (!rowHeight) {
      // One row, to learn the height every row has (page.css fixes it).
      tbody.innerHTML = shown.length ? '<tr' + rowMarkup[shown[0]] : '';
      rowHeight = (tbody.rows[0] && tbody.rows[0].getBoundingClientRect().height) || 30;
      force = true;
    }
    const [first, last] = inView();
    const margin = shown.length <= allUpTo ? shown.length : Math.max(last - first, block);
    const f = Math.floor(Math.max(0, first - margin) / block) * block;
    const t = Math.min(shown.length, Math.ceil((last + margin) / block) * block);
    if (!force && f === from && t === to) return;
    from = f;
    to = t;
    const parts = [spacer(from)];
    for (let p = from; p < to; p++) parts.push('<tr' + rowMarkup[shown[p]]);
    parts.push(spacer(shown.length - to));
    // The rows are made anew: focus on one of them stays in the grid, on
    // the active cell or the one standing in for it.
    const focused = tbody.contains(document.activeElement);
    tbody.innerHTML = parts.join('');
    for (let p = from; p < to; p++) trAt(p).setAttribute('aria-rowindex', p + 3); // two header rows
    markSelected();
    placeStop(focused);
  };

  // markSelected marks the selected row, if it is rendered, and returns it.
  const markSelected = () => {
    const place = selected < 0 ? -1 : shown.indexOf(selected);
    const tr = place < 0 ? null : trAt(place);
    if (!tr) return null;
    tr.setAttribute('aria-selected', 'true');
    tr.classList.add('selected');
    tr.querySelector('.row-name').setAttribute('aria-pressed', 'true');
    return tr;
  };

  // scrollToPlace scrolls the table just enough to show the row at place.
  const scrollToPlace = (place) => {
    if (place < 0 || !rowHeight) return;
    const top = place * rowHeight, room = box.clientHeight - headHeight();
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + rowHeight > box.scrollTop + room) box.scrollTop = top + rowHeight - room;
  };

  const renderHeads = () => {
    const col = view.sort || 'verdict';
    for (const th of heads) {
      const on = th.dataset.col === col;
      th.setAttribute('aria-sort', !on ? 'none' : view.desc ? 'descending' : 'ascending');
      th.querySelector('.arrow').textContent = !on ? '' : view.desc ? ' \u25bc' : ' \u25b2';
    }
  };

  // The filter's choices say how many rows each shows, in the view's
  // verdicts; a choice that would show none is disabled, not offered.
  const filterLabels = Array.from(filterSelect.options, (o) => o.textContent);
  let countsOf = null;
  const renderCounts = () => {
    if (countsOf === view.adjust) return;
    countsOf = view.adjust;
    const count = new Map();
    for (let i = 0; i < n; i++) {
      const k = data.rows[i].other ? 'other' : statusOf(i);
      count.set(k, (count.get(k) || 0) + 1);
    }
    Array.from(filterSelect.options).forEach((o, j) => {
      const c = o.value === '' ? n : (count.get(o.value) || 0);
      o.textContent = filterLabels[j] + ' (' + formatCount(c) + ')';
      o.disabled = c === 0;
    });
  };
  const summaryEl = document.getElementById('summary');
  const summaryText = summaryEl ? summaryEl.textContent : '';
  // renderTable shows the view's rows from the top (or, when keep is set,
  // where the reader was).
  const renderTable = (keep) => {
    computeShown();
    table.setAttribute('aria-rowcount', shown.length + 2);
    if (summaryEl) summaryEl.textContent = adj() ? adj().summary : summaryText;
    renderCounts();
    renderHeads();
    filterSelect.value = view.filter;
    if (search.value !== view.q) search.value = view.q;
    shownCount.textContent = (shown.length === n ? '' : formatCount(shown.length) + ' of ') + formatRows(n) + ' shown';
    if (!keep) box.scrollTop = 0;
    renderRows(true);
    redraw();
  };

  // The charts follow prefers-color-scheme: every option comes in both
  // themes ([0] light, [1] dark), and a change of scheme redraws every
  // chart in the other.
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  let theme = scheme.matches ? 1 : 0;
  const charts = new Map(); // element -> its option in a theme: (theme) => option
  // Before a chart is drawn, insights.js adds its own series (the
  // geomean's line, a drifted side's trend) to the option's: one
  // setOption a draw. A second one, after, laid the chart out and drew it
  // again, 12 ms of the first draw's task on a fresh page.
  const draw = (el, optionIn) => {
    let c = echarts.getInstanceByDom(el);
    if (!c) c = echarts.init(el);
    charts.set(el, optionIn);
    const option = optionIn(theme);
    const series = (option.series || []).slice(); // the option is kept, to draw again: not added to
    el.dispatchEvent(new CustomEvent('benchview-draw', { bubbles: true, detail: { series } })); // for insights.js
    c.setOption(Object.assign({}, option, { series }), true);
    return c;
  };

  // The bars and the run-order charts' options are one JSON line a row
  // in blocks of their own (export/data.go), parsed a line at a time, for
  // the rows drawn. The bars are needed as the page opens; the run-order
  // options inflate once the page is up, or when first drawn.
  const barLines = linesOf('benchview-bars');
  barLines.catch(() => {});
  let barText = null; // barLines, once inflated
  const parsedBars = new Map();
  const barOf = (i) => {
    const line = barLineOf(i);
    if (!parsedBars.has(line)) parsedBars.set(line, JSON.parse(barText[line]));
    return parsedBars.get(line);
  };
  let runOrderLines = null;
  const runOrderText = () => {
    if (!runOrderLines) {
      runOrderLines = linesOf('benchview-run-order');
      runOrderLines.catch(() => {});
    }
    return runOrderLines;
  };
  // apart hands ECharts a long run's samples (a series drawn as one path,
  // large) as pairs of position and value in a Float64Array, which it takes
  // in some three times as fast as an array of numbers (a soak run's
  // 200,000: 65-97 ms against 200-260). It reads such a pair's {c} as the
  // pair, so the series' tooltip writes {b} and {c} itself: its template
  // is Go's, escaped where it holds a report's words, and the two are
  // numbers. The viewer does the same (chart.RunOrderApart).
  const apart = (option) => {
    for (const s of option.series || []) {
      if (!s.large || s.encode || !Array.isArray(s.data)) continue; // the off-scale series name their values
      const pairs = new Float64Array(2 * s.data.length);
      s.data.forEach((v, k) => { pairs[2 * k] = k; pairs[2 * k + 1] = v; });
      s.data = pairs;
      const template = s.tooltip && s.tooltip.formatter;
      if (typeof template === 'string') {
        s.tooltip.formatter = (p) => {
          const v = p.value != null && typeof p.value === 'object' ? p.value[1] : p.value;
          return template.replace('{b}', () => String(p.name)).replace('{c}', () => String(v));
        };
      }
    }
    return option;
  };
  // runOrderOf is row i's run-order chart: its option in a theme, and the
  // chart in words (Go's).
  const runOrderOf = async (i) => {
    const line = JSON.parse((await runOrderText())[data.runOrder[i]]);
    const optionIn = (t) => apart(line.options[t]);
    optionIn.said = line.said;
    return optionIn;
  };

  // The interval chart shows the compared rows in view in the table, in
  // its order, the selected one highlighted, and follows the table as it
  // scrolls: never thousands of bars. The option is put back together
  // from its frame and each row's parts (export/interval.go), as the
  // viewer's chart.IntervalStyled would build it for those rows.
  const intervalEl = document.getElementById('interval-chart');
  const intervalEmpty = document.getElementById('interval-empty');
  const intervalNote = document.getElementById('interval-note');
  const iv = data.interval;
  const merge = (a, p) => {
    if (a === null || p === null || typeof a !== 'object' || typeof p !== 'object' || Array.isArray(a) || Array.isArray(p)) return p;
    const out = Object.assign({}, a);
    for (const k of Object.keys(p)) out[k] = merge(a[k], p[k]);
    return out;
  };
  let barsDrawn = '';
  // describeBars says the bars drawn in words, by their extremes (each
  // bar's words are Go's): what a reader who cannot see the chart needs.
  const intervalSaid = document.getElementById('interval-said');
  const describeBars = (rows) => {
    if (rows.length === 0) return '';
    let lo = rows[0], hi = rows[0];
    for (const i of rows) {
      if (barOf(i).delta < barOf(lo).delta) lo = i;
      if (barOf(i).delta > barOf(hi).delta) hi = i;
    }
    const count = rows.length === 1 ? 'one row' : formatCount(rows.length) + ' rows';
    if (lo === hi) return 'The chart shows ' + count + ': ' + barOf(hi).said + '.';
    return 'The chart shows ' + count + ' of the table, in its order. Largest shift: ' + barOf(hi).said + '. Smallest: ' + barOf(lo).said + '.';
  };
  const intervalOption = (rows) => (t) => {
    const labels = [], bars = [], marks = [];
    for (const i of rows) {
      const bar = barOf(i);
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
  // barsInView are the rows in view in the table that have a bar, at most
  // iv.height.maxBars of them (more would be drawn closer than their
  // labels need): the first, or those up to the selected row when it is
  // further down. With them, the place of the first and past the last row
  // in view, how many in view have a bar, and where among those the bars
  // start.
  const barsInView = () => {
    const [first, last] = inView();
    const rows = shown.slice(first, last).filter((i) => data.rows[i].bar >= 0);
    const from = Math.max(0, rows.indexOf(selected) - iv.height.maxBars + 1);
    return [rows.slice(from, from + iv.height.maxBars), first, last, rows.length, from];
  };
  // fitInterval makes the chart as high as its bars need.
  const fitInterval = (bars) => {
    const h = iv.height;
    intervalEl.style.height = Math.min(h.max, Math.max(h.min, h.fixed + h.perBar * bars)) + 'px';
  };
  // barsShown turns true once the page's start drew the chart's frame
  // (frameInterval): until then a redraw (a scroll, a resize) would draw
  // it all at once, the task the frame spreads over three.
  let barsShown = false;
  const drawInterval = () => {
    if (!intervalEl || !iv || !window.echarts || !barText || !barsShown) return;
    const [rows, first, last, barred, from] = barsInView();
    const key = rows.join(',') + '/' + selected + '/' + theme + '/' + view.adjust;
    if (key === barsDrawn) return;
    barsDrawn = key;
    const of = formatCount(barred) + ' rows with a bar in view in the table, of ' + formatCount(shown.length) + ' rows; scroll it to move along.';
    intervalNote.textContent = last <= first ? ''
      : from > 0 ? 'The ' + formatCount(rows.length) + ' up to the selected one, of the ' + of
      : rows.length < barred ? 'The first ' + formatCount(rows.length) + ' of the ' + of
      : 'The ' + formatCount(last - first) + ' of ' + formatCount(shown.length) + ' rows in view in the table; scroll it to move along.';
    intervalEl.hidden = rows.length === 0;
    intervalEmpty.hidden = rows.length > 0;
    intervalSaid.textContent = describeBars(rows);
    intervalSaid.parentElement.hidden = rows.length === 0;
    if (rows.length === 0) return;
    fitInterval(rows.length);
    const c = draw(intervalEl, intervalOption(rows));
    // A chart takes its element's size when made; one made before, at
    // another height or width (hidden meanwhile), learns it here. A resize
    // draws the whole chart again: only when it changes something.
    if (c.getWidth() !== intervalEl.clientWidth || c.getHeight() !== intervalEl.clientHeight) c.resize();
  };
  // frameInterval draws a part of the interval chart's frame for the
  // rows in view, before its first draw: bare, its axes and their labels;
  // else those and its series with no data (the zero line). That first
  // draw runs much of ECharts for the first time: on a fresh page, a task
  // of 60-80 ms drawn at once; 30-40 ms each, drawn in three tasks (the
  // axes, the series, the bars).
  const frameInterval = (bare) => {
    if (!intervalEl || !iv || !window.echarts || !barText || barsShown) return;
    const [rows] = barsInView();
    if (rows.length === 0) return;
    intervalEl.hidden = false;
    fitInterval(rows.length);
    const option = intervalOption(rows)(theme);
    const series = bare ? [] : option.series.map((s) => Object.assign({}, s, { data: [] }));
    (echarts.getInstanceByDom(intervalEl) || echarts.init(intervalEl)).setOption(Object.assign({}, option, { series }), true);
  };

  // "Run order of every row" shows a card per row with samples, those the
  // table shows, in its order, a hundred at a time. A card's chart is
  // created when the card first comes near the screen; unticking disposes
  // of them.
  const showAll = document.getElementById('show-all-run-order');
  const grid = document.getElementById('run-order-grid');
  const cards = grid.querySelector('.cards');
  const more = document.getElementById('more-run-order');
  const gridNote = document.getElementById('run-order-note');
  const page = 100;
  let cardLimit = page;
  const cardOf = new Map(); // row index -> its card
  const nearby = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      nearby.unobserve(e.target);
      const el = e.target;
      runOrderOf(index.get(el.dataset.row)).then((optionIn) => {
        if (el.isConnected) draw(el, optionIn);
      }, (err) => fail('The run-order charts cannot be drawn: ' + err.message + '.'));
    }
  }, { rootMargin: '300px 0px' });
  const card = (i) => {
    const key = keys[i];
    const div = document.createElement('div');
    div.className = 'card';
    const name = document.createElement('button');
    name.type = 'button';
    name.className = 'card-name';
    name.title = shownName(i);
    name.textContent = shownName(i);
    name.addEventListener('click', () => select(key, true));
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
      cardLimit = page;
      return;
    }
    const withSamples = shown.filter((i) => data.runOrder[i] >= 0);
    const frag = document.createDocumentFragment();
    for (const i of withSamples.slice(0, cardLimit)) {
      if (!cardOf.has(i)) cardOf.set(i, card(i));
      const c = cardOf.get(i);
      c.classList.toggle('selected', i === selected);
      frag.appendChild(c);
    }
    cards.textContent = '';
    cards.appendChild(frag);
    const count = Math.min(cardLimit, withSamples.length);
    gridNote.textContent = count < withSamples.length ? 'The first ' + formatCount(count) + ' of ' + formatCount(withSamples.length) + ' rows with samples, in the table\'s order.' : '';
    more.hidden = count >= withSamples.length;
  };
  more.addEventListener('click', () => {
    cardLimit += page;
    renderGrid();
  });

  // redraw redraws what follows the table, once a frame however many
  // changes the frame saw (a search redraws as it is typed), and in the
  // frame after the table's: the table shows a change first, the charts
  // a frame later.
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      pending = false;
      drawInterval();
      if (window.echarts) renderGrid();
    }));
  };
  let scrolling = false;
  box.addEventListener('scroll', () => {
    if (scrolling) return;
    scrolling = true;
    requestAnimationFrame(() => {
      scrolling = false;
      renderRows(false);
      redraw();
    });
  });
  scheme.addEventListener('change', () => {
    theme = scheme.matches ? 1 : 0;
    barsDrawn = '';
    if (window.echarts) charts.forEach((optionIn, el) => draw(el, optionIn));
  });

  // The details: the selected row's run order, in a panel beside the
  // interval chart, which selecting a row anywhere brings into view.
  const detail = document.getElementById('detail');
  const detailName = document.getElementById('detail-name');
  const detailHint = document.getElementById('detail-hint');
  const detailEmpty = document.getElementById('detail-empty');
  const runOrder = detail.querySelector('.run-order-chart');
  let selected = -1;
  let detailDrawn = Promise.resolve();

  const renderSelection = () => {
    const i = view.row ? index.get(view.row) : -1;
    if (i === selected) return;
    const was = selected < 0 ? -1 : shown.indexOf(selected);
    const old = was < 0 ? null : trAt(was);
    if (old) {
      old.setAttribute('aria-selected', 'false');
      old.classList.remove('selected');
      old.querySelector('.row-name').setAttribute('aria-pressed', 'false');
    }
    selected = i;
    markSelected();
    redraw();
    detailName.parentElement.hidden = i < 0;
    detailSaid.textContent = '';
    detailSaid.parentElement.hidden = true;
    detailHint.hidden = i >= 0;
    const has = i >= 0 && data.runOrder[i] >= 0;
    detailEmpty.hidden = i < 0 || has;
    runOrder.hidden = !has;
    runOrder.dataset.row = view.row;
    if (i < 0) return;
    detailName.textContent = shownName(i);
    if (has) detailDrawn = drawDetail(i);
  };
  const detailSaid = document.getElementById('detail-said');
  const drawDetail = async (i) => {
    if (!window.echarts) return;
    const optionIn = await runOrderOf(i);
    if (i !== selected) return;
    detailSaid.textContent = optionIn.said;
    detailSaid.parentElement.hidden = false;
    draw(runOrder, optionIn).resize();
  };

  // select selects the row with key; reveal scrolls the table to it and
  // brings the details into view.
  const select = (key, reveal) => {
    if (view.row !== key) {
      view.row = key;
      renderSelection();
      save(true);
    }
    if (reveal) {
      scrollToPlace(shown.indexOf(selected));
      detail.scrollIntoView({ block: 'nearest' });
    }
  };

  // The table is a WAI-ARIA grid: one Tab stop, the active cell (the only
  // one with a tabindex; a column header's button in the header row),
  // which the arrows, Home/End and PageUp/PageDown move; Enter selects
  // the row and shows its run order (on a header, sorts by its column),
  // Escape clears the selection. The active row is rendered and scrolled
  // into view before it takes focus: the table is virtual.
  const cursor = { place: 0, col: 0 }; // place -1 is the header row
  let stop = null;
  const cellAt = (place, col) => {
    if (place < 0) return heads[col] ? heads[col].querySelector('button') : null;
    const tr = trAt(place);
    return tr ? tr.cells[col] : null;
  };
  const setStop = (el) => {
    if (stop && stop !== el) {
      if (stop.tagName === 'BUTTON') stop.tabIndex = -1;
      else stop.removeAttribute('tabindex');
    }
    stop = el;
    if (el) el.tabIndex = 0;
  };
  // placeStop puts the Tab stop on the active cell, or, when its row is
  // not rendered (the table scrolled away from it), on the first row in
  // view, unless the grid has focus: the reader's place is kept.
  const placeStop = (focus) => {
    cursor.place = Math.min(cursor.place, shown.length - 1);
    let el = cellAt(cursor.place, cursor.col);
    if (!el && !focus) {
      cursor.place = shown.length ? inView()[0] : -1;
      el = cellAt(cursor.place, cursor.col);
    }
    if (el) setStop(el);
    if (focus && el) el.focus({ preventScroll: true });
  };
  const moveTo = (place, col) => {
    cursor.place = Math.max(-1, Math.min(shown.length - 1, place));
    cursor.col = Math.max(0, Math.min(span - 1, col));
    if (cursor.place >= 0) {
      scrollToPlace(cursor.place);
      renderRows(false);
    }
    placeStop(true);
  };
  const clearSelection = () => {
    if (!view.row) return;
    view.row = '';
    renderSelection();
    save(false);
  };
  const keyboard = () => {
    table.setAttribute('role', 'grid');
    table.addEventListener('keydown', (e) => {
      if (e.altKey || e.metaKey) return;
      const room = Math.max(1, Math.floor((box.clientHeight - headHeight()) / (rowHeight || 30)) - 1);
      let { place, col } = cursor;
      switch (e.key) {
        case 'ArrowDown': place++; break;
        case 'ArrowUp': place--; break;
        case 'ArrowRight': col++; break;
        case 'ArrowLeft': col--; break;
        case 'Home': col = 0; if (e.ctrlKey) place = 0; break;
        case 'End': col = span - 1; if (e.ctrlKey) place = shown.length - 1; break;
        case 'PageDown': place = Math.max(0, place + room); break;
        case 'PageUp': place = Math.max(0, place - room); break;
        case 'Enter':
        case ' ':
          if (place < 0 || e.target.tagName === 'BUTTON' && e.target.closest('thead')) return; // the button sorts
          e.preventDefault();
          select(keys[shown[place]], true);
          return;
        case 'Escape':
          if (!view.row) return;
          e.preventDefault();
          clearSelection();
          return;
        default:
          return;
      }
      e.preventDefault();
      moveTo(place, col);
    });
    // A click or a focus in the grid moves the active cell there.
    table.addEventListener('focusin', (e) => {
      const cell = e.target.closest('td, th');
      const tr = cell && cell.parentElement;
      if (!tr) return;
      if (tr.dataset.row) cursor.place = shown.indexOf(index.get(tr.dataset.row));
      else if (tr.classList.contains('columns')) cursor.place = -1;
      else return;
      cursor.col = cell.cellIndex;
      setStop(e.target);
    });
    tbody.addEventListener('mousedown', (e) => {
      const cell = e.target.closest('td, th');
      if (cell && cell.parentElement.dataset.row) {
        cursor.place = shown.indexOf(index.get(cell.parentElement.dataset.row));
        cursor.col = cell.cellIndex;
        placeStop(false);
      }
    });

    // The page's shortcuts, where they are not typed text: / searches,
    // j and k select the next and the previous row, ? lists them, Escape
    // clears the selection.
    const help = document.getElementById('shortcuts');
    const helpButton = document.getElementById('shortcuts-button');
    const openHelp = () => { if (!help.open) help.showModal(); };
    helpButton.addEventListener('click', openHelp);
    document.getElementById('shortcuts-close').addEventListener('click', () => help.close());
    search.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || search.value === '') return;
      e.preventDefault();
      search.value = '';
      search.dispatchEvent(new Event('input'));
    });
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || help.open) return;
      if (e.target.closest && e.target.closest('input:not([type=checkbox]), select, textarea, [contenteditable]')) return;
      if (e.key === '/') {
        e.preventDefault();
        search.focus();
        search.select();
      } else if ((e.key === 'j' || e.key === 'k') && shown.length) {
        e.preventDefault();
        const at = selected >= 0 && shown.indexOf(selected) >= 0 ? shown.indexOf(selected) : (e.key === 'j' ? -1 : shown.length);
        const next = Math.max(0, Math.min(shown.length - 1, at + (e.key === 'j' ? 1 : -1)));
        moveTo(next, Math.max(0, cursor.col));
        select(keys[shown[next]], true);
      } else if (e.key === '?') {
        e.preventDefault();
        openHelp();
      } else if (e.key === 'Escape' && view.row) {
        e.preventDefault();
        clearSelection();
      }
    });
  };

  for (const th of heads) {
    th.querySelector('button').addEventListener('click', () => {
      const col = th.dataset.col;
      if ((view.sort || 'verdict') === col) view.desc = !view.desc;
      else {
        view.sort = col === 'verdict' ? '' : col;
        // The order a first click sorts in is tableview's (Column.Desc:
        // the largest shift first), written by Go as data-desc.
        view.desc = th.dataset.desc === '1';
      }
      renderTable(false);
      save(false);
    });
  }
  filterSelect.addEventListener('change', () => {
    view.filter = filterSelect.value;
    renderTable(false);
    save(false);
  });
  search.addEventListener('input', () => {
    view.q = search.value;
    renderTable(false);
    save(false);
  });
  tbody.addEventListener('click', (e) => {
    const tr = e.target.closest('tr[data-row]');
    if (tr) select(tr.dataset.row, false);
  });
  keyboard();
  showAll.addEventListener('change', () => {
    if (!window.echarts) return;
    renderGrid();
    if (showAll.checked) grid.scrollIntoView({ block: 'start' });
  });
  // insights.js's switch changed the verdicts shown.
  document.addEventListener('benchview-adjust', () => {
    view.adjust = adjusted();
    renderTable(true);
  });
  window.addEventListener('hashchange', () => {
    const was = selected;
    view = parse(location.hash);
    renderTable(true);
    renderSelection();
    if (selected >= 0 && selected !== was) scrollToPlace(shown.indexOf(selected));
  });
  // The rows in view change with the table's height too: a resized window,
  // an alert or a note that takes a line above it.
  new ResizeObserver(() => {
    if (!rowHeight) return;
    renderRows(false);
    drawInterval();
  }).observe(box);
  window.addEventListener('resize', () => {
    if (window.echarts) charts.forEach((_, el) => echarts.getInstanceByDom(el)?.resize());
  });

  renderTable(true);
  renderSelection();
  if (selected >= 0) scrollToPlace(shown.indexOf(selected));

  // ECharts runs as an inline script the policy allows by its hash.
  try {
    const lib = document.createElement('script');
    lib.textContent = await echartsText;
    // insights.js, after this script in the document, adds its series to
    // every chart drawn (the geomean's line, a drifted side's trend): no
    // chart is drawn, nor ECharts run, before the parser has run it.
    if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
    // ECharts' start (some 30 ms of a first open, bundled: chart/echarts.js)
    // and the first chart each get a task of their own, not the one that
    // inflated the last piece.
    await aTurn();
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
    intervalEl.hidden = true;
    intervalEmpty.textContent = 'No row has both a baseline and a current series to compare.';
    intervalEmpty.hidden = false;
  } else if (intervalEl) {
    try {
      barText = await barLines;
    } catch (e) {
      fail('The interval chart cannot be drawn: ' + e.message + '.');
      return;
    }
    await aTurn();
    frameInterval(true);
    await aTurn();
    frameInterval(false);
    await aTurn();
    barsShown = true;
    drawInterval();
    (echarts.getInstanceByDom(intervalEl) || echarts.init(intervalEl)).on('click', (p) => {
      if (index.has(p.name)) select(p.name, true);
    });
    // The first chart's draw runs much of ECharts for the first time:
    // what follows gets a task of its own.
    await aTurn();
  }
  try {
    if (selected >= 0 && data.runOrder[selected] >= 0) await drawDetail(selected);
  } catch (e) {
    fail('The run-order charts cannot be drawn: ' + e.message + '.');
    return;
  }
  renderGrid(); // the browser may have kept the box ticked across a reload
  body.dataset.state = 'ready';
  // The run-order charts' options inflate now, while the reader looks.
  runOrderText();
})();
