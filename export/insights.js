// insights.js shows what export/insights.go computed beside the
// reference's verdicts: the geomean and the chance note in the header, a
// row's drift, outliers and samples-needed advice beside its verdict (in
// words), the drift's trend in the run-order charts, the geomean in the
// interval chart, an adjusted view (Holm or BH, kept in the fragment as
// adjust=holm|bh), and the Copy as Markdown and Copy link buttons. Every
// sentence it shows is Go's; it words nothing, and sets names only as
// text.
(() => {
  'use strict';
  const block = document.getElementById('benchview-insights');
  const ins = block ? JSON.parse(block.textContent) : null;
  if (!ins) return; // one report alone
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const methodOf = (hash) => {
    const m = new URLSearchParams(hash.replace(/^#/, '')).get('adjust') || '';
    return m in ins.adjusted ? m : '';
  };

  // The header: the geomean, the chance note, the switch and the buttons.
  const bar = el('div', 'insights');
  if (ins.suite) bar.appendChild(el('p', 'suite', ins.suite)).id = 'suite';
  const chance = bar.appendChild(el('p', 'note chance'));
  chance.id = 'chance-note';
  const tools = bar.appendChild(el('p', 'insight-tools'));
  const label = tools.appendChild(el('label', '', 'Verdicts '));
  const adjust = label.appendChild(el('select'));
  adjust.id = 'adjust';
  for (const m of ins.methods) adjust.appendChild(el('option', '', m.label)).value = m.value;
  const copyMd = tools.appendChild(el('button', '', 'Copy as Markdown'));
  copyMd.type = 'button';
  copyMd.id = 'copy-markdown';
  const copyLink = tools.appendChild(el('button', '', 'Copy link'));
  copyLink.type = 'button';
  copyLink.id = 'copy-link';
  const said = tools.appendChild(el('span', 'copy-status'));
  said.id = 'copy-status';
  said.setAttribute('aria-live', 'polite');
  const area = bar.appendChild(el('textarea', 'copy-text'));
  area.id = 'copy-text';
  area.readOnly = true;
  area.hidden = true;
  area.setAttribute('aria-label', 'The text to copy');
  document.querySelector('header').appendChild(bar);

  // Rows: the adjusted verdict in place of the reference's, and the
  // marks beside it.
  let method = '';
  const decorate = (tr) => {
    const key = tr.dataset.row;
    const done = method + '|' + key;
    if (tr.dataset.insights === done) return;
    tr.dataset.insights = done;
    const td = tr.querySelector('td.verdict');
    const pill = td && td.querySelector('.pill');
    if (!pill) return;
    if (pill.dataset.label === undefined) {
      pill.dataset.label = pill.textContent;
      pill.dataset.cls = pill.className;
      pill.dataset.status = tr.dataset.verdict || '';
    }
    // The row's data-verdict and class follow the verdict shown, as the
    // viewer's do; the reference's is said beside it, in words.
    const adj = method && ins.adjusted[method].rows[key];
    pill.textContent = adj ? adj.label : pill.dataset.label;
    pill.title = adj ? adj.title : pill.dataset.label;
    pill.className = adj ? 'pill ' + adj.class + ' adjusted' : pill.dataset.cls;
    if (pill.dataset.status) {
      const cls = pill.dataset.cls.replace(/^pill /, '');
      tr.dataset.verdict = adj ? adj.status : pill.dataset.status;
      tr.classList.toggle('status-' + cls, !adj);
      if (adj) tr.classList.add('status-' + adj.class);
      else tr.classList.forEach((c) => { if (c.startsWith('status-') && c !== 'status-' + cls) tr.classList.remove(c); });
    }
    td.querySelectorAll('.insight, .reference').forEach((e) => e.remove());
    if (adj) td.appendChild(el('span', 'reference visually-hidden', ' (' + adj.reference + ')'));
    const x = ins.rows[key];
    if (!x) return;
    // A short mark, one line high (the virtual table's rows are), with
    // Go's sentence in its title and, for screen readers, beside it.
    for (const kind of ['drift', 'outliers', 'advice']) {
      if (!x[kind]) continue;
      const mark = td.appendChild(el('span', 'insight ' + kind, ins.marks[kind]));
      mark.title = x[kind];
      mark.setAttribute('aria-hidden', 'true');
      td.appendChild(el('span', 'insight insight-text visually-hidden', x[kind]));
    }
  };
  const decorateAll = () => document.querySelectorAll('tr[data-row]').forEach(decorate);
  const box = document.getElementById('results-box');
  new MutationObserver(decorateAll).observe(box, { childList: true, subtree: true });

  // The selected row's sentences in full, under its name in the run
  // order panel.
  const detailName = document.getElementById('detail-name');
  const detailList = el('ul', 'detail-insights');
  detailList.id = 'detail-insights';
  detailName.parentElement.after(detailList);
  const showDetail = () => {
    detailList.replaceChildren();
    const x = detailName.parentElement.hidden ? null : ins.rows[detailName.textContent];
    if (x) for (const kind of ['drift', 'outliers', 'advice']) if (x[kind]) detailList.appendChild(el('li', 'insight-' + kind, x[kind]));
    detailList.hidden = detailList.children.length === 0;
  };
  new MutationObserver(showDetail).observe(detailName.parentElement, { childList: true, subtree: true, characterData: true, attributes: true });
  showDetail();

  const setMethod = (m, save) => {
    method = m;
    adjust.value = m;
    if (m) document.body.dataset.adjust = m;
    else delete document.body.dataset.adjust;
    chance.textContent = m ? ins.adjusted[m].note : ins.chance;
    chance.hidden = chance.textContent === '';
    decorateAll();
    document.dispatchEvent(new CustomEvent('benchview-adjust')); // page.js follows
    if (save) {
      // Rewrite only our part, the rest as page.js wrote it.
      const rest = location.hash.replace(/^#/, '').split('&').filter((s) => s !== '' && !s.startsWith('adjust='));
      if (m) rest.push('adjust=' + m);
      const f = rest.length ? '#' + rest.join('&') : '';
      if (f !== location.hash) history.replaceState(history.state, '', location.href.replace(/#.*$/, '') + f);
    }
  };
  adjust.addEventListener('change', () => setMethod(adjust.value, true));
  window.addEventListener('hashchange', () => setMethod(methodOf(location.hash), false));
  setMethod(methodOf(location.hash), false);

  // Charts: the trend of a side that drifted, and the geomean, added to
  // the series page.js is about to draw.
  document.addEventListener('benchview-draw', (e) => {
    const target = e.target;
    const series = e.detail.series;
    if (target.id === 'interval-chart') {
      const g = ins.geomean;
      if (!g) return;
      const text = ins.suite;
      series.push({
        type: 'scatter', name: 'geomean', data: [], silent: true,
        markLine: { symbol: ['none', 'none'], silent: true, data: [{ xAxis: g.delta, name: text }],
          label: { formatter: 'geomean', position: 'end' }, lineStyle: { type: 'dotted', width: 2, color: '#7c3aed' } },
        markArea: g.lo === null ? undefined : { silent: true, itemStyle: { color: 'rgba(124,58,237,0.08)' }, data: [[{ xAxis: g.lo }, { xAxis: g.hi }]] },
      });
      return;
    }
    const x = ins.rows[target.dataset.row];
    if (!x || !x.trends) return;
    for (const t of x.trends) {
      const side = series.find((s) => s.name === (t.side === 'base' ? 'Baseline' : 'Current'));
      const colour = side && side.itemStyle ? side.itemStyle.color : undefined;
      series.push({
        type: 'line', name: t.name, data: [['1', t.y[0]], [t.to, t.y[1]]], symbol: 'none', silent: true,
        lineStyle: { width: 2, type: 'solid', color: colour }, tooltip: { show: false },
      });
    }
  });

  // Copy: the clipboard where the browser allows it, else the text
  // selected in a box for the reader's own copy, and a word either way.
  const copy = async (text, what) => {
    area.value = text;
    try {
      await navigator.clipboard.writeText(text);
      area.hidden = true;
      said.textContent = 'Copied ' + what + '.';
      return;
    } catch (e) { /* file:// or no permission: the fallback */ }
    area.hidden = false;
    area.focus();
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    said.textContent = ok ? 'Copied ' + what + '.' : 'Press Ctrl+C (\u2318C) to copy ' + what + ', selected below.';
  };
  copyMd.addEventListener('click', () => copy(ins.markdown, 'the Markdown'));
  copyLink.addEventListener('click', () => copy(location.href, 'the link'));
})();
