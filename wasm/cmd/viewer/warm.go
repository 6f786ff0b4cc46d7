//go:build js && wasm

package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"

	"github.com/benchview/benchview/chart"
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
	rows := 4
	if side == actions.Current {
		rows = 5
	}
	return madeUpReport(side, rows, 200)
}

// madeUpReport is side's report of rows rows of samples samples each, in
// the cove-bench format: numbers that vary with the row, the side and the
// sample, for warming code up, never shown.
func madeUpReport(side actions.Side, rows, samples int) string {
	var b strings.Builder
	line := make([]string, samples)
	for i := range rows {
		for j := range line {
			line[j] = fmt.Sprint(1_000_000 + (i+1)*int(side+1)*((j*37)%101))
		}
		fmt.Fprintf(&b, `{"benchmark":"warm%d","kind":"vm","backend":"vm","iterations":%d,"wall_ns":{"samples":[%s]},"ok":true}`+"\n",
			i, samples, strings.Join(line, ","))
	}
	return b.String()
}

// warmWorker does, once, a small job of each kind a worker takes (read a
// report and pack it, compare rows, measure them and add them to a
// geomean) on a Comparer of its own that it then drops.
//
// The browser first runs a module's functions from code compiled quickly
// and only later from optimized code, once they have run for a while. A
// fresh page's first suite otherwise ran its reads and its first thousand
// rows from the quick code: its drop took 300-450 ms longer than the next
// page's, whose module came optimized from the browser's cache.
func warmWorker() {
	var sides [2]*report.Report
	for k, side := range []actions.Side{actions.Baseline, actions.Current} {
		r, err := report.Read(strings.NewReader(madeUpReport(side, warmWorkerRows, 20)), "warm-up.jsonl")
		if err == nil {
			_, err = r.MarshalBinary()
		}
		if err != nil {
			println("benchview: worker warm-up:", err.Error())
			return
		}
		sides[k] = r
	}
	jobs := make([]store.Job, min(len(sides[0].Rows), warmWorkerCompared))
	for i := range jobs {
		b, c := stats.Floats(sides[0].Rows[i].Samples), stats.Floats(sides[1].Rows[i].Samples)
		jobs[i] = store.Job{Index: i, Base: b, Cur: c, BaseSorted: stats.SortedFloats(b), CurSorted: stats.SortedFloats(c), Geomean: i}
	}
	w := new(worker) // its own Comparer: the page's rows build their plans as they would have
	batch, _ := batchOf(jobs)
	if err, ok := w.compute(js.ValueOf(batch))["error"]; ok {
		println("benchview: worker warm-up:", err.(string))
	}
}

// How much warmWorker reads and compares: enough for the reader's and
// the comparison's loops to run optimized, 30-50 ms of a worker's time.
const (
	warmWorkerRows     = 300
	warmWorkerCompared = 8
)

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

func (quietChart) Draw(func(chart.Frame) (chart.Option, error), func()) {}
func (quietChart) Dispose()                                             {}
