package store

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/wasm/actions"
)

// read reads a report from the repository's testdata.
func read(t *testing.T, name string) *report.Report {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := report.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func readString(t *testing.T, name, text string) *report.Report {
	t.Helper()
	r, err := report.Read(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// compute does what the workers do for every job the store hands out,
// and for the geomean.
func compute(s *Store) {
	var c stats.Comparer
	for _, j := range s.Jobs() {
		s.Dispatch(&actions.RowsComputed{
			Review: j.Review, Index: []int{j.Index},
			Comparisons: []stats.Comparison{c.CompareFloats(j.Base, j.Cur)},
			Extras:      []reviewtext.Extras{reviewtext.Measure(j.Base, j.Cur, AdviceShift)},
		})
	}
	if s.Compared() {
		s.Dispatch(&actions.GeomeanComputed{Review: s.ReviewID(), Geomean: c.GeomeanFloats(s.GeomeanRows())})
	}
}

// drawAll reports every chart the store wants as drawn.
func drawAll(s *Store) {
	for _, c := range s.Charts() {
		s.Dispatch(&actions.ChartDrawn{ID: c.ID, Gen: c.Gen})
	}
}

func checkPhase(t *testing.T, s *Store, want Phase) {
	t.Helper()
	if got := s.Phase(); got != want {
		t.Fatalf("phase = %q, want %q", got, want)
	}
}

// expectedVerdicts reads the verdicts the reference printed for a golden
// pair (compare-X.expected), by data-row key.
func expectedVerdicts(t *testing.T, name string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var c struct{ Benchmark, Of, Backend, Verdict string }
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		if c.Verdict != "" {
			want[c.Benchmark+"/"+c.Of+"/"+c.Backend] = c.Verdict
		}
	}
	return want
}

func TestAReviewGoesFromLoadingToReady(t *testing.T) {
	for _, set := range []string{"a", "b", "c"} {
		t.Run(set, func(t *testing.T) {
			s := New()
			checkPhase(t, s, Idle)
			s.Dispatch(&actions.LoadStarted{Side: actions.Baseline, Name: "base-" + set + ".jsonl"})
			s.Dispatch(&actions.LoadStarted{Side: actions.Current, Name: "cur-" + set + ".jsonl"})
			checkPhase(t, s, Loading)
			s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-"+set+".jsonl")})
			checkPhase(t, s, Loading)
			s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-"+set+".jsonl")})
			checkPhase(t, s, Computing)
			want := expectedVerdicts(t, "compare-"+set+".expected")
			if done, total := s.Progress(); done != 0 || total != len(want) {
				t.Fatalf("progress %d of %d, want 0 of %d (one job per compared row)", done, total, len(want))
			}
			if got := s.Waiting(); got != fmt.Sprintf("0 of %d rows computed; the geomean", len(want)) {
				t.Errorf("before any result, the store waits for %q", got)
			}
			compute(s)
			checkPhase(t, s, Computing) // the interval bars are not drawn yet
			if got := s.Waiting(); !strings.HasPrefix(got, "chart interval to draw generation ") || !strings.HasSuffix(got, " (drew none)") {
				t.Errorf("with every result in, the store waits for %q, want the interval chart", got)
			}
			drawAll(s)
			checkPhase(t, s, Ready)
			if got := s.Waiting(); got != "" {
				t.Errorf("ready, the store still waits for %q", got)
			}

			got := map[string]string{}
			for _, r := range s.Rows() {
				if r.Verdict() {
					got[r.Key.String()] = r.Status
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d rows with a verdict, want %d", len(got), len(want))
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s: verdict %q, want %q (benchview compare)", k, got[k], v)
				}
			}
		})
	}
}

// Of two reports dropped together, the first read is not shown alone for
// the moment before the second is: no rows, no jobs, until both are in.
func TestTwoReportsLoadingTogetherShowOnlyTheirReview(t *testing.T) {
	s := New()
	s.Dispatch(&actions.LoadStarted{Side: actions.Baseline, Name: "base-a.jsonl"})
	s.Dispatch(&actions.LoadStarted{Side: actions.Current, Name: "cur-a.jsonl"})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	if rows, jobs := s.Rows(), s.Jobs(); len(rows) != 0 || len(jobs) != 0 {
		t.Errorf("with the current report still loading: %d rows and %d jobs, want none", len(rows), len(jobs))
	}
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	want := len(expectedVerdicts(t, "compare-a.expected"))
	if done, total := s.Progress(); done != 0 || total != want {
		t.Errorf("once both are in: progress %d of %d, want 0 of %d", done, total, want)
	}
}

// A review paired ahead of the report's arrival is the one shown when it
// is of the reports the store holds; one of other reports (the other side
// changed while it was paired) is not.
func TestAReviewPairedAheadIsTakenOnlyForItsReports(t *testing.T) {
	base, cur, other := read(t, "base-a.jsonl"), read(t, "cur-a.jsonl"), read(t, "base-b.jsonl")
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: base})
	ahead := review.New(base, cur)
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: cur, Review: ahead})
	if s.Review() != ahead {
		t.Error("the review paired ahead of the current report was not the one shown")
	}
	stale := review.New(other, cur)
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: cur, Review: stale})
	if rv := s.Review(); rv == stale || rv.Base != base || rv.Cur != cur || len(rv.Rows) != len(ahead.Rows) {
		t.Errorf("a review of another baseline was taken: base %q, %d rows", rv.Base.Name, len(rv.Rows))
	}
}

func TestLateResultsOfAnOlderReviewAreDropped(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	old := s.Jobs()
	s.Dispatch(&actions.Swap{})
	if s.Report(actions.Baseline).Name != "cur-a.jsonl" {
		t.Fatalf("after Swap the baseline is %q", s.Report(actions.Baseline).Name)
	}
	for _, j := range old {
		s.Dispatch(&actions.RowsComputed{Review: j.Review, Index: []int{j.Index}, Comparisons: []stats.Comparison{stats.CompareFloats(j.Base, j.Cur)}})
	}
	if done, total := s.Progress(); done != 0 || total == 0 {
		t.Errorf("progress %d of %d after results of the swapped-out review", done, total)
	}
	compute(s)
	drawAll(s)
	checkPhase(t, s, Ready)
}

func TestOneReportAloneIsAView(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-b.jsonl")})
	if s.Compared() {
		t.Error("one report is compared")
	}
	if len(s.Jobs()) != 0 {
		t.Errorf("%d jobs for a single report", len(s.Jobs()))
	}
	rows := s.Rows()
	if len(rows) == 0 {
		t.Fatal("no rows")
	}
	for _, r := range rows {
		if r.Verdict() {
			t.Errorf("%s has verdict %q with one report", r.Key, r.Status)
		}
	}
	checkPhase(t, s, Ready) // no chart until a row is selected
	s.Dispatch(&actions.Select{Key: rows[0].Key.String()})
	checkPhase(t, s, Computing)
	drawAll(s)
	checkPhase(t, s, Ready)
}

const mixed = `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"d","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102]}}
{"benchmark":"e","kind":"unsupported","backend":"vm","what":"a spawn","ok":false}
`

const mixedCur = `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[150,151,152,153,154,155,156,157]}}
{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[50,51,52,53,54,55,56,57]}}
{"benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"d","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102]}}
{"benchmark":"e","kind":"unsupported","backend":"vm","what":"a spawn","ok":false}
{"benchmark":"f","kind":"vm","backend":"vm","wall_ns":{"samples":[120,121,122,123,124,125,126,127]}}
{"benchmark":"g","kind":"vm","backend":"vm","wall_ns":{"samples":[300,310,320,330,340,350,360,370]}}
`

// loaded is a computed review of mixed against mixedCur.
func loaded(t *testing.T) *Store {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: readString(t, "base.jsonl", mixed)})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: readString(t, "cur.jsonl", mixedCur+
		`{"benchmark":"g2","kind":"vm","backend":"vm","wall_ns":{"samples":[300,310,320,330,340,350,360,370]}}`+"\n")})
	compute(s)
	return s
}

func names(rows []Row) string {
	var n []string
	for _, r := range rows {
		n = append(n, r.Key.Benchmark)
	}
	return strings.Join(n, " ")
}

func TestTheTableStartsWithRegressions(t *testing.T) {
	s := loaded(t)
	rows := s.Rows()
	if rows[0].Status != "regression" || rows[0].Key.Benchmark != "a" {
		t.Errorf("first row %s (%s), want the regression a", rows[0].Key, rows[0].Status)
	}
	var ranks []int
	for _, r := range rows {
		ranks = append(ranks, tableview.Rank(r.Status))
	}
	if !slices.IsSorted(ranks) {
		t.Errorf("statuses in order %v, want regressions, improvements, noise, underpowered, then the rest", ranks)
	}
	// Only in current (f, g, g2) come after the comparisons, by name.
	if got := names(rows); got != "a b c d e f g g2" {
		t.Errorf("order %q", got)
	}
}

func TestRowsStayInPlaceWhileComputing(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: readString(t, "base.jsonl", mixed)})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: readString(t, "cur.jsonl", mixedCur)})
	jobs := s.Jobs()
	for _, j := range append(jobs[:1:1], jobs[2:]...) { // every row but b
		s.Dispatch(&actions.RowsComputed{Review: j.Review, Index: []int{j.Index}, Comparisons: []stats.Comparison{stats.CompareFloats(j.Base, j.Cur)}})
	}
	// Sorted, the pending b would follow the underpowered d.
	if got := names(s.Rows()); got != "a b c d e f g" {
		t.Errorf("while computing: %q, want the report's order", got)
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColName})
	s.Dispatch(&actions.SortBy{Column: tableview.ColName})
	if got := names(s.Rows()); got != "g f e d c b a" {
		t.Errorf("a chosen column while computing: %q, want it applied", got)
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColVerdict})
	j := jobs[1]
	s.Dispatch(&actions.RowsComputed{Review: j.Review, Index: []int{j.Index}, Comparisons: []stats.Comparison{stats.CompareFloats(j.Base, j.Cur)}})
	if got := names(s.Rows()); got != "a b c d e f g" || s.Rows()[0].Status != "regression" {
		t.Errorf("once computed: %q, want regressions first", got)
	}
}

func TestSortByAnyColumn(t *testing.T) {
	s := loaded(t)
	s.Dispatch(&actions.SortBy{Column: tableview.ColDelta})
	// a +50%, b -50%, c 0, d (underpowered) 0: the first click sorts by Δ
	// descending; rows with no Δ (e, f, g, g2) last, by the default order.
	if got := names(s.Rows()); got != "a c d b e f g g2" {
		t.Errorf("by Δ descending: %q", got)
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColDelta})
	if got := names(s.Rows()); got != "b c d a e f g g2" {
		t.Errorf("by Δ ascending: %q (rows without a Δ stay last)", got)
	}
	if s.View().Sorted(tableview.ColDelta) != 1 || s.View().Sorted(tableview.ColName) != 0 {
		t.Errorf("Sorted = %d, %d", s.View().Sorted(tableview.ColDelta), s.View().Sorted(tableview.ColName))
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColCurMedian})
	if got := names(s.Rows()); got != "b d c f a g g2 e" {
		t.Errorf("by current median: %q", got)
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColName})
	s.Dispatch(&actions.SortBy{Column: tableview.ColName})
	if got := names(s.Rows()); got != "g2 g f e d c b a" {
		t.Errorf("by name descending: %q", got)
	}
	s.Dispatch(&actions.SortBy{Column: tableview.ColVerdict})
	if s.View().Sort != "" || s.View().Desc {
		t.Errorf("sorting by verdict is the default view, got %+v", s.View())
	}
}

func TestFilterAndSearch(t *testing.T) {
	s := loaded(t)
	for _, c := range []struct{ filter, search, want string }{
		{"regression", "", "a"},
		{"improvement", "", "b"},
		{"inside the noise", "", "c"},
		{"underpowered", "", "d"},
		{Other, "", "e f g g2"},
		{"", "G", "g g2"},
		{"", "g2 vm", "g2"},
		{"", "nothing", ""},
		{Other, "vm", "e f g g2"},
		{Other, "vm/vm", "f g g2"}, // e is e/unsupported/vm
	} {
		s.Dispatch(&actions.Filter{Status: c.filter})
		s.Dispatch(&actions.Search{Text: c.search})
		if got := names(s.Rows()); got != c.want {
			t.Errorf("filter %q search %q: %q, want %q", c.filter, c.search, got, c.want)
		}
	}
	counts := s.Counts()
	if counts["regression"] != 1 || counts["only-in-current"] != 3 || counts["unsupported"] != 1 {
		t.Errorf("counts = %v", counts)
	}
}

func TestChartsFollowTheView(t *testing.T) {
	s := loaded(t)
	drawAll(s)
	checkPhase(t, s, Ready)
	s.Dispatch(&actions.Select{Key: "a/vm/vm"})
	checkPhase(t, s, Computing) // the bars redraw the highlight, the run order appears
	ids := []string{}
	for _, c := range s.Charts() {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, ",") != "interval,run:a/vm/vm" {
		t.Errorf("charts = %v", ids)
	}
	drawAll(s)
	checkPhase(t, s, Ready)
	s.Dispatch(&actions.ShowAllRunOrder{Show: true})
	if n := len(s.Charts()); n != 1+7 { // e has no samples
		t.Errorf("%d charts with every run order shown, want 8", n)
	}
	s.Dispatch(&actions.Filter{Status: "improvement"})
	if n := len(s.Charts()); n != 2 {
		t.Errorf("%d charts for one shown row, want 2", n)
	}
	s.Dispatch(&actions.Filter{Status: Other})
	for _, c := range s.Charts() {
		if c.ID == IntervalChart {
			t.Error("interval bars shown with no compared row")
		}
	}
}

func TestProblemsNameFileAndLine(t *testing.T) {
	s := New()
	bad := mixed[:strings.Index(mixed, "\n")+1] + "{\"benchmark\":\"x\",\n" + mixed[strings.Index(mixed, "\n")+1:]
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: readString(t, "bad.jsonl", bad)})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: readString(t, "cur.jsonl", mixedCur)})
	p := s.Problems()
	if len(p) != 1 || !strings.HasPrefix(p[0].Text, "bad.jsonl:2: ") || p[0].Warning {
		t.Fatalf("problems = %+v, want one naming bad.jsonl:2", p)
	}
	compute(s)
	drawAll(s)
	checkPhase(t, s, Ready) // a bad line loses itself, not the review
	if got := names(s.Rows()); !strings.Contains(got, "a b c d") {
		t.Errorf("good rows lost: %q", got)
	}

	s.Dispatch(&actions.LoadFailed{Side: actions.Current, Name: "cur.jsonl", Err: "HTTP 404 Not Found"})
	checkPhase(t, s, Error)
	if p := s.Problems(); p[0].Text != "cur.jsonl: HTTP 404 Not Found" && p[len(p)-1].Text != "cur.jsonl: HTTP 404 Not Found" {
		t.Errorf("problems = %+v", p)
	}

	s = New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: readString(t, "old.jsonl",
		`{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"min":1,"mean":2,"max":3}}`+"\n")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: readString(t, "cur.jsonl", mixedCur)})
	if p := s.Problems(); len(p) != 1 || p[0].Text != "old.jsonl: "+report.NoSamplesReason {
		t.Errorf("a baseline without samples: problems = %+v", p)
	}
}

// The fragment's spelling is tableview's (see its tests); the store
// restores a view from it.
func TestFragment(t *testing.T) {
	s := New()
	s.Dispatch(&actions.RestoreView{Fragment: "#filter=regression&q=pure&row=pure%2Fvm%2Fvm"})
	if v := s.View(); v.Filter != "regression" || v.Search != "pure" || v.Selected != "pure/vm/vm" {
		t.Errorf("restored view = %+v", v)
	}
}

func TestPair(t *testing.T) {
	if b, c := Pair(2000, 1000); b != 1 || c != 0 {
		t.Errorf("Pair(newer, older) = %d, %d; the older is the baseline", b, c)
	}
	if b, c := Pair(1000, 1000); b != 0 || c != 1 {
		t.Errorf("Pair of equal ages = %d, %d; keep the order", b, c)
	}
}

func TestADownloadWaitsForReadyAndOneAtATime(t *testing.T) {
	s := New()
	if s.CanDownload() {
		t.Error("a download is offered with nothing loaded")
	}
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	if s.CanDownload() {
		t.Error("a download is offered while rows are computed")
	}
	compute(s)
	drawAll(s)
	if !s.CanDownload() {
		t.Fatalf("no download offered once ready (phase %q)", s.Phase())
	}
	s.Dispatch(&actions.DownloadStarted{})
	if s.CanDownload() || !s.Downloading() {
		t.Error("a second download is offered while one is built")
	}
	s.Dispatch(&actions.DownloadDone{Err: "the worker failed"})
	if !s.CanDownload() || s.DownloadErr() != "the worker failed" {
		t.Errorf("after a failed download: can download %v, error %q", s.CanDownload(), s.DownloadErr())
	}
	s.Dispatch(&actions.DownloadStarted{})
	if s.DownloadErr() != "" {
		t.Errorf("a new download still shows the last error %q", s.DownloadErr())
	}
}

func TestADownloadIsNamedAfterItsReports(t *testing.T) {
	for _, c := range []struct {
		base, cur, want string
	}{
		{"base-b.jsonl", "cur-b.jsonl", "review-base-b-vs-cur-b.html"},
		{"", "main.jsonl", "review-main.html"},
		{"../a b/<x>.json", "ünï.jsonl", "review-..-a-b--x--vs--n-.html"},
		{".jsonl", "...", "review-report-vs-report.html"},
	} {
		s := New()
		for side, name := range []string{c.base, c.cur} {
			if name != "" {
				s.Dispatch(&actions.ReportLoaded{Side: actions.Side(side), Report: readString(t, name, mixed)})
			}
		}
		if got := s.DownloadName(); got != c.want {
			t.Errorf("reports %q and %q: %q, want %q", c.base, c.cur, got, c.want)
		}
	}
}

// The adjusted view changes the verdicts the table shows and counts, the
// reference's stay in the review, and the switch lives in the fragment.
func TestAdjustedViewChangesVerdictsNotTheReview(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	compute(s)
	drawAll(s)
	checkPhase(t, s, Ready)
	before := s.Counts()
	s.Dispatch(&actions.Adjust{Method: stats.Holm})
	if f := s.View().Fragment(); f != "adjust=holm" {
		t.Errorf("fragment = %q, want adjust=holm", f)
	}
	after := s.Counts()
	// Example a has 4 verdicts at 95% among 22 rows; sortedargs/interpreter/ast's
	// interval [+0.04%, +6.08%] barely excludes zero, so Holm's level of
	// 0.05/22 for the smallest p cannot keep it.
	if after["regression"]+after["improvement"] >= before["regression"]+before["improvement"] {
		t.Errorf("Holm kept every verdict: %v before, %v after", before, after)
	}
	var changed Row
	for _, r := range s.Rows() {
		if r.Reference != "" {
			changed = r
		}
	}
	if changed.Reference == "" || changed.Status != "inside the noise" {
		t.Fatalf("no row says the reference's verdict it changed: %+v", changed)
	}
	for _, r := range s.Review().Rows {
		if r.Key == changed.Key && r.Comparison.Verdict.String() != changed.Reference {
			t.Errorf("the review's own verdict became %v", r.Comparison.Verdict)
		}
	}
	if !strings.Contains(changed.Advice, "samples a side would resolve a 1% shift") {
		t.Errorf("a row inside the noise after adjustment gives no advice: %q", changed.Advice)
	}
	s.Dispatch(&actions.RestoreView{Fragment: "#"})
	if got := s.Counts(); !maps.Equal(got, before) {
		t.Errorf("back in the default view the counts are %v, want %v", got, before)
	}
}

// The summary the page copies as Markdown is the command line's: the
// extras and geomean the workers measured give the same text as the ones
// reviewtext measures itself.
func TestSummaryIsTheCommandLines(t *testing.T) {
	for _, adjust := range []string{"", stats.BH} {
		s := New()
		base, cur := read(t, "base-b.jsonl"), read(t, "cur-b.jsonl")
		s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: base})
		s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: cur})
		s.Dispatch(&actions.Adjust{Method: adjust})
		if s.Summary() != nil {
			t.Fatal("a summary before the rows are computed")
		}
		compute(s)
		drawAll(s)
		var got, want strings.Builder
		if err := s.Summary().Markdown(&got); err != nil {
			t.Fatal(err)
		}
		v := review.New(read(t, "base-b.jsonl"), read(t, "cur-b.jsonl"))
		for i := range v.Rows {
			v.Rows[i].Compute()
		}
		reviewtext.New(v, reviewtext.Options{Extras: true, Adjust: adjust}).Markdown(&want)
		if got.String() != want.String() {
			t.Errorf("adjust %q: the page's Markdown\n%s\nwant the command line's\n%s", adjust, got.String(), want.String())
		}
		if !strings.Contains(got.String(), "geomean") {
			t.Errorf("no geomean in\n%s", got.String())
		}
	}
}

// Ready waits for the geomean, which only two reports have.
func TestReadyWaitsForTheGeomean(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	var c stats.Comparer
	for _, j := range s.Jobs() {
		s.Dispatch(&actions.RowsComputed{Review: j.Review, Index: []int{j.Index}, Comparisons: []stats.Comparison{c.CompareFloats(j.Base, j.Cur)}})
	}
	drawAll(s)
	checkPhase(t, s, Computing)
	if _, ok := s.Geomean(); ok {
		t.Fatal("a geomean before one was computed")
	}
	g := c.GeomeanFloats(s.GeomeanRows())
	s.Dispatch(&actions.GeomeanComputed{Review: s.ReviewID() - 1, Geomean: g})
	checkPhase(t, s, Computing) // an older review's is dropped
	s.Dispatch(&actions.GeomeanComputed{Review: s.ReviewID(), Geomean: g})
	drawAll(s)
	checkPhase(t, s, Ready)
	if got, ok := s.Geomean(); !ok || got != g {
		t.Errorf("geomean %+v, %v; want %+v", got, ok, g)
	}

	// The rows are given sorted; the geomean of them in run order has
	// the same bits, on every golden pair.
	for _, set := range []string{"a", "b", "c"} {
		s := New()
		s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-"+set+".jsonl")})
		s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-"+set+".jsonl")})
		var inOrder []stats.FloatRow
		for _, r := range s.Review().Rows {
			if r.State == review.Compared {
				inOrder = append(inOrder, stats.FloatRow{Baseline: r.BaseStats.Taken, Current: r.CurStats.Taken})
			}
		}
		got, want := c.GeomeanFloats(s.GeomeanRows()), c.GeomeanFloats(inOrder)
		// The page counts the geomean's rows by Progress (sendGeomean).
		if _, total := s.Progress(); total != len(s.GeomeanRows()) {
			t.Errorf("%s: %d rows to compare, %d geomean rows", set, total, len(s.GeomeanRows()))
		}
		// And the jobs, each added by its place (Job.Geomean) as a
		// worker does, in any order, to sums of their own: the same.
		var sums [2]stats.GeomeanSum
		jobs := s.Jobs()
		for i, j := range jobs {
			j = jobs[len(jobs)-1-i]
			if j.Geomean >= 0 {
				c.AddFloats(&sums[i%2], j.Geomean, stats.FloatRow{Baseline: j.Base, Current: j.Cur})
			} else if s.Review().Rows[j.Index].State == review.Compared {
				t.Errorf("%s: row %d is compared, and its job has no place in the geomean", set, j.Index)
			}
		}
		sums[0].Add(sums[1])
		if byJobs := sums[0].Geomean(); byJobs != want && !(set != "b" && byJobs.Rows == 0 && want.Rows == 0) {
			t.Errorf("%s: geomean %+v from the jobs, %+v from the rows", set, byJobs, want)
		}
		for i, pair := range [][2]float64{{got.Delta, want.Delta}, {got.Lo, want.Lo}, {got.Hi, want.Hi}} {
			if math.Float64bits(pair[0]) != math.Float64bits(pair[1]) {
				t.Errorf("%s: figure %d of the geomean is %v from sorted rows, %v from rows in run order", set, i, pair[0], pair[1])
			}
		}
		if got.Rows != want.Rows || got.Verdict != want.Verdict || set == "b" && got.Rows == 0 {
			t.Errorf("%s: geomean %+v from sorted rows, %+v in run order", set, got, want)
		}
	}

	one := New()
	one.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	if rows := one.GeomeanRows(); rows != nil {
		t.Errorf("one report alone has %d geomean rows", len(rows))
	}
	compute(one)
	drawAll(one)
	checkPhase(t, one, Ready)
}

// Two reports with no row in common have a geomean too, of no row: the
// page asks for it (GeomeanRows is empty, not nil) and is then ready.
func TestNoRowInCommonStillReachesReady(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "hostile-cur.jsonl")})
	if len(s.Jobs()) != 0 {
		t.Fatalf("%d jobs for reports with no row in common", len(s.Jobs()))
	}
	rows := s.GeomeanRows()
	if rows == nil || len(rows) != 0 {
		t.Fatalf("GeomeanRows = %#v, want empty and not nil", rows)
	}
	if _, total := s.Progress(); total != 0 || !s.Compared() {
		t.Fatalf("%d rows to compare, compared %v: the page would not ask for the geomean", total, s.Compared())
	}
	drawAll(s)
	checkPhase(t, s, Computing)
	s.Dispatch(&actions.GeomeanComputed{Review: s.ReviewID(), Geomean: stats.GeomeanOf(nil)})
	drawAll(s)
	checkPhase(t, s, Ready)
	if g, ok := s.Geomean(); !ok || g.Rows != 0 || g.Verdict != stats.Underpowered {
		t.Errorf("geomean %+v, %v; want one of no row, underpowered", g, ok)
	}
}
