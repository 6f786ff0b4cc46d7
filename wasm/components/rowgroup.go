//go:build js && wasm

package components

import (
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/wasm/store"
)

// groupSize is how many rows one <tbody> holds: the unit the table is
// rendered in, one or more a frame.
const groupSize = 5

// RowGroup is a <tbody> of up to groupSize rows. When the rows it shows
// change, the table does not render it there and then: it hands the group
// to vecty's batch renderer, which renders as many groups as fit in a
// frame. A first render of many rows, or the re-sort when the last result
// arrives, is so spread over frames instead of being one long task. New
// rows render as shells first and are filled in the same way.
type RowGroup struct {
	vecty.Core
	rows      []*TableRow
	full      bool // rows render in full (false until mounted)
	dirty     bool // rows changed since the last render
	batched   bool // handed to the batch renderer, not rendered yet
	rendered  bool // rendered at least once
	fromTable bool // the table is rendering, not the batch renderer
}

// unsettled holds the groups waiting for the batch renderer, growing the
// tables that have not added all their groups yet, and staging the reviews
// that do not show all their parts yet; the page is not ready while any
// holds any.
var (
	unsettled = map[*RowGroup]bool{}
	growing   = map[*Table]bool{}
	staging   = map[*Review]bool{}
)

// Settled reports whether the review shows all its parts, and every row of
// the table its current data.
func Settled() bool { return len(unsettled) == 0 && len(growing) == 0 && len(staging) == 0 }

// firstGroups is how many groups a table shows when it appears, the rows
// a screen shows below the charts; it adds more in each frame after, so
// that a table of many rows appears at once and the rest follows, rather
// than one long task creating every row: growGroups at first, then a
// quarter of what it shows, up to maxGrow. (Eight groups a frame from the
// start, forty rows, made frames of 80 ms and more while the page's code
// still ran for the first time.)
const firstGroups, growGroups, maxGrow = 2, 2, 8

// later has the batch renderer render g in a coming frame.
//
// It hands g over in a microtask, once the render under way is done: a
// component vecty.Rerender is given while the batch renderer renders is
// lost when that render runs out of its frame's time (vecty 0.6 then
// replaces the batch with what it had left).
func (g *RowGroup) later() {
	g.batched = true
	unsettled[g] = true
	if len(handOver) == 0 {
		js.Global().Call("queueMicrotask", handOverFunc)
	}
	handOver = append(handOver, g)
}

// handOver holds the groups later hands to the batch renderer next.
var (
	handOver     []*RowGroup
	handOverFunc = js.FuncOf(func(js.Value, []js.Value) any {
		groups := handOver
		handOver = nil
		for _, g := range groups {
			if g.batched { // not rendered meanwhile
				vecty.Rerender(g)
			}
		}
		return nil
	})
)

// Render lays out the rows.
func (g *RowGroup) Render() vecty.ComponentOrHTML {
	g.dirty, g.batched, g.rendered, g.fromTable = false, false, true, false
	delete(unsettled, g)
	list := make(vecty.List, len(g.rows))
	for i, r := range g.rows {
		r.full = g.full
		list[i] = r
	}
	return elem.TableBody(list)
}

// SkipRender leaves an unchanged group alone, and a changed one too when
// its table renders: it hands that one to the batch renderer, and renders
// when the batch renderer asks, in a coming frame. (Were a group already
// waiting in the batch to render when its table does, a table rendering
// while results arrive would render every waiting group in one task.)
func (g *RowGroup) SkipRender(prev vecty.Component) bool {
	fromTable := g.fromTable
	g.fromTable = false
	switch {
	case !g.dirty:
		return true
	case !fromTable:
		return false // the batch renderer's turn
	case !g.batched:
		g.later()
	}
	return true
}

// Mount fills in the rows rendered as shells.
func (g *RowGroup) Mount() {
	g.full, g.dirty = true, true
	g.later()
}

// Unmount forgets a group that is gone.
func (g *RowGroup) Unmount() { delete(unsettled, g) }

// groups points the table's row groups at rows, reusing the groups (and
// their rows) it has, and returns the groups to render: those it showed
// before, or firstGroups, whichever is more, and no more than rows need.
func (t *Table) groups() vecty.List {
	want := (len(t.Rows) + groupSize - 1) / groupSize
	n := min(want, max(len(t.rowGroups)+t.more, firstGroups))
	t.more = 0
	if n < want {
		t.grow()
	} else {
		delete(growing, t)
	}
	for len(t.rowGroups) < n {
		t.rowGroups = append(t.rowGroups, &RowGroup{})
	}
	for _, g := range t.rowGroups[n:] {
		delete(unsettled, g)
	}
	t.rowGroups = t.rowGroups[:n]
	list := make(vecty.List, n)
	for i, g := range t.rowGroups {
		g.update(t, t.Rows[i*groupSize:min(len(t.Rows), (i+1)*groupSize)])
		g.fromTable = g.rendered // a new group renders at once, as shells
		list[i] = g
	}
	return list
}

// grow has the table show more groups in a coming frame. (It
// cannot ask vecty from Render: a table's first Render is not done yet.)
func (t *Table) grow() {
	growing[t] = true
	if t.growDue {
		return
	}
	t.growDue = true
	NextFrame(func() {
		t.growDue = false
		if growing[t] {
			t.more = min(maxGrow, max(growGroups, len(t.rowGroups)/4))
			vecty.Rerender(t)
		}
	})
}

// update points g's rows at rows, marking g dirty when any changed.
func (g *RowGroup) update(t *Table, rows []store.Row) {
	for i, row := range rows {
		next := &TableRow{Host: t.Host, Row: row, Selected: row.Key.String() == t.View.Selected, Compared: t.Compared, full: g.full}
		if i >= len(g.rows) {
			g.rows = append(g.rows, next)
			g.dirty = true
			continue
		}
		if r := g.rows[i]; !r.same(next) {
			r.Host, r.Row, r.Selected, r.Compared = next.Host, next.Row, next.Selected, next.Compared
			g.dirty = true
		}
	}
	if len(g.rows) > len(rows) {
		g.rows = g.rows[:len(rows)]
		g.dirty = true
	}
}
