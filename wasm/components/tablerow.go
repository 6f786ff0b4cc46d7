//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/visible"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/format"
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
func (t *TableRow) Render() vecty.ComponentOrHTML {
	r := t.Row
	key := r.Key.String()
	selected := t.Selected
	attr := vecty.Data("state", r.Status)
	if r.Verdict() {
		attr = vecty.Data("verdict", r.Status)
	}
	unit := format.RowUnit(&r.Row)
	cells := vecty.List{
		elem.TableHeader(
			vecty.Markup(vecty.Attribute("scope", "row"), vecty.Class("name")),
			elem.Button(
				vecty.Markup(prop.Type("button"), vecty.Class("row-name"), vecty.Attribute("aria-pressed", selected), vecty.Attribute("tabindex", -1),
					vecty.Attribute("title", visible.String(key))),
				elem.Span(vecty.Markup(vecty.Class("bench")), vecty.Text(visible.String(r.Key.Benchmark))),
				elem.Span(vecty.Markup(vecty.Class("kb")), vecty.Text(visible.String("/"+r.Key.Kind+"/"+r.Key.Backend))),
			),
		),
		elem.TableData(vecty.Markup(vecty.Class("verdict")), renderVerdict(r, t.Elapsed), renderNotes(r)),
	}
	if t.Compared {
		delta, interval := format.None, format.None
		if c := r.Comparison; c != nil {
			delta, interval = format.Percent(c.Delta), format.Interval(c.Lo, c.Hi)
		}
		cells = append(cells, num(delta, "delta"), num(interval, "interval"))
		cells = append(cells, renderSide(r.BaseStats, unit)...)
	}
	side := r.CurStats
	if !t.Compared && side == nil {
		side = r.BaseStats
	}
	cells = append(cells, renderSide(side, unit)...)
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
			event.Click(func(*vecty.Event) { t.Host.Dispatch(&actions.Select{Key: key}) }),
		),
		cells,
	)
}

// renderNotes is what the verdict cell says beside the verdict, each a
// line of words (never colour alone): the reference's verdict when the
// view adjusted it, the sides that drifted and their outliers (the
// command line's words), and the samples-needed advice.
func renderNotes(r store.Row) vecty.List {
	var notes vecty.List
	note := func(class, text string) {
		if text != "" {
			// A space before each, so that the cell's text reads as words.
			notes = append(notes, vecty.Text(" "), elem.Span(vecty.Markup(vecty.Class("note", class), vecty.Attribute("title", text)), vecty.Text(text)))
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
	return notes
}
