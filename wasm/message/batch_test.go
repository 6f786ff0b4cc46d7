//go:build js && wasm

package message

import (
	"math"
	"slices"
	"testing"

	"github.com/benchview/benchview/core/stats"
)

// A batch's rows come back as they went, the empty and the exact ones too.
func TestPairsTravelExactly(t *testing.T) {
	pairs := [][2][]uint64{
		{{1, 2, 3}, {4, 5}},
		{{}, {1<<53 + 1}},
		{{math.MaxUint64}, {}},
	}
	got, err := PairsFrom(Pairs(pairs))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(pairs) {
		t.Fatalf("%d rows, want %d", len(got), len(pairs))
	}
	for k := range pairs {
		for side := range 2 {
			if !slices.Equal(got[k][side], pairs[k][side]) {
				t.Errorf("row %d side %d: got %v, want %v", k, side, got[k][side], pairs[k][side])
			}
		}
	}
	sizes, _ := Pairs(pairs)
	if _, err := PairsFrom(sizes, Samples([]uint64{1})); err == nil {
		t.Error("sizes of six samples were read with one")
	}
}

func TestResultsTravelWhole(t *testing.T) {
	cs := []stats.Comparison{
		{BaselineMedian: 1e6, Median: 1.05e6, Delta: 5, Lo: 4.5, Hi: 5.5, Verdict: stats.Regression},
		{BaselineMedian: 3, Median: 3, Lo: math.NaN(), Hi: math.NaN(), Verdict: stats.Underpowered},
	}
	got := ResultsFrom(Results(cs))
	if len(got) != 2 {
		t.Fatalf("%d results, want 2", len(got))
	}
	if got[0] != cs[0] || got[1].Verdict != stats.Underpowered || !math.IsNaN(got[1].Lo) || !math.IsNaN(got[1].Hi) {
		t.Errorf("got %+v, want %+v", got, cs)
	}
	if idx := Int32sFrom(Int32s([]int{0, -1, 1 << 30})); !slices.Equal(idx, []int{0, -1, 1 << 30}) {
		t.Errorf("indexes came back as %v", idx)
	}
}
