package chart

import (
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

func TestDescribeIntervalNamesTheExtremes(t *testing.T) {
	// a +50% (a regression), b -50% (an improvement), c no change, and
	// a row with no comparison, which no bar stands for.
	rows := []review.Row{
		row("a", series(1000, 9), series(1500, 9)),
		row("b", series(1000, 9), series(500, 9)),
		row("c", series(1000, 9), series(1000, 9)),
		{Key: report.Key{Benchmark: "d", Kind: "vm", Backend: "vm"}, State: review.OnlyInCurrent},
	}
	got := DescribeInterval(rows, 10000)
	for _, want := range []string{
		"95% interval for 3 of 10,000 rows",
		"1 regression, 1 improvement, 1 inside the noise.",
		"Largest regression: a/vm/vm, +",
		"Largest improvement: b/vm/vm, -",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("DescribeInterval = %q, want it to say %q", got, want)
		}
	}
	if got := DescribeInterval(rows[2:3], 1); !strings.Contains(got, "for 1 row,") || strings.Contains(got, "Largest") {
		t.Errorf("one row inside the noise: %q", got)
	}
}

func TestDescribeRunOrderSaysWhatIsOffScale(t *testing.T) {
	// The third baseline sample, 67.72 ms, is drawn on the top edge (see
	// TestRunOrderDrawsAFarOutSampleOnTheEdge).
	base := []uint64{24618453, 24786822, 67719492, 25534804, 24469052, 24231721, 24761355}
	cur := []uint64{25094361, 21972714, 21005927, 27021105, 23673524, 20860640, 21622118, 23142988, 22928116}
	r := row("pure", base, cur)
	got := DescribeRunOrder(r, Trends{Cur: &stats.Drift{Drifted: true, Pct: -12.5}})
	for _, want := range []string{
		"Samples of pure/vm/vm in the order the run took them.",
		"Baseline: 7 samples, median 24.76 ms, from 24.23 ms to 67.72 ms.",
		"Current: 9 samples, median 22.93 ms, from 20.86 ms to 27.02 ms, drifting -12.50% from first to last.",
		"1 sample lies off the chart's scale, drawn on its edge.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("DescribeRunOrder = %q, want it to say %q", got, want)
		}
	}
}
