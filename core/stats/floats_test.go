package stats

import (
	"encoding/binary"
	"math"
	"testing"
)

// asFloats is a series of whole nanoseconds as a metric's float samples.
func asFloats(s []uint64) []float64 { return floats(s) }

// sameBits reports whether two comparisons are the same bits.
func sameBits(a, b Comparison) bool {
	f := math.Float64bits
	return f(a.BaselineMedian) == f(b.BaselineMedian) && f(a.Median) == f(b.Median) &&
		f(a.Delta) == f(b.Delta) && f(a.Lo) == f(b.Lo) && f(a.Hi) == f(b.Hi) &&
		f(a.P) == f(b.P) && a.Verdict == b.Verdict
}

// The float path is the integer path's code: whole numbers given as
// floats get the same bits from every statistic.
func TestFloatsAgreeWithIntegers(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base, cur []uint64
	}{
		{"slower", series(100_000, 6, 30, 1), series(103_000, 6, 30, 2)},
		{"same", series(100_000, 6, 15, 3), series(100_000, 6, 16, 4)},
		{"few", series(100_000, 6, 5, 5), series(100_000, 6, 30, 6)},
		{"long", series(5_000, 20, 300, 7), series(4_800, 20, 250, 8)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, c := asFloats(tc.base), asFloats(tc.cur)
			if got, want := CompareFloats(b, c), Compare(tc.base, tc.cur); !sameBits(got, want) {
				t.Errorf("CompareFloats = %+v, Compare %+v", got, want)
			}
			var cf Comparer
			if got, want := cf.CompareFloats(b, c), Compare(tc.base, tc.cur); !sameBits(got, want) {
				t.Errorf("Comparer.CompareFloats = %+v, Compare %+v", got, want)
			}
			dg, dw := DriftOfFloats(c), DriftOf(tc.cur)
			if math.Float64bits(dg.P) != math.Float64bits(dw.P) || math.Float64bits(dg.Pct) != math.Float64bits(dw.Pct) {
				t.Errorf("DriftOfFloats = %+v, DriftOf %+v", dg, dw)
			}
			check(t, "OutliersFloats", OutliersFloats(c), Outliers(tc.cur))
			check(t, "SamplesNeededFloats", SamplesNeededFloats(b, c, 1), SamplesNeeded(tc.base, tc.cur, 1))
			gg := cf.GeomeanFloats([]FloatRow{{b, c}, {c, b}})
			gw := GeomeanOf([]GeomeanRow{{tc.base, tc.cur}, {tc.cur, tc.base}})
			if math.Float64bits(gg.Lo) != math.Float64bits(gw.Lo) || math.Float64bits(gg.Hi) != math.Float64bits(gw.Hi) || gg.Rows != gw.Rows {
				t.Errorf("GeomeanFloats = %+v, GeomeanOf %+v", gg, gw)
			}
			s, _ := Of(tc.cur)
			fs, _ := OfFloats(c)
			check(t, "FloatStats median", fs.Median(), s.Median())
			check(t, "FloatStats IQR", fs.IQR(), s.IQR())
			check(t, "FloatStats min", fs.Min(), float64(s.Min()))
		})
	}
}

// A metric in seconds is compared as the same metric in nanoseconds:
// scaling both sides alike moves no verdict, and by a power of two, no bit
// of a percentage.
func TestCompareFloatsScale(t *testing.T) {
	base, cur := asFloats(series(100_000, 6, 30, 1)), asFloats(series(106_000, 6, 30, 2))
	want := CompareFloats(base, cur)
	check(t, "verdict", want.Verdict, Regression)
	scaled := func(s []float64, by float64) []float64 {
		out := make([]float64, len(s))
		for i, v := range s {
			out[i] = v * by
		}
		return out
	}
	got := CompareFloats(scaled(base, 0x1p-40), scaled(cur, 0x1p-40))
	check(t, "Lo", got.Lo, want.Lo)
	check(t, "Hi", got.Hi, want.Hi)
	check(t, "P", got.P, want.P)
	if s := CompareFloats(scaled(base, 1e-9), scaled(cur, 1e-9)); s.Verdict != Regression {
		t.Errorf("in seconds: verdict %v, want regression", s.Verdict)
	}
}

// A throughput that drops is a regression: HigherIsBetter turns the
// verdict and keeps the shift the metric's own.
func TestHigherIsBetter(t *testing.T) {
	fast, slow := asFloats(series(1000, 4, 20, 1)), asFloats(series(900, 4, 20, 2)) // MB/s, 10% lower
	c := CompareFloats(fast, slow)
	check(t, "as a time", c.Verdict, Improvement)
	h := c.HigherIsBetter()
	check(t, "as a rate", h.Verdict, Regression)
	check(t, "Delta kept", h.Delta, c.Delta)
	if !(h.Delta < -5) {
		t.Errorf("Delta = %v, want about -10 (the rate's own shift)", h.Delta)
	}
	check(t, "inside the noise stays", Comparison{Verdict: InsideTheNoise}.HigherIsBetter().Verdict, InsideTheNoise)
	check(t, "underpowered stays", Comparison{Verdict: Underpowered}.HigherIsBetter().Verdict, Underpowered)
	var cf Comparer
	g := cf.GeomeanFloats([]FloatRow{{fast, slow}})
	check(t, "geomean as a time", g.Verdict, Improvement)
	check(t, "geomean as a rate", g.HigherIsBetter().Verdict, Regression)
}

// Ratios of floats far beyond 2^±64 keep the geomean's product finite.
func TestGeomeanFloatsWideRatios(t *testing.T) {
	var rows []FloatRow
	for i := range 40 {
		base := asFloats(series(100_000, 6, 10, uint64(i)))
		cur := make([]float64, len(base))
		for k, v := range base {
			cur[k] = v * 0x1p300 // every row 2^300 times its baseline
		}
		for k := range base {
			base[k] *= 0x1p-400
		}
		rows = append(rows, FloatRow{base, cur})
	}
	var c Comparer
	g := c.GeomeanFloats(rows)
	if math.IsNaN(g.Delta) || math.IsInf(g.Delta, 0) || g.Verdict != Regression {
		t.Errorf("GeomeanFloats = %+v, want a finite regression", g)
	}
	// Every ratio is 2^700 exactly, as is their geometric mean: Delta is
	// 100 (2^700 - 1), to rounding.
	check(t, "Rows", g.Rows, 40)
	if want := 100 * math.Ldexp(1, 700); math.Abs(g.Delta-want) > 1e-9*want {
		t.Errorf("Delta = %g, want %g", g.Delta, want)
	}
}

// FuzzCompareFloats feeds CompareFloats series of floats made of the
// fuzzer's bytes, scaled by 2^scale: it never panics, its verdict is the
// one its interval says, scaling by a power of two changes no bit of the
// interval, and the same series as whole numbers give Compare's bits.
func FuzzCompareFloats(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0}, uint8(6), int8(-30))
	f.Add([]byte{7, 0, 3, 0, 5, 0, 9, 0, 1, 0, 2, 0, 8, 0, 4, 0, 6, 0, 10, 0, 2, 0, 3, 0, 1, 0}, uint8(7), int8(20))
	f.Fuzz(func(t *testing.T, data []byte, split uint8, scale int8) {
		whole := make([]uint64, len(data)/2)
		for i := range whole {
			whole[i] = uint64(binary.LittleEndian.Uint16(data[2*i:]))
		}
		k := min(int(split), len(whole))
		if k > 64 || len(whole)-k > 64 {
			return
		}
		by := math.Ldexp(1, int(scale))
		scaled := make([]float64, len(whole))
		for i, v := range whole {
			scaled[i] = float64(v) * by
		}
		c := CompareFloats(scaled[:k], scaled[k:])
		checkVerdict(t, whole[:k], whole[k:], c)
		want := Compare(whole[:k], whole[k:])
		f := math.Float64bits
		if c.Verdict != want.Verdict || f(c.Lo) != f(want.Lo) || f(c.Hi) != f(want.Hi) || f(c.P) != f(want.P) {
			t.Fatalf("scaled by 2^%d: %+v, as whole numbers %+v", scale, c, want)
		}
		if c.HigherIsBetter().Verdict != c.Verdict.turned() {
			t.Fatal("HigherIsBetter did not turn the verdict")
		}
	})
}
