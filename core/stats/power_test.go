package stats

import (
	"math"
	"testing"
)

func TestSamplesNeededResolvesTheShiftAtEightyPercent(t *testing.T) {
	// For each distribution, a shift whose estimate lands at a size a
	// harness writes; pilots of 30 samples a side (a typical row) with
	// that true shift give the estimate n; at n, fresh runs with the true
	// shift are resolved (a regression called) in 70-90% of them.
	cases := []struct {
		d     timing
		shift float64 // percent
	}{
		{timings[0], 2},
		{timings[1], 20},
		{timings[2], 20},
		{timings[3], 1},
	}
	r := rng(5)
	pilots, runs := reps(8), reps(100)
	var c Comparer
	for _, k := range cases {
		resolved, total, sizes := 0, 0, []int{}
		for range pilots {
			base := k.d.series(r, 30, 1e6, 0)
			cur := k.d.series(r, 30, 1e6*(1+k.shift/100), 0)
			n := SamplesNeeded(base, cur, k.shift)
			if n < MinSamples {
				t.Fatalf("%s, shift %v%%: estimate %d", k.d.name, k.shift, n)
			}
			sizes = append(sizes, n)
			for range runs {
				v := c.Compare(k.d.series(r, n, 1e6, 0), k.d.series(r, n, 1e6*(1+k.shift/100), 0)).Verdict
				if v == Regression {
					resolved++
				}
				total++
			}
		}
		rate := float64(resolved) / float64(total)
		t.Logf("%s, shift %v%%: estimates %v, resolved in %.1f%% of runs", k.d.name, k.shift, sizes, 100*rate)
		if rate < 0.7 || rate > 0.9 {
			t.Errorf("%s, shift %v%%: at the estimated sizes %v the shift was resolved in %.1f%% of runs, want 70-90%%", k.d.name, k.shift, sizes, 100*rate)
		}
	}
}

func TestSamplesNeededOnHandMadeSeries(t *testing.T) {
	// 1..30: n = 30, c = round(15.5 - 1.96*sqrt(7.5)) = round(10.13) = 10,
	// so the error is (x21 - x10)/(2*1.96) = 11/3.92 = 2.806; the medians
	// are 15.5 both, so the relative variance at one sample a side is
	// 2 * 30 * (2.806/15.5)^2 = 1.9666, and at 10% the size is
	// 1.9666 * (2.8016/0.1)^2 = 1543.6, so 1544.
	s := make([]uint64, 30)
	for i := range s {
		s[i] = uint64(i + 1)
	}
	se := 11 / (2 * z975)
	want := int(math.Ceil(2 * 30 * (se / 15.5) * (se / 15.5) * math.Pow((z975+zPower)*100/10, 2)))
	if want != 1544 {
		t.Fatalf("the derivation gives %d", want)
	}
	if got := SamplesNeeded(s, s, 10); got != want {
		t.Errorf("SamplesNeeded(1..30, 1..30, 10%%) = %d, want %d", got, want)
	}
	// Four times the shift needs a sixteenth of the samples.
	if got := SamplesNeeded(s, s, 40); got != int(math.Ceil(1543.6/16)) {
		t.Errorf("at 40%%: %d, want %d", got, int(math.Ceil(1543.6/16)))
	}
	// No spread: the floor.
	flat := []uint64{5, 5, 5, 5, 5, 5, 5}
	if got := SamplesNeeded(flat, flat, 1); got != MinSamples {
		t.Errorf("no spread: %d, want %d", got, MinSamples)
	}
	for _, c := range []struct {
		name      string
		base, cur []uint64
		shift     float64
	}{
		{"too few", s[:5], s, 1},
		{"zero baseline", make([]uint64, 10), s, 1},
		{"no shift", s, s, 0},
		{"negative shift", s, s, -1},
		{"NaN shift", s, s, math.NaN()},
		{"infinite shift", s, s, math.Inf(1)},
		{"beyond a billion", s, s, 1e-6},
	} {
		if got := SamplesNeeded(c.base, c.cur, c.shift); got != 0 {
			t.Errorf("%s: %d, want 0", c.name, got)
		}
	}
}
