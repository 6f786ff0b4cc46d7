package reviewtext

import (
	"strconv"
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// cells is a row as the human-facing writers show it, every string
// already visible-escaped.
type cells struct {
	Name, Baseline, Current, Delta, Interval, Verdict string
}

// cellsOf formats r; threshold is the summary's, for a BelowThreshold row.
func cellsOf(r Row, threshold float64) cells {
	u := format.RowUnit(r.Row)
	c := cells{
		Name:     visible.String(r.Key.Label()),
		Baseline: format.None,
		Current:  format.None,
		Delta:    format.None,
		Interval: format.None,
		Verdict:  verdictText(r, threshold),
	}
	if r.BaseStats != nil {
		c.Baseline = u.Format(r.BaseStats.Median())
	}
	if r.CurStats != nil {
		c.Current = u.Format(r.CurStats.Median())
	}
	if r.Comparison != nil && r.Status != Failed {
		c.Delta = format.Percent(r.Comparison.Delta)
		c.Interval = format.Interval(r.Comparison.Lo, r.Comparison.Hi)
	}
	return c
}

// verdictText is the row's status in words, with what a reader needs to
// act on it, and the sides that drifted.
func verdictText(r Row, threshold float64) string {
	return statusText(r, threshold) + driftText(r.Extras)
}

// driftText marks the sides that drifted: " (drift: current +5.10%)".
func driftText(x *Extras) string {
	if d := x.DriftNote(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// DriftNote names the sides that drifted, with how much: "drift: current
// +5.10%"; empty when none did (or x is nil).
func (x *Extras) DriftNote() string {
	if x == nil {
		return ""
	}
	var sides []string
	if x.DriftBase.Drifted {
		sides = append(sides, "baseline "+format.Percent(x.DriftBase.Pct))
	}
	if x.DriftCur.Drifted {
		sides = append(sides, "current "+format.Percent(x.DriftCur.Pct))
	}
	if len(sides) == 0 {
		return ""
	}
	return "drift: " + strings.Join(sides, ", ")
}

// OutlierNote counts the sides' far-out samples (stats.Outliers), in the
// words of DriftNote: "outliers: baseline 2, current 1", thousands grouped
// as every count for people is ("baseline 2,016"); empty when no side has
// any (or x is nil).
func (x *Extras) OutlierNote() string {
	if x == nil {
		return ""
	}
	var sides []string
	if x.OutliersBase > 0 {
		sides = append(sides, "baseline "+format.Count(x.OutliersBase))
	}
	if x.OutliersCur > 0 {
		sides = append(sides, "current "+format.Count(x.OutliersCur))
	}
	if len(sides) == 0 {
		return ""
	}
	return "outliers: " + strings.Join(sides, ", ")
}

// statusText is the row's status in words.
func statusText(r Row, threshold float64) string {
	switch r.Status {
	case BelowThreshold:
		return "regression below the " + percent(threshold) + " threshold"
	case Failed:
		why := strings.TrimPrefix(format.Status(r.Row, string(review.NotOK)), "not ok: ")
		return "failed: " + why
	case Missing:
		return "missing from the current run"
	case Added:
		return "new in the current run"
	case Unsupported:
		return visible.String(format.Status(r.Row, string(review.Unsupported)))
	case Underpowered:
		return format.Status(r.Row, "underpowered")
	}
	return r.Status.String()
}

// percent formats a threshold as given: "10%", "2.5%".
func percent(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) + "%" }
