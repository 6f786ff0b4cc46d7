//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/message"
	"github.com/benchview/benchview/wasm/store"
)

// sendGeomean reports the current review's geomean at once when it covers
// no row to compare (GeomeanComputed); else the pool gathers it from the
// rows' batches (geomeanSum).
func (p *page) sendGeomean() {
	// Progress's total is the compared rows, those of GeomeanRows: a
	// count, where the list of ten thousand rows took 9 ms to make.
	if _, total := p.store.Progress(); total == 0 && p.store.Review() != nil && p.store.Compared() {
		p.store.Dispatch(&actions.GeomeanComputed{Review: p.store.ReviewID(), Geomean: stats.GeomeanOf(nil)})
	}
}

// geomeanSum is a review's geomean as the rows' batches come back: each
// worker adds the rows of a batch it compares to a sum of the batch's
// own (stats.Comparer.AddFloats, by the row's Job.Geomean), which comes
// back with the batch's results. Sums add up the same in any order, so
// once every row is in, the sum is the geomean of the suite bit for bit,
// and the page is ready with its last batch: no pass over the suite
// after it, which had taken a quarter of a 10,000-row review's drop.
type geomeanSum struct {
	review int
	sum    stats.GeomeanSum
	left   int // the review's rows of the geomean not in yet
}

// newMean starts review's geomean over the rows of jobs it takes.
func (p *pool) newMean(review int, jobs []store.Job) {
	p.mean = geomeanSum{review: review}
	for _, j := range jobs {
		if j.Geomean >= 0 {
			p.mean.left++
		}
	}
}

// addToMean adds what a batch of review's rows added to its geomean: sum,
// and the batch's jobs (those of it the geomean takes are in). It reports
// the geomean with the last of them.
func (p *pool) addToMean(review int, batch []store.Job, sum stats.GeomeanSum) {
	m := &p.mean
	if review != m.review || m.left == 0 {
		return
	}
	m.sum.Add(sum)
	for _, j := range batch {
		if j.Geomean >= 0 {
			m.left--
		}
	}
	if m.left == 0 {
		p.done(&actions.GeomeanComputed{Review: review, Geomean: m.sum.Geomean()})
	}
}

// sumOf is the geomean sum a worker's answer m carries (an empty one when
// its batch covers no row), and whether it reads.
func sumOf(m js.Value) (stats.GeomeanSum, bool) {
	a := m.Get("geomean")
	if a.IsUndefined() {
		return stats.GeomeanSum{}, true
	}
	g, err := message.GeomeanSumFrom(a)
	if err != nil {
		println("benchview: geomean:", err.Error()) // a bug: the page stays "computing"
		return stats.GeomeanSum{}, false
	}
	return g, true
}
