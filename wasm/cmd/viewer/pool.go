//go:build js && wasm

package main

import (
	"cmp"
	"slices"
	"strconv"
	"syscall/js"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/message"
	"github.com/benchview/benchview/wasm/store"
)

// pool hands comparisons to as many Web Workers as the machine has cores,
// in batches of rows, and reports each batch's results as they arrive. A
// message a row made the page's side of ten thousand rows (posting,
// receiving, dispatching, rendering) the slowest part of a review; a batch
// carries its samples in one transferable buffer and comes back as one
// action. Each worker holds up to depth batches, so that it starts its
// next one at once rather than waiting for the page to read its last
// result while the page is busy rendering. When no worker can run, the
// page computes the jobs itself, a few milliseconds' worth per task.
type pool struct {
	workers   []js.Value
	idle      []int                 // a worker for each batch it could take now
	queue     []store.Job           // jobs not sent yet
	inFlight  map[int][][]store.Job // batches sent to each worker, not answered yet
	dead      map[int]bool          // workers that failed
	done      func(any)             // takes RowsStarted, RowsComputed and GeomeanComputed
	batch     int                   // rows a batch holds at most, for the queue run was given
	mean      geomeanSum            // the review's geomean, as its rows come in
	plan      *planning             // a long row's plan drawn in parts (plan.go); nil when none is
	planned   map[[2]int]bool       // sizes whose plans the workers were given (JoinPlan)
	reading   map[int]*reading      // reads handed to workers, by number (read.go)
	reads     int                   // reads handed out so far
	gate      *gate                 // holds a worker while the page is busy (gate.go)
	ahead     ahead                 // a review compared as it is paired (ahead.go)
	aheads    int                   // the last number given a review paired ahead (negative)
	adopted   map[int]int           // the store's number for each review paired ahead it took
	aheadRows int                   // of the last review run took, the rows handed out ahead

	local    bool           // no worker runs: compute on the page
	running  bool           // the page's own loop is computing
	comparer stats.Comparer // for computing on the page
}

// depth is how many batches a worker holds at once: enough work queued
// that a worker never waits for a page that is busy rendering (a render
// of the page can take longer than a batch on a loaded machine).
const depth = 4

// A batch holds at most maxBatch rows and, past its first row, at most
// maxBatchSamples samples: a few tens of milliseconds of work, so that
// results (and the progress shown) keep coming, and a long row (a soak
// run's) travels alone.
const (
	maxBatch        = 128
	maxBatchSamples = 1 << 16
)

// newPool starts the workers. They receive the module main.js compiled, so
// nothing is downloaded or compiled twice.
func newPool(done func(any)) *pool {
	p := &pool{done: done, inFlight: map[int][][]store.Job{}, dead: map[int]bool{}, reading: map[int]*reading{}, planned: map[[2]int]bool{}, gate: newGate(), adopted: map[int]int{}}
	module := js.Global().Get("benchviewModule")
	worker := js.Global().Get("Worker")
	if module.IsUndefined() || worker.IsUndefined() {
		p.local = true
		return p
	}
	n := 1
	if c := js.Global().Get("navigator").Get("hardwareConcurrency"); c.Type() == js.TypeNumber {
		n = max(1, min(c.Int(), 16))
	}
	onMessage := js.FuncOf(p.message)
	for i := range n {
		w := worker.New("worker.js", map[string]any{"name": "benchview-" + strconv.Itoa(i)})
		w.Set("onmessage", onMessage)
		w.Set("onerror", js.FuncOf(func(js.Value, []js.Value) any {
			p.fail(i, "the worker script failed")
			return nil
		}))
		w.Call("postMessage", map[string]any{"module": module, "worker": i, "gate": p.gate.shared})
		p.workers = append(p.workers, w)
	}
	// Each worker's first batch before any worker's second.
	for range depth {
		for i := range n {
			p.idle = append(p.idle, i)
		}
	}
	return p
}

// run replaces the queue with jobs, those of review rv, and starts them,
// and the geomean with theirs, forgetting an older review's; the jobs
// handed out while rv was paired (ahead.go) are not sent again, and their
// answers are rv's. Batches are sized so that every worker gets some of a
// small review at once (a hundred rows are not one batch for one worker
// while the other waits).
func (p *pool) run(jobs []store.Job, rv *review.Review) {
	id := 0
	if len(jobs) > 0 {
		id = jobs[0].Review
	}
	p.gate.begin(len(jobs))
	p.newMean(id, jobs)
	jobs = p.adopt(rv, jobs)
	// Long rows go last: the plan of the first of them is drawn on every
	// worker at once (plan.go), and the others should not wait for it. (A
	// suite's rows are all short: sorting ten thousand of them for nothing
	// took 6 ms of the task in which the store took the review.)
	if slices.ContainsFunc(jobs, func(j store.Job) bool { return long(j) > 0 }) {
		slices.SortStableFunc(jobs, func(a, b store.Job) int { return cmp.Compare(long(a), long(b)) })
	}
	p.queue = jobs
	if kept := p.kept(); kept != nil {
		go func() {
			yield() // not in the task in which the store took the review
			kept()
		}()
	}
	p.retargetPlan()
	workers := max(1, len(p.workers)-len(p.dead))
	p.batch = max(1, min(maxBatch, (len(jobs)+depth*workers-1)/(depth*workers)))
	p.dispatch()
}

// dispatch starts queued jobs on the workers that can take a batch, or on
// the page when no worker runs.
func (p *pool) dispatch() {
	if p.local {
		p.runLocal()
		return
	}
	idle := p.idle
	p.idle = nil
	for _, w := range idle {
		if !p.sendNext(w) {
			p.idle = append(p.idle, w)
		}
	}
}

// sendNext gives worker w a part of a long row's plan (plan.go) or its
// next batch of rows; false when it has nothing for w.
func (p *pool) sendNext(w int) bool {
	switch {
	case p.nextPlanPart(w):
	case len(p.queue) > 0 && p.waits(p.queue[0]):
		return false // the row waits for its plan
	case len(p.queue) > 0 && p.splits(p.queue[0]):
		p.startPlan(p.queue[0])
		taken := p.nextPlanPart(w)
		p.offerPlanParts()
		return taken
	case len(p.queue) > 0:
		p.send(w)
	default:
		return false
	}
	return true
}

// next takes the next batch off the queue.
func (p *pool) next() []store.Job {
	n, samples := 0, 0
	for n < len(p.queue) && n < p.batch {
		j := p.queue[n]
		if j.Review != p.queue[0].Review {
			break // a review's batch is its own (ahead.go)
		}
		samples += len(j.Base) + len(j.Cur)
		// A long row does not join a batch of short ones: its plan is
		// drawn on every worker first (plan.go).
		if n > 0 && (samples > maxBatchSamples || long(j) > long(p.queue[0])) {
			break
		}
		n++
	}
	b := p.queue[:n:n]
	p.queue = p.queue[n:]
	return b
}

// send gives worker w the next batch.
func (p *pool) send(w int) {
	b := p.next()
	p.inFlight[w] = append(p.inFlight[w], b)
	msg, buffers := batchOf(b)
	p.workers[w].Call("postMessage", msg, buffers)
}

// batchOf is the message that hands batch b to a worker (worker.compute),
// and the buffers it can transfer.
func batchOf(b []store.Job) (msg map[string]any, buffers []any) {
	index, mean := make([]int, len(b)), make([]int, len(b))
	pairs, sortedPairs := make([][2][]float64, len(b)), make([][2][]float64, len(b))
	for k, j := range b {
		index[k], mean[k], pairs[k], sortedPairs[k] = j.Index, j.Geomean, [2][]float64{j.Base, j.Cur}, [2][]float64{j.BaseSorted, j.CurSorted}
	}
	idx, geo := message.Int32s(index), message.Int32s(mean)
	sizes, samples := message.Pairs(pairs)
	_, sorted := message.Pairs(sortedPairs) // the same sizes
	msg = map[string]any{"review": b[0].Review, "index": idx, "geomean": geo, "sizes": sizes, "samples": samples, "sorted": sorted, "metric": message.MetricOf(b[0].Metric)}
	if told(b) {
		msg["tell"] = true
	}
	return msg, []any{idx.Get("buffer"), geo.Get("buffer"), sizes.Get("buffer"), samples.Get("buffer"), sorted.Get("buffer")}
}

// told reports whether the worker is to say when it begins batch b (its
// rows then show for how long they have been computed): when b holds a
// row of stats.ProgressMin samples or more, which takes long enough to
// show. A batch of short rows is done in milliseconds, and a message for
// each of a 10,000-row review's 80 batches was 80 more tasks of the page
// and of the workers, for a "computing… 0 s" nobody could read.
func told(b []store.Job) bool {
	for _, j := range b {
		if len(j.Base)+len(j.Cur) >= stats.ProgressMin {
			return true
		}
	}
	return false
}

// message receives a worker's results and gives the worker its next batch;
// or the word that the worker began a batch, or how far a long row is.
func (p *pool) message(_ js.Value, args []js.Value) any {
	m := args[0].Get("data")
	w := m.Get("worker").Int()
	if e := m.Get("error"); !e.IsUndefined() {
		p.fail(w, e.String())
		return nil
	}
	if !m.Get("reading").IsUndefined() {
		p.readMessage(m)
		return nil
	}
	if p.planMessage(w, m) {
		return nil
	}
	if m.Get("index").IsUndefined() { // the worker's hello
		return nil
	}
	review, index := m.Get("review").Int(), message.Int32sFrom(m.Get("index"))
	if pr := m.Get("progress"); !pr.IsUndefined() {
		p.done(&actions.RowProgress{Review: review, Index: index[0], Done: pr.Float()})
		return nil
	}
	if m.Get("started").Truthy() {
		p.answer(review, &actions.RowsStarted{Review: review, Index: index, At: now()}, nil, nil)
		return nil
	}
	var batch []store.Job
	for i, b := range p.inFlight[w] {
		if b[0].Review == review && b[0].Index == index[0] {
			batch = b
			p.inFlight[w] = append(p.inFlight[w][:i], p.inFlight[w][i+1:]...)
			break
		}
	}
	cs, xs := message.ResultsFrom(m.Get("c"))
	computed := &actions.RowsComputed{Review: review, Index: index, Comparisons: cs, Extras: xs}
	if sum, ok := sumOf(m); ok {
		p.answer(review, computed, batch, &sum)
	} else {
		p.answer(review, computed, nil, nil)
	}
	if !p.sendNext(w) {
		p.idle = append(p.idle, w)
	}
	return nil
}

// fail gives up on worker w: its unanswered batches go back to the queue
// for the others, or for the page when no worker is left.
func (p *pool) fail(w int, why string) {
	if p.dead[w] {
		return
	}
	println("benchview: worker", w, "failed:", why)
	p.dead[w] = true
	p.failReads(w, why)
	var back []store.Job
	for _, b := range p.inFlight[w] {
		back = append(back, b...)
	}
	p.queue = append(p.requeued(back), p.queue...)
	delete(p.inFlight, w)
	idle := p.idle[:0]
	for _, i := range p.idle {
		if i != w {
			idle = append(idle, i)
		}
	}
	p.idle = idle
	if len(p.dead) == len(p.workers) {
		p.local = true
	}
	p.requeuePlanPart(w)
	p.dispatch()
}

// localBudget is how long, in milliseconds, computing on the page holds
// the main thread before it lets the page have a turn.
const localBudget = 8

// runLocal computes the queue on the page when no worker runs, in slices
// of localBudget, each slice's results one action, so that the page
// still gets the main thread between them.
func (p *pool) runLocal() {
	if p.running {
		return // the loop that runs picks up the new queue
	}
	p.running = true
	perf := js.Global().Get("performance")
	go func() {
		for len(p.queue) > 0 {
			start := perf.Call("now").Float()
			a := &actions.RowsComputed{Review: p.queue[0].Review}
			var batch []store.Job
			var sum stats.GeomeanSum
			for len(p.queue) > 0 && p.queue[0].Review == a.Review && perf.Call("now").Float()-start < localBudget {
				j := p.queue[0]
				p.queue = p.queue[1:]
				batch = append(batch, j)
				a.Index = append(a.Index, j.Index)
				c, x := compareRow(&p.comparer, j.Metric, &sum, j.Geomean, [2][]float64{j.Base, j.Cur}, [2][]float64{j.BaseSorted, j.CurSorted})
				a.Comparisons, a.Extras = append(a.Comparisons, c), append(a.Extras, x)
			}
			p.answer(a.Review, a, batch, &sum)
			yield()
		}
		p.running = false
	}()
}
