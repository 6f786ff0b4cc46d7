package export

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/benchview/benchview/format"
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

// The page is ASCII from end to end: every other character of its markup
// is written as a numeric character reference, and its style, scripts and
// data are ASCII (tests check the files; insights.go escapes its JSON). A
// browser decodes a document of ASCII to one-byte strings, and with a
// single character beyond Latin-1 (an en dash, in every spread of the
// table) the whole of it to two-byte strings: for a page of 16 MB in
// headless Chromium, 52 ms of decoding in one task when the file came in
// one piece (20 in ASCII), 24-30 ms over its pieces when it came in
// several (8.5 in ASCII). The table the noscript element keeps is read as
// a string half the size too.

// markup is the HTML of a page being written.
type markup struct{ strings.Builder }

// raw writes markup of our own as it is, but for its characters beyond
// ASCII (see ascii).
func (m *markup) raw(s ...string) {
	for _, x := range s {
		m.ascii(x)
	}
}

// verbatim writes s as it is: style, script or data that is ASCII.
func (m *markup) verbatim(s ...string) {
	for _, x := range s {
		m.WriteString(x)
	}
}

// text writes s escaped: & < > " and ' become references, so s can be
// neither markup nor the end of the attribute value it sits in; so do
// its characters beyond ASCII (see ascii).
func (m *markup) text(s string) { m.ascii(html.EscapeString(s)) }

// ascii writes s with every character beyond ASCII as a numeric character
// reference, which reads as the character in an element's content and in
// an attribute's value alike (a byte that is not UTF-8 as U+FFFD, as a
// browser reads it).
func (m *markup) ascii(s string) {
	start := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		m.WriteString(s[start:i])
		m.WriteString("&#")
		m.WriteString(strconv.Itoa(int(r)))
		m.WriteByte(';')
		i += size
		start = i
	}
	m.WriteString(s[start:])
}

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
	m.raw("</title>\n<style>")
	m.verbatim(v.CSS)
	m.raw("</style>\n</head>\n<body data-state=\"loading\">\n")
	m.header(v)
	// Everything the page shows is inside a landmark: the header (banner),
	// main, and the footer (contentinfo).
	m.raw("<main>\n")
	m.problems(v.Problems)
	m.raw("<noscript><p>Sorting, filtering and the charts need JavaScript; the table below is complete without it.</p></noscript>\n")
	m.toolbar(len(v.Table.Rows))
	m.shortcuts()
	m.raw("<div class=\"charts\">\n")
	m.intervalPanel(v)
	m.raw(`<section id="detail" class="panel run-order-panel" aria-labelledby="run-order-title">
<h2 id="run-order-title">Run order</h2>
<p class="run-order-name" hidden><code id="detail-name"></code></p>
<p id="detail-hint" class="empty">Select a row (in the table or on a bar) to see its samples in the order the run took them.</p>
<p id="detail-empty" class="empty" hidden>This row has no samples to draw.</p>
<div class="run-order-chart" data-row="" role="img" aria-label="The selected row's samples in run order, baseline and current, with their medians" aria-describedby="detail-said" hidden></div>
<details class="said" hidden><summary>The chart in words</summary><p id="detail-said"></p></details>
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
	m.raw("</main>\n")
	m.footer(v.Provenance)
	// Base64 holds no character HTML reads inside a script element; the
	// page's own script is checked for "</script" by a test.
	m.verbatim("<script type=\"application/gzip\" id=\"benchview-data\">", v.Data, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-echarts\">", v.ECharts, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-bars\">", v.Bars, "</script>\n",
		"<script type=\"application/gzip\" id=\"benchview-run-order\">", v.RunOrder, "</script>\n",
		"<script>", v.Script, "</script>\n")
	m.verbatim("<script type=\"application/json\" id=\"benchview-insights\">", v.Insights, "</script>\n",
		"<script>", v.InsightsScript, "</script>\n</body>\n</html>\n")
}

// header is the title and what the page compares: the reports' file
// names, with their modification times when known, and the counts.
func (m *markup) header(v view) {
	p := v.Provenance
	m.raw("<header>\n<h1>")
	m.text(v.Title)
	m.raw("</h1>\n<p class=\"provenance\">")
	file := func(role, name, modified string) {
		if name == "" {
			return
		}
		m.raw(role, " <code>")
		m.text(name)
		m.raw("</code>")
		if modified != "" {
			m.raw(" (modified ")
			m.text(modified)
			m.raw(")")
		}
		m.raw(" · ")
	}
	file("Baseline", p.Base, p.BaseModified)
	file("current", p.Cur, p.CurModified)
	m.raw(format.Rows(len(v.Table.Rows)), " · <span id=\"summary\">")
	m.text(v.Summary)
	m.raw("</span></p>\n")
	m.metric(p.Metric)
	m.raw("</header>\n")
}

// metric says which metric of another tool's reports the page shows, in
// which unit and which way is better, and names the others with the
// command that exports the page of one; nothing for cove-bench's.
func (m *markup) metric(v *metricView) {
	if v == nil {
		return
	}
	m.raw("<p class=\"metric\">Metric ")
	m.code(v.Name)
	m.text(" (" + v.Unit + v.Better + ")")
	if len(v.Others) > 0 {
		m.raw(" · also in these reports: ")
		m.codes(v.Others, ", ")
		m.raw(" — export one with ")
		m.code("benchview export -metric " + shellWord(v.Others[0]) + " …")
		m.raw(" and the same reports")
	}
	m.raw("</p>\n")
}

// code writes s escaped, in a code element.
func (m *markup) code(s string) {
	m.raw("<code>")
	m.text(s)
	m.raw("</code>")
}

// codes writes each of list as code, sep between them.
func (m *markup) codes(list []string, sep string) {
	for i, s := range list {
		if i > 0 {
			m.raw(sep)
		}
		m.code(s)
	}
}

// shellWord is s as one word a POSIX shell reads back as s: as it is when
// it holds nothing a shell would read otherwise, else in single quotes.
func shellWord(s string) string {
	plain := s != ""
	for _, c := range s {
		plain = plain && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("/._-+%:=,@", c))
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// footer says what wrote the page and what the reports say of their
// machine.
func (m *markup) footer(p provenanceView) {
	m.raw("<footer>\n<p>")
	m.config(p)
	m.raw(" Written by <code>")
	if p.Version != "" {
		m.text(p.Version)
	} else {
		m.raw("benchview export")
	}
	m.raw("</code>. Everything this page shows is inside this file; it fetches nothing.</p>\n</footer>\n")
}

// config is what the reports say of their machine and configuration:
// "Configuration of both reports: goos: linux · cpu: …", or the sentence
// saying they say nothing.
func (m *markup) config(p provenanceView) {
	if len(p.Configs) == 0 {
		m.text(p.Config)
		return
	}
	for i, part := range p.Configs {
		lead := "; of "
		if i == 0 {
			lead = "Configuration of "
		}
		m.text(lead + part.Of + ": ")
		if len(part.Lines) == 0 {
			m.raw("none")
		}
		m.codes(part.Lines, " · ")
	}
	m.raw(".")
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
	m.raw(`<p class="legend"><span class="key regression">regression</span><span class="key improvement">improvement</span><span class="key noise">inside the noise</span><span class="key underpowered">underpowered (no interval)</span><span class="hint">Click a bar, or press Enter on a row of the table, to select it.</span></p>
<p id="interval-note" class="note" aria-live="polite"></p>
<p id="interval-empty" class="empty" hidden>No compared row is in view in the table.</p>
<div id="interval-chart" role="img" aria-label="Interval bars: the shift of the median of each row in view in the table, with its 95% interval; the table has the same numbers, and its rows stand in for the bars from the keyboard." aria-describedby="interval-said" style="height: `,
		strconv.Itoa(v.IntervalHeight), "px\"></div>\n<details class=\"said\" hidden><summary>The chart in words</summary><p id=\"interval-said\"></p></details>\n</section>\n")
}

// problems is the alert listing the reports' problems, if they have any.
func (m *markup) problems(list []string) {
	if len(list) == 0 {
		return
	}
	// The list scrolls when long: focusable and named, so that a keyboard
	// can scroll it.
	m.raw("<div role=\"alert\"><strong>Problems in the reports</strong><ul tabindex=\"0\" aria-label=\"Problems in the reports\">")
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
		"<input type=\"search\" id=\"search\" placeholder=\"Search benchmark/kind/backend\" autocomplete=\"off\" spellcheck=\"false\" aria-keyshortcuts=\"/\">\n",
		"<span class=\"shown\" id=\"shown\" aria-live=\"polite\">", rowsShown(rows), "</span>\n",
		"<button type=\"button\" id=\"shortcuts-button\" aria-keyshortcuts=\"?\">Keyboard shortcuts <kbd>?</kbd></button>\n",
		"<label class=\"toggle\"><input type=\"checkbox\" id=\"show-all-run-order\"> Run order of every row</label>\n</div>\n")
}

// table is the results table. The whole table is written inside a
// noscript element: without script, the reader gets it as it is; with
// script, the browser keeps it as one string, never parsed or laid out,
// from which page.js takes the markup of the few rows it shows (each row
// one "\n<tr" line: a name cannot hold a "<", escaped), and its header.
func (m *markup) table(t tableView) {
	// The box scrolls, a region named for what it holds; with script, the
	// table in it is a grid whose active cell is its one Tab stop
	// (page.js).
	m.raw("<div class=\"results\" id=\"results-box\" role=\"region\" aria-label=\"Results table\">\n<noscript>")
	m.raw("<table id=\"results\" class=\"results-table\">\n",
		"<caption class=\"visually-hidden\">Results, one row per benchmark, kind and backend</caption>\n<colgroup>")
	for _, c := range t.Columns {
		m.raw("<col")
		m.attr("class", "col-"+c.ID)
		m.raw(">")
	}
	m.raw("</colgroup>\n<thead>\n<tr class=\"groups\" aria-rowindex=\"1\">")
	for _, g := range t.Groups {
		if g.Label == "" {
			// Over the row's own columns: named for screen readers, as
			// the viewer names it, so that no header cell is empty.
			m.raw("<th colspan=\"", strconv.Itoa(g.Span), "\" scope=\"colgroup\"><span class=\"visually-hidden\">")
			if g.Span > 2 {
				m.raw("The row and its shift")
			} else {
				m.raw("The row")
			}
			m.raw("</span></th>")
			continue
		}
		m.raw("<th colspan=\"", strconv.Itoa(g.Span), "\" scope=\"colgroup\" class=\"group")
		if g.Class != "" {
			m.raw(" ", g.Class)
		}
		m.raw("\">")
		m.text(g.Label)
		m.raw("</th>")
	}
	m.raw("</tr>\n<tr class=\"columns\" aria-rowindex=\"2\">")
	for _, c := range t.Columns {
		sort, arrow := "none", ""
		if c.ID == tableview.ColVerdict { // the default order
			sort, arrow = "ascending", " ▲"
		}
		m.raw("<th scope=\"col\"")
		m.attr("data-col", c.ID)
		if c.Desc { // a first click sorts it descending (tableview.Column)
			m.raw(" data-desc=\"1\"")
		}
		m.raw(" aria-sort=\"", sort, "\"><button type=\"button\" tabindex=\"-1\"")
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
	m.raw(" aria-selected=\"false\"><th scope=\"row\" class=\"name\"><button type=\"button\" class=\"row-name\" tabindex=\"-1\" aria-pressed=\"false\"><span class=\"bench\">")
	m.text(visible.String(r.Bench))
	m.raw("</span><span class=\"kb\">")
	m.text(visible.String(r.KB))
	// The pill holds the status, whole; the reason some statuses give
	// ("underpowered: 5 vs 9 samples, 6 needed") follows it, and is what
	// a narrow column cuts.
	pill, why, _ := strings.Cut(r.Label, ": ")
	m.raw("</span></button></th><td class=\"verdict\"")
	m.attr("title", r.Label)
	m.raw("><span")
	m.attr("class", "pill "+r.Class)
	m.raw(">")
	m.text(pill)
	m.raw("</span>")
	if why != "" {
		m.raw("<span class=\"why\">: ")
		m.text(why)
		m.raw("</span>")
	}
	m.raw("</td>")
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

// rowsShown counts the rows the table shows: "1 row shown", "10,000
// rows shown" (page.js counts them alike).
func rowsShown(n int) string {
	return format.Rows(n) + " shown"
}

// shortcuts is the dialog listing the page's keyboard shortcuts, which
// "?" or its button opens (page.js).
func (m *markup) shortcuts() {
	m.raw(`<dialog id="shortcuts" aria-labelledby="shortcuts-title">
<h2 id="shortcuts-title">Keyboard shortcuts</h2>
<dl class="keys">
<dt><kbd>/</kbd></dt><dd>Search the rows by name</dd>
<dt><kbd>j</kbd> <kbd>k</kbd></dt><dd>Select the next or the previous row and show its run order</dd>
<dt><kbd>Tab</kbd></dt><dd>Into the table, which is one stop; again, out of it</dd>
<dt><kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd></dt><dd>In the table: move between rows and cells (up from the first row: the column headers)</dd>
<dt><kbd>Home</kbd> <kbd>End</kbd></dt><dd>The first or the last cell of the row; with <kbd>Ctrl</kbd>, of the table</dd>
<dt><kbd>Page Up</kbd> <kbd>Page Down</kbd></dt><dd>A screenful of rows up or down</dd>
<dt><kbd>Enter</kbd></dt><dd>Select the row and show its run order; on a column header, sort by it (again: the other way)</dd>
<dt><kbd>Escape</kbd></dt><dd>Clear the selection; in the search box, clear the search; here, close this list</dd>
<dt><kbd>?</kbd></dt><dd>Show this list</dd>
</dl>
<button type="button" id="shortcuts-close">Close</button>
</dialog>
`)
}
