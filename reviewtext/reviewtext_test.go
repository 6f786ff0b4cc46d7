package reviewtext

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// read reads a report of the module's testdata.
func read(t testing.TB, name string) *report.Report {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := report.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// summaryOf reviews two reports of testdata as the command line does:
// every row both sides measured is compared, flagged rows included.
func summaryOf(t testing.TB, base, cur string, o Options) *Summary {
	t.Helper()
	v := review.New(read(t, base), read(t, cur))
	var comparer stats.Comparer
	for i := range v.Rows {
		if r := &v.Rows[i]; r.BaseStats != nil && r.CurStats != nil {
			c := comparer.Compare(r.Base.Samples, r.Cur.Samples)
			r.Comparison = &c
		}
	}
	return New(v, o)
}

func TestStatuses(t *testing.T) {
	s := summaryOf(t, "hostile-base.jsonl", "hostile-cur.jsonl", Options{})
	want := map[string]Status{
		"a|b/lowering/vm":                        InsideTheNoise,
		"<script>alert(1)</script>/vm/vm":        Failed,
		"@everyone #1 www.example.com/vm/vm":     Regression,
		"**bold** _x_ [l](http://x) &amp;/vm/vm": Missing,
	}
	for _, r := range s.Rows {
		if st, ok := want[r.Key.String()]; ok && r.Status != st {
			t.Errorf("%q: status %v, want %v", r.Key, r.Status, st)
		}
	}
	if s.Counts[Regression] != 1 || s.Counts[Failed] != 1 || s.Counts[Missing] != 1 || s.Counts[InsideTheNoise] != 6 {
		t.Errorf("counts %v, want 1 regression, 1 failed, 1 missing, 6 inside the noise", s.Counts)
	}
	// The regression is +11.02%: under a 12% threshold it is below it, at
	// 11% it is not.
	if n := summaryOf(t, "hostile-base.jsonl", "hostile-cur.jsonl", Options{Threshold: 12}).Counts; n[Regression] != 0 || n[BelowThreshold] != 1 {
		t.Errorf("threshold 12: counts %v, want the regression below threshold", n)
	}
	if n := summaryOf(t, "hostile-base.jsonl", "hostile-cur.jsonl", Options{Threshold: 11}).Counts; n[Regression] != 1 {
		t.Errorf("threshold 11: counts %v, want the regression kept", n)
	}
}

func TestHeadline(t *testing.T) {
	s := summaryOf(t, "base-b.jsonl", "cur-b.jsonl", Options{Threshold: 4})
	if got, want := s.Headline(), "15 regressions, 1 improvement, 15 below threshold, 2 inside the noise"; got != want {
		t.Errorf("Headline() = %q, want %q", got, want)
	}
	var b bytes.Buffer
	if err := s.Text(&b, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "15 rows are a regression below the 4% threshold: reported, but they do not fail the gate.") {
		t.Errorf("text lacks the threshold's note:\n%s", b.String())
	}
}

func TestTextColorOnlyColoursTheVerdict(t *testing.T) {
	s := summaryOf(t, "base-a.jsonl", "cur-a.jsonl", Options{})
	var plain, color bytes.Buffer
	s.Text(&plain, false)
	s.Text(&color, true)
	if strings.Contains(plain.String(), "\x1b") {
		t.Errorf("colour off, yet an escape is written")
	}
	if !strings.Contains(color.String(), "\x1b[31mregression\x1b[0m") || !strings.Contains(color.String(), "\x1b[32mimprovement\x1b[0m") {
		t.Errorf("colour on, yet the verdicts are not coloured:\n%q", color.String())
	}
	stripped := strings.NewReplacer("\x1b[31m", "", "\x1b[32m", "", "\x1b[2m", "", "\x1b[0m", "").Replace(color.String())
	if stripped != plain.String() {
		t.Errorf("the coloured table differs from the plain one by more than its colours")
	}
}
