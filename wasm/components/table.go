//go:build js && wasm

package components

import (
	"math"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// Table is the results: one <tr data-row=…> per row, with data-verdict for
// a computed comparison and data-state otherwise.
//
// A table of thousands of rows is virtualized: it scrolls inside a box of
// its own, under a header that stays in view, and holds in the document
// only a window of rows (the store's Window: those in view and a margin),
// between two spacers as tall as the rows above and below it, so the
// scroll bar is the whole table's. Each scroll tells the store which rows
// are in view (actions.Scrolled); the store moves the window.
type Table struct {
	vecty.Core
	Host     Host                  `vecty:"prop"`
	Rows     []store.Row           `vecty:"prop"` // the window
	First    int                   `vecty:"prop"` // Rows[0]'s place in the table
	Total    int                   `vecty:"prop"` // rows the table shows, in and out of the window
	Top      int                   `vecty:"prop"` // the first of Rows in view
	InView   int                   `vecty:"prop"` // how many of Rows, from the first, reach the end of the view
	View     store.View            `vecty:"prop"`
	Compared bool                  `vecty:"prop"` // two reports: Δ, interval and both sides
	Busy     bool                  `vecty:"prop"` // the workers compute rows or the geomean (see rowsAFrame)
	Reset    int                   `vecty:"prop"` // store.Scrolled(): the table goes back to its top when it changes
	At       int                   `vecty:"prop"` // the selected row's place in the table, -1 when none is shown
	Details  vecty.ComponentOrHTML `vecty:"prop"` // docked below the rows: the selected row's run order
	// HasDetails: a row is selected, and its run order takes room below
	// the rows.
	HasDetails bool `vecty:"prop"`

	box       *vecty.HTML // the scrolling box
	rowHeight float64     // a row's height in pixels, measured once rows show
	reset, at int         // the Reset and At the box last scrolled for
	revealGen int         // counts reveals: a later one replaces one waiting for its row
	told      [2]int      // the rows in view last told the store
	drawn     []TableRow  // what each place of the window shows in the document (see rows)
	window    [2]int      // First and Reset when drawn was begun
	moreDue   bool        // a frame will render more of the window
	grid      grid        // the keyboard's active cell (grid.go)
	observer  js.Value    // a ResizeObserver of the box, which tells the store the rows in view
	resized   js.Func     // its callback
}

// rowsAFrame is how many rows, new or changed, the table renders in one
// animation frame at most; the rest wait for the frames after it, the
// rows in view first. Every row in the document is laid out again when
// any of them changes (a column is as wide as its widest cell), and a
// frame that rendered a whole window of rows (a table's first render, a
// batch of results, the default order applied) was one of the page's
// longest tasks. The selected row, and the one that was, render at once.
//
// That holds while the workers compute (Busy), and take the machine's
// cores from the page's thread: with two workers on two cores, a frame of
// 8 rows (some 20 ms of script and 25 of layout) still became a task of
// 50-58 ms in many drops of ten thousand rows; of 4, none did. Once they
// are done, rowsAFrameIdle rows a frame: at a hundred rows, the rows
// reordered once every row was computed took some eight frames, 100-200
// ms between the geomean and ready.
const (
	rowsAFrame     = 4
	rowsAFrameIdle = 16
)

// tallTable is how tall, in pixels, a table's rows are at least when
// its box is as tall as the window lets it be, on any screen: its size is
// then contained (the page's style).
const tallTable = 2400

// headRows is how many rows the table's header has: the rows' indexes
// for assistive technology (aria-rowindex) count them.
const headRows = 2

// defaultRowHeight is a row's height until one is measured (it depends on
// the fonts): the spacers need one before the first row is laid out.
const defaultRowHeight = 31

// Render shows the table, or a line saying no row matches.
func (t *Table) Render() vecty.ComponentOrHTML {
	defer Span("render Table")()
	if el := t.focusedElement(); el.Truthy() {
		t.grid.lost = el
	}
	cols := t.columns()
	t.follow()
	rows := t.rows()
	t.box = elem.Div(
		vecty.Markup(vecty.Class("table-scroll"), vecty.ClassMap{"with-details": t.HasDetails, "contained": float64(t.Total)*t.height() > tallTable}, prop.ID("results-scroll"),
			vecty.Attribute("role", "region"), vecty.Attribute("aria-label", "Results table"), event.Scroll(t.onScroll)),
		elem.Table(
			vecty.Markup(vecty.Class("results-table"), prop.ID("results"), vecty.Attribute("aria-rowcount", headRows+t.Total),
				vecty.Attribute("role", "grid"), event.KeyDown(t.onGridKey), event.FocusIn(t.onGridFocus), // one Tab stop: grid.go
				event.Click(t.onClick)),
			elem.Caption(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text("Results, one row per benchmark, kind and backend")),
			&TableHead{Host: t.Host, View: t.View, Compared: t.Compared},
			t.spacer(t.First, len(cols)),
			elem.TableBody(rows),
			t.spacer(t.Total-t.First-len(rows), len(cols)),
		),
	)
	t.syncGrid()
	return elem.Section(
		vecty.Markup(vecty.Class("results")),
		t.box,
		vecty.If(t.Total == 0, elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text("No row matches the filter and the search."))),
		t.Details,
	)
}

// rows are the window's rows, as far as rowsAFrame allows: each place
// of the window shows what drawn says, and this render brings up to
// rowsAFrame places up to date, those in view first, then adds rows below
// the last, then the rest. A new window (the view's rows changed, or it
// was scrolled to another part of the table) starts again from its top,
// rendering the rows above the view at once and rowsAFrame more.
//
// Rows are not keyed (vecty 0.6 drops the element of a keyed child that
// skips rendering): a place whose row shows what it showed skips
// rendering, and so does a place left as it was.
func (t *Table) rows() vecty.List {
	n := len(t.Rows)
	budget := rowsAFrame
	if !t.Busy {
		budget = rowsAFrameIdle
	}
	if w := [2]int{t.First, t.Reset}; w != t.window || t.box == nil {
		t.window = w
		t.drawn = t.drawn[:0]
		// The rows above the view at once, so that the view's come next;
		// none in the frame that makes the table and its header, one of
		// the frames that lay out the most.
		budget += max(0, t.Top)
		if t.box == nil {
			budget = 0
		}
	}
	t.drawn = t.drawn[:min(n, len(t.drawn))]
	at := now()
	next := func(i int) TableRow {
		row := t.Rows[i]
		elapsed := 0
		if row.Status == store.Pending && row.Started > 0 {
			elapsed = int((at - row.Started) / 1000)
		}
		return TableRow{
			Host: t.Host, Row: row, Selected: row.Key.String() == t.View.Selected, Compared: t.Compared,
			Elapsed: elapsed, Index: headRows + t.First + i + 1,
		}
	}
	// While the workers compute a table longer than its window, the
	// window's rows out of view wait: the table is ordered anew once
	// every row is computed, and its window drawn again, so what they
	// showed meanwhile was never seen, and drawing them took 26 of the
	// 96 rows drawn in a 10,000-row review's drop. (A table the window
	// holds whole is drawn whole: its rows below the view show their
	// verdicts as they come, a scroll away.)
	waiting := t.Busy && t.Total > n
	end := n
	if waiting {
		end = min(n, max(t.InView, 0))
	}
	fresh := make([]TableRow, len(t.drawn))
	var changed, later []int // places to bring up to date, the view's first
	for i := range t.drawn {
		fresh[i] = next(i)
		switch {
		case fresh[i].same(&t.drawn[i]):
		case fresh[i].Selected || t.drawn[i].Selected:
			t.drawn[i] = fresh[i]
		case i >= t.Top && i < t.InView:
			changed = append(changed, i)
		case !waiting:
			later = append(later, i)
		}
	}
	changed = append(changed, later...)
	k := min(budget, len(changed))
	for _, i := range changed[:k] {
		t.drawn[i] = fresh[i]
	}
	for budget -= k; budget > 0 && len(t.drawn) < end; budget-- {
		t.drawn = append(t.drawn, next(len(t.drawn)))
	}
	if len(t.drawn) < end || k < len(changed) {
		renderAgain(t, &t.moreDue) // and the page waits for it to say ready
	} else {
		settle(t)
	}
	list := make(vecty.List, len(t.drawn))
	for i := range t.drawn {
		r := t.drawn[i]
		list[i] = &r
	}
	return list
}

// spacer stands for n rows the window leaves out.
func (t *Table) spacer(n, cols int) *vecty.HTML {
	return elem.TableBody(
		vecty.Markup(vecty.Class("spacer"), vecty.Attribute("aria-hidden", "true")),
		elem.TableRow(
			vecty.Markup(vecty.Style("height", strconv.FormatFloat(float64(max(0, n))*t.height(), 'f', 1, 64)+"px")),
			elem.TableData(vecty.Markup(vecty.Attribute("colspan", cols))),
		),
	)
}

func (t *Table) height() float64 {
	if t.rowHeight > 0 {
		return t.rowHeight
	}
	return defaultRowHeight
}

// follow scrolls the box back to the top when the rows shown changed, and
// to the selected row when it was selected out of view (on a bar, or by a
// link), so that the row is in view beside its details.
func (t *Table) follow() {
	if t.box == nil {
		t.reset, t.at = t.Reset, t.At
		if t.At >= 0 {
			t.reveal()
		}
		return
	}
	el := t.box.Node()
	if t.Reset != t.reset {
		t.reset = t.Reset
		el.Set("scrollTop", 0)
	}
	if t.At != t.at {
		t.at = t.At
		if t.At >= 0 {
			t.reveal()
		}
	}
}

// reveal scrolls the selected row into the middle of the box, unless it
// is in view, once the box is laid out: to where the rows' height says
// it is, and, once the row is rendered (the window may move, and grow
// over a few frames), to where it is. Rows differ in height by a pixel
// or so, and the spacers' estimate of hundreds of rows can be some
// pixels off.
func (t *Table) reveal() {
	t.revealGen++
	t.revealIn(t.revealGen, wantFrames)
}

func (t *Table) revealIn(gen, frames int) {
	NextFrame(func() {
		if t.box == nil || t.at < 0 || gen != t.revealGen {
			return
		}
		el := t.box.Node()
		head := t.headHeight()
		top, view := el.Get("scrollTop").Float(), el.Get("clientHeight").Float()-head
		if tr := t.rowNode(t.at); tr.Truthy() {
			b, r := el.Call("getBoundingClientRect"), tr.Call("getBoundingClientRect")
			y := r.Get("top").Float() - (b.Get("top").Float() + el.Get("clientTop").Float() + head) // below the view's top
			h := r.Get("height").Float()
			if y < 0 || y+h > view {
				el.Set("scrollTop", max(0, top+y-(view-h)/2))
			}
			return
		}
		h := t.height()
		y := float64(t.at) * h
		if y < top || y+h > top+view {
			el.Set("scrollTop", max(0, y-view/2))
		}
		if frames > 0 {
			t.revealIn(gen, frames-1)
		}
	})
}

// Mount has the store know the rows in view as soon as the box is laid
// out, and again whenever its size changes: the box is mounted before its
// rows fill it (they render over a few frames), and a window resized, or
// the run order docked below the rows, changes how many rows it shows.
func (t *Table) Mount() {
	NextFrame(t.tell)
	t.resized = js.FuncOf(func(js.Value, []js.Value) any {
		t.tell()
		return nil
	})
	t.observer = js.Global().Get("ResizeObserver").New(t.resized)
	t.observer.Call("observe", t.box.Node())
}

func (t *Table) onScroll(*vecty.Event) { t.tell() }

// onClick selects the row clicked: one listener for every row, which
// renders its cells as HTML (TableRow).
func (t *Table) onClick(e *vecty.Event) {
	if e.Target.Get("closest").IsUndefined() {
		return
	}
	if tr := e.Target.Call("closest", "tbody tr[data-row]"); tr.Truthy() {
		t.Host.Dispatch(&actions.Select{Key: tr.Get("dataset").Get("row").String()})
	}
}

// tell tells the store which rows the box shows, when that changed.
func (t *Table) tell() {
	if t.box == nil {
		return
	}
	el := t.box.Node()
	if t.rowHeight == 0 {
		if tr := el.Call("querySelector", "tr[data-row]"); tr.Truthy() {
			t.rowHeight = tr.Call("getBoundingClientRect").Get("height").Float()
		}
	}
	head := el.Call("querySelector", "thead").Get("offsetHeight").Float()
	h := t.height()
	top := int(el.Get("scrollTop").Float() / h)
	visible := int(math.Ceil((el.Get("clientHeight").Float() - head) / h))
	if now := [2]int{top, max(1, visible)}; now != t.told {
		t.told = now
		t.Host.Dispatch(&actions.Scrolled{Top: now[0], Visible: now[1]})
	}
}

// Unmount forgets a table that is gone.
func (t *Table) Unmount() {
	if t.observer.Truthy() {
		t.observer.Call("disconnect")
		t.resized.Release()
		t.observer = js.Undefined()
	}
	settle(t)
	delete(tables, t)
	t.box = nil
}

func (t *Table) columns() []tableview.Column { return columns(t.Compared) }

// columns are the table's columns: with two reports, the shift and both
// sides; with one alone, its side's numbers, whichever side it is in.
func columns(compared bool) []tableview.Column {
	cols := append([]tableview.Column{}, tableview.HeadColumns...)
	if compared {
		cols = append(cols, tableview.ShiftColumns...)
		cols = append(cols, tableview.BaseColumns...)
		return append(cols, tableview.CurColumns...)
	}
	// One report alone: its side's numbers, whichever side it is in.
	return append(cols, tableview.CurColumns...)
}

// TableHead is the table's header: the sides' groups over the columns,
// and a button a column that sorts by it. It renders only when the sort
// or the columns change, not with every render of the rows.
type TableHead struct {
	vecty.Core
	Host     Host       `vecty:"prop"`
	View     store.View `vecty:"prop"`
	Compared bool       `vecty:"prop"`
}

// SkipRender skips a render that would show the same header.
func (t *TableHead) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*TableHead)
	return ok && t.Host == p.Host && t.Compared == p.Compared &&
		t.View.Sort == p.View.Sort && t.View.Desc == p.View.Desc
}

// Render is the header's two rows.
func (t *TableHead) Render() vecty.ComponentOrHTML {
	defer Span("render TableHead")()
	return elem.TableHead(t.renderGroups(), t.renderHeader(columns(t.Compared)))
}

func (t *TableHead) renderGroups() *vecty.HTML {
	if !t.Compared {
		return elem.TableRow(
			vecty.Markup(vecty.Attribute("aria-rowindex", 1)),
			groupHead(2, "The row"),
			elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group")), vecty.Text("Samples")),
		)
	}
	return elem.TableRow(
		vecty.Markup(vecty.Attribute("aria-rowindex", 1)),
		groupHead(4, "The row and its shift"),
		elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group", "base")), vecty.Text("Baseline")),
		elem.TableHeader(vecty.Markup(vecty.Attribute("colspan", 4), vecty.Attribute("scope", "colgroup"), vecty.Class("group", "cur")), vecty.Text("Current")),
	)
}

// groupHead is the header over the columns before the sides' groups: it
// shows nothing, and names them for assistive technology (a header cell
// is never empty).
func groupHead(span int, name string) *vecty.HTML {
	return elem.TableHeader(
		vecty.Markup(vecty.Attribute("colspan", span), vecty.Attribute("scope", "colgroup")),
		elem.Span(vecty.Markup(vecty.Class("visually-hidden")), vecty.Text(name)),
	)
}

func (t *TableHead) renderHeader(cols []tableview.Column) *vecty.HTML {
	cells := vecty.List{}
	for _, c := range cols {
		c := c
		sorted := "none"
		arrow := ""
		switch t.View.Sorted(c.ID) {
		case 1:
			sorted, arrow = "ascending", " ▲"
		case -1:
			sorted, arrow = "descending", " ▼"
		}
		cells = append(cells, elem.TableHeader(
			vecty.Markup(vecty.Attribute("scope", "col"), vecty.Attribute("aria-sort", sorted), vecty.Data("col", c.ID)),
			elem.Button(
				vecty.Markup(prop.Type("button"), vecty.Attribute("title", "Sort by "+c.Title), vecty.Attribute("tabindex", -1),
					event.Click(func(*vecty.Event) { t.Host.Dispatch(&actions.SortBy{Column: c.ID}) })),
				vecty.Text(c.Label),
				elem.Span(vecty.Markup(vecty.Class("arrow"), vecty.Attribute("aria-hidden", "true")), vecty.Text(arrow)),
			),
		))
	}
	return elem.TableRow(vecty.Markup(vecty.Attribute("aria-rowindex", 2)), cells)
}

// sideHTML is a side's four numbers, in cells of HTML.
func sideHTML(b *strings.Builder, s *stats.FloatStats, unit format.Unit) {
	if s == nil {
		for _, class := range [...]string{"median", "spread", "iqr", "n"} {
			numHTML(b, format.None, class)
		}
		return
	}
	// Every duration names its unit: a cell read alone (by a screen
	// reader, or copied) says what it measures.
	numHTML(b, unit.Format(s.Median()), "median")
	numHTML(b, unit.Span(s.P25(), s.P75()), "spread")
	numHTML(b, unit.Format(s.IQR()), "iqr")
	numHTML(b, format.Count(len(s.Sorted)), "n")
}

// numHTML is a cell of a number, in HTML; class is one word.
func numHTML(b *strings.Builder, text, class string) {
	b.WriteString(`<td class="num `)
	b.WriteString(class)
	b.WriteString(`">`)
	escape(b, text)
	b.WriteString(`</td>`)
}

// verdictHTML is the status in words and colour, in HTML, with what a
// reader needs to know about it: for a row being computed, for how long,
// in seconds, and how far it is when its worker says (a soak run's row of
// 100,000 samples a side takes many seconds).
func verdictHTML(b *strings.Builder, r store.Row, elapsed int) {
	text := format.Status(&r.Row, r.Status)
	if r.Status == store.Pending {
		text = "computing…"
		if r.Started > 0 {
			text = "computing… " + strconv.Itoa(elapsed) + " s"
		}
		if r.Progress > 0 {
			text = "computing… " + strconv.Itoa(int(100*r.Progress)) + "%, " + strconv.Itoa(elapsed) + " s"
		}
	}
	// The status's word, then what it says about it (": 5 vs 9 samples,
	// 6 needed"), which a phone-sized window collapses.
	word, detail := text, ""
	if i := strings.Index(text, ": "); i > 0 {
		word, detail = text[:i], text[i:]
	}
	b.WriteString(`<span class="pill `)
	escape(b, format.StatusClass(r.Status))
	b.WriteString(`" title="`)
	escape(b, text)
	b.WriteString(`">`)
	escape(b, word)
	if detail != "" {
		b.WriteString(`<span class="detail">`)
		escape(b, detail)
		b.WriteString(`</span>`)
	}
	b.WriteString(`</span>`)
}
