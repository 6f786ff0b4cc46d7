//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/message"
	"github.com/benchview/benchview/wasm/store"
)

// pool hands comparisons to as many Web Workers as the machine has cores,
// and reports each result as it arrives. Each worker holds up to depth
// jobs, so that it starts its next one at once rather than waiting for the
// page to read its last result while the page is busy rendering. When no
// worker can run, the page computes the jobs itself, one per task.
type pool struct {
	workers  []js.Value
	idle     []int               // a worker for each job it could take now
	queue    []store.Job         // jobs not sent yet
	inFlight map[int][]store.Job // jobs sent to each worker, not answered yet
	dead     map[int]bool        // workers that failed
	done     func(*actions.RowComputed)

	local    bool           // no worker runs: compute on the page
	running  bool           // the page's own loop is computing
	comparer stats.Comparer // for computing on the page
}

// depth is how many jobs a worker holds at once.
const depth = 2

// newPool starts the workers. They receive the module main.js compiled, so
// nothing is downloaded or compiled twice.
func newPool(done func(*actions.RowComputed)) *pool {
	p := &pool{done: done, inFlight: map[int][]store.Job{}, dead: map[int]bool{}}
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
		for range depth {
			p.idle = append(p.idle, i)
		}
		w := worker.New("worker.js", map[string]any{"name": "benchview-" + strconv.Itoa(i)})
		w.Set("onmessage", onMessage)
		w.Set("onerror", js.FuncOf(func(js.Value, []js.Value) any {
			p.fail(i, "the worker script failed")
			return nil
		}))
		w.Call("postMessage", map[string]any{"module": module, "worker": i})
		p.workers = append(p.workers, w)
	}
	return p
}

// run replaces the queue with jobs and starts them.
func (p *pool) run(jobs []store.Job) {
	p.queue = jobs
	p.dispatch()
}

// dispatch starts queued jobs on the workers that can take one, or on the
// page when no worker runs.
func (p *pool) dispatch() {
	if p.local {
		p.runLocal()
		return
	}
	for len(p.idle) > 0 && len(p.queue) > 0 {
		w := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		p.send(w)
	}
}

// send gives worker w the next job.
func (p *pool) send(w int) {
	j := p.queue[0]
	p.queue = p.queue[1:]
	p.inFlight[w] = append(p.inFlight[w], j)
	base, cur := message.Samples(j.Base), message.Samples(j.Cur)
	msg := map[string]any{"review": j.Review, "index": j.Index, "base": base, "cur": cur}
	p.workers[w].Call("postMessage", msg, []any{base.Get("buffer"), cur.Get("buffer")})
}

// message receives a worker's result and gives the worker its next job.
func (p *pool) message(_ js.Value, args []js.Value) any {
	m := args[0].Get("data")
	w := m.Get("worker").Int()
	if e := m.Get("error"); !e.IsUndefined() {
		p.fail(w, e.String())
		return nil
	}
	if m.Get("index").IsUndefined() { // the worker's hello
		return nil
	}
	review, index := m.Get("review").Int(), m.Get("index").Int()
	for i, j := range p.inFlight[w] {
		if j.Review == review && j.Index == index {
			p.inFlight[w] = append(p.inFlight[w][:i], p.inFlight[w][i+1:]...)
			break
		}
	}
	c := m.Get("c")
	p.done(&actions.RowComputed{
		Review: review,
		Index:  index,
		Comparison: stats.Comparison{
			BaselineMedian: c.Index(0).Float(),
			Median:         c.Index(1).Float(),
			Delta:          c.Index(2).Float(),
			Lo:             c.Index(3).Float(),
			Hi:             c.Index(4).Float(),
			Verdict:        stats.Verdict(c.Index(5).Int()),
		},
	})
	if len(p.queue) > 0 {
		p.send(w)
	} else {
		p.idle = append(p.idle, w)
	}
	return nil
}

// fail gives up on worker w: its unanswered jobs go back to the queue for
// the others, or for the page when no worker is left.
func (p *pool) fail(w int, why string) {
	if p.dead[w] {
		return
	}
	println("benchview: worker", w, "failed:", why)
	p.dead[w] = true
	p.queue = append(p.inFlight[w], p.queue...)
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
	p.dispatch()
}

// runLocal computes the queue on the page when no worker runs, one job per
// task so that the page still gets the main thread between rows.
func (p *pool) runLocal() {
	if p.running {
		return // the loop that runs picks up the new queue
	}
	p.running = true
	go func() {
		for len(p.queue) > 0 {
			j := p.queue[0]
			p.queue = p.queue[1:]
			c := p.comparer.Compare(j.Base, j.Cur)
			p.done(&actions.RowComputed{Review: j.Review, Index: j.Index, Comparison: c})
			yield()
		}
		p.running = false
	}()
}
