package reviewtext

import (
	"cmp"
	"math"
	"slices"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
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
	nStatus
)

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
}

// Row is one row of a review, with its status.
type Row struct {
	*review.Row
	Status Status
	// Comparison is the row's comparison when both sides have samples,
	// whatever its state (the reference compares a row a run flagged);
	// nil otherwise.
	Comparison *stats.Comparison
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
	// Threshold is Options.Threshold.
	Threshold float64
	// Counts holds how many rows have each status.
	Counts [nStatus]int
}

// New summarises v, whose rows' comparisons must be computed already. A
// row that is not Compared but has samples on both sides may carry a
// comparison too (the command line computes it, as the reference does); it
// is kept, and its status still says what the row is.
func New(v *review.Review, o Options) *Summary {
	s := &Summary{Threshold: o.Threshold}
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
	for i := range v.Rows {
		r := &v.Rows[i]
		row := Row{Row: r, Comparison: r.Comparison, Status: statusOf(r, o.Threshold)}
		s.Rows[i] = row
		s.Counts[row.Status]++
	}
	return s
}

// statusOf is r's status under threshold.
func statusOf(r *review.Row, threshold float64) Status {
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
	c := r.Comparison
	if c == nil {
		return Underpowered // not computed: nothing is claimed
	}
	switch c.Verdict {
	case stats.Regression:
		if threshold > 0 && c.Delta < threshold {
			return BelowThreshold
		}
		return Regression
	case stats.Improvement:
		return Improvement
	case stats.InsideTheNoise:
		return InsideTheNoise
	}
	return Underpowered
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
func (s *Summary) Judged() int {
	return s.Counts[Regression] + s.Counts[BelowThreshold] + s.Counts[Improvement] + s.Counts[InsideTheNoise]
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
