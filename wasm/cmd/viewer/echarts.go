//go:build js && wasm

package main

import (
	"encoding/binary"
	"math"
	"strings"
	"syscall/js"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/wasm/components"
)

// echarts is the bridge to window.echarts (served from /echarts.min.js).
//
// Chart work runs in tasks of its own, never in the animation frame in
// which vecty renders: drawing a hundred interval bars takes tens of
// milliseconds, and sharing a frame with a render of the table would make
// one long task of the two. The work is queued, chart by chart, and each
// task does one operation (create a chart, lay it out again, build an
// option, or draw it): a soak row's run order took 120-150 ms to build
// and 250-450 more to draw, one task of 375-626 ms when they shared it.
// An option built in a few milliseconds is drawn in the task that built
// it (quickOption).
type echarts struct {
	queue     []*echart
	scheduled bool
	post      func() // starts a task that runs step
	busy      func() // called at the start of each step (the pool's gate)
}

func newECharts() *echarts {
	e := &echarts{busy: func() {}}
	e.post = taskPort(e.step)
	return e
}

// echart is one chart and its pending work.
type echart struct {
	host    *echarts
	node    js.Value
	inst    js.Value // the ECharts instance; undefined until created
	onClick func(name string)
	click   js.Func
	resize  js.Value // ResizeObserver
	onSize  js.Func

	queued   bool
	disposed bool
	resized  bool                                    // the node's size changed since ECharts last laid the chart out
	option   func(chart.Frame) (chart.Option, error) // builds the option to draw, for the chart's size; nil when none is pending
	built    *chart.Option                           // the option built, for the next task to draw; nil when none is
	// sized builds the option on screen again when what it draws depends
	// on the chart's size (a long run thinned, chart.RunOrderApart): a
	// chart resized draws it anew. Nil otherwise.
	sized func(chart.Frame) (chart.Option, error)
	done  []func()
	tips  []js.Func // the tooltips of the series drawn apart (chart.Apart)
}

// NewChart makes node a chart (components.Host). ECharts takes the node in
// a task of its own, after the render that made it: creating a chart reads
// the node's size, which makes the browser lay out the page first.
func (p *page) NewChart(node js.Value, onClick func(name string)) components.Chart {
	c := &echart{host: p.charts, node: node, inst: js.Undefined(), onClick: onClick}
	c.host.add(c)
	return c
}

// Draw queues option; a later Draw replaces a pending one, and every done
// waiting is called once the latest is drawn.
func (c *echart) Draw(option func(chart.Frame) (chart.Option, error), done func()) {
	c.option, c.built = option, nil // an option built and not drawn yet is stale
	c.done = append(c.done, done)
	c.host.add(c)
}

// Dispose releases the chart and forgets its pending work.
func (c *echart) Dispose() {
	c.disposed, c.option, c.built, c.sized, c.done = true, nil, nil, nil, nil
	if c.inst.IsUndefined() {
		return
	}
	defer c.releaseTips()
	c.resize.Call("disconnect")
	c.onSize.Release()
	c.inst.Call("dispose")
	if c.onClick != nil {
		c.click.Release()
	}
}

// pending reports whether c has work left.
func (c *echart) pending() bool {
	return !c.disposed && (c.inst.IsUndefined() || c.resized || c.option != nil || c.built != nil)
}

// work does c's next operation: create the chart, lay it out at its node's
// new size, build the pending option, or draw the option built.
func (c *echart) work() {
	switch {
	case c.inst.IsUndefined():
		c.create()
		return
	case c.resized:
		c.resized = false
		c.inst.Call("resize") // draws the chart again, at its new size
		if c.option == nil && c.sized != nil {
			// Its points anew, for that size: the option on screen, or
			// one built for the old size and not drawn yet (its done
			// waits for this one).
			c.option, c.built = c.sized, nil
		}
		return
	}
	if c.option != nil {
		build := c.option
		c.option, c.sized = nil, nil
		end := components.Span("chart option")
		start := now()
		option, err := build(chart.Frame{Width: c.inst.Call("getWidth").Int(), Height: c.inst.Call("getHeight").Int()})
		end()
		if err != nil {
			c.done = nil
			println("benchview: chart:", err.Error()) // a bug: the page stays "computing"
			return
		}
		c.built = &option
		if len(option.Apart) > 0 {
			c.sized = build
		}
		if now()-start > quickOption {
			return // drawn in a task of its own
		}
	}
	option, done := c.built, c.done
	c.built, c.done = nil, nil
	defer components.Span("chart setOption")()
	parsed := js.Global().Get("JSON").Call("parse", string(option.JSON))
	c.releaseTips()
	for _, a := range option.Apart {
		series := parsed.Get("series").Index(a.Series)
		series.Set("data", float64Array(a.Points))
		tip := tooltipOf(a.Tooltip)
		c.tips = append(c.tips, tip)
		series.Get("tooltip").Set("formatter", tip)
	}
	c.inst.Call("setOption", parsed, map[string]any{"notMerge": true})
	for _, f := range done {
		f()
	}
}

// quickOption is how long, in milliseconds, building an option may take
// for the chart to be drawn in the same task. The interval chart of a
// table's view builds in 1-2 ms and draws in some 25: in two tasks, the
// page rendered a frame between them, and its ready came 25-30 ms later.
// A long run's chart builds in over a hundred, and draws in a task of
// its own.
const quickOption = 8

// releaseTips releases the tooltips of the series drawn apart, which the
// next option replaces (or the chart's end).
func (c *echart) releaseTips() {
	for _, f := range c.tips {
		f.Release()
	}
	c.tips = c.tips[:0]
}

// float64Array is points as a JavaScript Float64Array, copied in bulk.
func float64Array(points []float64) js.Value {
	b := make([]byte, 8*len(points))
	for i, v := range points {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return js.Global().Get("Float64Array").New(u.Get("buffer"))
}

// tooltipOf is a tooltip formatter for a series drawn apart: the template
// (chart.Apart.Tooltip, escaped where it holds a report's words) with {b}
// the point's position and {c} its value, of the pair ECharts would write
// whole. Both are numbers, never markup.
func tooltipOf(template string) js.Func {
	text := js.Global().Get("String")
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeObject {
			return ""
		}
		pair := args[0].Get("value")
		if pair.Type() != js.TypeObject || pair.Length() < 2 {
			return ""
		}
		return strings.NewReplacer("{b}", text.Invoke(pair.Index(0)).String(), "{c}", text.Invoke(pair.Index(1)).String()).Replace(template)
	})
}

// create hands the node to ECharts, and watches the node's size, so that a
// chart follows its container; a change of size is laid out in a task of
// the queue, not in the observer's callback, which runs inside a frame.
func (c *echart) create() {
	c.inst = js.Global().Get("echarts").Call("init", c.node, nil, map[string]any{"renderer": "canvas"})
	if c.onClick != nil {
		c.click = js.FuncOf(func(_ js.Value, args []js.Value) any {
			if name := args[0].Get("name"); name.Type() == js.TypeString {
				c.onClick(name.String())
			}
			return nil
		})
		c.inst.Call("on", "click", c.click)
	}
	c.onSize = js.FuncOf(func(_ js.Value, args []js.Value) any {
		// The observer also reports the size the chart was created at.
		box := args[0].Index(0).Get("contentRect")
		w, h := box.Get("width").Int(), box.Get("height").Int()
		if !c.disposed && (w != c.inst.Call("getWidth").Int() || h != c.inst.Call("getHeight").Int()) {
			c.resized = true
			c.host.add(c)
		}
		return nil
	})
	c.resize = js.Global().Get("ResizeObserver").New(c.onSize)
	c.resize.Call("observe", c.node)
}

// add queues c, unless it is queued already, and makes sure a task will
// run the queue.
func (e *echarts) add(c *echart) {
	if !c.queued {
		c.queued = true
		e.queue = append(e.queue, c)
	}
	e.schedule()
}

// step does the next operation of the queue.
func (e *echarts) step() {
	e.scheduled = false
	for len(e.queue) > 0 && !e.queue[0].pending() {
		e.queue[0].queued = false
		e.queue = e.queue[1:]
	}
	if len(e.queue) > 0 {
		e.busy()
		e.queue[0].work()
		e.schedule()
	}
}

// schedule makes sure a task will run the queue.
func (e *echarts) schedule() {
	if !e.scheduled {
		e.scheduled = true
		e.post()
	}
}
