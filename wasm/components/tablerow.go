//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/format"
	"github.com/benchview/benchview/wasm/store"
)

// TableRow is one <tr data-row=…> of the results. A row skips rendering
// when what it shows at its position did not change, so a result arriving
// from a worker does not re-render the whole table. (Rows are not keyed:
// vecty 0.6 drops the element of a keyed child that skips rendering.)
type TableRow struct {
	vecty.Core
	Host     Host      `vecty:"prop"`
	Row      store.Row `vecty:"prop"`
	Selected bool      `vecty:"prop"`
	Compared bool      `vecty:"prop"` // two reports: Δ, interval and both sides
}

// SkipRender skips a row whose data, status and selection are unchanged.
// The store replaces a row's Comparison and Stats rather than changing them
// in place, so comparing the pointers is comparing the data.
func (t *TableRow) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*TableRow)
	return ok && p.Row.Key == t.Row.Key && p.Row.Status == t.Row.Status &&
		p.Row.Comparison == t.Row.Comparison &&
		p.Row.BaseStats == t.Row.BaseStats && p.Row.CurStats == t.Row.CurStats &&
		p.Row.Base == t.Row.Base && p.Row.Cur == t.Row.Cur &&
		p.Selected == t.Selected && p.Compared == t.Compared
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
	unit := rowUnit(r.Row)
	cells := vecty.List{
		elem.TableHeader(
			vecty.Markup(vecty.Attribute("scope", "row"), vecty.Class("name")),
			elem.Button(
				vecty.Markup(prop.Type("button"), vecty.Class("row-name"), vecty.Attribute("aria-pressed", selected),
					vecty.Attribute("title", key)),
				elem.Span(vecty.Markup(vecty.Class("bench")), vecty.Text(r.Key.Benchmark)),
				elem.Span(vecty.Markup(vecty.Class("kb")), vecty.Text("/"+r.Key.Kind+"/"+r.Key.Backend)),
			),
		),
		elem.TableData(vecty.Markup(vecty.Class("verdict")), renderVerdict(r)),
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
	return elem.TableRow(
		vecty.Markup(
			vecty.Data("row", key), attr,
			vecty.Class("status-"+class(r.Status)),
			vecty.ClassMap{"selected": selected},
			vecty.Attribute("aria-selected", selected),
			event.Click(func(*vecty.Event) { t.Host.Dispatch(&actions.Select{Key: key}) }),
		),
		cells,
	)
}
