//go:build js && wasm

package components

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/format"
	"github.com/benchview/benchview/wasm/store"
)

// Table is the results: one <tr data-row=…> per row, with data-verdict for
// a computed comparison and data-state otherwise.
type Table struct {
	vecty.Core
	Host     Host        `vecty:"prop"`
	Rows     []store.Row `vecty:"prop"`
	View     store.View  `vecty:"prop"`
	Compared bool        `vecty:"prop"` // two reports: Δ, interval and both sides

	rowGroups []*RowGroup // the <tbody> elements, by position
	more      int         // groups to add at the next render (see grow)
	growDue   bool        // a frame will add them
}

// column is a sortable column of the table.
type column struct {
	id, label, title string
}

var (
	headCols = []column{
		{store.ColName, "Row", "benchmark / kind / backend"},
		{store.ColVerdict, "Verdict", "what the 95% interval says"},
	}
	shiftCols = []column{
		{store.ColDelta, "Δ%", "shift of the median, in percent of the baseline's"},
		{store.ColInterval, "95% interval", "bootstrap interval of the shift"},
	}
	baseCols = []column{
		{store.ColBaseMedian, "median", "baseline median"},
		{store.ColBaseSpread, "p25–p75", "baseline middle half"},
		{store.ColBaseIQR, "IQR", "baseline interquartile range"},
		{store.ColBaseN, "n", "baseline samples"},
	}
	curCols = []column{
		{store.ColCurMedian, "median", "current median"},
		{store.ColCurSpread, "p25–p75", "current middle half"},
		{store.ColCurIQR, "IQR", "current interquartile range"},
		{store.ColCurN, "n", "current samples"},
	}
)

// Render shows the table, or a line saying no row matches.
func (t *Table) Render() vecty.ComponentOrHTML {
	cols := t.columns()
	return elem.Section(
		vecty.Markup(vecty.Class("results")),
		elem.Table(
			vecty.Markup(vecty.Class("results-table"), prop.ID("results")),
			elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Results, one row per benchmark, kind and backend")),
			elem.TableHead(t.renderGroups(), t.renderHeader(cols)),
			t.groups(),
		),
		vecty.If(len(t.Rows) == 0, elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text("No row matches the filter and the search."))),
	)
}

func (t *Table) columns() []column {
	cols := append([]column{}, headCols...)
	if t.Compared {
		cols = append(cols, shiftCols...)
		cols = append(cols, baseCols...)
		return append(cols, curCols...)
	}
	// One report alone: its side's numbers, whichever side it is in.
	return append(cols, curCols...)
}

func (t *Table) renderGroups() *vecty.HTML {
	if !t.Compared {
		return elem.TableRow(
			elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 2))),
			elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group")), vecty.Text("Samples")),
		)
	}
	return elem.TableRow(
		elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4))),
		elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group", "base")), vecty.Text("Baseline")),
		elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group", "cur")), vecty.Text("Current")),
	)
}

func (t *Table) renderHeader(cols []column) *vecty.HTML {
	cells := vecty.List{}
	for _, c := range cols {
		c := c
		sorted := "none"
		arrow := ""
		switch t.View.Sorted(c.id) {
		case 1:
			sorted, arrow = "ascending", " ▲"
		case -1:
			sorted, arrow = "descending", " ▼"
		}
		cells = append(cells, elem.TableHeader(
			vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("aria-sort", sorted), vecty.Data("col", c.id)),
			elem.Button(
				vecty.Markup(prop.Type("button"), vecty.Attribute("title", "Sort by "+c.title),
					event.Click(func(*vecty.Event) { t.Host.Dispatch(&actions.SortBy{Column: c.id}) })),
				vecty.Text(c.label),
				elem.Span(vecty.Markup(vecty.Class("arrow"), vecty.Attribute("aria-hidden", "true")), vecty.Text(arrow)),
			),
		))
	}
	return elem.TableRow(cells)
}

func renderSide(s *stats.Stats, unit format.Unit) vecty.List {
	if s == nil {
		return vecty.List{num(format.None, "median"), num(format.None, ""), num(format.None, ""), num(format.None, "n")}
	}
	// The unit is named once, on the median: the row's other durations
	// are in the same one, which keeps the table inside a laptop's width.
	return vecty.List{
		num(unit.Format(s.Median()), "median"),
		num(unit.Span(s.P25(), s.P75()), "spread"),
		num(unit.Number(s.IQR()), ""),
		num(strconv.Itoa(len(s.Sorted)), "n"),
	}
}

func num(text, class string) *vecty.HTML {
	return elem.TableData(vecty.Markup(vecty.Class("num"), vecty.MarkupIf(class != "", vecty.Class(class))), vecty.Text(text))
}

// renderVerdict is the status in words and colour, with what a reader needs
// to know about it.
func renderVerdict(r store.Row) *vecty.HTML {
	text := format.Status(&r.Row, r.Status)
	if r.Status == store.Pending {
		text = "computing…"
	}
	return elem.Span(vecty.Markup(vecty.Class("pill", format.StatusClass(r.Status)), vecty.Attribute("title", text)), vecty.Text(text))
}
