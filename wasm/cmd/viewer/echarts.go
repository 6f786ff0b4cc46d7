//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/wasm/components"
)

// echarts is the bridge to window.echarts (served from /echarts.min.js).
// Draws are queued and made in animation frames, a few milliseconds' worth
// per frame, so that a page of many charts never holds the main thread
// long. A draw requested while vecty renders runs in the next frame, after
// the ResizeObserver has told the chart its container's new size.
type echarts struct {
	queue     []*echart
	scheduled bool
	frame     js.Func
}

func newECharts() *echarts {
	e := &echarts{}
	e.frame = js.FuncOf(e.drawFrame)
	return e
}

// echart is one chart and its pending draw.
type echart struct {
	host    *echarts
	inst    js.Value
	onClick js.Func
	resize  js.Value // ResizeObserver
	onSize  js.Func
	option  []byte // pending; nil when drawn
	done    []func()
}

// NewChart initializes ECharts on node (components.Host).
func (p *page) NewChart(node js.Value, onClick func(name string)) components.Chart {
	e := p.charts
	c := &echart{host: e}
	c.inst = js.Global().Get("echarts").Call("init", node, nil, map[string]any{"renderer": "canvas"})
	if onClick != nil {
		c.onClick = js.FuncOf(func(_ js.Value, args []js.Value) any {
			if name := args[0].Get("name"); name.Type() == js.TypeString {
				onClick(name.String())
			}
			return nil
		})
		c.inst.Call("on", "click", c.onClick)
	}
	inst := c.inst
	c.onSize = js.FuncOf(func(js.Value, []js.Value) any {
		if !inst.Call("isDisposed").Truthy() { // undefined until disposed
			inst.Call("resize")
		}
		return nil
	})
	c.resize = js.Global().Get("ResizeObserver").New(c.onSize)
	c.resize.Call("observe", node)
	return c
}

// Draw queues option for the next frame; a later Draw replaces a pending
// one, and every done waiting is called when the latest is drawn.
func (c *echart) Draw(option []byte, done func()) {
	if c.option == nil {
		c.host.queue = append(c.host.queue, c)
	}
	c.option = option
	c.done = append(c.done, done)
	c.host.schedule()
}

// Dispose releases the chart and forgets its pending draw.
func (c *echart) Dispose() {
	c.option, c.done = nil, nil
	c.resize.Call("disconnect")
	c.onSize.Release()
	c.inst.Call("dispose")
	if c.onClick.Truthy() {
		c.onClick.Release()
	}
}

func (e *echarts) schedule() {
	if !e.scheduled {
		e.scheduled = true
		js.Global().Call("requestAnimationFrame", e.frame)
	}
}

// frameBudget is how long one frame spends drawing before it leaves the
// rest to the next frame, in milliseconds.
const frameBudget = 30

func (e *echarts) drawFrame(js.Value, []js.Value) any {
	e.scheduled = false
	perf := js.Global().Get("performance")
	start := perf.Call("now").Float()
	jsonParse := js.Global().Get("JSON").Get("parse")
	for len(e.queue) > 0 {
		if perf.Call("now").Float()-start > frameBudget {
			e.schedule()
			break
		}
		c := e.queue[0]
		e.queue = e.queue[1:]
		if c.option == nil { // disposed while waiting
			continue
		}
		option, done := c.option, c.done
		c.option, c.done = nil, nil
		c.inst.Call("setOption", jsonParse.Invoke(string(option)), map[string]any{"notMerge": true})
		for _, f := range done {
			f()
		}
	}
	return nil
}
