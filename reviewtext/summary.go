package reviewtext

import (
	"cmp"
	"math"
	"slices"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// Status is what a row of a review is to its reader and to a gate. The
// order is the order of importance the writers list rows in.
type Status int

const (
	// Regression: the interval lies above zero, by at least the threshold.
	Regression Status = iota
	// Failed: a run reported the row with "ok":false. Its timing, if any,
	// is never read as a verdict.
	Failed
	// Missing: the baseline has samples for the row and the current run
	// has none.
	Missing
	// Improvement: the interval lies below zero.
	Improvement
	// BelowThreshold: a regression whose shift is below the threshold.
	BelowThreshold
	// Underpowered: too few samples on a side to claim anything.
	Underpowered
	// InsideTheNoise: the interval contains zero.
	InsideTheNoise
	// Added: only the current run has samples for the row.
	Added
	// Unsupported: a run refused the row.
	Unsupported
	// NStatus is how many statuses there are: the size of Counts.
	NStatus
)

const nStatus = NStatus

var statusNames = [nStatus]string{
	Regression:     "regression",
	Failed:         "failed",
	Missing:        "missing",
	Improvement:    "improvement",
	BelowThreshold: "below threshold",
	Underpowered:   "underpowered",
	InsideTheNoise: "inside the noise",
	Added:          "new",
	Unsupported:    "unsupported",
}

// String is the status in words: "regression", "below threshold", ...
func (s Status) String() string { return statusNames[s] }

// plural is the status as a count of rows says it: "2 regressions".
func (s Status) plural(n int) string {
	if n == 1 {
		return s.String()
	}
	switch s {
	case Regression:
		return "regressions"
	case Improvement:
		return "improvements"
	}
	return s.String()
}

// Options are the choices a review is summarised with.
type Options struct {
	// Threshold, in percent: a regression whose shift is below it is
	// BelowThreshold. Zero means every regression counts.
	Threshold float64
	// Adjust is "", or stats.Holm or stats.BH: the verdicts the statuses
	// are read from are then adjusted for the number of rows compared
	// (see stats.Adjust). The reference's verdict stays in Comparison.
	Adjust string
	// Extras has New measure what the reference does not: each side's
	// drift and outliers, the samples a row would need, and the suite's
	// geomean. They cost a pass over every row's samples and a bootstrap
	// of the suite, so the reference's lines alone skip them.
	Extras bool
	// Comparer, when not nil, is reused for the geomean's bootstrap.
	Comparer *stats.Comparer
	// Measured, when not nil, holds rows' extras measured already, by
	// row index (see Measure; nil for a row not measured), and Geomean,
	// when not nil, the suite's: with Extras, New takes them instead of
	// measuring again. The viewer measures both in its workers, off the
	// page's main thread.
	Measured []*Extras
	Geomean  *stats.Geomean
}

// Alpha is the level verdicts are called at: 1 - stats.Confidence.
const Alpha = 1 - stats.Confidence

// Row is one row of a review, with its status.
type Row struct {
	*review.Row
	Status Status
	// Comparison is the row's comparison when both sides have samples,
	// whatever its state (the reference compares a row a run flagged);
	// nil otherwise.
	Comparison *stats.Comparison
	// Verdict is what Status is read from: the comparison's verdict, or
	// for a Compared row with Options.Adjust the adjusted one.
	// Underpowered without a comparison.
	Verdict stats.Verdict
	// Extras is nil unless Options.Extras, or without a comparison.
	Extras *Extras
}

// Extras are what a row shows beyond the reference's comparison.
type Extras struct {
	// DriftBase and DriftCur are each side's trend over its run.
	DriftBase, DriftCur stats.Drift
	// OutliersBase and OutliersCur count each side's outliers.
	OutliersBase, OutliersCur int
	// SamplesNeeded is the samples a side that would resolve a shift of
	// the threshold (1% without one), for a row without a regression or
	// improvement verdict; 0 otherwise, or when it cannot be estimated.
	SamplesNeeded int
}

// Summary is a review sorted into statuses and counted.
type Summary struct {
	// Baseline and Current are the reports' names; Current is empty for
	// one report alone.
	Baseline, Current string
	// Rows in the review's order: the current report's, then rows only in
	// the baseline.
	Rows []Row
	// Problems are the lines of either report that could not be read, and
	// the warnings about others, baseline first.
	Problems []report.Problem
	// Threshold and Adjust are the Options'.
	Threshold float64
	Adjust    string
	// Counts holds how many rows have each status.
	Counts [nStatus]int
	// Tests is how many rows have a p-value: the rows a verdict was
	// called on, which chance alone gets wrong about Alpha of the time.
	Tests int
	// Geomean is the suite's shift over the rows compared; nil unless
	// Options.Extras.
	Geomean *stats.Geomean
}

// New summarises v, whose rows' comparisons must be computed already. A
// row that is not Compared but has samples on both sides may carry a
// comparison too (the command line computes it, as the reference does); it
// is kept, and its status still says what the row is. New panics on an
// Adjust that stats.AdjustMethod refuses: check it first.
func New(v *review.Review, o Options) *Summary {
	s := &Summary{Threshold: o.Threshold, Adjust: o.Adjust}
	for _, rep := range []*report.Report{v.Base, v.Cur} {
		if rep != nil {
			s.Problems = append(s.Problems, rep.Problems...)
		}
	}
	if v.Base != nil {
		s.Baseline = v.Base.Name
	}
	if v.Cur != nil {
		s.Current = v.Cur.Name
	}
	s.Rows = make([]Row, len(v.Rows))
	var ps []float64 // the p-values of the rows compared, for Adjust
	for i := range v.Rows {
		r := &v.Rows[i]
		s.Rows[i] = Row{Row: r, Comparison: r.Comparison, Verdict: stats.Underpowered}
		if c := r.Comparison; c != nil {
			s.Rows[i].Verdict = c.Verdict
		}
		if c := r.Comparison; c != nil && r.State == review.Compared {
			ps = append(ps, c.P)
			if !math.IsNaN(c.P) {
				s.Tests++
			}
		}
	}
	if o.Adjust != "" {
		significant := stats.Adjust(ps, o.Adjust, Alpha)
		k := 0
		for i := range s.Rows {
			if c := s.Rows[i].Comparison; c != nil && s.Rows[i].State == review.Compared {
				s.Rows[i].Verdict = c.Adjusted(significant[k])
				k++
			}
		}
	}
	for i := range s.Rows {
		row := &s.Rows[i]
		row.Status = statusOf(row, o.Threshold)
		s.Counts[row.Status]++
		switch {
		case !o.Extras || row.Comparison == nil:
		case o.Measured != nil && i < len(o.Measured) && o.Measured[i] != nil:
			x := *o.Measured[i]
			x.forVerdict(row.Verdict)
			row.Extras = &x
		default:
			row.Extras = extrasOf(row, o.Threshold)
		}
	}
	switch {
	case o.Extras && o.Geomean != nil:
		g := *o.Geomean
		s.Geomean = &g
	case o.Extras:
		s.Geomean = s.geomean(o.Comparer)
	}
	return s
}

// statusOf is r's status under threshold.
func statusOf(r *Row, threshold float64) Status {
	switch r.State {
	case review.Unsupported:
		return Unsupported
	case review.NotOK:
		return Failed
	case review.OnlyInBaseline:
		return Missing
	case review.OnlyInCurrent:
		return Added
	}
	switch r.Verdict {
	case stats.Regression:
		if threshold > 0 && r.Comparison.Delta < threshold {
			return BelowThreshold
		}
		return Regression
	case stats.Improvement:
		return Improvement
	case stats.InsideTheNoise:
		return InsideTheNoise
	}
	return Underpowered // also a row whose comparison is not computed
}

// extrasOf measures a row both sides of which have samples.
func extrasOf(r *Row, threshold float64) *Extras {
	shift := threshold
	if shift == 0 {
		shift = 1
	}
	x := MeasureSorted(r.BaseStats.Taken, r.CurStats.Taken, r.BaseStats.Sorted, r.CurStats.Sorted, shift)
	x.forVerdict(r.Verdict)
	return &x
}

// Measure measures what a row shows beyond its comparison, whatever its
// verdict: SamplesNeeded is estimated for a shift of shift percent even
// for a regression or an improvement, so that a caller that adjusts the
// verdicts later (the viewer's switch) has it. New keeps it only where
// the verdict asks for it.
func Measure(base, cur []float64, shift float64) Extras {
	return MeasureSorted(base, cur, base, cur, shift)
}

// MeasureSorted is Measure of base and cur, in run order, given each side
// sorted as well (stats.SortedFloats): the drift reads the run order, the
// outliers and the samples needed read the sorted sides, whose sorts are
// then a pass each. Any order of the same samples measures the same.
func MeasureSorted(base, cur, sortedBase, sortedCur []float64, shift float64) Extras {
	return Extras{
		DriftBase:     stats.DriftOfFloats(base),
		DriftCur:      stats.DriftOfFloats(cur),
		OutliersBase:  stats.OutliersFloats(sortedBase),
		OutliersCur:   stats.OutliersFloats(sortedCur),
		SamplesNeeded: stats.SamplesNeededFloats(sortedBase, sortedCur, shift),
	}
}

// forVerdict drops SamplesNeeded where verdict needs no advice: a
// regression or an improvement is resolved already.
func (x *Extras) forVerdict(verdict stats.Verdict) {
	if verdict == stats.Regression || verdict == stats.Improvement {
		x.SamplesNeeded = 0
	}
}

// Advice is the samples-needed advice in words, "about 140 samples a
// side would resolve a 1% shift"; empty when there is none (n is 0).
func Advice(n int, shift float64) string {
	if n <= 0 {
		return ""
	}
	return "about " + format.Count(n) + " samples a side would resolve a " + percent(shift) + " shift"
}

// geomean is the suite's shift over the rows compared (neither run
// flagged them).
func (s *Summary) geomean(c *stats.Comparer) *stats.Geomean {
	if c == nil {
		c = &stats.Comparer{}
	}
	var rows []stats.GeomeanRow
	for _, r := range s.Rows {
		if r.State == review.Compared {
			rows = append(rows, stats.GeomeanRow{Baseline: r.Base.Samples, Current: r.Cur.Samples})
		}
	}
	g := c.Geomean(rows)
	return &g
}

// Compared is how many rows were compared with a verdict or as
// underpowered: every row both runs measured and neither flagged.
func (s *Summary) Compared() int {
	n := 0
	for _, st := range []Status{Regression, Improvement, BelowThreshold, Underpowered, InsideTheNoise} {
		n += s.Counts[st]
	}
	return n
}

// Judged is how many rows were compared with a verdict: regressions
// (below the threshold or not), improvements, rows inside the noise. A
// gate has nothing to judge when it is zero.
func (s *Summary) Judged() int { return judged(&s.Counts) }

// judged is how many of counts have a verdict, for Summary.Judged and
// MetricSummary.Judged.
func judged(counts *[nStatus]int) int {
	return counts[Regression] + counts[BelowThreshold] + counts[Improvement] + counts[InsideTheNoise]
}

// With is the rows with status st, in the review's order.
func (s *Summary) With(st Status) []Row {
	var rows []Row
	for _, r := range s.Rows {
		if r.Status == st {
			rows = append(rows, r)
		}
	}
	return rows
}

// ranked is the rows in order of importance: by status, then the largest
// shift first (the most negative for improvements), then the review's
// order.
func (s *Summary) ranked() []Row {
	rows := slices.Clone(s.Rows)
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(a.Status, b.Status); c != 0 {
			return c
		}
		da, db := shift(a), shift(b)
		if a.Status == Improvement {
			return cmp.Compare(da, db)
		}
		return cmp.Compare(db, da)
	})
	return rows
}

// shift is the row's Δ% for ordering, 0 without a comparison.
func shift(r Row) float64 {
	if r.Comparison == nil || math.IsNaN(r.Comparison.Delta) {
		return 0
	}
	return r.Comparison.Delta
}
