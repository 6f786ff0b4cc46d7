package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/actions"
)

// readTool reads a fixture of another tool from testdata/formats.
func readTool(t *testing.T, name string) *toolreport.Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := toolreport.Read(filepath.Base(name), data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// computeMetric is compute for a review of a metric: each job compared
// in its metric's direction, as the workers do.
func computeMetric(s *Store) {
	var c stats.Comparer
	for _, j := range s.Jobs() {
		s.Dispatch(&actions.RowsComputed{Review: j.Review, Index: []int{j.Index},
			Comparisons: []stats.Comparison{j.Metric.Compare(&c, j.Base, j.Cur)}})
	}
	if s.Compared() {
		s.Dispatch(&actions.GeomeanComputed{Review: s.ReviewID(), Geomean: c.GeomeanFloats(s.GeomeanRows())})
	}
}

// verdicts are the verdicts of the store's compared rows, by row label.
func verdicts(s *Store) map[string]string {
	out := map[string]string{}
	for _, r := range s.Review().Rows {
		if r.Comparison != nil {
			out[r.Key.Benchmark] = r.Comparison.Verdict.String()
		}
	}
	return out
}

func TestAnotherToolsReportsShowOneMetricAtATime(t *testing.T) {
	base, cur := readTool(t, "go/base.txt"), readTool(t, "go/cur.txt")
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: base})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Tool: cur})
	var names []string
	for _, m := range s.Metrics() {
		names = append(names, m.Name)
	}
	if got := strings.Join(names, " "); got != "ns/op B/op allocs/op MB/s items/op" {
		t.Fatalf("metrics %q: want ns/op B/op allocs/op MB/s items/op", got)
	}
	if m := s.Metric(); m == nil || m.Name != "ns/op" || m.Higher {
		t.Fatalf("first metric shown %+v, want ns/op, lower better", m)
	}
	computeMetric(s)
	got := verdicts(s)
	// What the fixture's README says was slowed.
	if got["Hash-2"] != "regression" || got["Append-2"] != "regression" {
		t.Errorf("ns/op verdicts %v: Hash-2 and Append-2 were slowed", got)
	}

	// Throughput: higher is better, and Hash's halved MB/s is a regression.
	s.Dispatch(&actions.SelectMetric{Name: "MB/s"})
	if m := s.Metric(); m == nil || m.Name != "MB/s" || !m.Higher {
		t.Fatalf("after choosing MB/s the metric is %+v", m)
	}
	if s.View().Fragment() != "metric=MB%2Fs" {
		t.Errorf("the address keeps %q, want metric=MB%%2Fs", s.View().Fragment())
	}
	computeMetric(s)
	if v := verdicts(s); v["Hash-2"] != "regression" || len(v) != 1 {
		t.Errorf("MB/s verdicts %v, want Hash-2 alone, a regression", v)
	}

	// The same verdicts as a review of the same rows built natively.
	want := review.NewOf(base.AsReport("MB/s"), cur.AsReport("MB/s"), s.Metric())
	for i := range want.Rows {
		want.Rows[i].Compute()
		if g, w := s.Review().Rows[i].Comparison, want.Rows[i].Comparison; (g == nil) != (w == nil) || g != nil && *g != *w {
			t.Errorf("row %s: %+v, computed natively %+v", want.Rows[i].Key, g, w)
		}
	}

	// Swap exchanges what was read, so the metric's rows follow.
	s.Dispatch(&actions.Swap{})
	if s.Tool(actions.Baseline) != cur || s.Report(actions.Baseline).Name != cur.Name || s.Metric().Name != "MB/s" {
		t.Errorf("after Swap the baseline is %s, metric %v", s.Report(actions.Baseline).Name, s.Metric())
	}

	// A link with a metric the reports do not have shows their first.
	s.Dispatch(&actions.RestoreView{Fragment: "metric=furlongs"})
	if s.Metric().Name != "ns/op" {
		t.Errorf("an unknown metric shows %s, want ns/op", s.Metric().Name)
	}
}

func TestTwoToolsAreNotCompared(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: readTool(t, "hyperfine/base.json")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Tool: readTool(t, "go/cur.txt")})
	if s.Phase() != Error {
		t.Fatalf("phase %s, want error", s.Phase())
	}
	p := s.Problems()
	if len(p) != 1 || p[0].Text != "cur.txt: a go test -bench report, and base.json is a hyperfine report: compare two reports of one tool" {
		t.Errorf("problems %+v", p)
	}
	// Nor a cove-bench report with another tool's.
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	if p := s.Problems(); len(p) != 1 || !strings.Contains(p[0].Text, "cur-a.jsonl: a cove-bench report, and base.json is a hyperfine report") {
		t.Errorf("problems %+v", p)
	}
}

// A review of another tool's reports paired ahead of the store, of the
// rows the store gives (RowsOf) for the metric it would choose
// (ChooseMetric), is the one shown, as a cove-bench review paired ahead
// is; one of another metric's rows is not, and once the view shows
// another metric the store pairs that metric's rows itself.
func TestAToolReviewPairedAheadIsTaken(t *testing.T) {
	base, cur := readTool(t, "go/base.txt"), readTool(t, "go/cur.txt")
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: base})
	tools := [2]*toolreport.Report{base, cur}
	m, _ := ChooseMetric(tools, s.View().Metric)
	if m == nil || m.Name != "ns/op" {
		t.Fatalf("the metric chosen is %+v, want ns/op", m)
	}
	ahead := review.NewOf(s.RowsOf(base, m), s.RowsOf(cur, m), m)
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Tool: cur, Review: ahead})
	if s.Review() != ahead {
		t.Fatal("the review paired ahead was not the one shown")
	}
	if s.Report(actions.Baseline) != s.RowsOf(base, m) {
		t.Error("the store's rows are not those RowsOf gives for the same report and metric")
	}

	// Paired of the rows of another metric: not taken.
	other, _ := ChooseMetric(tools, "B/op")
	stale := review.NewOf(s.RowsOf(base, other), s.RowsOf(cur, other), other)
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Tool: cur, Review: stale})
	if rv := s.Review(); rv == stale || rv.Metric.Name != "ns/op" || len(rv.Rows) != len(ahead.Rows) {
		t.Errorf("a review of B/op was taken for ns/op: %+v, %d rows", rv.Metric, len(rv.Rows))
	}
	s.Dispatch(&actions.SelectMetric{Name: "B/op"})
	if rv := s.Review(); rv.Metric.Name != "B/op" || rv.Base != s.RowsOf(base, other) {
		t.Errorf("after choosing B/op the review is of %+v", rv.Metric)
	}

	// Other reports loaded, the rows of these go with them.
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: readTool(t, "go/base.json")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Tool: readTool(t, "go/cur.json")})
	for _, r := range s.toolRows {
		if r.tool == base || r.tool == cur {
			t.Errorf("the store keeps the %s rows of %s, no longer loaded", r.metric, r.tool.Name)
		}
	}
}

// The configuration lines are made anew when the reports change, and
// not otherwise: the same slice for the same reports.
func TestConfigFollowsTheReports(t *testing.T) {
	base, cur := readTool(t, "go/base.txt"), readTool(t, "googlebench/base.json")
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: base})
	lines := s.Config()
	if len(lines) == 0 || !strings.HasPrefix(strings.Join(lines, "\n"), "goos: ") {
		t.Fatalf("config %q, want the go report's goos first", lines)
	}
	if again := s.Config(); &again[0] != &lines[0] {
		t.Error("the lines were made again for the same reports")
	}
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Tool: cur})
	if got := strings.Join(s.Config(), "\n"); strings.Contains(got, "goos") {
		t.Errorf("after another report was loaded, config %q still shows the first's", got)
	}
}
