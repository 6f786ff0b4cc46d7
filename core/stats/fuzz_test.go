package stats

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// FuzzCompare feeds Compare series made of the fuzzer's bytes: two bytes a
// sample, shifted left by shift bits, so that both ties and values near
// 2^64 come up. It checks that Compare never panics, that its verdict is
// the one its interval says, that the same input gives the same bytes in
// either order of the samples, that the line is JSON, and, for short
// series, that the counting bootstrap agrees bit for bit with sorting
// every resample as the reference does.
func FuzzCompare(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0}, uint8(6), uint8(0))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, uint8(6), uint8(0))
	f.Add([]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255}, uint8(6), uint8(48))
	f.Add([]byte{7, 0, 3, 0, 5, 0, 9, 0, 1, 0, 2, 0, 8, 0, 4, 0, 6, 0, 10, 0, 2, 0, 3, 0, 1, 0}, uint8(7), uint8(20))
	f.Add([]byte{100, 0, 150, 0}, uint8(1), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, split, shift uint8) {
		samples := make([]uint64, len(data)/2)
		for i := range samples {
			samples[i] = uint64(binary.LittleEndian.Uint16(data[2*i:])) << (shift % 49)
		}
		k := min(int(split), len(samples))
		base, cur := samples[:k], samples[k:]
		if len(base) > 64 || len(cur) > 64 {
			return // long series add time, not cases
		}
		c := Compare(base, cur)
		checkVerdict(t, base, cur, c)

		line := c.JSON("b", "vm", "vm")
		if !json.Valid([]byte(line)) {
			t.Fatalf("not JSON: %s", line)
		}
		if again := Compare(base, cur).JSON("b", "vm", "vm"); again != line {
			t.Fatalf("the same input gave\n%s\n%s", line, again)
		}
		rb, rc := slices.Clone(base), slices.Clone(cur)
		slices.Reverse(rb)
		slices.Reverse(rc)
		if reversed := Compare(rb, rc).JSON("b", "vm", "vm"); reversed != line {
			t.Fatalf("the order of the samples changed the answer:\n%s\n%s", line, reversed)
		}
		if c.Verdict != Underpowered && len(base) <= 16 && len(cur) <= 16 {
			lo, hi, p := sortingBootstrap(sortedCopy(base), sortedCopy(cur))
			if math.Float64bits(lo) != math.Float64bits(c.Lo) || math.Float64bits(hi) != math.Float64bits(c.Hi) || p != c.P {
				t.Fatalf("counting gives %v..%v p %v, sorting %v..%v p %v", c.Lo, c.Hi, c.P, lo, hi, p)
			}
		}
	})
}

// checkVerdict holds a comparison to the rules it is read by.
func checkVerdict(t *testing.T, base, cur []uint64, c Comparison) {
	t.Helper()
	floor := len(base) < MinSamples || len(cur) < MinSamples || !(c.BaselineMedian > 0)
	switch {
	case floor != (c.Verdict == Underpowered):
		t.Fatalf("n = %d/%d, baseline median %v: verdict %v", len(base), len(cur), c.BaselineMedian, c.Verdict)
	case c.Verdict == Underpowered:
		if !math.IsNaN(c.Lo) || !math.IsNaN(c.Hi) {
			t.Fatalf("underpowered with an interval %v..%v", c.Lo, c.Hi)
		}
		return
	case !(c.Lo <= c.Hi):
		t.Fatalf("interval %v..%v is upside down", c.Lo, c.Hi)
	}
	if want := verdictOf(c.Lo, c.Hi); c.Verdict != want || (c.Lo > 0) != (c.Verdict == Regression) ||
		(c.Hi < 0) != (c.Verdict == Improvement) || (c.Lo <= 0 && c.Hi >= 0) != (c.Verdict == InsideTheNoise) {
		t.Fatalf("interval %v..%v, verdict %v", c.Lo, c.Hi, c.Verdict)
	}
}

// FuzzInsights feeds the statistics beside the verdict (DriftOf,
// Outliers, SamplesNeeded, Adjust, GeomeanOf) series made of the
// fuzzer's bytes as FuzzCompare makes them, and holds each to what it
// promises: no panic, values in their ranges, NaN exactly where
// documented, a reversed run a mirrored drift, more samples for a smaller
// shift, Holm within BH within the unadjusted, a row adjusted alone
// keeping its verdict, and a geomean verdict read off its interval.
func FuzzInsights(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0}, uint8(6), uint8(0), 1.0)
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, uint8(6), uint8(0), 0.5)
	f.Add([]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255}, uint8(6), uint8(48), 3.0)
	f.Add([]byte{7, 0, 3, 0, 5, 0, 9, 0, 1, 0, 2, 0, 8, 0, 4, 0, 6, 0, 10, 0, 2, 0, 3, 0, 1, 0}, uint8(7), uint8(20), 1e-3)
	f.Fuzz(func(t *testing.T, data []byte, split, shift uint8, shiftPct float64) {
		samples := make([]uint64, len(data)/2)
		for i := range samples {
			samples[i] = uint64(binary.LittleEndian.Uint16(data[2*i:])) << (shift % 49)
		}
		k := min(int(split), len(samples))
		base, cur := samples[:k], samples[k:]
		if len(base) > 64 || len(cur) > 64 {
			return // long series add time, not cases
		}
		for _, side := range [][]uint64{base, cur} {
			d := DriftOf(side)
			few := len(side) < MinSamples
			if few != math.IsNaN(d.P) || !few && !(d.P >= 0 && d.P <= 1) {
				t.Fatalf("%d samples: P %v", len(side), d.P)
			}
			if !few && !math.IsNaN(d.Pct) && math.IsInf(d.Pct, 0) {
				t.Fatalf("Pct %v", d.Pct)
			}
			if d.Drifted && !(d.P < DriftAlpha && math.Abs(d.Pct) >= DriftMinPct) {
				t.Fatalf("flagged: %+v", d)
			}
			reversed := slices.Clone(side)
			slices.Reverse(reversed)
			r := DriftOf(reversed)
			if math.Float64bits(r.P) != math.Float64bits(d.P) || r.Drifted != d.Drifted ||
				!(math.IsNaN(d.Pct) && math.IsNaN(r.Pct) || math.Abs(r.Pct+d.Pct) <= 1e-9*max(1, math.Abs(d.Pct))) {
				t.Fatalf("run order reversed: %+v, forwards %+v", r, d)
			}
			if o := Outliers(side); o < 0 || o > len(side) || o != Outliers(reversed) {
				t.Fatalf("%d outliers of %d", o, len(side))
			}
		}

		n := SamplesNeeded(base, cur, shiftPct)
		if n != 0 && n < MinSamples {
			t.Fatalf("SamplesNeeded %d", n)
		}
		if n > 0 && shiftPct < 1e300 {
			if half := SamplesNeeded(base, cur, shiftPct*2); half > n || half == 0 {
				t.Fatalf("a shift twice as large needs %d, this one %d", half, n)
			}
		}

		c := Compare(base, cur)
		ps := []float64{c.P, Compare(cur, base).P, math.NaN()}
		holm, bh := Adjust(ps, Holm, 0.05), Adjust(ps, BH, 0.05)
		for i, p := range ps {
			if holm[i] && !bh[i] || bh[i] && !(p <= 0.05) {
				t.Fatalf("p-values %v: holm %v, bh %v", ps, holm, bh)
			}
		}
		// One row adjusted alone keeps its verdict: its p is at most 0.05
		// exactly when the interval excludes zero.
		for _, method := range []string{Holm, BH} {
			if alone := c.Adjusted(Adjust([]float64{c.P}, method, 0.05)[0]); alone != c.Verdict {
				t.Fatalf("%v..%v, p %v: verdict %v, adjusted alone by %s %v", c.Lo, c.Hi, c.P, c.Verdict, method, alone)
			}
		}

		g := GeomeanOf([]GeomeanRow{{base, cur}, {cur, base}})
		switch {
		case g.Rows < 0 || g.Rows > 2:
			t.Fatalf("%d rows", g.Rows)
		case g.Rows == 0:
			if g.Verdict != Underpowered || !math.IsNaN(g.Lo) || !math.IsNaN(g.Hi) || !math.IsNaN(g.Delta) {
				t.Fatalf("no rows: %+v", g)
			}
		case !(g.Lo <= g.Hi) || g.Verdict != verdictOf(g.Lo, g.Hi):
			t.Fatalf("geomean %+v", g)
		case g.Rows == 2 && math.Abs(g.Delta) > 1e-9:
			// A row and its mirror: ratios r and 1/r.
			t.Fatalf("a row and its mirror: %+v", g)
		}
	})
}
