//go:build js && wasm

package main

import (
	"slices"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// ahead is a review the page is still pairing (pairAhead), whose rows the
// workers compare as they are paired, before the store has the review.
//
// At ten thousand rows, pairing held the page for some 55-70 ms after the
// second report was read (15 since the reports' rows come sorted), and the
// store then takes the review, lists its jobs and renders it: workers
// that wait for all of it leave a core idle for a tenth of a drop's
// compute. The rows paired so far go to the workers after each slice of
// pairing, the last included, in a task of their own, under a number of their
// own (id, negative, never a store's); their answers wait here until the
// store takes the review (adopt, from run), and are then the review's, as
// are the answers still to come. A review the store does not take (the
// other side changed meanwhile) is dropped, and its answers with it.
// Meanwhile the page holds one worker at its gate (gate.go) in each slice
// of pairing and as the store takes the review: the other computes, and
// those tasks keep a core of their own.
type ahead struct {
	review  *review.Review // the review being paired; nil when none is
	id      int            // the number its jobs carry (pool.adopted: the store's, once it took it)
	next    int            // review.Rows[:next] have been looked at
	place   int            // the compared rows among them (Job.Geomean)
	covered []bool         // the rows handed to the workers, by index
	handed  int            // how many rows covered holds
	// What came back before the store took the review, in order.
	answers []any // *actions.RowsStarted and *actions.RowsComputed
	sums    []aheadSum
}

// aheadSum is what a batch of an ahead review added to its geomean.
type aheadSum struct {
	batch []store.Job
	sum   stats.GeomeanSum
}

// pairing hands the rows of rv paired since the last call (rv is being
// paired: pairAhead) to the workers, short rows only (a long row's plan is
// drawn on every worker first, plan.go): called after each slice of
// pairing, the last included.
func (p *pool) pairing(rv *review.Review) {
	if p.local || rv.Base == nil || rv.Cur == nil {
		return // one report alone has no row to compare
	}
	a := &p.ahead
	if a.review != rv {
		p.dropAhead()
		p.aheads--
		*a = ahead{review: rv, id: p.aheads}
		// The page holds a worker while it pairs and renders a review of
		// gateRows rows or more (gate.go).
		p.gate.begin(max(len(rv.Base.Rows), len(rv.Cur.Rows)))
	}
	jobs, place := store.JobsFrom(rv, a.id, a.next, a.place)
	a.next, a.place = len(rv.Rows), place
	if len(a.covered) < a.next {
		a.covered = append(a.covered, make([]bool, a.next-len(a.covered))...)
	}
	for _, j := range jobs {
		if long(j) == 0 {
			a.covered[j.Index] = true
			a.handed++
			p.queue = append(p.queue, j)
		}
	}
	p.batch = maxBatch
	p.dispatch()
}

// dropAhead forgets the review paired ahead, if any, and its jobs not
// sent yet; its answers still to come are then dropped as they arrive.
func (p *pool) dropAhead() {
	if p.ahead.review == nil {
		return
	}
	id := p.ahead.id
	queue := p.queue[:0]
	for _, j := range p.queue {
		if j.Review != id {
			queue = append(queue, j)
		}
	}
	p.queue = queue
	p.ahead = ahead{}
}

// adopt makes the review paired ahead the store's review numbered id,
// when rv is it: its queued jobs and its answers take that number, and
// the jobs returned are those of jobs (the store's list) it has not
// handed out. Else it drops the review paired ahead, and returns jobs.
func (p *pool) adopt(rv *review.Review, jobs []store.Job) []store.Job {
	a := &p.ahead
	_, taken := p.adopted[a.id]
	if a.review == nil || a.review != rv || len(jobs) == 0 || taken {
		p.dropAhead()
		p.aheadRows = 0
		return jobs
	}
	id := jobs[0].Review
	p.adopted[a.id] = id
	p.aheadRows = a.handed
	// The queue's jobs of the review paired ahead are the review's now,
	// renumbered where they are (a suite's ten thousand, when the workers
	// were still reading as it was paired), then the jobs it did not
	// cover.
	left := slices.DeleteFunc(p.queue, func(j store.Job) bool { return j.Review != a.id })
	for i := range left {
		left[i].Review = id
	}
	for _, j := range jobs {
		if j.Index >= len(a.covered) || !a.covered[j.Index] {
			left = append(left, j)
		}
	}
	return left
}

// kept takes what came back for the review paired ahead before the store
// took it, once adopted, and returns the function that hands it to the
// store as the review's, and adds its sums to the review's geomean (nil
// when there is nothing to hand): run calls it in a task of its own, once
// it has started the review's geomean. Answers still to come are the
// store's at once, so they may come first; the sums add up the same in
// any order.
func (p *pool) kept() func() {
	a := &p.ahead
	as, taken := p.adopted[a.id]
	if !taken || len(a.answers) == 0 && len(a.sums) == 0 {
		return nil
	}
	id, answers, sums := a.id, a.answers, a.sums
	a.answers, a.sums = nil, nil
	return func() {
		for _, ans := range answers {
			p.answer(id, ans, nil, nil)
		}
		for _, s := range sums {
			p.addToMean(as, s.batch, s.sum)
		}
	}
}

// answer takes an answer for review, a *actions.RowsStarted or
// *actions.RowsComputed, with what its batch added to the geomean when
// sum is not nil: the store has it at once, under the store's number for a
// review paired ahead and adopted; the answer for a review paired ahead
// waits until the store takes it (kept); one for a review dropped is
// forgotten.
func (p *pool) answer(review int, answer any, batch []store.Job, sum *stats.GeomeanSum) {
	if review < 0 {
		id, ok := p.adopted[review]
		if !ok {
			if a := &p.ahead; review == a.id && a.review != nil {
				a.answers = append(a.answers, answer)
				if sum != nil {
					a.sums = append(a.sums, aheadSum{batch: batch, sum: *sum})
				}
			}
			return
		}
		review = id
		switch m := answer.(type) {
		case *actions.RowsStarted:
			m.Review = id
		case *actions.RowsComputed:
			m.Review = id
		}
	}
	p.done(answer)
	if sum != nil {
		p.addToMean(review, batch, *sum)
	}
}

// requeued are the jobs of a failed worker's batches to compute again
// (fail): those of a review paired ahead and adopted under the store's
// number, none of one dropped.
func (p *pool) requeued(jobs []store.Job) []store.Job {
	out := jobs[:0]
	for _, j := range jobs {
		if j.Review < 0 {
			if id, ok := p.adopted[j.Review]; ok {
				j.Review = id
			} else if j.Review != p.ahead.id || p.ahead.review == nil {
				continue
			}
		}
		out = append(out, j)
	}
	return out
}
