//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// A long row's cost is nearly all its resampling plan's draws, and the
// worker that compares it draws the plan alone: a soak run's three rows
// of 100,000 samples a side took 11 s on two workers (each drew the same
// plan for its first row) against 3.8 s for the command line, which
// draws a plan on every core. So the first row of a pair of sizes that
// long has its plan drawn in parts, one a worker (stats.DrawPlanPart),
// which the page then hands to every worker to join (JoinPlan); the row
// and any other of its sizes are then compared with the plan at once,
// bit for bit as with one a worker drew itself.

// planning is a plan being drawn in parts for the row at the queue's head.
type planning struct {
	sizes  [2]int
	review int            // the review of the row it is drawn for,
	row    int            // and the row, whose progress it shows
	ranges [][2]int       // the parts not sent yet
	sent   map[int][2]int // the part each worker draws
	got    []js.Value     // the parts drawn, packed (message.PlanPart)
	drawn  int            // resamples drawn so far, both sides of every part
}

// splitMin is the fewest samples, both sides together, of a row whose
// plan the workers draw in parts: some 200 ms of draws for one worker,
// halved, for a few milliseconds of messages and joining.
const splitMin = 4000

// long is 1 for a row whose plan is drawn in parts when no worker has it
// (see splits), 0 for the others: the order the pool sends them in.
func long(j store.Job) int {
	if len(j.Base)+len(j.Cur) >= splitMin {
		return 1
	}
	return 0
}

// unplanned reports whether j is long and the workers were given no plan
// for its sizes.
func (p *pool) unplanned(j store.Job) bool {
	return long(j) == 1 && !p.planned[[2]int{len(j.Base), len(j.Cur)}]
}

// splits reports whether j's plan is to be drawn in parts before j is
// sent: it is unplanned, and two workers or more run.
func (p *pool) splits(j store.Job) bool {
	return !p.local && len(p.workers)-len(p.dead) >= 2 && p.unplanned(j)
}

// startPlan begins drawing j's plan: a part for each worker that runs.
// The row shows as begun, and its progress is the parts' draws.
func (p *pool) startPlan(j store.Job) {
	n := len(p.workers) - len(p.dead)
	p.plan = &planning{sizes: [2]int{len(j.Base), len(j.Cur)}, review: j.Review, row: j.Index, sent: map[int][2]int{}}
	for k := range n {
		p.plan.ranges = append(p.plan.ranges, [2]int{k * stats.Resamples / n, (k + 1) * stats.Resamples / n})
	}
	p.done(&actions.RowsStarted{Review: j.Review, Index: []int{j.Index}, At: now()})
}

// retargetPlan has the plan being drawn show its progress in the first
// row of its sizes in the queue, when the queue is a new review's: a
// plan is of sizes, not of a review, and goes on being drawn for it.
func (p *pool) retargetPlan() {
	pl := p.plan
	if pl == nil {
		return
	}
	for _, j := range p.queue {
		if [2]int{len(j.Base), len(j.Cur)} == pl.sizes && j.Review != pl.review {
			pl.review, pl.row = j.Review, j.Index
			p.done(&actions.RowsStarted{Review: j.Review, Index: []int{j.Index}, At: now()})
			p.done(&actions.RowProgress{Review: j.Review, Index: j.Index, Done: float64(pl.drawn) / (2 * stats.Resamples)})
			return
		}
	}
}

// waits reports whether j waits for the plan being drawn: it is the
// long row it is drawn for, or another long row (one plan at a time).
func (p *pool) waits(j store.Job) bool {
	return p.plan != nil && p.unplanned(j)
}

// nextPlanPart reports whether worker w takes a part of the plan now:
// one is left, and w draws none.
func (p *pool) nextPlanPart(w int) bool {
	pl := p.plan
	if pl == nil || len(pl.ranges) == 0 {
		return false
	}
	if _, busy := pl.sent[w]; busy {
		return false
	}
	pl.sent[w], pl.ranges = pl.ranges[0], pl.ranges[1:]
	r := pl.sent[w]
	p.workers[w].Call("postMessage", map[string]any{"drawPlan": true, "nb": pl.sizes[0], "nc": pl.sizes[1], "from": r[0], "to": r[1]})
	return true
}

// offerPlanParts gives the plan's parts left to the workers that wait
// for work (in idle), one each.
func (p *pool) offerPlanParts() {
	idle := p.idle[:0]
	for _, w := range p.idle {
		if !p.nextPlanPart(w) {
			idle = append(idle, w)
		}
	}
	p.idle = idle
}

// planDrawn takes a worker's word of how many more resamples it drew,
// for the row's progress.
func (p *pool) planDrawn(k int) {
	pl := p.plan
	if pl == nil {
		return
	}
	pl.drawn += k
	p.done(&actions.RowProgress{Review: pl.review, Index: pl.row, Done: float64(pl.drawn) / (2 * stats.Resamples)})
}

// planPart keeps worker w's part of the plan, and once every part is in
// hands them all to every worker that runs, which join them before any
// row sent after (a worker takes its messages in order).
func (p *pool) planPart(w int, part js.Value) {
	pl := p.plan
	if pl == nil {
		return
	}
	if _, ok := pl.sent[w]; !ok {
		return
	}
	delete(pl.sent, w)
	pl.got = append(pl.got, part)
	if len(pl.ranges) > 0 || len(pl.sent) > 0 {
		return
	}
	parts := make([]any, len(pl.got))
	for i, g := range pl.got {
		parts[i] = g
	}
	for i, wk := range p.workers {
		if !p.dead[i] {
			// Copied to each, not transferred: every worker joins them all.
			wk.Call("postMessage", map[string]any{"joinPlan": true, "nb": pl.sizes[0], "nc": pl.sizes[1], "parts": parts})
		}
	}
	p.planned[pl.sizes] = true
	p.plan = nil
	p.dispatch()
}

// requeuePlanPart puts the part worker w draws back, for another (w
// failed); with no worker left, the page compares the row itself and the
// plan is dropped.
func (p *pool) requeuePlanPart(w int) {
	pl := p.plan
	if pl == nil {
		return
	}
	if p.local {
		p.plan = nil
		return
	}
	if r, ok := pl.sent[w]; ok {
		delete(pl.sent, w)
		pl.ranges = append(pl.ranges, r)
	}
}

// planMessage reports whether m is a worker's word on a plan part (how
// far it is, or the part), and takes it.
func (p *pool) planMessage(w int, m js.Value) bool {
	if k := m.Get("planDrawn"); !k.IsUndefined() {
		p.planDrawn(k.Int())
		return true
	}
	if part := m.Get("plan"); !part.IsUndefined() {
		// Unpacked and checked by each worker as it joins the parts.
		p.planPart(w, part)
		if !p.sendNext(w) {
			p.idle = append(p.idle, w)
		}
		return true
	}
	return false
}
