//go:build js && wasm

package components

import (
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
	rows    []*TableRow
	full    bool // rows render in full (false until mounted)
	dirty   bool // rows changed since the last render
	batched bool // handed to the batch renderer, not rendered yet
}

// unsettled holds the groups waiting for the batch renderer; the page is
// not ready while any is.
var unsettled = map[*RowGroup]bool{}

// Settled reports whether every row of the table shows its current data.
func Settled() bool { return len(unsettled) == 0 }

// later has the batch renderer render g in a coming frame.
func (g *RowGroup) later() {
	g.batched = true
	unsettled[g] = true
	vecty.Rerender(g)
}

// Render lays out the rows.
func (g *RowGroup) Render() vecty.ComponentOrHTML {
	g.dirty, g.batched = false, false
	delete(unsettled, g)
	list := make(vecty.List, len(g.rows))
	for i, r := range g.rows {
		r.full = g.full
		list[i] = r
	}
	return elem.TableBody(list)
}

// SkipRender leaves an unchanged group alone and sends a changed one to the
// batch renderer, which renders it (this returns false then) in a coming
// frame.
func (g *RowGroup) SkipRender(prev vecty.Component) bool {
	switch {
	case !g.dirty:
		return true
	case g.batched:
		return false
	}
	g.later()
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
// their rows) it has, and returns the groups to render.
func (t *Table) groups() vecty.List {
	n := (len(t.Rows) + groupSize - 1) / groupSize
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
		list[i] = g
	}
	return list
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
