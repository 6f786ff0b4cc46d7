package review

import (
	"math"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/stats"
)

// State says what a row of a review is, when it is not a comparison.
type State string

const (
	Compared       State = ""            // both sides have samples: see Comparison
	Unsupported    State = "unsupported" // either side refused the row
	OnlyInBaseline State = "only-in-baseline"
	OnlyInCurrent  State = "only-in-current"
	NotOK          State = "not-ok" // either side has ok:false
)

// Row is one key of a review: a baseline row, a current row, or both.
//
// The state is the first of these that holds: Unsupported when either
// side's row is a refusal; NotOK when either side's row has ok:false;
// OnlyInBaseline or OnlyInCurrent when only that side has samples for the
// key (the other side may still hold a row without samples, such as an old
// summary, in Base or Cur); Compared otherwise.
type Row struct {
	Key   report.Key
	State State
	// Base and Cur are the rows read; nil when the side lacks the key.
	Base, Cur *report.Row
	// BaseStats and CurStats summarize each side's samples, in the
	// metric's unit (nanoseconds for a cove-bench report: its exact
	// samples as floats, which give the same statistics bit for bit); nil
	// when that side has none.
	BaseStats, CurStats *stats.FloatStats
	// Metric is what the row measures: nil for a cove-bench row (wall
	// time in nanoseconds, better lower), the review's Metric otherwise.
	Metric *Metric
	// Comparison is filled by Compute for a Compared row; nil until then
	// and for every other state.
	Comparison *stats.Comparison

	comparer *stats.Comparer // shared by the rows of one review
}

// Metric is what the rows of a review of another tool's reports measure:
// one metric of its results (Go's ns/op or B/op, Google Benchmark's
// real_time, a counter), so that the rows of one review share a unit and
// a direction.
type Metric struct {
	// Name is what the tool calls it ("ns/op", "real_time", "time").
	Name string
	// Unit is the unit of the rows' samples, tidied ("sec/op", "B/op",
	// "B/s", "allocs/op", a counter's own).
	Unit string
	// Higher is true for a metric that is better higher (MB/s, items per
	// second): its comparisons' verdicts are turned.
	Higher bool
}

// Review pairs two reports (cur may be nil: one report alone is a view).
type Review struct {
	Base, Cur *report.Report
	// Metric is nil for cove-bench reports; for reports of another tool it
	// is the metric their rows' Values hold (see Metric).
	Metric *Metric
	// Rows: the current report's keys in its order, then keys only in the
	// baseline in its order. Rows with no samples on either side that are
	// not unsupported or not-ok (trace_overhead, comparison lines) are left
	// out.
	Rows []Row
}

// New pairs base and cur without computing any comparison, so a caller can
// hand the work to workers. Either report may be nil; with only one, every
// row is only in that one.
func New(base, cur *report.Report) *Review {
	return NewOf(base, cur, nil)
}

// NewOf is New for reports made from another tool's reports, whose rows'
// Values are samples of metric m (nil: cove-bench reports, as New).
func NewOf(base, cur *report.Report, m *Metric) *Review {
	p := NewPairingOf(base, cur, m)
	for !p.Step(math.MaxInt) {
	}
	return p.Review()
}

// Pairing pairs two reports a few keys at a time, for a caller that must
// not hold its thread for the whole of a large suite: ten thousand rows
// took some 200 ms under WebAssembly, each side's samples summarized
// (sorted) as its row is made. Stepped to the end, it is New, row for row.
type Pairing struct {
	v        *Review
	comparer *stats.Comparer
	keys     []report.Key // the keys in row order, the current report's first
	seen     map[report.Key]bool
	next     int // keys[next] is the next key to pair
	// aligned: the reports hold the same keys in the same order
	// (report.SameKeys), as two runs of one suite do, and row next of
	// each pairs with row next of the other. keys and seen are unused.
	// The general way hashes every key four times: pairing a 10,000-row
	// suite took 90-140 ms under Node that way, 58-60 ms this way.
	aligned bool
	slab    slab // where the rows' summaries and samples as floats are made
}

// NewPairing starts pairing base and cur (either may be nil, as for New);
// no row is paired until Step.
func NewPairing(base, cur *report.Report) *Pairing { return NewPairingOf(base, cur, nil) }

// NewPairingOf is NewPairing for reports of metric m, as NewOf.
func NewPairingOf(base, cur *report.Report, m *Metric) *Pairing {
	p := &Pairing{v: &Review{Base: base, Cur: cur, Metric: m}, comparer: &stats.Comparer{}}
	if report.SameKeys(cur, base) {
		p.aligned = true
		p.v.Rows = make([]Row, 0, len(cur.Rows))
		return p
	}
	rows := 0 // the rows of the larger report: as many as a review of two alike has
	for _, rep := range []*report.Report{cur, base} {
		if rep == nil {
			continue
		}
		rows = max(rows, len(rep.Rows))
		for i := range rep.Rows {
			p.keys = append(p.keys, rep.Rows[i].Key)
		}
	}
	// Sized ahead: grown as they filled, they were a tenth of the work.
	p.seen = make(map[report.Key]bool, rows)
	p.v.Rows = make([]Row, 0, rows)
	return p
}

// Step pairs up to n more keys of the reports (a key seen before counts;
// reports of the same keys in one order pair a row of each a key) and
// reports whether every key is paired.
func (p *Pairing) Step(n int) (done bool) {
	base, cur := p.v.Base, p.v.Cur
	if p.aligned {
		for ; n > 0 && p.next < len(cur.Rows); n-- {
			b, c := &base.Rows[p.next], &cur.Rows[p.next]
			p.next++
			p.add(p.slab.pair(c.Key, b, c))
		}
		return p.next == len(cur.Rows)
	}
	for ; n > 0 && p.next < len(p.keys); n-- {
		k := p.keys[p.next]
		p.next++
		if p.seen[k] {
			continue
		}
		p.seen[k] = true
		p.add(p.slab.pair(k, lookup(base, k), lookup(cur, k)))
	}
	return p.next == len(p.keys)
}

// add adds r to the review, if ok.
func (p *Pairing) add(r Row, ok bool) {
	if ok {
		r.comparer = p.comparer
		r.Metric = p.v.Metric
		p.v.Rows = append(p.v.Rows, r)
	}
}

// Review is the review paired so far: whole once Step reported done.
func (p *Pairing) Review() *Review { return p.v }

// lookup is rep's row for k, nil when rep is nil or lacks it: the
// report's own row, not a copy (a review's rows only read their reports'),
// which at ten thousand rows were as many allocations.
func lookup(rep *report.Report, k report.Key) *report.Row {
	if rep == nil {
		return nil
	}
	return rep.Find(k)
}

// pair makes the review row for one key; ok is false for a key that is
// not worth a row (no samples, no refusal, no flag on either side).
func (s *slab) pair(k report.Key, base, cur *report.Row) (r Row, ok bool) {
	r = Row{Key: k, Base: base, Cur: cur, BaseStats: s.statsOf(base), CurStats: s.statsOf(cur)}
	switch {
	case unsupported(base) || unsupported(cur):
		r.State = Unsupported
	case notOK(base) || notOK(cur):
		r.State = NotOK
	case r.BaseStats != nil && r.CurStats != nil:
		r.State = Compared
	case r.BaseStats != nil:
		r.State = OnlyInBaseline
	case r.CurStats != nil:
		r.State = OnlyInCurrent
	default:
		return Row{}, false
	}
	return r, true
}

func unsupported(r *report.Row) bool { return r != nil && r.Unsupported() }
func notOK(r *report.Row) bool       { return r != nil && !r.OK }

// statsOf summarizes r's samples, nil when it has none.
func (s *slab) statsOf(r *report.Row) *stats.FloatStats {
	if r == nil {
		return nil
	}
	values := valuesOf(r, s.floats)
	if len(r.Sorted) == len(values) && len(values) > 0 {
		return s.summary(stats.OfSortedFloats(values, r.Sorted)) // sorted where it was read
	}
	sum, ok := stats.OfFloats(values)
	if !ok {
		return nil
	}
	return s.summary(sum)
}

// slab is where a pairing makes its rows' summaries and their samples as
// floats: in blocks shared by many rows, where each was an allocation of
// its own, four a row. Pairing a 10,000-row suite was then 40,000
// allocations, and most of its time under WebAssembly went to them and
// to the collector; the page's workers wait for the pairing.
type slab struct {
	summaries []stats.FloatStats // not handed out yet
	free      []float64          // not handed out yet
}

// Blocks of slabSummaries summaries, and of slabFloats floats; a row of
// more than slabAlone samples has its floats to itself.
const (
	slabSummaries = 512
	slabFloats    = 1 << 15
	slabAlone     = 1 << 10
)

// summary is sum, kept in the slab.
func (s *slab) summary(sum stats.FloatStats) *stats.FloatStats {
	if len(s.summaries) == 0 {
		s.summaries = make([]stats.FloatStats, slabSummaries)
	}
	f := &s.summaries[0]
	*f = sum
	s.summaries = s.summaries[1:]
	return f
}

// floats is samples converted as stats.Floats does, in the slab.
func (s *slab) floats(samples []uint64) []float64 {
	n := len(samples)
	if n > slabAlone {
		return stats.Floats(samples)
	}
	if len(s.free) < n {
		s.free = make([]float64, slabFloats)
	}
	f := s.free[:n:n] // capped: an append to it never reaches the next row's
	s.free = s.free[n:]
	for i, v := range samples {
		f[i] = float64(v)
	}
	return f
}

// Values are r's samples as floats: its Values, or its exact Samples
// converted (every statistic reads them to the same bits). Nil when r has
// no samples.
func Values(r *report.Row) []float64 { return valuesOf(r, stats.Floats) }

// valuesOf is Values, with exact Samples converted by floats.
func valuesOf(r *report.Row, floats func([]uint64) []float64) []float64 {
	switch {
	case r == nil:
		return nil
	case r.Values != nil || r.Samples == nil:
		return r.Values
	}
	return floats(r.Samples)
}

// Compute fills r.Comparison when the row is Compared; it does nothing for
// any other state, or when the comparison is already there. Different rows
// may be computed at once, on any goroutines. The rows of one review share
// a stats.Comparer, so the first row of each pair of sample counts pays for
// the resampling and the rest reuse it.
func (r *Row) Compute() {
	if r.State != Compared || r.Comparison != nil {
		return
	}
	comparer := r.comparer
	if comparer == nil { // a Row made by hand
		comparer = &stats.Comparer{}
	}
	c := r.Metric.Compare(comparer, r.BaseStats.Taken, r.CurStats.Taken)
	r.Comparison = &c
}

// Compare compares two sides' samples of metric m: as the reference
// does for cove-bench's wall times (m nil); otherwise as the command line
// compares another tool's metric (stats.CompareMetric: in its direction,
// and with a verdict for a metric that rises from zero).
func (m *Metric) Compare(c *stats.Comparer, base, cur []float64) stats.Comparison {
	if m == nil {
		return c.CompareFloats(base, cur) // Compare's bits: the reference's
	}
	return c.CompareMetric(base, cur, m.Higher)
}
