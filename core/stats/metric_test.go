package stats

import (
	"math"
	"slices"
	"testing"
)

// repeat is n samples of v: a Go metric that is one number every run.
func repeat(v float64, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// withValues is s with its first len(v) samples replaced by v.
func withValues(s []float64, v ...float64) []float64 {
	s = slices.Clone(s)
	copy(s, v)
	return s
}

// On a row whose baseline median is above zero, CompareMetric is
// CompareFloats then HigherIsBetter, bit for bit, through a Comparer or
// not; so is every underpowered row of too few samples.
func TestCompareMetricIsCompareFloatsOnOrdinaryRows(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base, cur []float64
	}{
		{"slower", asFloats(series(100_000, 6, 30, 1)), asFloats(series(103_000, 6, 30, 2))},
		{"same", asFloats(series(100_000, 6, 15, 3)), asFloats(series(100_000, 6, 16, 4))},
		{"faster", asFloats(series(2_000, 4, 10, 5)), asFloats(series(1_800, 4, 10, 6))},
		{"few", asFloats(series(100_000, 6, 5, 7)), asFloats(series(100_000, 6, 30, 8))},
		{"long", asFloats(series(5_000, 20, 300, 9)), asFloats(series(4_800, 20, 250, 10))},
		{"seconds", []float64{2.1e-6, 2.2e-6, 2.05e-6, 2.3e-6, 2.15e-6, 2.2e-6}, []float64{2.4e-6, 2.5e-6, 2.45e-6, 2.6e-6, 2.35e-6, 2.5e-6}},
		{"a zero among others", withValues(repeat(752, 10), 0, 0), withValues(repeat(760, 10), 0)},
		{"empty", nil, repeat(1, 10)},
	} {
		for _, higher := range []bool{false, true} {
			want := CompareFloats(tc.base, tc.cur)
			if higher {
				want = want.HigherIsBetter()
			}
			var c Comparer
			for what, got := range map[string]Comparison{
				"CompareMetric":          CompareMetric(tc.base, tc.cur, higher),
				"Comparer.CompareMetric": c.CompareMetric(tc.base, tc.cur, higher),
			} {
				if !sameBits(got, want) {
					t.Errorf("%s, higher %v: %s = %+v, want %+v", tc.name, higher, what, got, want)
				}
			}
		}
	}
}

// Rows of Go's -benchmem metrics whose baseline median is zero, 10 runs a
// side as `go test -count 10` gives them.
func TestCompareMetricFromZero(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name      string
		base, cur []float64
		higher    bool
		verdict   Verdict
		delta     float64
		lo, hi    float64
		p         func(p float64) bool
	}{
		// 0 allocs/op before and after: every resampled difference is 0.
		{name: "0 → 0 allocs/op", base: repeat(0, 10), cur: repeat(0, 10),
			verdict: InsideTheNoise, delta: 0, lo: 0, hi: 0, p: func(p float64) bool { return p == 1 }},
		// 0 → 1 allocs/op every run: every resample's difference is 1, so
		// the interval is [1, 1] allocs/op, +Inf in percent of zero, and
		// no resample is at or below zero: p = 0.
		{name: "0 → 1 allocs/op", base: repeat(0, 10), cur: repeat(1, 10),
			verdict: Regression, delta: inf, lo: inf, hi: inf, p: func(p float64) bool { return p == 0 }},
		// 0 → 16 B/op, fewer runs of the current side: the same.
		{name: "0 → 16 B/op", base: repeat(0, 10), cur: repeat(16, 6),
			verdict: Regression, delta: inf, lo: inf, hi: inf, p: func(p float64) bool { return p == 0 }},
		// A rate that rises from zero, better higher: an improvement, the
		// shift still the metric's own +Inf.
		{name: "0 → 5 items/s", base: repeat(0, 10), cur: repeat(5, 10), higher: true,
			verdict: Improvement, delta: inf, lo: inf, hi: inf, p: func(p float64) bool { return p == 0 }},
		// Nine runs of ten allocate once: a resample's median (between the
		// 5th and 6th of 10 draws) is below 1 only when five or more
		// draws fall on the one zero, which Bin(10, 0.1) makes a 0.16%
		// event: p well under 0.05, and the 2.5th percentile is 1.
		{name: "0 → mostly 1", base: repeat(0, 10), cur: withValues(repeat(1, 10), 0),
			verdict: Regression, delta: inf, lo: inf, hi: inf, p: func(p float64) bool { return p < 0.05 }},
		// Four runs of ten allocate nothing: the current median is 1, but
		// six or more zeros of ten draws, which Bin(10, 0.4) makes a 17%
		// event, give a resampled median of 0: a difference of 0 is well
		// inside the 2.5% tail, so the interval is [0, +Inf] and the rise
		// is not told apart from the noise.
		{name: "0 → {0, 1} mixed", base: repeat(0, 10), cur: withValues(repeat(1, 10), 0, 0, 0, 0),
			verdict: InsideTheNoise, delta: inf, lo: 0, hi: inf, p: func(p float64) bool { return p > 0.05 }},
		// The baseline allocated in three runs of ten and the current in
		// none: both medians are 0, so Delta is 0, and no resampled
		// difference is above zero.
		{name: "mostly 0 → 0", base: withValues(repeat(0, 10), 1, 1, 1), cur: repeat(0, 10),
			verdict: InsideTheNoise, delta: 0, lo: math.Inf(-1), hi: 0, p: func(p float64) bool { return p > 0.05 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cf Comparer
			for _, c := range []Comparison{CompareMetric(tc.base, tc.cur, tc.higher), cf.CompareMetric(tc.base, tc.cur, tc.higher)} {
				check(t, "verdict", c.Verdict, tc.verdict)
				check(t, "baseline median", c.BaselineMedian, 0)
				check(t, "Delta", c.Delta, tc.delta)
				check(t, "Lo", c.Lo, tc.lo)
				check(t, "Hi", c.Hi, tc.hi)
				if !tc.p(c.P) {
					t.Errorf("P = %v", c.P)
				}
				if want := verdictOf(c.Lo, c.Hi); tc.higher {
					check(t, "verdict read off the interval", c.Verdict, want.turned())
				} else {
					check(t, "verdict read off the interval", c.Verdict, want)
				}
			}
		})
	}
}

// Too few samples stay underpowered from zero too, with no interval, but
// the shift says the median rose from zero.
func TestCompareMetricFromZeroUnderpowered(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base, cur []float64
		delta     float64
	}{
		{"5 baseline runs", repeat(0, 5), repeat(1, 10), math.Inf(1)},
		{"5 current runs", repeat(0, 10), repeat(1, 5), math.Inf(1)},
		{"staying at zero", repeat(0, 3), repeat(0, 3), 0},
	} {
		c := CompareMetric(tc.base, tc.cur, false)
		check(t, tc.name+": verdict", c.Verdict, Underpowered)
		check(t, tc.name+": Delta", c.Delta, tc.delta)
		if !math.IsNaN(c.Lo) || !math.IsNaN(c.Hi) || !math.IsNaN(c.P) {
			t.Errorf("%s: interval %v..%v, p %v; want NaN", tc.name, c.Lo, c.Hi, c.P)
		}
	}
}

// A sample that is not a finite number leaves a zero baseline's row as
// CompareFloats has it, with no panic.
func TestCompareMetricFromZeroWithANaN(t *testing.T) {
	base, cur := repeat(0, 10), withValues(repeat(1, 10), math.NaN())
	if got, want := CompareMetric(base, cur, false), CompareFloats(base, cur); !sameBits(got, want) {
		t.Errorf("CompareMetric = %+v, want CompareFloats's %+v", got, want)
	}
}

// difference is the reference's resampling, draw for draw, with the shift
// taken as a difference: it agrees with building and sorting every
// resample, and it gives what fromZero skips the draws for when both
// sides are all zero.
func TestDifferenceIsSortingEveryResample(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base, cur []float64
	}{
		{"0 → {0, 1}", repeat(0, 10), withValues(repeat(1, 10), 0, 0, 0, 0)},
		{"mixed → mixed", withValues(repeat(0, 9), 8, 16, 16), withValues(repeat(16, 7), 0, 0, 0)},
		{"all zero", repeat(0, 8), repeat(0, 12)},
	} {
		base, cur := sortedCopy(tc.base), sortedCopy(tc.cur)
		lo, hi, p := newBootstrap(len(base), len(cur), nil).difference(base, cur)
		wlo, whi, wp := sortingDifference(base, cur)
		if math.Float64bits(lo) != math.Float64bits(wlo) || math.Float64bits(hi) != math.Float64bits(whi) || p != wp {
			t.Errorf("%s: counting gives %v..%v p %v, sorting %v..%v p %v", tc.name, lo, hi, p, wlo, whi, wp)
		}
	}
	zlo, zhi, zp := fromZero(repeat(0, 8), repeat(0, 12), fresh)
	lo, hi, p := newBootstrap(8, 12, nil).difference(repeat(0, 8), repeat(0, 12))
	if zlo != ofZero(lo) || zhi != ofZero(hi) || zp != p {
		t.Errorf("all zero: fromZero gives %v..%v p %v, the draws %v..%v p %v", zlo, zhi, zp, lo, hi, p)
	}
}

// sortingDifference is sortingBootstrap with differences for shifts.
func sortingDifference(base, cur []float64) (lo, hi, p float64) {
	r := splitMix64{state: seed}
	bd, cd := make([]float64, len(base)), make([]float64, len(cur))
	diffs := make([]float64, 0, resamples)
	var below, above int
	for range resamples {
		for i := range bd {
			bd[i] = base[r.next()%uint64(len(base))]
		}
		for i := range cd {
			cd[i] = cur[r.next()%uint64(len(cur))]
		}
		slices.Sort(bd)
		slices.Sort(cd)
		d := QuantileFloats(cd, 0.5) - QuantileFloats(bd, 0.5)
		if d <= 0 {
			below++
		}
		if d >= 0 {
			above++
		}
		diffs = append(diffs, d)
	}
	slices.Sort(diffs)
	confidence := Confidence
	tail := (1 - confidence) / 2
	at := func(p float64) float64 {
		h := float64(len(diffs)-1) * p
		l, u := int(math.Floor(h)), int(math.Ceil(h))
		return diffs[l] + float64((h-float64(l))*(diffs[u]-diffs[l]))
	}
	return at(tail), at(1 - tail), min(1, 2*float64(min(below, above))/resamples)
}

// FuzzCompareMetric feeds CompareMetric small whole numbers, a byte a
// sample, so that zeros and ties come up as Go's B/op and allocs/op have
// them. It checks that it never panics, that its verdict is the one its
// interval says in the metric's direction, that a baseline median above
// zero is CompareFloats's answer, and that one of zero gives a Delta of
// +Inf or 0.
func FuzzCompareMetric(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, uint8(6), false)
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 0, 1}, uint8(8), true)
	f.Add([]byte{0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0}, uint8(6), false)
	f.Add([]byte{9, 8, 9, 7, 9, 9, 12, 11, 12, 13, 12, 12}, uint8(6), true)
	f.Fuzz(func(t *testing.T, data []byte, split uint8, higher bool) {
		if len(data) > 128 {
			return // long series add time, not cases
		}
		samples := make([]float64, len(data))
		for i, b := range data {
			samples[i] = float64(b % 4 * (b / 64)) // mostly zeros, a few small counts
		}
		k := min(int(split), len(samples))
		base, cur := samples[:k], samples[k:]
		c := CompareMetric(base, cur, higher)
		if c.BaselineMedian != 0 {
			want := CompareFloats(base, cur)
			if higher {
				want = want.HigherIsBetter()
			}
			if !sameBits(c, want) {
				t.Fatalf("CompareMetric = %+v, CompareFloats %+v", c, want)
			}
			return
		}
		if len(cur) > 0 && c.Delta != 0 && !math.IsInf(c.Delta, 1) {
			t.Fatalf("from zero to %v: Delta %v", c.Median, c.Delta)
		}
		if (len(base) < MinSamples || len(cur) < MinSamples) != (c.Verdict == Underpowered) {
			t.Fatalf("n = %d/%d: verdict %v", len(base), len(cur), c.Verdict)
		}
		if c.Verdict == Underpowered {
			return
		}
		want := verdictOf(c.Lo, c.Hi)
		if higher {
			want = want.turned()
		}
		if !(c.Lo <= c.Hi) || c.Verdict != want || !(c.P >= 0 && c.P <= 1) {
			t.Fatalf("interval %v..%v p %v, verdict %v", c.Lo, c.Hi, c.P, c.Verdict)
		}
	})
}
