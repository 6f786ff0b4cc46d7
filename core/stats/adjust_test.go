package stats

import (
	"math"
	"slices"
	"testing"
)

func TestAdjustOnHandMadePValues(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name   string
		ps     []float64
		method string
		want   []bool
	}{
		// Holm at 0.05, m = 4: sorted 0.01 <= 0.05/4; 0.03 > 0.05/3 =
		// 0.0167 stops it, so 0.04 fails too though it is below 0.05/2.
		{"holm stops at the first failure", []float64{0.01, 0.04, 0.03, 0.5}, Holm, []bool{true, false, false, false}},
		// BH at 0.05, m = 4: thresholds 0.0125, 0.025, 0.0375, 0.05; the
		// largest k with p(k) <= k*0.0125 is k = 3 (0.03 <= 0.0375), so
		// 0.01, 0.02 and 0.03 are kept, and 0.2 is not.
		{"bh steps up", []float64{0.03, 0.2, 0.01, 0.02}, BH, []bool{true, false, true, true}},
		// Holm on the same: 0.01 <= 0.05/4, but 0.02 > 0.05/3 = 0.0167.
		{"holm on the same", []float64{0.03, 0.2, 0.01, 0.02}, Holm, []bool{false, false, true, false}},
		// BH keeps a p above its own threshold when a larger one passes:
		// 0.04 > 1*0.05/2 but 0.045 <= 2*0.05/2.
		{"bh keeps the smaller with the larger", []float64{0.045, 0.04}, BH, []bool{true, true}},
		// An underpowered row is no test: m = 1, so 0.05 passes.
		{"NaN is no test", []float64{nan, 0.05, nan}, Holm, []bool{false, true, false}},
		{"NaN is no test, bh", []float64{nan, 0.05}, BH, []bool{false, true}},
		// One p-value: significant exactly when p <= alpha.
		{"one, at alpha", []float64{0.05}, Holm, []bool{true}},
		{"one, above", []float64{0.0502}, BH, []bool{false}},
		{"ties", []float64{0.02, 0.02}, Holm, []bool{true, true}},
		{"none", nil, BH, []bool{}},
	} {
		if got := Adjust(c.ps, c.method, 0.05); !slices.Equal(got, c.want) {
			t.Errorf("%s: Adjust(%v, %s) = %v, want %v", c.name, c.ps, c.method, got, c.want)
		}
	}
}

func TestAdjustKeepsNoMoreThanTheUnadjusted(t *testing.T) {
	// Holm keeps a subset of what BH keeps, and BH a subset of p <= alpha.
	r := rng(6)
	for range 200 {
		ps := make([]float64, 1+r.IntN(40))
		for i := range ps {
			ps[i] = math.Pow(r.Float64(), 3)
		}
		holm, bh := Adjust(ps, Holm, 0.05), Adjust(ps, BH, 0.05)
		for i, p := range ps {
			if holm[i] && !bh[i] || bh[i] && p > 0.05 {
				t.Fatalf("p-values %v: holm %v, bh %v", ps, holm, bh)
			}
		}
	}
}

func TestAdjustPanicsOnAnUnknownMethod(t *testing.T) {
	if AdjustMethod("bonferroni") || !AdjustMethod(Holm) || !AdjustMethod(BH) {
		t.Fatal("AdjustMethod is wrong about the methods")
	}
	defer func() {
		if recover() == nil {
			t.Error("Adjust took an unknown method")
		}
	}()
	Adjust([]float64{0.01}, "bonferroni", 0.05)
}

func TestPValueAgreesWithTheVerdict(t *testing.T) {
	// At 0.05 the p-value and the interval say the same thing, on
	// shifts from none to clear, and on the golden pairs' shapes.
	r := rng(7)
	var c Comparer
	for i := range reps(300) {
		shift := float64(i%7) * 0.01
		cmp := c.Compare(timings[i%4].series(r, 12+i%40, 1e6, 0), timings[i%4].series(r, 12+i%40, 1e6*(1+shift), 0))
		resolved := cmp.Verdict == Regression || cmp.Verdict == Improvement
		if cmp.P < 0 || cmp.P > 1 || resolved && cmp.P > 0.05 || !resolved && cmp.P < 0.05 {
			t.Fatalf("%v..%v, verdict %v, p %v", cmp.Lo, cmp.Hi, cmp.Verdict, cmp.P)
		}
	}
	if p := Compare([]uint64{1, 2, 3, 4, 5}, []uint64{1, 2, 3, 4, 5, 6}).P; !math.IsNaN(p) {
		t.Errorf("underpowered: p %v, want NaN", p)
	}
}

func TestPValueOfHandMadeShifts(t *testing.T) {
	for _, c := range []struct {
		below, above int
		want         float64
	}{
		{0, 10_000, 0},       // no resample at or below zero
		{250, 9750, 0.05},    // the interval's edge
		{10_000, 10_000, 1},  // every shift zero
		{5000, 5000, 1},      // centred
		{1234, 8766, 0.2468}, // twice the smaller share
		{9000, 1000, 0.2},    // the other side
		{10_000, 0, 0},       // all below
	} {
		if got := pValue(c.below, c.above); got != c.want {
			t.Errorf("pValue(%d, %d) = %v, want %v", c.below, c.above, got, c.want)
		}
	}
}

func TestAdjustedVerdict(t *testing.T) {
	for _, c := range []struct {
		v           Verdict
		significant bool
		want        Verdict
	}{
		{Regression, true, Regression},
		{Regression, false, InsideTheNoise},
		{Improvement, false, InsideTheNoise},
		{InsideTheNoise, true, InsideTheNoise},
		{Underpowered, false, Underpowered},
	} {
		if got := (Comparison{Verdict: c.v}).Adjusted(c.significant); got != c.want {
			t.Errorf("%v, significant %v: %v, want %v", c.v, c.significant, got, c.want)
		}
	}
}
