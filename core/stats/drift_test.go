package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestDriftFalseAlarms(t *testing.T) {
	// Independent samples, no drift: at most 5% of rows may be flagged
	// (a row is flagged when either side is), at every size from the
	// floor to 1,000 (over the four distributions) and for every
	// distribution (over the sizes). A single size and distribution
	// has too few rows to resolve a rate of a few percent.
	sizes := []int{6, 7, 8, 10, 12, 15, 20, 30, 45, 60, 100, 200, 500, 1000}
	r := rng(1)
	bySize := make([][2]int, len(sizes)) // rows flagged, rows
	byTiming := make([][2]int, len(timings))
	for i, d := range timings {
		for j, n := range sizes {
			count := reps(300)
			if n >= 200 {
				count = reps(150) // each side costs more
			}
			flagged := 0
			for range count {
				if DriftOf(d.series(r, n, 1e6, 0)).Drifted || DriftOf(d.series(r, n, 1e6, 0)).Drifted {
					flagged++
				}
			}
			bySize[j][0] += flagged
			bySize[j][1] += count
			byTiming[i][0] += flagged
			byTiming[i][1] += count
		}
	}
	rate := func(c [2]int) float64 { return float64(c[0]) / float64(c[1]) }
	var all [2]int
	worst := 0.0
	for j, c := range bySize {
		all[0] += c[0]
		all[1] += c[1]
		worst = max(worst, rate(c))
		if rate(c) > 0.05 {
			t.Errorf("n=%d: %d of %d rows without drift flagged (%.1f%%)", sizes[j], c[0], c[1], 100*rate(c))
		}
	}
	for i, c := range byTiming {
		worst = max(worst, rate(c))
		if rate(c) > 0.05 {
			t.Errorf("%s: %d of %d rows without drift flagged (%.1f%%)", timings[i].name, c[0], c[1], 100*rate(c))
		}
	}
	t.Logf("no drift: %d of %d rows flagged (%.2f%%), at most %.1f%% at one size or for one distribution", all[0], all[1], 100*rate(all), 100*worst)
}

func TestDriftPValueIsCalibrated(t *testing.T) {
	// Without the size floor, the p-value alone: under no drift P < a
	// for a share a of sides, for the exact (n <= 30) and the normal
	// (n > 30) distribution of S, and for a series with ties.
	r := rng(2)
	coarse := timing{"lognormal σ=0.05 in 1% steps", func(r *rand.Rand) float64 {
		return math.Round(100*math.Exp(0.05*r.NormFloat64())) / 100
	}}
	for _, c := range []struct {
		d timing
		n int
	}{{timings[1], 12}, {timings[2], 25}, {timings[3], 40}, {timings[0], 150}, {coarse, 50}} {
		count := reps(2000)
		below := [2]int{}
		for range count {
			p := DriftOf(c.d.series(r, c.n, 1e6, 0)).P
			if p < 0.05 {
				below[0]++
			}
			if p < DriftAlpha {
				below[1]++
			}
		}
		share := func(k int) float64 { return float64(k) / float64(count) }
		t.Logf("%s, n=%d: P < 0.05 in %.2f%%, P < %v in %.2f%%", c.d.name, c.n, 100*share(below[0]), DriftAlpha, 100*share(below[1]))
		// Discrete and approximate: at most the level, and not far below
		// it at these sizes (a test that never flags would pass above).
		if s := share(below[0]); s > 0.065 || s < 0.025 {
			t.Errorf("%s, n=%d: P < 0.05 in %.1f%% of series without drift", c.d.name, c.n, 100*s)
		}
		if s := share(below[1]); s > 0.02 {
			t.Errorf("%s, n=%d: P < %v in %.1f%% of series without drift", c.d.name, c.n, DriftAlpha, 100*s)
		}
	}
}

func TestDriftPower(t *testing.T) {
	// A linear drift of 5% of the median over a run of 60 samples, with
	// 4% noise, is flagged at least 90% of the time: noise uniform on
	// ±4% as the package's series helper makes it (its "4% noise").
	r := rng(3)
	count := reps(400)
	uniform := timing{"uniform ±4%", func(r *rand.Rand) float64 { return 1 + 0.04*(2*r.Float64()-1) }}
	lognormal := timing{"lognormal σ=4%", func(r *rand.Rand) float64 { return math.Exp(0.04 * r.NormFloat64()) }}
	for _, c := range []struct {
		d    timing
		want float64
	}{{uniform, 0.9}, {lognormal, 0.45}} {
		for _, sign := range []float64{1, -1} {
			flagged := 0
			var pct float64
			for range count {
				samples := c.d.series(r, 60, 1e6, sign*0.05)
				d := DriftOf(samples)
				if d.Drifted && d.Pct*sign > 0 {
					flagged++
				}
				// The size of every run, flagged or not (DriftOf
				// leaves it NaN where p is not below DriftAlpha).
				pct += changePct(samples, trendPoints(samples))
			}
			rate := float64(flagged) / float64(count)
			t.Logf("%s, drift %+.0f%%: flagged %.1f%%, mean Pct %+.2f", c.d.name, sign*5, 100*rate, pct/float64(count))
			if rate < c.want {
				t.Errorf("%s, drift %+.0f%% over 60 samples: flagged in %.1f%% of runs, want at least %.0f%%", c.d.name, sign*5, 100*rate, 100*c.want)
			}
			if mean := pct / float64(count); math.Abs(mean-sign*5) > 0.5 {
				t.Errorf("%s, drift %+.0f%%: mean Pct %+.2f", c.d.name, sign*5, mean)
			}
		}
	}
}

func TestSelectNthIsWhatSortingPutsThere(t *testing.T) {
	r := rng(4)
	for _, n := range []int{1, 2, 3, 4, 5, 10, 33, 100, 1000} {
		for range 50 {
			a := make([]float64, n)
			for i := range a {
				a[i] = float64(r.IntN(n/2 + 1)) // ties included
			}
			sorted := slices.Clone(a)
			slices.Sort(sorted)
			k := r.IntN(n)
			if got := selectNth(a, k); got != sorted[k] {
				t.Fatalf("n=%d: element %d is %v, sorting puts %v there", n, k, got, sorted[k])
			}
			if slices.Max(a[:k+1]) != sorted[k] || slices.Min(a[k:]) != sorted[k] {
				t.Fatalf("n=%d, k=%d: %v is not partitioned around %v", n, k, a, sorted[k])
			}
		}
	}
}

func TestDriftOnHandMadeSeries(t *testing.T) {
	ramp := func(n int, start, step float64) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(start + step*float64(i))
		}
		return s
	}
	nan := math.NaN()
	for _, c := range []struct {
		name    string
		samples []uint64
		pct, p  float64
		drifted bool
	}{
		// Every pair rises: S = 15 of 15, which one order in 6! = 720
		// gives, and its mirror another; Sen's slope 1 over 5 steps on a
		// median of 3.5.
		{"six rising", ramp(6, 1, 1), 100 * 5 / 3.5, 2.0 / 720, true},
		{"six falling", ramp(6, 6, -1), -100 * 5 / 3.5, 2.0 / 720, true},
		// Ten rising by 1 from 100: p = 2/10!, change 9 on 104.5.
		{"ten rising", ramp(10, 100, 1), 100 * 9 / 104.5, 2.0 / 3628800, true},
		// A palindrome: every pair has a mirror of the opposite sign, so
		// S = 0 and p = 1 (its slopes, symmetric about 0, are not
		// computed: p is not below DriftAlpha, so the size is NaN).
		{"palindrome", []uint64{1, 2, 3, 3, 2, 1}, nan, 1, false},
		{"flat", ramp(8, 7, 0), nan, 1, false},
		// 20 samples at 100, then 20 at 110: S = 400; two ties of 20
		// take 2*20*19*45 = 34200 off 40*39*85 = 132600 in the
		// variance, so z = 399/sqrt(98400/18). Of the 780 slopes, 380
		// are 0 and 400 are 10/(j-i); the 390th and 391st are the 10th
		// and 11th smallest of those, 10/36 and 10/35 (1, 2, 3, 4 pairs
		// span 39, 38, 37, 36 steps, 5 span 35), on a median of 105.
		{"step", append(ramp(20, 100, 0), ramp(20, 110, 0)...),
			100 * (10.0/36 + 10.0/35) / 2 * 39 / 105, math.Erfc(399 / math.Sqrt(98400.0/18) / math.Sqrt2), true},
		// 1,000 samples rising by 100 from 10^6, read as 200 blocks of
		// five whose medians rise by 500 a block, 100 a sample; the
		// median is 10^6 + 100*499.5. The p-value is far below any level.
		{"long", ramp(1000, 1e6, 100), 100 * 100 * 999 / (1e6 + 100*499.5), -1, true},
		// The same at a tenth of a percent over the run: certain, and
		// too small to flag.
		{"long and slight", ramp(1000, 1e6, 1), 100 * 1 * 999 / (1e6 + 499.5), -1, false},
		{"five", ramp(5, 1, 1), nan, nan, false},
		// S = 4*3 + 3 = 15; a tie of four takes 4*3*13 = 156 off
		// 7*6*19 = 798. Rising, but no median to scale the change by.
		{"zero median", []uint64{0, 0, 0, 0, 1, 2, 3}, nan, math.Erfc(14 / math.Sqrt(642.0/18) / math.Sqrt2), false},
	} {
		d := DriftOf(c.samples)
		close := func(got, want float64) bool {
			if math.IsNaN(want) {
				return math.IsNaN(got)
			}
			return math.Abs(got-want) <= 1e-9*max(1, math.Abs(want))
		}
		pOK := close(d.P, c.p)
		if c.p == -1 {
			pOK = d.P < 1e-12
		}
		if !close(d.Pct, c.pct) || !pOK || d.Drifted != c.drifted {
			t.Errorf("%s: %+v, want Pct %v, P %v, drifted %v", c.name, d, c.pct, c.p, c.drifted)
		}
	}
}

func TestOutliersOnHandMadeSeries(t *testing.T) {
	for _, c := range []struct {
		name    string
		samples []uint64
		want    int
	}{
		// Quartiles 11.25 and 13.75, IQR 2.5: fences at 3.75 and
		// 21.25.
		{"one slow", []uint64{10, 11, 12, 13, 14, 100}, 1},
		// Quartiles 10.25 and 12.75: the lower fence is 2.75.
		{"one fast", []uint64{1, 10, 11, 12, 13, 14}, 1},
		{"fast, inside", []uint64{3, 10, 11, 12, 13, 14}, 0},
		// Quartiles 4 and 8, IQR 4: the upper fence is 20, not beyond it.
		{"at the fence", []uint64{4, 4, 4, 4, 8, 8, 8, 8, 20}, 0},
		{"past the fence", []uint64{4, 4, 4, 4, 8, 8, 8, 8, 21}, 1},
		// Quartiles 50 and 50: every other value is beyond.
		{"no spread", []uint64{50, 50, 50, 50, 50, 50, 49, 51}, 2},
		{"none", nil, 0},
	} {
		if got := Outliers(c.samples); got != c.want {
			t.Errorf("%s: %d outliers, want %d", c.name, got, c.want)
		}
	}
}
