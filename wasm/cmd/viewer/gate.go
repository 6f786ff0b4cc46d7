//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"github.com/benchview/benchview/wasm/components"
)

// gate holds one worker back while the page does its heavy tasks:
// pairing the reports, the store taking the review, ordering the table,
// drawing a chart.
//
// The pool runs a worker on every core, so while rows are computed every
// core is busy, and the page's own tasks got a part of one: on a two-core
// machine they took two to three times their CPU time, 50-80 ms for 15-30
// ms of work, and the page stuttered in each. Before such a task the page
// closes the gate, and opens it again in a task that follows; worker 0
// waits at the gate (workerGate.wait) between two rows of a batch, and
// gives the page its core for that long. The other workers wait only
// through the frame a review first shows in (holdFrame).
//
// A frame of the table is not held for: it is a few milliseconds of work
// since the table shows only its window, and a worker held from the
// start of each frame to the task after it was held 170-300 ms a drop of
// ten thousand rows, against 55-120 ms without (BenchmarkSuite, four
// interleaved runs: ready sooner in each, by 1-13% of the ratio to
// native compare, with no task of 50 ms or more in either's drops).
//
// The gate is for reviews of gateRows rows or more (see begin): a review
// of a hundred rows is computed in a few hundred milliseconds, as the
// page renders it for the first time, and a worker held for that long
// made it 25% later (BenchmarkDropToReady: 311-353 ms warm, against
// 257-281), for tasks that were under 50 ms anyway.
//
// The gate is an Int32Array on a SharedArrayBuffer, which a browser gives
// a page only when it is cross-origin isolated (the server's
// Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers).
// Elsewhere (a static host without them) there is no gate, and the
// workers never wait. Its first element is how many workers hold; its
// second, how many microseconds they held in all (see held).
type gate struct {
	shared  js.Value // the Int32Array; undefined when there is no gate
	used    bool     // the review computing has gateRows rows or more (begin)
	closed  bool     // a task that opens the gate is posted
	open    func()   // posts that task
	atomics js.Value
}

// gateRows is the fewest rows a review has for the page to use its gate.
const gateRows = 1000

// heldWorkers is how many workers hold while the gate is closed: one,
// which leaves the page a core and the others theirs.
const heldWorkers = 1

// everyWorker is more workers than a pool has: closed to as many, the
// gate holds them all (holdFrame).
const everyWorker = 1 << 10

// gateWait is the longest a worker waits at a closed gate, in
// milliseconds: the page opens it a task later, but a page that stops
// (a tab closed mid-task) must not stop its workers with it.
const gateWait = 100

func newGate() *gate {
	g := &gate{shared: js.Undefined(), atomics: js.Global().Get("Atomics")}
	if !js.Global().Get("crossOriginIsolated").Truthy() || js.Global().Get("SharedArrayBuffer").IsUndefined() {
		return g
	}
	g.shared = js.Global().Get("Int32Array").New(js.Global().Get("SharedArrayBuffer").New(8))
	g.open = taskPort(func() {
		g.closed = false
		g.atomics.Call("store", g.shared, 0, 0)
		g.atomics.Call("notify", g.shared, 0)
	})
	return g
}

// close closes the gate until the task after this one, when the page
// uses it (begin): call it at the start of a task (or animation frame)
// that will take the page a while.
func (g *gate) close() { g.hold(heldWorkers) }

// hold closes the gate to n workers until the task after this one (to
// more if it is closed already).
func (g *gate) hold(n int) {
	if !g.used || g.shared.IsUndefined() {
		return
	}
	if g.closed {
		if n > g.atomics.Call("load", g.shared, 0).Int() {
			g.atomics.Call("store", g.shared, 0, n)
		}
		return
	}
	g.closed = true
	g.atomics.Call("store", g.shared, 0, n)
	g.open()
}

// holdFrame holds every worker through the next animation frame, and
// until the task after it: the frame in which a review first shows.
//
// That frame styles and lays out what the page has not shown before,
// and on a fresh page runs code for the first time: 20-35 ms of the
// page's thread, while the code the workers run is being optimized on
// the cores they compute on. With one worker held (close), it made a
// task of 50-100 ms in 13 of 24 first drops of ten thousand rows (their
// trace reports); with every worker held, in none of 16, for some 10-20
// ms of each worker's time.
func (g *gate) holdFrame() {
	if g.used && !g.shared.IsUndefined() {
		components.NextFrame(func() { g.hold(everyWorker) })
	}
}

// begin readies the gate for a review of rows rows to compute: the page
// uses it (close) if the review has gateRows rows or more, and the count
// of held time starts anew (see held).
func (g *gate) begin(rows int) {
	g.used = rows >= gateRows
	if !g.shared.IsUndefined() {
		g.atomics.Call("store", g.shared, 1, 0)
	}
}

// held is how long, in milliseconds, the workers waited at the gate since
// the review's rows went to them; 0 when there is no gate.
func (g *gate) held() float64 {
	if g.shared.IsUndefined() {
		return 0
	}
	return float64(g.atomics.Call("load", g.shared, 1).Int()) / 1000
}

// workerGate is the gate as a worker sees it (see gate).
type workerGate struct {
	shared  js.Value // undefined when the page has no gate
	id      int      // the worker's number
	atomics js.Value
}

// newWorkerGate is worker id's side of the gate the page handed it
// (undefined when it has none, as the worker's own warm-up has). Each
// look at the gate is a call out to JavaScript, 0.4 µs under Node, for a
// row of some 100 µs.
func newWorkerGate(shared, id js.Value) workerGate {
	if !shared.Truthy() || id.Type() != js.TypeNumber {
		return workerGate{shared: js.Undefined()}
	}
	return workerGate{shared: shared, id: id.Int(), atomics: js.Global().Get("Atomics")}
}

// wait returns once the gate is open for this worker, or gateWait
// milliseconds on, and counts the time it waited.
func (g workerGate) wait() {
	if !g.shared.Truthy() {
		return
	}
	held := g.atomics.Call("load", g.shared, 0).Int()
	if held <= g.id {
		return
	}
	start := time.Now()
	// Atomics.wait returns at once when the gate opened meanwhile.
	g.atomics.Call("wait", g.shared, 0, held, gateWait)
	g.atomics.Call("add", g.shared, 1, int(time.Since(start)/time.Microsecond))
}
