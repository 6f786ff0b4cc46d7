//go:build js && wasm

package components

import (
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// IntervalPanel frames the interval bars with a title and a legend.
//
// The bars are those of the store's Bars, in the table's order: every row
// of a table of up to 64 rows, and of a longer one
// the rows in the table's view, never thousands of unreadable bars. A note then says which
// rows they are, and the bars follow the table as it scrolls.
type IntervalPanel struct {
	vecty.Core
	Host     Host        `vecty:"prop"`
	Rows     []store.Row `vecty:"prop"` // the rows to draw
	First    int         `vecty:"prop"` // Rows[0]'s place in the table
	Total    int         `vecty:"prop"` // rows the table shows
	Selected string      `vecty:"prop"`
	Dark     bool        `vecty:"prop"`
	Gen      int         `vecty:"prop"`
	Compared bool        `vecty:"prop"`
	Live     bool        `vecty:"prop"` // results are still arriving
	MeanDue  bool        `vecty:"prop"` // every row is computed, the geomean not yet (IntervalChart)
	// Geomean is the suite's shift, drawn as the first bar; nil until a
	// worker computed it.
	Geomean *stats.Geomean `vecty:"prop"`
	// Common is how many rows the two reports have in common (compared,
	// computed or not), shown or not.
	Common int `vecty:"prop"`
}

// SkipRender skips a render that would show the same: the data the bars
// show changes their generation (Gen), so the same generation, window
// and style are the same panel, and the chart needs no redraw.
func (p *IntervalPanel) SkipRender(prev vecty.Component) bool {
	q, ok := prev.(*IntervalPanel)
	return ok && p.Host == q.Host && p.Gen == q.Gen && p.First == q.First && p.Total == q.Total && len(p.Rows) == len(q.Rows) &&
		p.Selected == q.Selected && p.Dark == q.Dark && p.Compared == q.Compared && p.Live == q.Live && p.MeanDue == q.MeanDue &&
		p.Common == q.Common && (p.Geomean == nil) == (q.Geomean == nil)
}

// Render shows the chart when a row of the window has a verdict, or says
// why not.
func (p *IntervalPanel) Render() vecty.ComponentOrHTML {
	defer Span("render IntervalPanel")()
	var rows []review.Row
	compared := 0 // computed or not: the chart is sized for all of them at once
	for _, r := range p.Rows {
		if r.Verdict() {
			rows = append(rows, r.Row)
		}
		if r.State == review.Compared {
			compared++
		}
	}
	// The bars of a table longer than they show wait while the workers
	// compute: the table is ordered once every row is computed, and its
	// view then shows other rows, so bars drawn meanwhile were of rows a
	// reader would not see there. The chart is made at once, sized and
	// empty, and drawn once (see IntervalChart.Wait).
	wait := p.Live && len(p.Rows) < p.Total
	var body, described vecty.ComponentOrHTML
	switch {
	case !p.Compared:
		body = p.empty("One report alone has no shift to show: add the other one to compare.")
	case p.Common == 0:
		body = p.empty("These two reports have no row in common (the same benchmark, kind and backend): there is no shift to show. The table lists each report's rows.")
	case wait && compared > 0:
		described = chartSummary("The bars are drawn once every row is computed: the table then puts its rows in order, and the bars show those in its view.")
		body = p.bars(rows, compared, true)
	case len(rows) == 0 && compared > 0:
		body = p.empty("No compared row in the table's view is computed yet.")
	case len(rows) == 0 && p.Total == 0:
		body = p.empty("No row matches the filter and the search.")
	case len(rows) == 0:
		body = p.empty("None of the rows the table shows here is a comparison: there is no shift to draw.")
	default:
		// The bars in words: what they show and their extremes. The
		// chart's element is named by the title and described by this.
		described = chartSummary(chart.DescribeInterval(rows, p.Total))
		body = p.bars(rows, compared, false)
	}
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "interval-panel"), vecty.Attribute("aria-labelledby", "interval-title")),
		elem.Heading2(vecty.Markup(prop.ID("interval-title")), vecty.Text("Shift of the median, with its 95% interval")),
		elem.Paragraph(
			vecty.Markup(vecty.Class("legend")),
			legendItem("regression", "regression"), legendItem("improvement", "improvement"),
			legendItem("noise", "inside the noise"), legendItem("underpowered", "underpowered (no interval)"),
			elem.Span(vecty.Markup(vecty.Class("hint")), vecty.Text("Click a bar to select its row.")),
		),
		barsByKeyboard(), // shortcuts.go
		vecty.If(p.Compared && len(p.Rows) < p.Total && !wait, elem.Paragraph(
			vecty.Markup(vecty.Class("window-note"), prop.ID("interval-note")),
			vecty.Text(p.note()),
		)),
		described,
		body,
	)
}

// chartSummary is the paragraph that describes the chart's element (its
// aria-describedby): what the bars show, or why there are none yet.
func chartSummary(text string) *vecty.HTML {
	return elem.Paragraph(vecty.Markup(vecty.Class("chart-summary"), prop.ID("interval-summary")), vecty.Text(text))
}

// bars is the chart of rows, sized for compared rows and the geomean,
// drawn unless wait (see IntervalChart.Wait). The bars scroll in a box of
// their own: a keyboard reaches it (tabindex) and assistive technology
// names it.
func (p *IntervalPanel) bars(rows []review.Row, compared int, wait bool) *vecty.HTML {
	return elem.Div(
		vecty.Markup(vecty.Class("chart-scroll"), vecty.Attribute("role", "region"),
			vecty.Attribute("aria-label", "Interval bars, scrolling"), vecty.Attribute("tabindex", 0)),
		&IntervalChart{
			Host: p.Host, Rows: rows, Bars: compared + 1, First: p.First,
			Selected: p.Selected, Dark: p.Dark, Gen: p.Gen, Live: p.Live, MeanDue: p.MeanDue, Geomean: p.Geomean,
			Wait: wait,
		},
	)
}

// empty is the panel's body when there is no bar to draw: why.
func (p *IntervalPanel) empty(why string) *vecty.HTML {
	return elem.Paragraph(vecty.Markup(vecty.Class("empty")), vecty.Text(why))
}

// note says which rows the bars are, of how many.
func (p *IntervalPanel) note() string {
	return format.Count(len(p.Rows)) + " of " + format.Count(p.Total) + " rows: rows " + format.Count(p.First+1) + "–" +
		format.Count(p.First+len(p.Rows)) + " of the table, those in its view. The bars follow the table as it scrolls."
}

func legendItem(class, text string) *vecty.HTML {
	return elem.Span(vecty.Markup(vecty.Class("key", class)), vecty.Text(text))
}

// IntervalChart is the div#interval-chart that ECharts draws the bars into.
// vecty renders the div; the chart inside belongs to ECharts.
type IntervalChart struct {
	vecty.Core
	Host     Host         `vecty:"prop"`
	Rows     []review.Row `vecty:"prop"` // computed rows, in the table's order
	Bars     int          `vecty:"prop"` // how many rows the chart is sized for
	First    int          `vecty:"prop"` // the table's row the bars start at: new rows are drawn anew
	Selected string       `vecty:"prop"`
	Dark     bool         `vecty:"prop"`
	Gen      int          `vecty:"prop"` // the data generation to draw
	Live     bool         `vecty:"prop"` // results are still arriving
	// MeanDue: every row is computed, and the suite's geomean, drawn as
	// the first bar, is on its way. The bars wait for it, meanWait at
	// most: it comes a moment after the last row, and the page is not
	// ready before it, so drawing the rows without it first was a whole
	// redraw more on the way to ready.
	MeanDue bool           `vecty:"prop"`
	Geomean *stats.Geomean `vecty:"prop"`
	// Wait: the bars are not drawn yet (IntervalPanel says why). A first
	// draw on a fresh page took 35-40 ms of the page's time, and with the
	// workers on every core a task of 50-90 ms, for bars replaced once
	// the table was ordered.
	Wait bool `vecty:"prop"`

	div     *vecty.HTML
	chart   Chart
	drawn   int     // the generation last handed to the chart
	drawnAt float64 // when, in performance.now() milliseconds
	bars    int     // how many rows the div is sized for
	first   int     // the First last handed to the chart
	due     bool    // a redraw is scheduled (see scrolled)
	waiting bool    // a draw is scheduled (see drawAfter)
}

// meanWait is how long, in milliseconds, the bars wait for the geomean
// once every row is computed (see MeanDue).
const meanWait = 250

// liveInterval is how often, in milliseconds, the bars are redrawn while
// results arrive: a redraw of many bars is the page's costliest step, and
// the table shows each result as it comes anyway.
const liveInterval = 1000

// Render is the container, sized for every compared row, so that it keeps
// its size while results arrive.
func (c *IntervalChart) Render() vecty.ComponentOrHTML {
	defer Span("render IntervalChart")()
	c.bars = c.Bars
	c.div = elem.Div(vecty.Markup(
		prop.ID("interval-chart"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-labelledby", "interval-title"),
		vecty.Attribute("aria-describedby", "interval-summary"),
		vecty.Style("height", strconv.Itoa(chart.IntervalHeight(c.Bars))+"px"),
	))
	return c.div
}

// Mount creates the chart in the container.
func (c *IntervalChart) Mount() {
	c.chart = c.Host.NewChart(c.div.Node(), func(name string) {
		if name != chart.GeomeanBar { // the suite's bar is no row
			c.Host.Dispatch(&actions.Select{Key: name})
		}
	})
	if !c.Wait {
		c.draw()
	}
}

// Unmount disposes of the chart.
func (c *IntervalChart) Unmount() {
	if c.chart != nil {
		c.chart.Dispose()
		c.chart = nil
	}
}

// SkipRender redraws the chart when its data changed and rerenders the
// container only when its height must change.
func (c *IntervalChart) SkipRender(prev vecty.Component) bool {
	switch {
	case c.chart == nil || c.Wait:
	case c.Gen != c.drawn && c.MeanDue:
		c.drawAfter(meanWait)
	case c.Gen != c.drawn && (!c.Live || now()-c.drawnAt >= liveInterval):
		c.draw()
	case c.Gen != c.drawn:
		// Results arrive: the bars catch up once liveInterval has passed
		// since their last draw, whether or not the page renders then
		// (IntervalPanel skips renders of the same generation).
		c.drawAfter(liveInterval - (now() - c.drawnAt))
	case c.First != c.first:
		c.scrolled()
	}
	return c.Bars == c.bars
}

// scrollInterval is how often, in milliseconds, the bars follow the table
// while it scrolls.
const scrollInterval = 100

// scrolled redraws the bars for the rows the table scrolled to, at most
// every scrollInterval: at once, or once that much time has passed since
// the last draw, with the rows in view then.
func (c *IntervalChart) scrolled() {
	if wait := scrollInterval - (now() - c.drawnAt); wait > 0 {
		if !c.due {
			c.due = true
			var f js.Func
			f = js.FuncOf(func(js.Value, []js.Value) any {
				f.Release()
				c.due = false
				if c.chart != nil && c.First != c.first {
					c.draw()
				}
				return nil
			})
			js.Global().Call("setTimeout", f, wait)
		}
		return
	}
	c.draw()
}

// drawAfter draws the bars ms milliseconds from now, unless they are
// drawn meanwhile, or a draw is already scheduled.
func (c *IntervalChart) drawAfter(ms float64) {
	if c.waiting {
		return
	}
	c.waiting = true
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		c.waiting = false
		if c.chart != nil && c.Gen != c.drawn {
			c.draw()
		}
		return nil
	})
	js.Global().Call("setTimeout", f, ms)
}

func (c *IntervalChart) draw() {
	gen, rows, style := c.Gen, c.Rows, chart.Style{Dark: c.Dark, Selected: c.Selected, Geomean: c.Geomean}
	c.drawn, c.drawnAt, c.first = gen, now(), c.First
	c.chart.Draw(func(chart.Frame) (chart.Option, error) {
		b, err := chart.IntervalStyled(rows, style)
		return chart.Option{JSON: b}, err
	}, func() {
		c.Host.Dispatch(&actions.ChartDrawn{ID: store.IntervalChart, Gen: gen})
	})
}

// now is performance.now(), in milliseconds. The performance object is
// looked up once: every js.Value of an object costs the Go runtime a
// finalizer, which renders and result handlers would pay at every call.
func now() float64 { return performance.Call("now").Float() }

var performance = js.Global().Get("performance")
