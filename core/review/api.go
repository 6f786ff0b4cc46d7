package review

import (
	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/stats"
)

// This file fixes the package's API; the implementer fills it in.

// State says what a row of a review is, when it is not a comparison.
type State string

const (
	Compared       State = ""            // both sides have samples: see Verdict
	Unsupported    State = "unsupported" // either side refused the row
	OnlyInBaseline State = "only-in-baseline"
	OnlyInCurrent  State = "only-in-current"
	NotOK          State = "not-ok" // either side has ok:false
)

// Row is one key of a review: a baseline row, a current row, or both.
type Row struct {
	Key   report.Key
	State State
	// Base and Cur are the rows read; nil when the side lacks the key.
	Base, Cur *report.Row
	// BaseStats and CurStats summarize each side's samples; nil when that
	// side has none.
	BaseStats, CurStats *stats.Stats
	// Comparison is filled by Compute for a Compared row; nil until then
	// and for every other state.
	Comparison *stats.Comparison
}

// Review pairs two reports (cur may be nil: one report alone is a view).
type Review struct {
	Base, Cur *report.Report
	// Rows: the current report's keys in its order, then keys only in the
	// baseline in its order. Rows with no samples on either side that are
	// not unsupported or not-ok (trace_overhead, comparison lines) are left
	// out.
	Rows []Row
}

// New pairs base and cur without computing any comparison, so a caller can
// hand the work to workers.
func New(base, cur *report.Report) *Review { panic("unimplemented") }

// Compute fills r.Comparison when the row is Compared.
func (r *Row) Compute() { panic("unimplemented") }
