//go:build js && wasm

package message

import (
	"math"
	"slices"
	"testing"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
)

// A batch's rows come back as they went, the empty and the exact ones too.
func TestPairsTravelExactly(t *testing.T) {
	pairs := [][2][]float64{
		{{1, 2, 3}, {4, 5}},
		{{}, {1 << 53, 0.1}},
		{{math.MaxFloat64, math.SmallestNonzeroFloat64}, {}},
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
	if _, err := PairsFrom(sizes, Samples([]float64{1})); err == nil {
		t.Error("sizes of six samples were read with one")
	}
	// A long row's batch, copied side by side (sideBySide), with an
	// empty side between two long ones.
	long := make([]float64, sideBySide/8+3)
	for i := range long {
		long[i] = float64(i) * 1.5
	}
	pairs = [][2][]float64{{long, {}}, {{7}, long[:len(long)-1]}}
	if got, err = PairsFrom(Pairs(pairs)); err != nil || len(got) != 2 {
		t.Fatalf("a long row's batch: %d rows, %v", len(got), err)
	}
	for k := range pairs {
		for side := range 2 {
			if !slices.Equal(got[k][side], pairs[k][side]) {
				t.Errorf("long batch, row %d side %d: %d samples back, want %d as sent", k, side, len(got[k][side]), len(pairs[k][side]))
			}
		}
	}

}

func TestResultsTravelWhole(t *testing.T) {
	cs := []stats.Comparison{
		{BaselineMedian: 1e6, Median: 1.05e6, Delta: 5, Lo: 4.5, Hi: 5.5, Verdict: stats.Regression, P: 0.0002},
		{BaselineMedian: 3, Median: 3, Lo: math.NaN(), Hi: math.NaN(), P: math.NaN(), Verdict: stats.Underpowered},
	}
	xs := []reviewtext.Extras{
		{DriftBase: stats.Drift{Pct: -0.5, P: 0.4}, DriftCur: stats.Drift{Pct: 6.25, P: 0.0001, Drifted: true},
			OutliersBase: 2, OutliersCur: 0, SamplesNeeded: 140},
		{DriftBase: stats.Drift{Pct: math.NaN(), P: math.NaN()}, DriftCur: stats.Drift{Pct: math.NaN(), P: math.NaN()}},
	}
	got, gotX := ResultsFrom(Results(cs, xs))
	if len(got) != 2 || len(gotX) != 2 {
		t.Fatalf("%d results and %d extras, want 2", len(got), len(gotX))
	}
	if got[0] != cs[0] || got[1].Verdict != stats.Underpowered || !math.IsNaN(got[1].Lo) || !math.IsNaN(got[1].Hi) || !math.IsNaN(got[1].P) {
		t.Errorf("got %+v, want %+v", got, cs)
	}
	if gotX[0] != xs[0] {
		t.Errorf("extras came back as %+v, want %+v", gotX[0], xs[0])
	}
	if !math.IsNaN(gotX[1].DriftCur.Pct) || gotX[1].DriftCur.Drifted || gotX[1].SamplesNeeded != 0 {
		t.Errorf("an underpowered row's extras came back as %+v", gotX[1])
	}
	if idx := Int32sFrom(Int32s([]int{0, -1, 1 << 30})); !slices.Equal(idx, []int{0, -1, 1 << 30}) {
		t.Errorf("indexes came back as %v", idx)
	}
}

// What two workers' batches add to a geomean comes back bit for bit:
// their sums add up to the geomean of one.
func TestGeomeanSumsTravelExactly(t *testing.T) {
	var rows []stats.FloatRow
	for r := range 40 {
		base, cur := make([]float64, 7+r%5), make([]float64, 9+r%3)
		for i := range base {
			base[i] = float64(1000 + 37*i*(r+1)%101)
		}
		for i := range cur {
			cur[i] = float64(1030 + 53*i*(r+2)%97)
		}
		rows = append(rows, stats.FloatRow{Baseline: base, Current: cur})
	}
	var c stats.Comparer
	want := c.GeomeanFloats(rows)
	var total stats.GeomeanSum
	for w := range 2 {
		var own stats.Comparer
		var sum stats.GeomeanSum
		for k := w; k < len(rows); k += 2 {
			own.AddFloats(&sum, k, rows[k])
		}
		got, err := GeomeanSumFrom(GeomeanSum(sum))
		if err != nil {
			t.Fatal(err)
		}
		total.Add(got)
	}
	if got := total.Geomean(); got != want {
		t.Errorf("added up %+v, one worker's %+v", got, want)
	}
	// A batch that covers no row adds nothing.
	if got, err := GeomeanSumFrom(GeomeanSum(stats.GeomeanSum{})); err != nil || got.Rows != 0 || got.Logs != nil {
		t.Errorf("an empty sum came back as %+v, %v", got, err)
	}
	if _, err := GeomeanSumFrom(Int32s([]int{1, 2, 3})); err == nil {
		t.Error("a sum of three numbers was read")
	}
}

// A plan's parts come through their packing as drawn: joined, they give
// the comparisons of the plan a Comparer draws itself.
func TestPlanPartsTravelExactly(t *testing.T) {
	const nb, nc = 40, 41
	var parts []stats.PlanPart
	for _, r := range [][2]int{{0, 4999}, {4999, stats.Resamples}} {
		p, err := stats.DrawPlanPart(nb, nc, r[0], r[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := PlanPartFrom(PlanPart(p))
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, got)
	}
	var joined, own stats.Comparer
	if err := joined.JoinPlan(nb, nc, parts); err != nil {
		t.Fatal(err)
	}
	base, cur := make([]uint64, nb), make([]uint64, nc)
	for i := range base {
		base[i] = uint64(1000 + 37*i%101)
	}
	for i := range cur {
		cur[i] = uint64(1030 + 53*i%97)
	}
	if got, want := joined.Compare(base, cur), own.Compare(base, cur); got != want {
		t.Errorf("joined plan %+v, drawn plan %+v", got, want)
	}
	if _, err := PlanPartFrom(Int32s([]int{40, 41, 0, 5})); err == nil {
		t.Error("a part of no positions for five resamples was read")
	}
}
