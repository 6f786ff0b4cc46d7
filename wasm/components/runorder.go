//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/visible"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// RunOrderPanel shows the run-order chart of the selected row, docked
// below the table's rows.
type RunOrderPanel struct {
	vecty.Core
	Host    Host      `vecty:"prop"`
	Row     store.Row `vecty:"prop"`
	HasRow  bool      `vecty:"prop"`
	Dark    bool      `vecty:"prop"`
	Gen     int       `vecty:"prop"`
	ShowAll bool      `vecty:"prop"` // every row's chart is below: this one is not drawn twice

	section  *vecty.HTML
	revealed string // the row the panel was last scrolled into view for
}

// Render shows the selected row's name and chart, or how to pick one.
func (p *RunOrderPanel) Render() vecty.ComponentOrHTML {
	defer Span("render RunOrderPanel")()
	var body vecty.ComponentOrHTML
	title := elem.Heading2(vecty.Markup(prop.ID("run-order-title")), vecty.Text("Run order"))
	switch {
	case !p.HasRow:
		body = elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text("Select a row (in the table or on a bar) to see its samples in the order the run took them."))
	case p.Row.BaseStats == nil && p.Row.CurStats == nil:
		body = elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text("This row has no samples to draw."))
	case p.ShowAll:
		body = elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text("Every row's run order is shown below the charts."))
	default:
		body = &RunOrderChart{Host: p.Host, Row: p.Row.Row, Trends: trendsOf(p.Row.Extras), Dark: p.Dark, Gen: p.Gen}
	}
	var name vecty.ComponentOrHTML
	if p.HasRow {
		name = elem.Paragraph(vecty.Markup(vecty.Class("run-order-name")), elem.Code(vecty.Text(visible.String(p.Row.Key.Label()))))
	}
	p.section = elem.Section(
		vecty.Markup(vecty.Class("panel", "run-order-panel"), vecty.Attribute("aria-labelledby", "run-order-title")),
		title, name, body,
	)
	if key := p.Row.Key.String(); p.HasRow && key != p.revealed {
		p.revealed = key
		NextFrame(p.reveal)
	}
	return p.section
}

// reveal scrolls the page, if it must, to have the panel in view: it is
// docked below the table's rows, whose box leaves it room on the screen,
// so a row selected in the table, on a bar or by a link has its run order
// in view beside the row.
func (p *RunOrderPanel) reveal() {
	if p.section == nil {
		return
	}
	if n := p.section.Node(); n.Truthy() && n.Get("isConnected").Bool() {
		n.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// RunOrderGrid shows the run-order chart of every shown row with samples.
type RunOrderGrid struct {
	vecty.Core
	Host     Host        `vecty:"prop"`
	Rows     []store.Row `vecty:"prop"`
	Selected string      `vecty:"prop"`
	Dark     bool        `vecty:"prop"`
	Gen      int         `vecty:"prop"`
}

// Render lists one card per row.
func (g *RunOrderGrid) Render() vecty.ComponentOrHTML {
	defer Span("render RunOrderGrid")()
	cards := vecty.List{}
	for _, r := range g.Rows {
		if r.BaseStats == nil && r.CurStats == nil {
			continue
		}
		cards = append(cards, &RunOrderCard{Host: g.Host, Row: r.Row, Trends: trendsOf(r.Extras), Selected: r.Key.String() == g.Selected, Dark: g.Dark, Gen: g.Gen})
	}
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "run-order-grid"), vecty.Attribute("aria-label", "Run order of every row")),
		elem.Heading2(vecty.Text("Run order of every row")),
		elem.Div(vecty.Markup(vecty.Class("cards")), cards),
	)
}

// RunOrderCard is one row's name and run-order chart in the grid.
type RunOrderCard struct {
	vecty.Core
	Host     Host         `vecty:"prop"`
	Row      review.Row   `vecty:"prop"`
	Trends   chart.Trends `vecty:"prop"`
	Selected bool         `vecty:"prop"`
	Dark     bool         `vecty:"prop"`
	Gen      int          `vecty:"prop"`
}

// Key keeps a row's card (and its chart) when the rows are reordered.
func (c *RunOrderCard) Key() any { return c.Row.Key.String() }

// Render shows the name as a button that selects the row, and the chart.
func (c *RunOrderCard) Render() vecty.ComponentOrHTML {
	defer Span("render RunOrderCard")()
	key := c.Row.Key.String()
	return elem.Div(
		vecty.Markup(vecty.Class("card"), vecty.ClassMap{"selected": c.Selected}),
		elem.Button(
			vecty.Markup(prop.Type("button"), vecty.Class("card-name"), vecty.Attribute("title", visible.String(key)),
				event.Click(func(*vecty.Event) { c.Host.Dispatch(&actions.Select{Key: key}) })),
			vecty.Text(visible.String(key)),
		),
		&RunOrderChart{Host: c.Host, Row: c.Row, Trends: c.Trends, Dark: c.Dark, Gen: c.Gen, Small: true},
	)
}

// RunOrderChart is a div.run-order-chart[data-row=…] that ECharts draws one
// row's samples into.
type RunOrderChart struct {
	vecty.Core
	Host Host       `vecty:"prop"`
	Row  review.Row `vecty:"prop"`
	// Trends are the sides' drift, drawn for a side that drifted; the
	// store bumps Gen when they arrive.
	Trends chart.Trends `vecty:"prop"`
	Dark   bool         `vecty:"prop"`
	Gen    int          `vecty:"prop"`
	Small  bool         `vecty:"prop"`

	div       *vecty.HTML
	chart     Chart
	drawn     int    // generation last handed to the chart
	drawnKey  string // row last handed to the chart
	renderKey string // row the div was rendered for
}

// Render is the container, labelled with its row.
func (c *RunOrderChart) Render() vecty.ComponentOrHTML {
	defer Span("render RunOrderChart")()
	c.renderKey = c.Row.Key.String()
	c.div = elem.Div(vecty.Markup(
		vecty.Class("run-order-chart"),
		vecty.ClassMap{"small": c.Small},
		vecty.Data("row", c.renderKey),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", chart.DescribeRunOrder(c.Row, c.Trends)),
	))
	return c.div
}

// Mount creates the chart.
func (c *RunOrderChart) Mount() {
	c.chart = c.Host.NewChart(c.div.Node(), nil)
	c.draw()
}

// Unmount disposes of the chart.
func (c *RunOrderChart) Unmount() {
	if c.chart != nil {
		c.chart.Dispose()
		c.chart = nil
	}
}

// SkipRender redraws when the row or the data changed, and rerenders the
// container (its data-row) only when the row did.
func (c *RunOrderChart) SkipRender(prev vecty.Component) bool {
	if c.chart != nil && (c.Gen != c.drawn || c.Row.Key.String() != c.drawnKey) {
		c.draw()
	}
	return c.Row.Key.String() == c.renderKey
}

func (c *RunOrderChart) draw() {
	gen, key, row, dark, trends := c.Gen, c.Row.Key.String(), c.Row, c.Dark, c.Trends
	c.drawn, c.drawnKey = gen, key
	// The chart in words follows what it draws (the drift arrives after
	// the render that made the element).
	c.div.Node().Call("setAttribute", "aria-label", chart.DescribeRunOrder(row, trends))
	c.chart.Draw(func(f chart.Frame) (chart.Option, error) { return chart.RunOrderApart(row, dark, trends, f) }, func() {
		c.Host.Dispatch(&actions.ChartDrawn{ID: store.RunOrderChart(key), Gen: gen})
	})
}

// trendsOf is the sides' drift a run-order chart draws, from what the
// workers measured (nil before).
func trendsOf(x *reviewtext.Extras) chart.Trends {
	if x == nil {
		return chart.Trends{}
	}
	return chart.Trends{Base: &x.DriftBase, Cur: &x.DriftCur}
}
