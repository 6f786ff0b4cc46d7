//go:build js && wasm

package components

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
	"github.com/benchview/benchview/wasm/store"
)

// TableRow is one <tr data-row=…> of the results. A row skips rendering
// when what it shows did not change.
type TableRow struct {
	vecty.Core
	Host     Host      `vecty:"prop"`
	Row      store.Row `vecty:"prop"`
	Selected bool      `vecty:"prop"`
	Compared bool      `vecty:"prop"` // two reports: Δ, interval and both sides
	Elapsed  int       `vecty:"prop"` // seconds a worker has been computing the row
	Index    int       `vecty:"prop"` // its aria-rowindex: the window holds only some rows
}

// same reports whether t and u show the same thing. The store replaces a
// row's Comparison and Stats rather than changing them in place, so
// comparing the pointers is comparing the data.
func (t *TableRow) same(u *TableRow) bool {
	return t.Row.Key == u.Row.Key && t.Row.Status == u.Row.Status &&
		t.Row.Comparison == u.Row.Comparison &&
		t.Row.BaseStats == u.Row.BaseStats && t.Row.CurStats == u.Row.CurStats &&
		t.Row.Base == u.Row.Base && t.Row.Cur == u.Row.Cur &&
		t.Selected == u.Selected && t.Compared == u.Compared &&
		t.Row.Started == u.Row.Started && t.Row.Progress == u.Row.Progress && t.Elapsed == u.Elapsed &&
		t.Row.Extras == u.Row.Extras && t.Row.Reference == u.Row.Reference && t.Row.Advice == u.Row.Advice &&
		t.Index == u.Index
}

// SkipRender skips a row that shows what it showed.
func (t *TableRow) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*TableRow)
	return ok && t.same(p)
}

// Render is the row: its name, verdict and numbers.
//
// The row's element is vecty's; its cells are one string of HTML, every
// name and word in it escaped (escape.go). vecty reconciles each element
// it renders with a dozen calls into JavaScript, changed or not: the
// twenty elements of a row's cells, in a hundred rows, made the page's
// longest tasks (80–300 ms) whenever the rows of the window changed, as
// they all do when the default order applies. A row that changed now
// costs one assignment of innerHTML. Clicks reach the table (Table's
// onClick), not the row.
func (t *TableRow) Render() vecty.ComponentOrHTML {
	defer Span("render TableRow")()
	r := t.Row
	key := r.Key.String()
	selected := t.Selected
	attr := vecty.Data("state", r.Status)
	if r.Verdict() {
		attr = vecty.Data("verdict", r.Status)
	}
	drift := ""
	if x := r.Extras; x != nil && r.Verdict() {
		switch {
		case x.DriftBase.Drifted && x.DriftCur.Drifted:
			drift = "both"
		case x.DriftBase.Drifted:
			drift = "baseline"
		case x.DriftCur.Drifted:
			drift = "current"
		}
	}
	return elem.TableRow(
		vecty.Markup(
			vecty.Data("row", key), attr,
			vecty.MarkupIf(drift != "", vecty.Data("drift", drift)), vecty.Attribute("aria-rowindex", t.Index),
			vecty.Class("status-"+format.StatusClass(r.Status)),
			vecty.ClassMap{"selected": selected},
			vecty.Attribute("aria-selected", selected),
			vecty.UnsafeHTML(t.cells()),
		),
	)
}

// cells is the row's cells in HTML: its name, its verdict and notes, its
// shift and interval when two reports are compared, and each side's
// numbers.
func (t *TableRow) cells() string {
	r := &t.Row
	var b strings.Builder
	b.Grow(1024)
	// Nothing here depends on whether the row is selected: the row says
	// so (aria-selected, the grid's way), and selecting it then changes no
	// cell, so the cell that has the focus stays in the document.
	b.WriteString(`<th scope="row" class="name"><button type="button" class="row-name" tabindex="-1" title="`)
	escape(&b, visible.String(r.Key.Label()))
	b.WriteString(`"><span class="bench">`)
	escape(&b, visible.String(r.Key.Benchmark))
	b.WriteString(`</span><span class="kb">`)
	escape(&b, visible.String(strings.TrimPrefix(r.Key.Label(), r.Key.Benchmark)))
	b.WriteString(`</span></button></th><td class="verdict">`)
	verdictHTML(&b, *r, t.Elapsed)
	notesHTML(&b, *r)
	b.WriteString(`</td>`)
	unit := format.RowUnit(&r.Row)
	if t.Compared {
		delta, interval := format.None, format.None
		if c := r.Comparison; c != nil {
			delta, interval = format.Percent(c.Delta), format.Interval(c.Lo, c.Hi)
		}
		numHTML(&b, delta, "delta")
		numHTML(&b, interval, "interval")
		sideHTML(&b, r.BaseStats, unit)
	}
	side := r.CurStats
	if !t.Compared && side == nil {
		side = r.BaseStats
	}
	sideHTML(&b, side, unit)
	return b.String()
}

// notesHTML is what the verdict cell says beside the verdict, each a
// line of words (never colour alone): the reference's verdict when the
// view adjusted it, the sides that drifted and their outliers (the
// command line's words), and the samples-needed advice.
func notesHTML(b *strings.Builder, r store.Row) {
	note := func(class, text string) {
		if text != "" {
			// A space before each, so that the cell's text reads as words.
			b.WriteString(` <span class="note `)
			b.WriteString(class)
			b.WriteString(`" title="`)
			escape(b, text)
			b.WriteString(`">`)
			escape(b, text)
			b.WriteString(`</span>`)
		}
	}
	if r.Reference != "" {
		note("reference", "reference: "+r.Reference)
	}
	if r.Verdict() {
		if d := r.Extras.DriftNote(); d != "" {
			note("drift", "⚠ "+d)
		}
		note("outliers", r.Extras.OutlierNote())
	}
	note("advice", r.Advice)
}
