package format

import (
	"strconv"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// Status is a row's status in words, with what a reader needs to know about
// it: how many samples an underpowered row has against the floor, what an
// unsupported row refused, which side reported ok:false. status is a verdict
// ("regression", "underpowered", …) or a review.State; anything else is
// returned as it is.
func Status(r *review.Row, status string) string {
	switch status {
	case "underpowered":
		return "underpowered: " + count(r.BaseStats) + " vs " + count(r.CurStats) + " samples, " +
			strconv.Itoa(stats.MinSamples) + " needed"
	case string(review.Unsupported):
		if what := reason(r); what != "" {
			return "unsupported: " + what
		}
		return "unsupported"
	case string(review.OnlyInBaseline):
		return "only in baseline"
	case string(review.OnlyInCurrent):
		return "only in current"
	case string(review.NotOK):
		return "not ok: " + notOK(r)
	}
	return status
}

// StatusClass is the CSS class that colours a status: "noise" for inside
// the noise, "only" for a row one report lacks, the status itself otherwise.
func StatusClass(status string) string {
	switch status {
	case "inside the noise":
		return "noise"
	case string(review.OnlyInBaseline), string(review.OnlyInCurrent):
		return "only"
	}
	return status
}

// count is the number of samples s holds, "0" when there is no series.
func count(s *stats.FloatStats) string {
	if s == nil {
		return "0"
	}
	return strconv.Itoa(len(s.Sorted))
}

// reason is what an unsupported row says it refused.
func reason(r *review.Row) string {
	for _, side := range []*report.Row{r.Cur, r.Base} {
		if side != nil && side.What != "" {
			return side.What
		}
	}
	return ""
}

// notOK says which side reported ok:false.
func notOK(r *review.Row) string {
	switch {
	case r.Base != nil && !r.Base.OK && r.Cur != nil && !r.Cur.OK:
		return "both runs report ok:false"
	case r.Cur != nil && !r.Cur.OK:
		return "the current run reports ok:false"
	}
	return "the baseline reports ok:false"
}

// RowUnit is the one unit a row's durations are shown in, wherever they
// appear (table, run-order chart, exported page): the one that suits the
// larger of its medians.
func RowUnit(r *review.Row) Unit {
	var medians []float64
	for _, s := range []*stats.FloatStats{r.BaseStats, r.CurStats} {
		if s != nil {
			medians = append(medians, s.Median())
		}
	}
	if r.Metric != nil {
		return MetricUnitFor(r.Metric.Unit, medians...)
	}
	return UnitFor(medians...)
}
