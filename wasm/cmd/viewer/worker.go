//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/wasm/message"
	"github.com/benchview/benchview/wasm/store"
)

// serveWorker is the module's role inside a Web Worker: web/worker.js calls
// benchviewCompute with each batch message (see pool.send) and posts back
// what it returns, the batch's comparisons and what was measured beside
// them in one transferable buffer, with what its rows add to the suite's
// geomean (and, meanwhile, the progress of a long row); benchviewRead with a report to read (see pool.read), which
// gives the report's binary form; and benchviewExport with a Download's
// job (see exportJob), whose promise gives the report page's bytes.
//
// One Comparer serves every job of the worker: the rows of a report mostly
// share their sample counts, and after the first row of a size the
// bootstrap's draws are reused (the answers are Compare's, bit for bit).
func serveWorker() {
	w := &worker{gate: js.Global().Get("benchviewGate")}
	// A long row (a soak run's) takes seconds to plan: its progress goes to
	// the page as it comes, for the row to show.
	w.comparer.Progress = func(done, total int) {
		if w.job.IsUndefined() {
			return
		}
		js.Global().Call("postMessage", map[string]any{
			"worker": w.job.Get("worker"), "review": w.job.Get("review"),
			"index": message.Int32s([]int{w.row}), "progress": float64(done) / float64(total),
		})
	}
	warmWorker()
	js.Global().Set("benchviewCompute", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if r := w.compute(args[0]); r != nil {
			return r
		}
		return nil // a job with no answer (joinPlan)
	}))
	js.Global().Set("benchviewRead", js.FuncOf(func(_ js.Value, args []js.Value) any {
		report, err := readInWorker(args[0])
		if err != nil {
			return map[string]any{"failed": err.Error()}
		}
		return map[string]any{"report": report}
	}))
	js.Global().Set("benchviewExport", js.FuncOf(func(_ js.Value, args []js.Value) any {
		job := args[0]
		return promise(func() (js.Value, error) {
			html, err := buildPage(job)
			if err != nil {
				return js.Undefined(), err
			}
			a := js.Global().Get("Uint8Array").New(len(html))
			js.CopyBytesToJS(a, html)
			return a, nil
		})
	}))
	select {}
}

// promise runs f in a goroutine of its own (it may wait for other
// promises) and returns a Promise of its result.
func promise(f func() (js.Value, error)) js.Value {
	var start js.Func
	start = js.FuncOf(func(_ js.Value, args []js.Value) any {
		start.Release()
		resolve, reject := args[0], args[1]
		go func() {
			v, err := f()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(start)
}

// worker is what a worker keeps from one job to the next.
type worker struct {
	comparer stats.Comparer
	gate     js.Value // the page's gate (gate.go); undefined when it has none
	job      js.Value // the job computing, for a long row's progress
	row      int      // the row of it computing
}

// compute does a batch job of rows (see pool.send) or a part of a plan
// (pool.nextPlanPart), or joins a plan, and returns what the worker posts
// back: nil for a plan joined. A batch's rows are added, as they are
// compared, to the batch's own sum of the geomean (by their place in it,
// Job.Geomean), which goes back with the results.
func (w *worker) compute(m js.Value) map[string]any {
	switch {
	case m.Get("drawPlan").Truthy():
		return w.drawPlan(m)
	case m.Get("joinPlan").Truthy():
		w.joinPlan(m)
		return nil
	}
	pairs, err := message.PairsFrom(m.Get("sizes"), m.Get("samples"))
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	sorted, err := message.PairsFrom(m.Get("sizes"), m.Get("sorted"))
	if err != nil {
		return map[string]any{"error": "the sorted samples: " + err.Error()}
	}
	w.job = m
	index := message.Int32sFrom(m.Get("index"))
	mean := message.Int32sFrom(m.Get("geomean"))
	var sum stats.GeomeanSum
	metric := message.MetricFrom(m.Get("metric"))
	cs := make([]stats.Comparison, len(pairs))
	xs := make([]reviewtext.Extras, len(pairs))
	gate := newWorkerGate(w.gate, m.Get("worker"))
	for k, p := range pairs {
		gate.wait()
		if k < len(index) {
			w.row = index[k]
		}
		place := -1
		if k < len(mean) {
			place = mean[k]
		}
		cs[k], xs[k] = compareRow(&w.comparer, metric, &sum, place, p, sorted[k])
	}
	answer := map[string]any{"review": m.Get("review"), "index": m.Get("index"), "c": message.Results(cs, xs)}
	if sum.Rows > 0 {
		answer["geomean"] = message.GeomeanSum(sum)
	}
	return answer
}

// drawPlan draws the part of a long row's plan the page gave it (see
// pool.nextPlanPart), telling the page how many resamples it has drawn
// as it goes, and returns the part.
func (w *worker) drawPlan(m js.Value) map[string]any {
	report := func(k int) {
		js.Global().Call("postMessage", map[string]any{"worker": m.Get("worker"), "planDrawn": k})
	}
	part, err := stats.DrawPlanPart(m.Get("nb").Int(), m.Get("nc").Int(), m.Get("from").Int(), m.Get("to").Int(), report)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"plan": message.PlanPart(part)}
}

// joinPlan gives the worker's Comparer the plan whose parts the workers
// drew (see pool.planPart): its rows of those sizes use it. Parts that
// do not join are a bug, said on the console; the rows then draw their
// own plan, as before.
func (w *worker) joinPlan(m js.Value) {
	packed := m.Get("parts")
	parts := make([]stats.PlanPart, packed.Length())
	for i := range parts {
		p, err := message.PlanPartFrom(packed.Index(i))
		if err != nil {
			println("benchview: a plan part:", err.Error())
			return
		}
		parts[i] = p
	}
	if err := w.comparer.JoinPlan(m.Get("nb").Int(), m.Get("nc").Int(), parts); err != nil {
		println("benchview: a plan:", err.Error())
	}
}

// compareRow compares a row's sides, base and cur in run order, measures
// what is shown beside it, and adds it to sum as row place of the
// geomean (none when place is below 0): a worker's work for each row of
// a batch, and the page's when no worker runs (pool.runLocal).
//
// sorted holds the same sides in ascending order, as the page has them
// from pairing: the comparison, the outliers, the samples needed and the
// geomean each sort their own copy of them, a pass over sorted samples
// (at 30 a side, sorting them took some 7% of a row under WebAssembly).
// The drift reads the run order.
func compareRow(c *stats.Comparer, metric *review.Metric, sum *stats.GeomeanSum, place int, taken, sorted [2][]float64) (stats.Comparison, reviewtext.Extras) {
	base, cur, sb, sc := taken[0], taken[1], sorted[0], sorted[1]
	comparison := metric.Compare(c, sb, sc)
	extras := reviewtext.MeasureSorted(base, cur, sb, sc, store.AdviceShift)
	if place >= 0 {
		c.AddFloats(sum, place, stats.FloatRow{Baseline: sb, Current: sc})
	}
	return comparison, extras
}
