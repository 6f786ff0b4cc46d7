package export

import (
	"html"
	"strconv"
	"strings"

	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/visible"
)

// The page is written by plain Go rather than html/template: executing a
// template makes the linker keep every exported method of every type in
// the program (templates call methods by name), which would add 2.7 MB
// (0.6 MB gzipped) to the viewer's WebAssembly. What html/template did for
// us is done by hand here, in one place: markup of our own goes in with
// raw; text, and above all names from reports, only through text, which
// escapes it for an element's content and for a quoted attribute alike.

// markup is the HTML of a page being written.
type markup struct{ strings.Builder }

// raw writes markup of our own as it is.
func (m *markup) raw(s ...string) {
	for _, x := range s {
		m.WriteString(x)
	}
}

// text writes s escaped: & < > " and ' become references, so s can be
// neither markup nor the end of the attribute value it sits in.
func (m *markup) text(s string) { m.WriteString(html.EscapeString(s)) }

// attr writes ` name="value"`, value escaped.
func (m *markup) attr(name, value string) {
	m.raw(" ", name, `="`)
	m.text(value)
	m.raw(`"`)
}

// page writes the whole document of v.
func (m *markup) page(v view) {
	m.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\"")
	m.attr("content", v.CSP)
	m.raw(">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
		"<meta name=\"referrer\" content=\"no-referrer\">\n<meta name=\"generator\" content=\"benchview export\">\n<title>")
	m.text(v.Title)
	m.raw("</title>\n<style>", v.CSS, "</style>\n",
		"</head>\n<body data-state=\"loading\">\n")
	m.header(v)
	m.problems(v.Problems)
	m.raw("<noscript><p>Sorting, filtering and the charts need JavaScript; the table below is complete without it.</p></noscript>\n")
	m.toolbar(len(v.Table.Rows))
	m.raw("<div class=\"charts\">\n")
	m.intervalPanel(v)
	m.raw(`<section id="detail" class="panel run-order-panel" aria-labelledby="run-order-title">
<h2 id="run-order-title">Run order</h2>
<p class="run-order-name" hidden><code id="detail-name"></code></p>
<p id="detail-hint" class="empty">Select a row (in the table or on a bar) to see its samples in the order the run took them.</p>
<p id="detail-empty" class="empty" hidden>This row has no samples to draw.</p>
<div class="run-order-chart" data-row="" role="img" aria-label="The selected row's samples in run order, baseline and current, with their medians" hidden></div>
</section>
</div>
`)
	m.table(v.Table)
	m.raw(`<section id="run-order-grid" class="panel run-order-grid" aria-label="Run order of every row" hidden>
<h2>Run order of every row</h2>
<p id="run-order-note" class="note"></p>
<div class="cards"></div>
<button type="button" id="more-run-order" hidden>Show more</button>
</section>
`)
	m.raw("<footer>Written by <code>benchview export</code>. Everything this page shows is inside this file; it fetches nothing.</footer>\n")
	// Base64 holds no character HTML reads inside a script element; the
	// page's own script is checked for "</script" by a test.
	m.raw("<script type=\"application/gzip\" id=\"benchview-data\">", v.Data, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-echarts\">", v.ECharts, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-bars\">", v.Bars, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-run-order\">", v.RunOrder, "</script>\n",
		"<script>", v.Script, "</script>\n")
	m.raw("<script type=\"application/json\" id=\"benchview-insights\">", v.Insights, "</script>\n",
		"<script>", v.InsightsScript, "</script>\n</body>\n</html>\n")
}

// header is the title and what the page compares.
func (m *markup) header(v view) {
	m.raw("<header>\n<h1>")
	m.text(v.Title)
	m.raw("</h1>\n<p>")
	if v.Base != "" {
		m.raw("Baseline <code>")
		m.text(v.Base)
		m.raw("</code> · ")
	}
	if v.Cur != "" {
		m.raw("current <code>")
		m.text(v.Cur)
		m.raw("</code> · ")
	}
	m.raw(strconv.Itoa(len(v.Table.Rows)), " rows · <span id=\"summary\">")
	m.text(v.Summary)
	m.raw("</span></p>\n</header>\n")
}

// intervalPanel is the interval chart's panel: its legend, a note of the
// rows it shows, and the chart's container (page.js sizes it to the rows
// it draws: the compared rows in view in the table).
func (m *markup) intervalPanel(v view) {
	m.raw(`<section class="panel interval-panel" aria-labelledby="interval-title">
<h2 id="interval-title">Shift of the median, with its 95% interval</h2>
`)
	if !v.Paired {
		m.raw("<p class=\"empty\">One report alone has no shift to show: export it with the other one to compare.</p>\n</section>\n")
		return
	}
	m.raw(`<p class="legend"><span class="key regression">regression</span><span class="key improvement">improvement</span><span class="key noise">inside the noise</span><span class="key underpowered">underpowered (no interval)</span><span class="hint">Click a bar to select its row.</span></p>
<p id="interval-note" class="note" aria-live="polite"></p>
<p id="interval-empty" class="empty" hidden>No compared row is in view in the table.</p>
<div id="interval-chart" role="img" aria-label="Interval bars: the shift of the median of each row in view in the table, with its 95% interval; the table has the same numbers." style="height: `,
		strconv.Itoa(v.IntervalHeight), "px\"></div>\n</section>\n")
}

// problems is the alert listing the reports' problems, if they have any.
func (m *markup) problems(list []string) {
	if len(list) == 0 {
		return
	}
	m.raw("<div role=\"alert\"><strong>Problems in the reports</strong><ul>")
	for _, p := range list {
		m.raw("\n<li>")
		m.text(p)
		m.raw("</li>")
	}
	m.raw("\n</ul></div>\n")
}

// toolbar is the filter, the search box and the count of rows shown.
func (m *markup) toolbar(rows int) {
	m.raw("<div class=\"toolbar\">\n<label for=\"verdict-filter\">Show</label>\n<select id=\"verdict-filter\">")
	for _, f := range tableview.Filters {
		m.raw("\n<option")
		m.attr("value", f.Value)
		m.raw(">")
		m.text(f.Label)
		m.raw("</option>")
	}
	m.raw("\n</select>\n",
		"<label for=\"search\" class=\"visually-hidden\">Search rows by name</label>\n",
		"<input type=\"search\" id=\"search\" placeholder=\"Search benchmark/kind/backend\" autocomplete=\"off\" spellcheck=\"false\">\n",
		"<span class=\"shown\" id=\"shown\" aria-live=\"polite\">", strconv.Itoa(rows), " rows shown</span>\n",
		"<label class=\"toggle\"><input type=\"checkbox\" id=\"show-all-run-order\"> Run order of every row</label>\n</div>\n")
}

// table is the results table. The whole table is written inside a
// noscript element: without script, the reader gets it as it is; with
// script, the browser keeps it as one string, never parsed or laid out,
// from which page.js takes the markup of the few rows it shows (each row
// one "\n<tr" line: a name cannot hold a "<", escaped), and its header.
func (m *markup) table(t tableView) {
	// The box scrolls; focusable, it takes the arrow keys that move the
	// selection (page.js).
	m.raw("<div class=\"results\" id=\"results-box\" tabindex=\"0\" aria-label=\"Results; up and down select a row\">\n<noscript>")
	m.raw("<table id=\"results\" class=\"results-table\">\n",
		"<caption class=\"visually-hidden\">Results, one row per benchmark, kind and backend</caption>\n<colgroup>")
	for _, c := range t.Columns {
		m.raw("<col")
		m.attr("class", "col-"+c.ID)
		m.raw(">")
	}
	m.raw("</colgroup>\n<thead>\n<tr class=\"groups\">")
	for _, g := range t.Groups {
		m.raw("<th colspan=\"", strconv.Itoa(g.Span), "\"")
		if g.Label != "" {
			m.raw(" scope=\"colgroup\" class=\"group")
			if g.Class != "" {
				m.raw(" ", g.Class)
			}
			m.raw("\"")
		}
		m.raw(">")
		m.text(g.Label)
		m.raw("</th>")
	}
	m.raw("</tr>\n<tr class=\"columns\">")
	for _, c := range t.Columns {
		sort, arrow := "none", ""
		if c.ID == tableview.ColVerdict { // the default order
			sort, arrow = "ascending", " ▲"
		}
		m.raw("<th scope=\"col\"")
		m.attr("data-col", c.ID)
		m.raw(" aria-sort=\"", sort, "\"><button type=\"button\"")
		m.attr("title", "Sort by "+c.Title)
		m.raw(">")
		m.text(c.Label)
		m.raw("<span class=\"arrow\" aria-hidden=\"true\">", arrow, "</span></button></th>")
	}
	m.raw("</tr>\n</thead>\n<tbody>")
	for _, r := range t.Rows {
		m.row(r)
	}
	m.raw("\n</tbody>\n</table>\n</noscript></div>\n")
}

// row is one tr of the table.
func (m *markup) row(r rowView) {
	m.raw("\n<tr")
	m.attr("data-row", r.Key)
	if r.Verdict != "" {
		m.attr("data-verdict", r.Verdict)
	} else {
		m.attr("data-state", r.State)
	}
	m.attr("class", "status-"+r.Class)
	m.raw(" aria-selected=\"false\"><th scope=\"row\" class=\"name\"><button type=\"button\" class=\"row-name\" aria-pressed=\"false\"><span class=\"bench\">")
	m.text(visible.String(r.Bench))
	m.raw("</span><span class=\"kb\">")
	m.text(visible.String(r.KB))
	m.raw("</span></button></th><td class=\"verdict\"><span")
	m.attr("class", "pill "+r.Class)
	m.attr("title", r.Label)
	m.raw(">")
	m.text(r.Label)
	m.raw("</span></td>")
	for _, c := range r.Cells {
		m.raw("<td class=\"num")
		if c.Class != "" {
			m.raw(" ", c.Class)
		}
		m.raw("\">")
		m.text(c.Text)
		m.raw("</td>")
	}
	m.raw("</tr>")
}
