//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/message"
)

// sendGeomean has the pool compute the current review's geomean
// (GeomeanComputed), once per review.
func (p *page) sendGeomean() {
	id := p.store.ReviewID()
	rows := p.store.GeomeanRows()
	if p.geomeanSent == id || rows == nil {
		return
	}
	p.geomeanSent = id
	if len(rows) == 0 { // nothing to compute: the page is ready at once
		p.store.Dispatch(&actions.GeomeanComputed{Review: id, Geomean: stats.GeomeanOf(nil)})
		return
	}
	p.pool.geomean(id, rows)
}

// geomeanParts is a suite's geomean in parts: a contiguous range of its
// resamples a part (stats.GeomeanSuite.Part), joined once every part is
// in (stats.JoinGeomean), bit for bit the geomean of one. It costs
// seconds at ten thousand rows. The workers take parts once they have no
// row left to compute, one at a time, each of partResamples: a worker
// that is slower (it waits while the page renders, see gate.go) takes
// fewer, and every worker finishes at about the same time. A worker
// takes the suite's rows in once, with its first part (their samples
// travel with it), and keeps them for its next ones until the pool
// tells it to drop them (newMean).
type geomeanParts struct {
	review int
	rows   []stats.FloatRow
	ranges [][2]int       // the parts not sent yet
	sent   map[int][2]int // the part each worker (or local) computes
	holds  map[int]bool   // the workers that keep the rows, from a part before
	got    []stats.GeomeanPart
	// sizes and samples are rows packed for the workers, once a review:
	// each worker's first part carries them all, and packing ten
	// thousand rows is work on the page's thread, done in steps (pack)
	// while the rows compute. packed says they are.
	sizes, samples js.Value
	packed         bool
}

// local stands for the page, computing a part when no worker runs.
const local = -1

// next reports whether worker w takes a part now: one is left, and w
// computes none; the part is then sent[w].
func (g *geomeanParts) next(w int) bool {
	if len(g.ranges) == 0 || w != local && !g.packed {
		return false // a worker's part waits for the rows to be packed
	}
	if _, busy := g.sent[w]; busy {
		return false
	}
	g.sent[w], g.ranges = g.ranges[0], g.ranges[1:]
	return true
}

// requeue puts the part worker w computes back, for another (w failed).
func (g *geomeanParts) requeue(w int) {
	delete(g.holds, w)
	if r, ok := g.sent[w]; ok {
		delete(g.sent, w)
		g.ranges = append(g.ranges, r)
	}
}

// geomean queues review's geomean over rows, behind the rows queued, in
// parts of partResamples resamples; a suite of fewer than gateRows rows,
// whose parts take a few milliseconds, in a part for each worker: parts
// of it one after another waited for the page to hand each out while it
// rendered the review for the first time.
func (p *pool) geomean(review int, rows []stats.FloatRow) {
	n := 1
	if !p.local {
		n = max(1, len(p.workers)-len(p.dead))
	}
	p.newMean(geomeanParts{review: review, rows: rows, sent: map[int][2]int{}, holds: map[int]bool{}})
	parts := n // a small suite's parts are quick: one a worker
	if len(rows) >= gateRows {
		parts = max(n, stats.Resamples/partResamples)
	}
	for k := range parts {
		p.mean.ranges = append(p.mean.ranges, [2]int{k * stats.Resamples / parts, (k + 1) * stats.Resamples / parts})
	}
	if !p.local {
		go p.pack(review)
	}
	p.dispatch()
}

// pack packs the rows of review's geomean for the workers, packRows rows
// a task: at ten thousand rows, packed at once when the first worker ran
// out of rows, they made a task of some 60 ms. Then it hands the parts to
// the workers that wait, if the geomean is still review's.
func (p *pool) pack(review int) {
	yield()
	m := &p.mean
	if m.review != review {
		return
	}
	pairs := make([][2][]float64, len(m.rows))
	for k, row := range m.rows {
		pairs[k] = [2][]float64{row.Baseline, row.Current}
	}
	sizes, samples := message.PairsInSteps(pairs, packRows, yield)
	if m.review != review {
		return // a later review's geomean replaced it meanwhile
	}
	m.sizes, m.samples, m.packed = sizes, samples, true
	p.dispatch()
}

// packRows is how many rows of a geomean pack packs in one task.
const packRows = 1000

// partResamples is how many resamples a part of a geomean holds: at ten
// thousand rows, some 50 ms of a worker's time, after the 100-150 ms it
// takes to take the rows in with its first part.
const partResamples = 1000

// sendPart gives worker w its part of the geomean: the part's resamples,
// and every row's samples, in the same order to every worker, unless w
// keeps them from its part before.
func (p *pool) sendPart(w int) {
	m := &p.mean
	r := m.sent[w]
	msg := map[string]any{"geomean": true, "review": m.review, "from": r[0], "to": r[1]}
	if !m.holds[w] {
		// Copied to the worker, not transferred: others need them too.
		msg["sizes"], msg["samples"] = m.sizes, m.samples
		m.holds[w] = true
	}
	p.workers[w].Call("postMessage", msg)
}

// newMean replaces the geomean in parts with g (none, when g is empty),
// and tells the workers that keep the rows of the one it replaces to drop
// them (some 20 MB each at ten thousand rows): it is joined, or another
// review's replaces it.
func (p *pool) newMean(g geomeanParts) {
	for w := range p.mean.holds {
		if !p.dead[w] {
			p.workers[w].Call("postMessage", map[string]any{"geomean": true, "drop": true})
		}
	}
	p.mean = g
}

// partDone takes worker w's answer to its part of review's geomean.
func (p *pool) partDone(w, review int, a js.Value) {
	g, err := message.GeomeanPartFrom(a)
	if err != nil {
		println("benchview: geomean:", err.Error()) // a bug: the page stays "computing"
		return
	}
	p.collect(w, review, g)
}

// collect keeps w's part g of review's geomean, and once every part is
// in, joins them and reports the geomean. A part of an older review, or
// not the one w was given, is dropped.
func (p *pool) collect(w, review int, g stats.GeomeanPart) {
	m := &p.mean
	if r, ok := m.sent[w]; review != m.review || !ok || r != [2]int{g.From, g.To} {
		return
	}
	delete(m.sent, w)
	m.got = append(m.got, g)
	if len(m.ranges) > 0 || len(m.sent) > 0 {
		return
	}
	mean, err := stats.JoinGeomean(m.got)
	p.newMean(geomeanParts{})
	if err != nil {
		println("benchview: geomean:", err.Error()) // a bug: the page stays "computing"
		return
	}
	p.done(&actions.GeomeanComputed{Review: review, Geomean: mean})
}
