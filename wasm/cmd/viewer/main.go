//go:build js && wasm

// Command viewer is benchview's page: the statistics core compiled to
// WebAssembly, the vecty UI, and the wiring between them and the browser
// (files, URLs, workers, ECharts, the address bar).
//
// The same module runs in two roles. On the page (no argument) it renders
// the UI and hands comparisons to Web Workers; in a worker (argument
// "worker", set by web/worker.js) it computes them. One module for both
// keeps the first visit to a single download, compiled once: web/main.js
// posts the compiled WebAssembly.Module to the workers.
package main

import (
	"os"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
	"github.com/benchview/benchview/wasm/store"
)

func main() {
	// Every collection marks the live heap in one go, in whatever task is
	// running: with the reports of a suite of ten thousand rows live, some
	// 60 ms on the page, one of its longest tasks. Collecting at ten times
	// the live heap, not twice, makes that rare; the limit has very large
	// reports collect sooner instead, before the WebAssembly memory (which
	// never shrinks) grows past it. The page collects only as the limit
	// nears: its first review of ten thousand rows crossed the first mark
	// of ten times (40 MB, ten times the least heap) while it was paired,
	// in a collection of some 60 ms, and past that mark ten times its
	// live heap was beyond the limit anyway. The price is a page whose
	// memory grows to the limit over a few reviews, where a small one's
	// would have been collected sooner. A worker keeps the ten times: its
	// reads and batches leave little live, and its memory is its own.
	debug.SetGCPercent(1000)
	debug.SetMemoryLimit(384 << 20)
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		serveWorker()
		return
	}
	debug.SetGCPercent(-1)
	p := newPage()
	p.start()
	select {} // callbacks from the page keep the program busy from here on
}

// page is the viewer running in a document: the store, the UI rendering it,
// and everything that reaches outside the store.
type page struct {
	store  *store.Store
	app    *components.App
	pool   *pool
	charts *echarts
	doc    js.Value

	sources    map[any]js.Value // the File or fetched Blob each report was read from
	exporter   js.Value         // the worker that builds report pages; undefined until a Download
	exportDone func(js.Value)   // takes the exporter's answer to the Download under way

	sentReview  int         // the review whose jobs the pool has
	sent        float64     // when the pool was given them, in performance.now() milliseconds
	shownReview int         // the review the page last rendered
	urgent      bool        // the action being dispatched is the reader's (Dispatch)
	renderDue   bool        // a render is scheduled for a coming frame
	ordering    bool        // a task will order the table's rows, then render (orderFirst)
	rendered    float64     // when the page last rendered, in performance.now() milliseconds
	renderCost  float64     // how long the last render's frame took, in milliseconds (see liveGap)
	costDue     bool        // a frame will measure renderCost
	ticking     bool        // a tick is scheduled
	fragment    string      // the view last written to the address
	selected    string      // the selection last written to the address
	search      string      // the query the reports were loaded from
	cold        bool        // the page does not say idle yet: the warm-up has not run, for at most maxWarmUp
	stateDue    bool        // writeState looks again in the next frame
	stated      store.Phase // the phase last written to the body; "" until the page says anything
	warmUp      js.Value    // the node that holds the warm-up's review in the document; undefined once it left
	keep        keeper      // the reports kept in the browser's storage (persist.go)
}

func newPage() *page {
	p := &page{store: store.New(), doc: js.Global().Get("document"), charts: newECharts()}
	p.app = &components.App{Store: p.store, Host: p}
	p.app.Hold = func() bool { return p.ordering }
	p.pool = newPool(p.dispatch)
	p.charts.busy = p.pool.gate.close
	return p
}

// start restores the view from the address, renders, and loads the reports
// the address names.
func (p *page) start() {
	p.store.Dispatch(&actions.ThemeChanged{Dark: p.watchTheme()})
	p.store.Dispatch(&actions.RestoreView{Fragment: location().Get("hash").String()})
	p.fragment, p.selected = p.store.View().Fragment(), p.store.View().Selected
	p.store.Listen(p.changed)
	if err := vecty.RenderInto("#app", p.app); err != nil {
		println("benchview:", err.Error())
		return
	}
	p.listenPage()
	js.Global().Set("benchviewWaiting", js.FuncOf(func(js.Value, []js.Value) any { return p.waiting() }))
	// How long a worker waited for the page while the last review's rows
	// were computed, in milliseconds (gate.go): what make bench reports.
	js.Global().Set("benchviewHeld", js.FuncOf(func(js.Value, []js.Value) any { return p.pool.gate.held() }))
	// How many of the last review's rows the workers were given while it
	// was paired (ahead.go).
	js.Global().Set("benchviewAhead", js.FuncOf(func(js.Value, []js.Value) any { return p.pool.aheadRows }))
	// Cold before the first state: idle waits for the warm-up, which runs
	// only while the page has said nothing.
	p.cold = true
	p.setState()
	p.loadFromAddress()
	p.restore()
	warmed := func() {
		if p.cold {
			p.cold = false
			p.setState()
		}
	}
	go func() {
		p.warmReview() // first: a drop renders at once, and draws later
		warmCharts()
		warmed()
	}()
	// The warm-up waits for animation frames, which a page in a background
	// tab does not get: say idle anyway after a while.
	time.AfterFunc(maxWarmUp, warmed)
}

// waiting says what the page waits for before it says ready: what the
// store waits for (store.Waiting), and the page's own steps on the way.
// window.benchviewWaiting() returns it, for a test that waited in vain.
func (p *page) waiting() string {
	var w []string
	if s := p.store.Waiting(); s != "" {
		w = append(w, s)
	}
	if shown, phase := p.app.Shown(), p.store.Phase(); shown != phase {
		w = append(w, "a render: the page shows "+string(shown)+", the store is "+string(phase))
	}
	if !components.Settled() {
		w = append(w, "components rendering the rest of their parts")
	}
	if p.ordering {
		w = append(w, "the table's order")
	}
	charts := 0
	for _, c := range p.charts.queue {
		if c.pending() {
			charts++
		}
	}
	if charts > 0 {
		w = append(w, strconv.Itoa(charts)+" charts with work queued (a task is due: "+strconv.FormatBool(p.charts.scheduled)+")")
	}
	inFlight := 0
	for _, bs := range p.pool.inFlight {
		inFlight += len(bs)
	}
	if len(p.pool.queue) > 0 || inFlight > 0 {
		w = append(w, strconv.Itoa(len(p.pool.queue))+" rows queued and "+strconv.Itoa(inFlight)+" batches on the workers")
	}
	return strings.Join(w, "; ")
}

// maxWarmUp is the longest the page waits for its warm-up before it says
// idle.
const maxWarmUp = 3 * time.Second

// warmCharts builds each chart's option once, from a made-up row, each in
// a task of its own. The first option a program builds pays for
// encoding/json learning go-echarts' many types, tens of milliseconds
// under WebAssembly that would otherwise add to the first draw of the
// interval bars, in the middle of a computation.
func warmCharts() {
	s, _ := stats.OfFloats([]float64{101, 99, 103, 100, 102, 98})
	c := stats.Comparison{BaselineMedian: 100.5, Median: 100.5, Lo: -1, Hi: 1, Verdict: stats.InsideTheNoise}
	row := review.Row{
		Key:   report.Key{Benchmark: "warm", Kind: "vm", Backend: "vm"},
		State: review.Compared, BaseStats: &s, CurStats: &s, Comparison: &c,
	}
	yield()
	chart.RunOrder(row, false)
	yield()
	chart.Interval([]review.Row{row}, false)
}

// busy reports whether the page has reports to show, loaded or loading.
func (p *page) busy() bool {
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		if p.store.Report(side) != nil || p.store.Loading(side) != "" {
			return true
		}
	}
	return false
}

// Dispatch hands an action to the store (components.Host).
// What a reader does renders at once (see render), while computing too.
// A chart's word that it is drawn is not the reader's: it renders as the
// workers' results do, and, once every row is in, after the table is
// ordered, not in a frame that orders ten thousand rows itself.
func (p *page) Dispatch(a any) {
	_, drawn := a.(*actions.ChartDrawn)
	p.urgent = !drawn
	p.dispatch(a)
	p.urgent = false
}

// dispatch hands an action to the store, timed in the page's timing log
// (components.Span) when it keeps one.
func (p *page) dispatch(a any) {
	if components.Tracing() {
		defer components.Span("dispatch " + reflect.TypeOf(a).String())()
	}
	p.store.Dispatch(a)
}

// changed follows every action: rerender, send new work to the pool, and
// keep the address and the body's state in step.
func (p *page) changed() {
	p.app.ByAddress = p.search != ""
	p.keepShown()
	p.app.Kept = p.kept()
	p.render()
	if id := p.store.ReviewID(); id != p.sentReview {
		p.sentReview = id
		p.sent = now()
		p.pool.run(p.store.Jobs(), p.store.Review())
		p.sendGeomean()
	}
	p.writeAddress()
	if !p.ordering {
		// Else orderFirst sets it once the order is made: the state's
		// look at the store's phase would make it here, in this task
		// (12-35 ms at ten thousand rows, in the geomean's dispatch).
		p.setState()
	}
	p.tick()
}

// tick renders the page every second while rows are computed, so that a
// row that takes long (a soak run's) shows for how long it has been.
func (p *page) tick() {
	if done, total := p.store.Progress(); p.ticking || done == total {
		return
	}
	p.ticking = true
	time.AfterFunc(time.Second, func() {
		p.ticking = false
		p.render()
		p.tick()
	})
}

// render renders the page: at once (a new review, or what the reader
// did), or, while comparisons are still arriving, in an animation frame
// at least liveGap after the last, once
// for every batch of results (and anything else) that arrived meanwhile.
// The workers and the page share the machine's cores: a render a frame
// took time from the computation and showed nothing a reader could follow.
func (p *page) render() {
	if done, total := p.store.Progress(); done == total || p.urgent || p.store.ReviewID() != p.shownReview {
		p.shownReview = p.store.ReviewID() // a new review shows at once
		if done == total && !p.urgent && p.store.OrderDue() {
			p.orderFirst()
			return
		}
		p.rerender()
		return
	}
	if p.renderDue {
		return
	}
	p.renderDue = true
	frame := func() {
		p.renderDue = false
		if p.ordering {
			return // the last result came meanwhile: orderFirst renders once the order is made
		}
		p.rerender()
	}
	at := now()
	wait := max(p.liveGap()-(at-p.rendered), p.sent+liveDelay-at)
	if wait <= 0 {
		components.NextFrame(frame)
		return
	}
	// A timer, not a look at the clock every frame: each look was a
	// callback of its own, sixty a second for the whole computation.
	time.AfterFunc(time.Duration(wait*float64(time.Millisecond)), func() { components.NextFrame(frame) })
}

// orderFirst has the store order the table's rows (the default order,
// once every row is computed) in tasks of their own, then renders: at ten
// thousand rows the order and the render of its first rows, in one
// frame, were a task of 130 ms; the order alone 20-75 ms (when the
// workers still computed the geomean after the rows), so its preparation
// and its sort are two tasks.
func (p *page) orderFirst() {
	if p.ordering {
		return
	}
	p.ordering = true
	go func() {
		yield()
		p.pool.gate.close()
		end := components.Span("prepare the order")
		p.store.PrepareOrder()
		end()
		yield()
		p.pool.gate.close()
		p.ordering = false
		end = components.Span("order the table")
		p.store.Shown()
		end()
		p.rerender()
		p.setState()
	}()
}

// rerender has vecty render the page in the next animation frame, and
// measures how long that frame's work took (see liveGap).
func (p *page) rerender() {
	p.rendered = now()
	if components.Tracing() {
		// vecty renders in the frame it asks for: between these two.
		var end func()
		components.NextFrame(func() { end = components.Span("vecty frame") })
		defer components.NextFrame(func() { end() })
	}
	vecty.Rerender(p.app)
	if !p.costDue {
		p.costDue = true
		afterRender(func(cost float64) {
			p.costDue = false
			p.renderCost = cost
		})
	}
}

// liveGap is how long, in milliseconds, the page waits between two renders
// while results arrive: liveRender, or, when a render takes longer than a
// tenth of that, ten times what the last one took. The renders of a table
// of ten thousand rows, on a loaded machine, took 50 ms and more: ten a
// second took half a core from the workers, for a table whose rows in view
// hardly change.
func (p *page) liveGap() float64 {
	return max(liveRender, liveShare*p.renderCost)
}

// liveRender is how often, in milliseconds, the page renders at most while
// results arrive; liveShare is how many times its last render's work a
// gap between two renders is at least; and liveDelay is how long after
// the rows went to the workers the first of those renders waits. A
// review of a hundred rows is computed in a few hundred milliseconds:
// its rows are rendered pending, then with their results, not also with
// the first half of them, a render of a hundred rows more on the way to
// ready.
const (
	liveRender = 100
	liveShare  = 10
	liveDelay  = 400
)

// afterRender calls f, in the next animation frame after vecty's render,
// with how long that frame's callbacks took until then, in milliseconds:
// the frame's start is the time the browser gives each of its callbacks.
func afterRender(f func(cost float64)) {
	var cb js.Func
	cb = js.FuncOf(func(_ js.Value, args []js.Value) any {
		cb.Release()
		f(now() - args[0].Float())
		return nil
	})
	js.Global().Call("requestAnimationFrame", cb)
}

// now is performance.now(), in milliseconds. The performance object is
// looked up once: every js.Value of an object costs the Go runtime a
// finalizer, which renders and result handlers would pay at every call.
func now() float64 { return performance.Call("now").Float() }

var performance = js.Global().Get("performance")

// setState has document.body.dataset.state say the phase the page shows:
// now if it shows the store's phase already, else in the first frame that
// does (see writeState).
func (p *page) setState() {
	if !p.stateDue {
		p.writeState()
	}
}

// writeState writes the phase App rendered last, once it is the store's,
// and looks again in the next frame until it is. The state so never claims
// what the page does not show yet: an error before its alert, ready before
// the Download button is enabled. Ready also waits for the review to show
// all its parts, and the table its whole window (components.Settled). And before the state says anything, the
// warm-up's made-up review leaves the document, so that no script reading
// the state finds rows that are not the page's.
func (p *page) writeState() {
	p.stateDue = false
	phase := p.app.Shown()
	if phase != p.store.Phase() || (phase == store.Ready && !components.Settled()) {
		p.stateDue = true
		components.NextFrame(p.writeState)
		return
	}
	if phase == store.Idle && (p.cold || p.keep.restoring) {
		// The page says idle once its code is warm: a drop before then
		// works, but its first render would run cold code (see warmReview).
		return
	}
	p.endWarmUp()
	p.stated = phase
	// Written only when it changes: it is checked every frame while the
	// rows compute, and every write of the attribute, even of the value
	// it has, is a mutation for the browser and for every observer.
	// (The boot script writes "error" itself, so the body is read.)
	body := p.doc.Get("body").Get("dataset")
	if body.Get("state").String() != string(phase) {
		body.Set("state", string(phase))
	}
}

func location() js.Value { return js.Global().Get("location") }
