//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// Toolbar holds the table's filter, search and the switch that shows every
// row's run-order chart.
type Toolbar struct {
	vecty.Core
	Host    Host       `vecty:"prop"`
	View    store.View `vecty:"prop"`
	ShowAll bool       `vecty:"prop"`
	Shown   int        `vecty:"prop"` // rows the table shows
	All     int        `vecty:"prop"` // rows the review has
	// Named: the rows are named by their benchmark alone (another tool's
	// reports, which have no kind or backend).
	Named bool `vecty:"prop"`
}

// Render shows the controls.
func (t *Toolbar) Render() vecty.ComponentOrHTML {
	defer Span("render Toolbar")()
	options := vecty.List{}
	for _, f := range tableview.Filters {
		options = append(options, elem.Option(
			vecty.Markup(prop.Value(f.Value), vecty.Property("selected", f.Value == t.View.Filter)),
			vecty.Text(f.Label),
		))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("toolbar")),
		elem.Label(
			vecty.Markup(prop.For("verdict-filter")),
			vecty.Text("Show"),
		),
		elem.Select(
			vecty.Markup(prop.ID("verdict-filter"), event.Change(t.onFilter)),
			options,
		),
		elem.Label(
			vecty.Markup(prop.For("search"), vecty.Class("visually-hidden")),
			vecty.Text("Search rows by name"),
		),
		elem.Input(vecty.Markup(
			prop.Type(prop.TypeSearch), prop.ID("search"),
			prop.Placeholder(searchHint(t.Named)),
			vecty.Attribute("autocomplete", "off"), vecty.Attribute("spellcheck", "false"),
			prop.Value(t.View.Search),
			event.Input(t.onSearch),
		)),
		elem.Span(
			vecty.Markup(vecty.Class("shown"), prop.ID("shown"), vecty.Attribute("role", "status")),
			vecty.Text(t.count()),
		),
		elem.Label(
			vecty.Markup(vecty.Class("toggle")),
			elem.Input(vecty.Markup(
				prop.Type(prop.TypeCheckbox), prop.ID("show-all-run-order"),
				prop.Checked(t.ShowAll),
				event.Change(t.onShowAll),
			)),
			vecty.Text(" Run order of every row"),
		),
	)
}

// count says how many rows the table shows: all of them, or how many
// match the filter and the search.
func (t *Toolbar) count() string {
	if t.Shown == t.All {
		return format.Rows(t.All)
	}
	return format.Count(t.Shown) + " of " + format.Rows(t.All) + " match"
}

// SkipRender skips a render that would show the same controls.
func (t *Toolbar) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Toolbar)
	return ok && t.Host == p.Host && t.View == p.View && t.ShowAll == p.ShowAll && t.Shown == p.Shown && t.All == p.All && t.Named == p.Named
}

func (t *Toolbar) onFilter(e *vecty.Event) {
	t.Host.Dispatch(&actions.Filter{Status: e.Target.Get("value").String()})
}

func (t *Toolbar) onSearch(e *vecty.Event) {
	t.Host.Dispatch(&actions.Search{Text: e.Target.Get("value").String()})
}

func (t *Toolbar) onShowAll(e *vecty.Event) {
	t.Host.Dispatch(&actions.ShowAllRunOrder{Show: e.Target.Get("checked").Bool()})
}

// searchHint is the search box's placeholder: what a row's name is made of.
func searchHint(named bool) string {
	if named {
		return "Search benchmarks"
	}
	return "Search benchmark/kind/backend"
}
