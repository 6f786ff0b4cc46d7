package toolreport

import (
	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
)

// Metrics lists the metrics the results of cur and base measure, each
// once by name: cur's in the order its results first give them, then
// those only base has. Every tool gives time first, so the first metric
// is the one a page shows first. Either report may be nil.
func Metrics(base, cur *Report) []review.Metric {
	var out []review.Metric
	seen := map[string]bool{}
	for _, rep := range []*Report{cur, base} {
		if rep == nil {
			continue
		}
		for i := range rep.Results {
			for _, m := range rep.Results[i].Metrics {
				if !seen[m.Name] {
					seen[m.Name] = true
					out = append(out, review.Metric{Name: m.Name, Unit: m.Unit, Higher: m.Better == Higher})
				}
			}
		}
	}
	return out
}

// AsReport is r's results as rows of one metric, named metric, for a
// review (review.NewOf) that pairs them as it pairs cove-bench rows and
// agrees with Match:
//
//   - a row's key is the result's Label (its name and the configuration
//     its name does not show) with no kind or backend; a key the report
//     has twice is looked up at its first result, as Match pairs it;
//   - a result with samples of the metric is a row with those Values;
//   - a failed run with the metric is a row that is not OK, What saying
//     why;
//   - a result whose tool kept only a summary of the metric is refused
//     (Refused), What saying so: nothing to compare, never a verdict;
//   - a result without the metric has no row.
//
// The problems are r's, so a page shows them whichever metric it shows.
func (r *Report) AsReport(metric string) *report.Report {
	rows := make([]report.Row, 0, len(r.Results))
	for i := range r.Results {
		res := &r.Results[i]
		m := metricOf(res, metric)
		if m == nil {
			continue
		}
		row := report.Row{Key: report.Key{Benchmark: res.Label()}, Line: res.Line, Values: m.Samples, OK: true}
		switch {
		case res.Failed:
			row.OK, row.What = false, res.Why
		case row.Values == nil:
			row.Refused, row.What = true, summaryOnly(res)
		}
		rows = append(rows, row)
	}
	return report.New(r.Name, rows, r.Problems)
}

// summaryOnly says why a result without samples of a metric has no
// comparison: its tool's own note, or that only a summary was kept.
func summaryOnly(res *Result) string {
	if res.Note != "" {
		return res.Note
	}
	return "only a summary was kept, no samples"
}
