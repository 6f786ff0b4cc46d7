//go:build js && wasm

package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
	"github.com/benchview/benchview/wasm/store"
)

// warmReview reads, pairs and renders a made-up review of a few rows, step
// by step, each in a task or frame of its own, into a node of its own that
// nobody sees, and then throws it away.
//
// The first review a page shows otherwise pays for its code running for
// the first time (the reader, the review, the components, vecty building
// their elements) and for the browser's first styles and layout of a
// results table, in tasks of 100 ms and more while the user's first
// reports are computed. Each step here is small, so a drop that comes
// meanwhile is not held up; the review lives in a store of its own, and its
// host does nothing: no action reaches the page's store, and no chart is
// drawn (main.js warms ECharts).
//
// Once the page has reports of its own to show (busy), the warm-up stops
// rendering: the page's own renders warm the code by then, and the two in
// the same frames made frames of 100 ms and more. And it is in the document
// only until the page says anything (see writeState): its rows would be
// found with the page's.
func (p *page) warmReview() {
	s := store.New()
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		yield()
		r, err := report.Read(strings.NewReader(warmReport(side)), "warm-up.jsonl")
		if err != nil {
			println("benchview: warm-up:", err.Error())
			return
		}
		s.Dispatch(&actions.ReportLoaded{Side: side, Report: r})
	}
	computed := &actions.RowsComputed{Review: s.ReviewID()}
	for i, v := range []stats.Verdict{stats.Regression, stats.Improvement, stats.InsideTheNoise, stats.Underpowered} {
		computed.Index = append(computed.Index, i)
		computed.Comparisons = append(computed.Comparisons, stats.Comparison{
			BaselineMedian: 1e6, Median: 1.01e6, Delta: 1, Lo: 0.5, Hi: 1.5, Verdict: v,
		})
	}
	s.Dispatch(computed)
	yield()
	if p.busy() || p.stated != "" {
		return
	}
	doc := js.Global().Get("document")
	holder := doc.Call("createElement", "div")
	holder.Call("setAttribute", "aria-hidden", "true")
	holder.Set("inert", true)
	holder.Get("style").Set("cssText", "position:absolute;left:-10000px;top:0;width:1200px;visibility:hidden;contain:strict")
	node := doc.Call("createElement", "main")
	holder.Call("appendChild", node)
	doc.Get("body").Call("appendChild", holder)
	p.warmUp = holder
	defer p.endWarmUp()
	if err := vecty.RenderIntoNode(node, &components.Review{Store: s, Host: quietHost{}}); err != nil {
		println("benchview: warm-up:", err.Error())
		return
	}
	// The review shows its parts a frame each (see components.Review);
	// the browser styles and lays each out in its frame.
	for range warmFrames {
		nextFrame()
		if components.Settled() || p.busy() || !p.warmUp.Truthy() {
			break
		}
	}
	// Whatever is left settles detached.
}

// endWarmUp takes the warm-up's review out of the document, if it is in.
func (p *page) endWarmUp() {
	if p.warmUp.Truthy() {
		p.warmUp.Call("remove")
		p.warmUp = js.Undefined()
	}
}

// warmFrames is how many frames warmReview waits for its review to show in
// full, at most: a frame a part, and room for the page's own renders
// meanwhile.
const warmFrames = 12

// warmReport is a report of a few rows, 200 samples each, one for each
// verdict the table colours, then a row only in it.
func warmReport(side actions.Side) string {
	var b strings.Builder
	rows := 4
	if side == actions.Current {
		rows = 5
	}
	for i := range rows {
		samples := make([]string, 200)
		for j := range samples {
			samples[j] = fmt.Sprint(1_000_000 + (i+1)*int(side+1)*((j*37)%101))
		}
		fmt.Fprintf(&b, `{"benchmark":"warm%d","kind":"vm","backend":"vm","iterations":200,"wall_ns":{"samples":[%s]},"ok":true}`+"\n",
			i, strings.Join(samples, ","))
	}
	return b.String()
}

// nextFrame waits for the next animation frame, after vecty's render.
func nextFrame() {
	done := make(chan struct{})
	components.NextFrame(func() { close(done) })
	<-done
}

// quietHost is a components.Host that does nothing: the warm-up's.
type quietHost struct{}

func (quietHost) Dispatch(any)                        {}
func (quietHost) Open(components.Placement, js.Value) {}
func (quietHost) OpenURLs(string, string)             {}
func (quietHost) Download()                           {}
func (quietHost) Copy(string)                         {}
func (quietHost) NewChart(js.Value, func(string)) components.Chart {
	return quietChart{}
}

// quietChart is the chart a quietHost makes: it draws nothing.
type quietChart struct{}

func (quietChart) Draw(func() ([]byte, error), func()) {}
func (quietChart) Dispose()                            {}
