//go:build js && wasm

package components

import (
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"

	"github.com/benchview/benchview/wasm/actions"
)

// The results table is a WAI-ARIA grid (role="grid"): it is one Tab stop,
// the active cell, whose element alone has tabindex="0" (a roving
// tabindex); the arrows move between rows and cells, Home and End to the
// row's ends (with Ctrl, the table's), Page Up and Page Down a screenful
// of rows; Enter selects the row, which shows its run order below, or, on
// the header row, sorts by the column. Escape and the shortcuts are the
// page's (see Shortcuts).
//
// The table is virtualized: only a window of its rows is in the document,
// and the elements of a row that scrolled away are reused for others. So
// the active cell is kept as a place in the table (its row's place and
// its column), not an element: a move to a row out of the window scrolls
// the box to it, the store moves the window, and the cell is focused once
// it is rendered; and after every render the Tab stop and the focus are
// put back on the element that shows the active cell.

// grid is a table's active cell and what follows it.
type grid struct {
	row, col int // the active cell: its row's place in the table (-1 for the header row), its column
	// want is how many more frames to wait for the active cell's row to
	// be rendered, to focus it; 0 when no focus is waiting.
	want    int
	syncDue bool // a frame will sync the grid
	at      int  // the selected row's place when the grid last synced (Table.At)
	// lost is the element that had the focus in the table when it last
	// rendered; undefined when the focus was elsewhere. A row whose cells
	// changed has new elements (TableRow), and the focus on an old one
	// went to the body: sync puts it back on the active cell, if lost
	// left the document. One still in it lost the focus to the reader (a
	// Tab past the grid, the page's last stop, leaves it on the body).
	lost js.Value
}

// wantFrames is how many frames a move waits at most for the row it moved
// to: the store moves the window at the scroll, and the table grows it in
// steps of a frame.
const wantFrames = 90

// tables are the tables rendered: the shortcuts move in the one in the
// document (the warm-up's may linger detached).
var tables = map[*Table]bool{}

// shownTable is the table in the document, or nil.
func shownTable() *Table {
	for t := range tables {
		if t.box != nil && t.box.Node().Get("isConnected").Bool() {
			return t
		}
	}
	return nil
}

// syncGrid has the grid follow a render, in the next frame, once the
// render is in the document.
func (t *Table) syncGrid() {
	tables[t] = true
	if t.grid.syncDue {
		return
	}
	t.grid.syncDue = true
	NextFrame(func() {
		t.grid.syncDue = false
		t.sync()
	})
}

// sync puts the Tab stop on the element that shows the active cell, and
// the focus there too when a move waits for it (scrolled into view), or
// when the focus was in the table on an element that now shows another
// cell (not scrolled: the reader may be scrolling). When the active
// cell's row is not rendered, the Tab stop goes to the first row in view,
// so that the table always has one, and the focus stays where it is. A
// row selected while the focus is elsewhere becomes the active one.
func (t *Table) sync() {
	if t.box == nil {
		return
	}
	g := &t.grid
	active := js.Global().Get("document").Get("activeElement")
	inside := active.Truthy() && t.box.Node().Call("contains", active).Bool()
	if g.lost.Truthy() && !inside && (!active.Truthy() || active.Equal(js.Global().Get("document").Get("body"))) &&
		!g.lost.Get("isConnected").Bool() {
		inside = true // the focused element left the document with its row's old cells
	}
	g.lost = js.Undefined()
	if t.At != g.at {
		// A row selected elsewhere (a bar, a link) is where Tab enters.
		g.at = t.At
		if t.At >= 0 && !inside && g.want == 0 {
			g.row = t.At
		}
	}
	g.row = max(-1, min(g.row, t.Total-1))
	g.col = max(0, min(g.col, t.columnCount()-1))
	el := t.cellTarget(g.row, g.col)
	if !el.Truthy() && g.want > 0 {
		g.want--
		t.syncGrid() // the row may be rendered in a frame or two
		return
	}
	if !el.Truthy() {
		// The active cell stays where it is, for when the window holds
		// it again; a Tab into the table lands on the stand-in.
		if el = t.cellTarget(max(-1, min(t.told[0], t.Total-1)), g.col); el.Truthy() {
			t.rove(el)
		}
		return
	}
	t.rove(el)
	if g.want > 0 {
		g.want = 0
		t.focusCell(el)
		return
	}
	if inside && !active.Equal(el) {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// focusedElement is the element that has the focus when it is in the
// table's box; undefined when the focus is elsewhere.
func (t *Table) focusedElement() js.Value {
	if t.box == nil {
		return js.Undefined()
	}
	active := js.Global().Get("document").Get("activeElement")
	if !active.Truthy() || !t.box.Node().Call("contains", active).Bool() {
		return js.Undefined()
	}
	return active
}

// rove makes el the grid's one Tab stop.
func (t *Table) rove(el js.Value) {
	stops := t.box.Node().Call("querySelectorAll", `[tabindex="0"]`)
	for i := 0; i < stops.Length(); i++ {
		if s := stops.Index(i); !s.Equal(el) {
			s.Call("setAttribute", "tabindex", "-1")
		}
	}
	if el.Call("getAttribute", "tabindex").String() != "0" {
		el.Call("setAttribute", "tabindex", "0")
	}
}

// moveTo makes the cell at row and col (clamped to the table) the active
// one, and focuses it: at once when its row is rendered, else once the
// box has scrolled to it and the window holds it.
func (t *Table) moveTo(row, col int) {
	if t.box == nil {
		return
	}
	g := &t.grid
	g.row = max(-1, min(row, t.Total-1))
	g.col = max(0, min(col, t.columnCount()-1))
	if el := t.cellTarget(g.row, g.col); el.Truthy() {
		g.want = 0
		t.rove(el)
		t.focusCell(el)
		return
	}
	// Out of the window: scroll the row to the middle of the box. The
	// scroll tells the store (onScroll), which moves the window.
	box := t.box.Node()
	view := box.Get("clientHeight").Float() - t.headHeight()
	box.Set("scrollTop", max(0, float64(g.row)*t.height()-view/2))
	g.want = wantFrames
	t.syncGrid()
}

// focusCell focuses el, a cell or the button in it, with its row in view
// below the header that stays at the box's top.
func (t *Table) focusCell(el js.Value) {
	box := t.box.Node()
	if tr := el.Call("closest", "tr"); tr.Truthy() && tr.Get("parentElement").Get("tagName").String() != "THEAD" {
		b, r := box.Call("getBoundingClientRect"), tr.Call("getBoundingClientRect")
		top := b.Get("top").Float() + box.Get("clientTop").Float()
		bottom := top + box.Get("clientHeight").Float()
		top += t.headHeight()
		switch rt, rb := r.Get("top").Float(), r.Get("bottom").Float(); {
		case rt < top:
			box.Set("scrollTop", box.Get("scrollTop").Float()-(top-rt))
		case rb > bottom:
			box.Set("scrollTop", box.Get("scrollTop").Float()+(rb-bottom))
		}
	}
	// The box is right now; this scrolls it sideways to the cell, and
	// the page to the box, when they must.
	el.Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
	el.Call("focus", map[string]any{"preventScroll": true})
}

// step moves the active cell by rows (the j and k shortcuts). From
// outside the table it focuses the active cell first.
func (t *Table) step(rows int) {
	if !t.focusedElement().Truthy() {
		t.moveTo(t.grid.row, t.grid.col)
		return
	}
	t.moveTo(t.grid.row+rows, t.grid.col)
}

// onGridKey moves in the grid, or activates the active cell.
func (t *Table) onGridKey(e *vecty.Event) {
	if e.Get("defaultPrevented").Bool() || e.Get("altKey").Bool() || e.Get("metaKey").Bool() || e.Get("shiftKey").Bool() {
		return
	}
	if _, _, ok := t.cellOf(e.Target); !ok {
		return // a key in the details below the rows, or the like
	}
	ctrl := e.Get("ctrlKey").Bool()
	row, col := t.grid.row, t.grid.col
	switch e.Get("key").String() {
	case "ArrowDown":
		row++
	case "ArrowUp":
		row--
	case "ArrowRight":
		col++
	case "ArrowLeft":
		col--
	case "Home":
		col = 0
		if ctrl {
			row = 0
		}
	case "End":
		col = t.columnCount() - 1
		if ctrl {
			row = t.Total - 1
		}
	case "PageDown":
		row = max(0, row+t.pageRows())
	case "PageUp":
		row = max(0, row-t.pageRows())
	case "Enter":
		e.Call("preventDefault") // the button's own click would do it again
		t.activate()
		return
	default:
		return
	}
	e.Call("preventDefault") // the box would scroll as well
	t.moveTo(row, col)
}

// onGridFocus has the active cell follow the focus when it lands in the
// table by other means: Tab, a click on a button in a cell.
func (t *Table) onGridFocus(e *vecty.Event) {
	if row, col, ok := t.cellOf(e.Target); ok {
		t.grid.row, t.grid.col = row, col
		t.rove(e.Target)
	}
}

// activate does what Enter does on the active cell: selects its row, or,
// on the header row, sorts by its column.
func (t *Table) activate() {
	tr := t.rowNode(t.grid.row)
	if !tr.Truthy() {
		return
	}
	if t.grid.row < 0 {
		if cell := tr.Get("cells").Index(t.grid.col); cell.Truthy() {
			t.Host.Dispatch(&actions.SortBy{Column: cell.Get("dataset").Get("col").String()})
		}
		return
	}
	t.Host.Dispatch(&actions.Select{Key: tr.Get("dataset").Get("row").String()})
}

// cellOf is the place of the cell el is in (or is), when it is a cell of
// this table's header row or of a row.
func (t *Table) cellOf(el js.Value) (row, col int, ok bool) {
	if t.box == nil || !el.Truthy() || el.Get("closest").IsUndefined() {
		return 0, 0, false
	}
	cell := el.Call("closest", "td, th")
	if !cell.Truthy() || !t.box.Node().Call("contains", cell).Bool() {
		return 0, 0, false
	}
	index, err := strconv.Atoi(cell.Get("parentElement").Call("getAttribute", "aria-rowindex").String())
	if err != nil || index < headRows {
		return 0, 0, false // the spacers, the group header
	}
	return index - headRows - 1, cell.Get("cellIndex").Int(), true
}

// rowNode is the element of the row at place row (-1: the header row), or
// null when it is not rendered.
func (t *Table) rowNode(row int) js.Value {
	box := t.box.Node()
	if row < 0 {
		return box.Call("querySelector", `thead tr[aria-rowindex="`+strconv.Itoa(headRows)+`"]`)
	}
	return box.Call("querySelector", `tbody tr[data-row][aria-rowindex="`+strconv.Itoa(headRows+row+1)+`"]`)
}

// cellTarget is the element that takes the focus for the cell at row and
// col: the button in it (a row's name, a column's sort), else the cell;
// undefined when it is not rendered.
func (t *Table) cellTarget(row, col int) js.Value {
	tr := t.rowNode(row)
	if !tr.Truthy() {
		return js.Undefined()
	}
	cell := tr.Get("cells").Index(col)
	if !cell.Truthy() {
		return js.Undefined()
	}
	if b := cell.Call("querySelector", "button"); b.Truthy() {
		return b
	}
	return cell
}

func (t *Table) columnCount() int { return len(t.columns()) }

func (t *Table) headHeight() float64 {
	if head := t.box.Node().Call("querySelector", "thead"); head.Truthy() {
		return head.Get("offsetHeight").Float()
	}
	return 0
}

// pageRows is how many rows Page Up and Page Down move: a screenful of
// the box, less one, so that a row stays in view across the move.
func (t *Table) pageRows() int {
	view := t.box.Node().Get("clientHeight").Float() - t.headHeight()
	return max(1, int(view/t.height())-1)
}
