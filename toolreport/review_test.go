package toolreport_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/toolreport"
)

// formatPairs are the committed pairs each tool wrote on this machine.
var formatPairs = []struct{ name, base, cur string }{
	{"go text", "go/base.txt", "go/cur.txt"},
	{"go json", "go/base.json", "go/cur.json"},
	{"hyperfine", "hyperfine/base.json", "hyperfine/cur.json"},
	{"googlebench", "googlebench/base.json", "googlebench/cur.json"},
	{"pytest", "pytest/base.json", "pytest/cur.json"},
	{"criterion", "criterion/target/criterion", ""}, // one folder, base and new
}

func readFormat(t *testing.T, rel string) *toolreport.Report {
	t.Helper()
	path := filepath.Join("..", "testdata", "formats", rel)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := toolreport.Read(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The page reviews another tool's reports one metric at a time, through
// AsReport and core/review; its rows must be Match's rows of that metric,
// in Match's order, with the same states and, for the rows Match
// compares, the comparison the command line computes (CompareMetric: in
// the metric's direction, all-zero rows unchanged).
func TestAsReportReviewsAsMatchPairs(t *testing.T) {
	for _, p := range formatPairs {
		t.Run(p.name, func(t *testing.T) {
			var base, cur *toolreport.Report
			if p.cur == "" {
				var err error
				base, cur, err = toolreport.ReadCriterionPair(os.DirFS(filepath.Join("..", "testdata", "formats", p.base)), "", "")
				if err != nil {
					t.Fatal(err)
				}
			} else {
				base, cur = readFormat(t, p.base), readFormat(t, p.cur)
			}
			matched := toolreport.Match(base, cur)
			metrics := toolreport.Metrics(base, cur)
			if len(metrics) == 0 {
				t.Fatal("no metric")
			}
			seen := 0
			for _, m := range metrics {
				want := []toolreport.Row{}
				for _, r := range matched {
					if r.Metric().Name == m.Name {
						want = append(want, r)
					}
				}
				m := m
				rv := review.NewOf(base.AsReport(m.Name), cur.AsReport(m.Name), &m)
				if len(rv.Rows) != len(want) {
					t.Fatalf("%s: %d rows, Match has %d", m.Name, len(rv.Rows), len(want))
				}
				for i := range rv.Rows {
					got, w := &rv.Rows[i], &want[i]
					if got.Key.Benchmark != w.Result().Label() {
						t.Errorf("%s row %d: %q, Match has %q", m.Name, i, got.Key.Benchmark, w.Result().Label())
					}
					if s := stateOf(w.State); got.State != s {
						t.Errorf("%s %q: state %q, Match's %q reads as %q", m.Name, got.Key.Benchmark, got.State, w.State, s)
					}
					if w.State != toolreport.Compared {
						continue
					}
					got.Compute()
					c := stats.CompareMetric(w.BaseMetric.Samples, w.CurMetric.Samples, w.CurMetric.Better == toolreport.Higher)
					if !same(*got.Comparison, c) {
						t.Errorf("%s %q: %+v, the command line's %+v", m.Name, got.Key.Benchmark, *got.Comparison, c)
					}
					seen++
				}
			}
			if seen == 0 {
				t.Error("no row compared")
			}
		})
	}
}

// stateOf is the review state a Match state reads as on the page.
func stateOf(s toolreport.State) review.State {
	switch s {
	case toolreport.Failed:
		return review.NotOK
	case toolreport.SummaryOnly:
		return review.Unsupported
	case toolreport.OnlyInBaseline:
		return review.OnlyInBaseline
	case toolreport.OnlyInCurrent:
		return review.OnlyInCurrent
	}
	return review.Compared
}

// same compares two comparisons bit for bit, NaNs alike.
func same(a, b stats.Comparison) bool {
	eq := func(x, y float64) bool { return x == y || x != x && y != y }
	return eq(a.BaselineMedian, b.BaselineMedian) && eq(a.Median, b.Median) && eq(a.Delta, b.Delta) &&
		eq(a.Lo, b.Lo) && eq(a.Hi, b.Hi) && eq(a.P, b.P) && a.Verdict == b.Verdict
}
