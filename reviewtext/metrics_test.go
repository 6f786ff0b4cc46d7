package reviewtext

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/toolreport"
)

// rate is a metric in MB/s around centre, n samples spread by ±1%.
func rate(name string, better toolreport.Better, centre float64, n int) toolreport.Metric {
	m := toolreport.Metric{Name: name, Unit: "B/s", Better: better}
	for i := range n {
		m.Samples = append(m.Samples, centre*(1+0.01*float64(i%5-2)/2))
	}
	return m
}

// metricsOf compares base and cur as the command line does.
func metricsOf(base, cur *toolreport.Report, o Options) *MetricSummary {
	matched := toolreport.Match(base, cur)
	rows := make([]MetricRow, len(matched))
	var comparer stats.Comparer // rows of the same sizes share the resampling
	for i, m := range matched {
		rows[i].Row = m
		if m.State == toolreport.Compared || (m.BaseMetric != nil && m.CurMetric != nil && m.BaseMetric.Samples != nil && m.CurMetric.Samples != nil) {
			c := comparer.CompareMetric(m.BaseMetric.Samples, m.CurMetric.Samples, m.CurMetric.Better == toolreport.Higher)
			rows[i].Comparison = &c
		}
	}
	return NewMetrics(base.Name, cur.Name, rows, o)
}

func TestMetricSummaryStatuses(t *testing.T) {
	base := &toolreport.Report{Name: "base", Results: []toolreport.Result{
		{Name: "drop3", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 1000, 20)}},
		{Name: "drop30", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 1000, 20)}},
		{Name: "summary", Metrics: []toolreport.Metric{{Name: "time", Unit: "sec", Better: toolreport.Lower}}, Note: "kept no rounds"},
		{Name: "gone", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 1000, 20)}},
	}}
	cur := &toolreport.Report{Name: "cur", Results: []toolreport.Result{
		{Name: "drop3", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 970, 20)}},
		{Name: "drop30", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 700, 20)}},
		{Name: "summary", Metrics: []toolreport.Metric{rate("time", toolreport.Lower, 1, 20)}},
		{Name: "failed", Metrics: []toolreport.Metric{rate("MB/s", toolreport.Higher, 1000, 20)}, Failed: true},
	}}
	s := metricsOf(base, cur, Options{Threshold: 5, Extras: true})
	want := map[string]Status{
		"drop3":   BelowThreshold, // a rate 3% down: a regression, under the 5% threshold
		"drop30":  Regression,
		"summary": Underpowered, // the baseline kept only a summary: no verdict
		"failed":  Failed,
		"gone":    Missing,
	}
	for _, r := range s.Rows {
		if got := r.Status; got != want[r.Result().Name] {
			t.Errorf("%s: status %v, want %v", r.Result().Name, got, want[r.Result().Name])
		}
	}
	if s.Compared() != 2 || s.Judged() != 2 {
		t.Errorf("Compared %d, Judged %d; want 2 and 2 (the summary-only row is neither)", s.Compared(), s.Judged())
	}
	var out bytes.Buffer
	if err := s.JSON(&out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	// drop3 and drop30 have comparisons (the failed run has no baseline
	// to compare with); then the B/s geomean.
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out.String())
	}
	var row, geo map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &row); err != nil {
		t.Fatal(err)
	}
	if row["better"] != "higher" || row["verdict"] != "regression" || row["delta_pct"].(float64) > -29 {
		t.Errorf("drop30: %v", row)
	}
	if err := json.Unmarshal([]byte(lines[2]), &geo); err != nil {
		t.Fatal(err)
	}
	if geo["kind"] != "geomean" || geo["unit"] != "B/s" || geo["better"] != "higher" || geo["verdict"] != "regression" || geo["rows"] != 2.0 {
		t.Errorf("geomean: %v", geo)
	}
}

// same is a metric whose n samples are all v.
func same(name, unit string, v float64, n int) toolreport.Metric {
	m := toolreport.Metric{Name: name, Unit: unit, Better: toolreport.Lower}
	for range n {
		m.Samples = append(m.Samples, v)
	}
	return m
}

// TestZeroOnBothSidesIsUnchanged: 0 B/op before and after reads as a
// constant that did not move, not as underpowered; a zero baseline under
// a metric that did move (0 to 1 allocs/op) is a regression, not
// unchanged; sides too short for a verdict stay without one.
func TestZeroOnBothSidesIsUnchanged(t *testing.T) {
	base := &toolreport.Report{Name: "base", Results: []toolreport.Result{
		{Name: "zero", Metrics: []toolreport.Metric{same("B/op", "B/op", 0, 10)}},
		{Name: "constant", Metrics: []toolreport.Metric{same("B/op", "B/op", 752, 10)}},
		{Name: "grew", Metrics: []toolreport.Metric{same("allocs/op", "allocs/op", 0, 10)}},
		{Name: "short", Metrics: []toolreport.Metric{same("B/op", "B/op", 0, 5)}},
	}}
	cur := &toolreport.Report{Name: "cur", Results: []toolreport.Result{
		{Name: "zero", Metrics: []toolreport.Metric{same("B/op", "B/op", 0, 10)}},
		{Name: "constant", Metrics: []toolreport.Metric{same("B/op", "B/op", 752, 10)}},
		{Name: "grew", Metrics: []toolreport.Metric{same("allocs/op", "allocs/op", 1, 10)}},
		{Name: "short", Metrics: []toolreport.Metric{same("B/op", "B/op", 0, 5)}},
	}}
	s := metricsOf(base, cur, Options{Extras: true})
	want := map[string]struct {
		status    Status
		unchanged bool
	}{
		"zero":     {InsideTheNoise, true},
		"constant": {InsideTheNoise, true},
		"grew":     {Regression, false},
		"short":    {Underpowered, false},
	}
	for _, r := range s.Rows {
		w := want[r.Result().Name]
		if r.Status != w.status || r.Unchanged() != w.unchanged {
			t.Errorf("%s: status %v, unchanged %v; want %v, %v", r.Result().Name, r.Status, r.Unchanged(), w.status, w.unchanged)
		}
	}
	var text, js bytes.Buffer
	if err := s.Text(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := s.JSON(&js); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(text.String(), "unchanged: all samples equal"); n != 2 {
		t.Errorf("%d rows read unchanged, want 2:\n%s", n, text.String())
	}
	if !strings.Contains(text.String(), "Of the rows inside the noise, 2 rows are unchanged") {
		t.Errorf("no note counting the unchanged rows:\n%s", text.String())
	}
	var zero map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(js.String(), "\n", 2)[0]), &zero); err != nil {
		t.Fatal(err)
	}
	if zero["benchmark"] != "zero" || zero["verdict"] != "inside the noise" || zero["ci_low_pct"] != 0.0 || zero["ci_high_pct"] != 0.0 || zero["samples_needed"] != nil {
		t.Errorf("the all-zero row's JSON: %v", zero)
	}
}

// fromZeroReports are Go -benchmem rows whose baseline median is zero,
// ten runs a side: allocs/op going 0 → 1 in every run, B/op 0 → 16, and
// 0 → 1 allocs/op in only six runs of ten.
func fromZeroReports() (base, cur *toolreport.Report) {
	mixed := same("allocs/op", "allocs/op", 1, 10)
	copy(mixed.Samples, []float64{0, 0, 0, 0})
	base = &toolreport.Report{Name: "base", Results: []toolreport.Result{
		{Name: "Grow", Metrics: []toolreport.Metric{same("B/op", "B/op", 0, 10), same("allocs/op", "allocs/op", 0, 10)}},
		{Name: "Mixed", Metrics: []toolreport.Metric{same("allocs/op", "allocs/op", 0, 10)}},
	}}
	cur = &toolreport.Report{Name: "cur", Results: []toolreport.Result{
		{Name: "Grow", Metrics: []toolreport.Metric{same("B/op", "B/op", 16, 10), same("allocs/op", "allocs/op", 1, 10)}},
		{Name: "Mixed", Metrics: []toolreport.Metric{mixed}},
	}}
	return base, cur
}

// A rise from a baseline median of zero is a regression with Δ% +∞: JSON
// stays JSON (null, and from_zero to say why), text and Markdown show
// "+∞%", CSV "Inf".
func TestARiseFromZeroInEveryFormat(t *testing.T) {
	base, cur := fromZeroReports()
	s := metricsOf(base, cur, Options{Threshold: 5, Extras: true})
	for i, want := range []Status{Regression, Regression, InsideTheNoise} {
		if r := s.Rows[i]; r.Status != want {
			t.Errorf("%s [%s]: status %v, want %v", r.Result().Name, r.Metric().Name, r.Status, want)
		}
	}
	var js, text, md, sheet bytes.Buffer
	for _, err := range []error{s.JSON(&js), s.Text(&text, false), s.Markdown(&md), s.CSV(&sheet)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	wantJSON := []struct {
		benchmark, unit, verdict string
		lo, hi                   any
	}{
		{"Grow", "B/op", "regression", nil, nil},
		{"Grow", "allocs/op", "regression", nil, nil},
		{"Mixed", "allocs/op", "inside the noise", 0.0, nil}, // [0, +Inf]: the low end is a number
	}
	for i, w := range wantJSON {
		var row map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &row); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i+1, err, lines[i])
		}
		if row["benchmark"] != w.benchmark || row["unit"] != w.unit || row["verdict"] != w.verdict ||
			row["baseline_median"] != 0.0 || row["delta_pct"] != nil || row["from_zero"] != true ||
			row["ci_low_pct"] != w.lo || row["ci_high_pct"] != w.hi {
			t.Errorf("line %d: got %s", i+1, lines[i])
		}
	}
	for _, cell := range []string{"16.00 B/op  +∞%  [+∞%, +∞%]", "+∞%  [0.00%, +∞%]  inside the noise",
		"3 rows rose from a baseline median of zero: Δ% is +∞"} {
		if !strings.Contains(text.String(), cell) {
			t.Errorf("text has no %q:\n%s", cell, text.String())
		}
	}
	if !strings.Contains(md.String(), "| +∞% | [+∞%, +∞%] | regression |") {
		t.Errorf("Markdown has no +∞%% row:\n%s", md.String())
	}
	records, err := csv.NewReader(&sheet).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range [][3]string{{"Inf", "Inf", "Inf"}, {"Inf", "Inf", "Inf"}, {"Inf", "0.00", "Inf"}} {
		if got := [3]string(records[i+1][7:10]); got != w {
			t.Errorf("CSV row %d: delta and interval %q, want %q", i+1, got, w)
		}
	}
}

// TestTheRealRiseFromZero reads testdata/fromzero, a go test -benchmem
// pair whose Format benchmark went from 0 to 16 B/op and 0 to 1 allocs/op
// in every run (see its README): both are regressions, shifted +Inf, with
// no resample at or below zero (p = 0, as benchstat's p=0.000); Sum's
// memory stays unchanged.
func TestTheRealRiseFromZero(t *testing.T) {
	read := func(name string) *toolreport.Report {
		data, err := os.ReadFile("testdata/fromzero/" + name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := toolreport.Read(name, data)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	s := metricsOf(read("base.txt"), read("cur.txt"), Options{Extras: true})
	type want struct {
		status    Status
		delta     float64
		unchanged bool
	}
	inf := math.Inf(1)
	wants := map[string]want{
		"Format-2 B/op":      {Regression, inf, false},
		"Format-2 allocs/op": {Regression, inf, false},
		"Sum-2 B/op":         {InsideTheNoise, 0, true},
		"Sum-2 allocs/op":    {InsideTheNoise, 0, true},
	}
	seen := 0
	for _, r := range s.Rows {
		w, ok := wants[r.Result().Name+" "+r.Metric().Unit]
		if !ok {
			continue
		}
		seen++
		c := r.Comparison
		if r.Status != w.status || c.Delta != w.delta || r.Unchanged() != w.unchanged {
			t.Errorf("%s [%s]: status %v, Δ %v, unchanged %v; want %v, %v, %v",
				r.Result().Name, r.Metric().Unit, r.Status, c.Delta, r.Unchanged(), w.status, w.delta, w.unchanged)
		}
		if w.status == Regression && (c.BaselineMedian != 0 || c.Lo != inf || c.P != 0) {
			t.Errorf("%s [%s]: baseline median %v, interval from %v, p %v; want 0, +Inf, 0",
				r.Result().Name, r.Metric().Unit, c.BaselineMedian, c.Lo, c.P)
		}
	}
	if seen != len(wants) {
		t.Errorf("%d of the %d memory rows were read", seen, len(wants))
	}
}
