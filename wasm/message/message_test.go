//go:build js && wasm

package message

import (
	"math"
	"slices"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

func TestSamplesTravelExactly(t *testing.T) {
	s := []float64{0, 1, 1 << 53, 0.1, math.MaxFloat64, math.SmallestNonzeroFloat64}
	if got := SamplesFrom(Samples(s)); !slices.Equal(got, s) {
		t.Errorf("got %v, want %v", got, s)
	}
	if got := SamplesFrom(Samples(nil)); len(got) != 0 {
		t.Errorf("no samples came back as %v", got)
	}
}

// The comparisons a worker is handed are the page's, NaN bounds and
// p-values included, and rows without one stay without.
func TestComparisonsTravelWhole(t *testing.T) {
	c := []stats.Comparison{
		{BaselineMedian: 1e6, Median: 1.05e6, Delta: 5, Lo: 4.5, Hi: 5.5, Verdict: stats.Regression, P: 0.0123},
		{BaselineMedian: 3, Median: 3, Delta: 0, Lo: math.NaN(), Hi: math.NaN(), Verdict: stats.Underpowered, P: math.NaN()},
	}
	rv := &review.Review{Rows: []review.Row{{Comparison: &c[0]}, {}, {Comparison: &c[1]}}}
	packed := Comparisons(rv)
	got := &review.Review{Rows: make([]review.Row, 3)}
	if err := SetComparisons(got, packed); err != nil {
		t.Fatal(err)
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for i, r := range rv.Rows {
		g := got.Rows[i].Comparison
		switch {
		case (r.Comparison == nil) != (g == nil):
			t.Errorf("row %d: got %v, the page has %v", i, g, r.Comparison)
		case g != nil:
			w := *r.Comparison
			if !same(g.BaselineMedian, w.BaselineMedian) || !same(g.Median, w.Median) || !same(g.Delta, w.Delta) ||
				!same(g.Lo, w.Lo) || !same(g.Hi, w.Hi) || g.Verdict != w.Verdict || !same(g.P, w.P) {
				t.Errorf("row %d: got %+v, want %+v", i, *g, w)
			}
		}
	}
	if err := SetComparisons(&review.Review{Rows: make([]review.Row, 2)}, packed); err == nil {
		t.Error("comparisons of three rows were given to a review of two")
	}
}
