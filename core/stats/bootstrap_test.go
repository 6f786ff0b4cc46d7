package stats

import (
	"math"
	"slices"
	"testing"
)

// These tests hold the shortcuts to what they replace: the reciprocal
// remainder of divisor_native.go to % (under wasm, mod is % itself), the
// counting medians of bootstrap.go to sorting each resample, and the tail
// heaps of percentile.go to a full sort.

func TestDivisorIsTheRemainder(t *testing.T) {
	// Every n up to 2^12, and for each the numerators where a reciprocal
	// is most likely to be off by one: around every multiple of n near 0
	// and near 2^64, and a stream of arbitrary ones.
	r := splitMix64{state: 1}
	top := ^uint64(0)
	for n := uint64(1); n <= 1<<12; n++ {
		d := newDivisor(n)
		try := func(x uint64) {
			if got, want := d.mod(x), x%n; got != want {
				t.Fatalf("%d mod %d: got %d, want %d", x, n, got, want)
			}
		}
		for x := uint64(0); x < 3*n+2; x++ {
			try(x)
			try(top - x)
		}
		for k := top / n; k > top/n-3; k-- {
			for _, delta := range []uint64{0, 1, n - 1} {
				try(k*n + delta)
				try(k*n - delta)
			}
		}
		for range 2000 {
			try(r.next())
		}
	}
	// Large divisors, where 2n is close to overflowing.
	for _, n := range []uint64{1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 - 1, 1 << 63, 1<<63 + 1, top - 1, top} {
		d := newDivisor(n)
		for _, x := range []uint64{0, 1, n - 1, n, n + 1, top, top - 1, top / 2, r.next(), r.next()} {
			if got, want := d.mod(x), x%n; got != want {
				t.Fatalf("%d mod %d: got %d, want %d", x, n, got, want)
			}
		}
	}
}

func FuzzDivisor(f *testing.F) {
	f.Add(uint64(0), uint64(1))
	f.Add(^uint64(0), uint64(15))
	f.Add(^uint64(0), ^uint64(0))
	f.Add(uint64(1)<<63, uint64(1)<<63+1)
	f.Fuzz(func(t *testing.T, x, n uint64) {
		if n == 0 {
			return
		}
		if got, want := newDivisor(n).mod(x), x%n; got != want {
			t.Fatalf("%d mod %d: got %d, want %d", x, n, got, want)
		}
	})
}

// sortingBootstrap is the bootstrap as the reference writes it: build each
// resample, sort it, take its median; then sort all the shifts. p is the
// p-value counted from them plainly: twice the smaller share of shifts at
// most and at least zero.
func sortingBootstrap(base, cur []uint64) (lo, hi, p float64) {
	r := splitMix64{state: seed}
	bd, cd := make([]uint64, len(base)), make([]uint64, len(cur))
	shifts := make([]float64, 0, resamples)
	for range resamples {
		for i := range bd {
			bd[i] = base[r.next()%uint64(len(base))]
		}
		for i := range cd {
			cd[i] = cur[r.next()%uint64(len(cur))]
		}
		slices.Sort(bd)
		slices.Sort(cd)
		b, c := Quantile(bd, 0.5), Quantile(cd, 0.5)
		s := 0.0
		if b > 0 {
			s = 100 * (c - b) / b
		}
		shifts = append(shifts, s)
	}
	slices.Sort(shifts)
	confidence := Confidence
	tail := (1 - confidence) / 2
	at := func(p float64) float64 {
		h := float64(len(shifts)-1) * p
		l, u := int(math.Floor(h)), int(math.Ceil(h))
		return shifts[l] + float64((h-float64(l))*(shifts[u]-shifts[l]))
	}
	var below, above int
	for _, s := range shifts {
		if s <= 0 {
			below++
		}
		if s >= 0 {
			above++
		}
	}
	return at(tail), at(1 - tail), min(1, 2*float64(min(below, above))/resamples)
}

func TestCountingBootstrapIsSortingBootstrap(t *testing.T) {
	// Odd and even sizes, equal and unequal sides, the floor, sizes that
	// straddle the 64-position mark, byte counts whose running totals
	// reach 128 and more (sortedAt's slow word), and the first size
	// counted in words; FuzzCompare tries many more.
	sizes := [][2]int{{6, 6}, {6, 7}, {7, 6}, {8, 9}, {15, 15}, {16, 15}, {31, 64}, {101, 6}, {64, 101}, {200, 131}, {255, 256}}
	if testing.Short() {
		sizes = sizes[:5]
	}
	r := splitMix64{state: 99}
	for _, n := range sizes {
		spread := series(100_000, 6, n[0], r.next())
		// Few distinct values: ties everywhere, medians repeat.
		ties := make([]uint64, n[0])
		for i := range ties {
			ties[i] = r.next() % 4
		}
		ties[0] = 2
		cur := series(103_000, 6, n[1], r.next())
		// The same few values on both sides: many shifts exactly zero.
		curTies := make([]uint64, n[1])
		for i := range curTies {
			curTies[i] = 1 + r.next()%3
		}
		for _, pair := range [][2][]uint64{{spread, cur}, {ties, cur}, {ties, curTies}} {
			b, c := sortedCopy(pair[0]), sortedCopy(pair[1])
			if Quantile(b, 0.5) <= 0 {
				continue
			}
			lo, hi, p := newBootstrap(len(b), len(c), nil).interval(floats(b), floats(c))
			wlo, whi, wp := sortingBootstrap(b, c)
			if math.Float64bits(lo) != math.Float64bits(wlo) || math.Float64bits(hi) != math.Float64bits(whi) || p != wp {
				t.Errorf("n=%d/%d: counting gives %v..%v p %v, sorting %v..%v p %v", n[0], n[1], lo, hi, p, wlo, whi, wp)
			}
		}
	}
}

func TestPairIsWhatSortingPutsThere(t *testing.T) {
	r := splitMix64{state: 5}
	n := 4096
	orders := map[string]func(i int) float64{
		"random, few values":  func(int) float64 { return float64(r.next() % 3) },
		"random, many values": func(int) float64 { return float64(r.next()%(1<<40)) - (1 << 39) },
		"ascending":           func(i int) float64 { return float64(i) },
		"descending":          func(i int) float64 { return float64(n - i) },
		"organ pipe":          func(i int) float64 { return float64(min(i, n-i)) },
	}
	for name, f := range orders {
		for _, size := range []int{1, 2, 3, 17, n} {
			a := make([]float64, size)
			for i := range a {
				a[i] = f(i)
			}
			sorted := slices.Clone(a)
			slices.Sort(sorted)
			for _, k := range []int{0, 1, size / 40, size/2 - 1, size / 2, size - 1 - size/40, size - 2, size - 1} {
				if k < 0 || k >= size {
					continue
				}
				kth, next := pair(a, k)
				want := sorted[min(k+1, size-1)]
				if kth != sorted[k] || next != want {
					t.Errorf("%s, n=%d, k=%d: got %v %v, want %v %v", name, size, k, kth, next, sorted[k], want)
				}
			}
		}
	}
}

func TestPercentileIsTheReferences(t *testing.T) {
	// percentile_f64 on a sorted array: h = 9*0.25 = 2.25 lies a quarter
	// of the way from the third value to the fourth.
	a := []float64{9, 1, 8, 2, 7, 3, 6, 4, 5, 0}
	for _, c := range []struct{ p, want float64 }{
		{0.25, 2.25}, {0.5, 4.5}, {0, 0}, {1, 9}, {0.975, 8.775},
	} {
		if got := percentile(a, c.p); got != c.want {
			t.Errorf("percentile(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if !slices.Equal(a, []float64{9, 1, 8, 2, 7, 3, 6, 4, 5, 0}) {
		t.Errorf("percentile reordered its input: %v", a)
	}
}

func TestSortedAtIsTheFirstPositionPastK(t *testing.T) {
	// Counts as draws leave them, and counts piled into a few positions,
	// so that a word's running totals reach 0x80 and more: the case the
	// word-at-a-time comparison cannot take.
	r := splitMix64{state: 3}
	for trial := range 2000 {
		n := 1 + int(r.next()%255)
		counts := make([]byte, (n+7)&^7)
		spots := n // draws spread over every position
		if trial%2 == 1 {
			spots = 1 + int(r.next()%3) // or piled into one to three
		}
		for range n {
			counts[int(r.next()%uint64(spots))*(n/spots)]++
		}
		for k := range n {
			want, seen := 0, int(counts[0])
			for seen <= k {
				want++
				seen += int(counts[want])
			}
			got, word, before := sortedAt(counts, k, 0, 0)
			if got != want {
				t.Fatalf("n=%d, counts %v: position %d of the sorted resample is at %d, sortedAt says %d", n, counts, k, want, got)
			}
			// Going on from there to k+1, as for an even n's upper.
			if k+1 < n {
				next, _, _ := sortedAt(counts, k+1, word, before)
				if wantNext, _, _ := sortedAt(counts, k+1, 0, 0); next != wantNext {
					t.Fatalf("n=%d, counts %v: position %d is at %d from the start, %d going on from word %d", n, counts, k+1, wantNext, next, word)
				}
			}
		}
	}
}

// TestTailsAreThePercentiles: the sampled thresholds give percentile's
// values, bit for bit, at the quantiles a bootstrap reads and at the
// longest tails they take, over series of resampled shifts, sorted either
// way, heavy tailed, and of few values (where they may decline: a tie at
// a threshold can hold half the series); they answer for every series
// that does not mislead them; and tails is percentile wherever they
// decline, a quarter of the series being no short tail. weightedTails,
// given each series as its cells, gives the same bits, series whose
// sampled values are the least or the greatest (which mislead its
// thresholds at one end) included.
func TestTailsAreThePercentiles(t *testing.T) {
	r := splitMix64{state: 11}
	const n = resamples
	var isSampled [n]bool // the values the thresholds are drawn from
	for i := range sampleSize {
		isSampled[i*n/sampleSize] = true
	}
	// misleads: the sampled thresholds may hold too few values, by ties
	// at one, or because the values sampled are the least or the greatest.
	shapes := []struct {
		name     string
		misleads bool
		f        func(i int) float64
	}{
		{"shifts", false, func(int) float64 { return float64(int64(r.next()%(1<<40))-1<<39) / 997 }},
		{"ascending", false, func(i int) float64 { return float64(i) }},
		{"descending", false, func(i int) float64 { return float64(n - i) }},
		{"heavy tails", false, func(int) float64 { return math.Exp(float64(r.next()%(1<<30)) / (1 << 24)) }},
		{"few values", true, func(int) float64 { return float64(r.next() % 4) }},
		{"spikes", true, func(i int) float64 { return float64(i%512) * float64(r.next()%2) }},
		{"zeros", true, func(int) float64 { return float64(r.next()%3) - 1 }},
		{"least sampled", true, func(i int) float64 {
			if isSampled[i] {
				return float64(i)
			}
			return float64(n + r.next()%1000)
		}},
		{"greatest sampled", true, func(i int) float64 {
			if isSampled[i] {
				return float64(2*n + i)
			}
			return float64(r.next() % 1000)
		}},
	}
	confidence := Confidence
	tail := (1 - confidence) / 2
	for _, shape := range shapes {
		a := make([]float64, n)
		for i := range a {
			a[i] = shape.f(i)
		}
		// a as cells (weightedTails): its distinct values, in the order
		// they first occur, each with how many times it does.
		var values []float64
		var cl cells
		cell := map[float64]uint16{}
		for _, x := range a {
			k, ok := cell[x]
			if !ok {
				k = uint16(len(values))
				cell[x] = k
				values, cl.weight = append(values, x), append(cl.weight, 0)
			}
			cl.weight[k]++
		}
		for i := range cl.sampled {
			cl.sampled[i] = cell[a[i*n/sampleSize]]
		}
		for _, pq := range [][2]float64{{tail, 1 - tail}, {0, 1}, {0.0001, 0.9999}, {0.06, 0.94}, {0.25, 0.75}} {
			wantLo, wantHi := percentile(a, pq[0]), percentile(a, pq[1])
			lo, hi := tails(a, pq[0], pq[1])
			if !sameFloat(lo, wantLo) || !sameFloat(hi, wantHi) {
				t.Errorf("%s, %v: tails %v %v, percentile %v %v", shape.name, pq, lo, hi, wantLo, wantHi)
			}
			lo, hi = weightedTails(slices.Clone(values), &cl, pq[0], pq[1], new(scratch))
			if !sameFloat(lo, wantLo) || !sameFloat(hi, wantHi) {
				t.Errorf("%s, %v: weightedTails %v %v, percentile %v %v", shape.name, pq, lo, hi, wantLo, wantHi)
			}
			_, _, ok := tailsBySample(a, pq[0], pq[1])
			if short := pq[0] < 0.0625 && pq[1] > 1-0.0625; ok && !short || !ok && short && !shape.misleads {
				t.Errorf("%s, %v: the sampled thresholds answered %v", shape.name, pq, ok)
			}
		}
	}
}

// TestLeastIsTheSorts: least gives the m-th and (m-1)-th smallest values,
// as a sort would place them, for every m of small series with and
// without ties.
func TestLeastIsTheSorts(t *testing.T) {
	r := splitMix64{state: 3}
	for _, values := range []uint64{2, 5, 1 << 20} {
		for n := 1; n <= 40; n++ {
			a := make([]float64, n)
			for i := range a {
				a[i] = float64(r.next()%values) - float64(values/2)
			}
			sorted := slices.Clone(a)
			slices.Sort(sorted)
			for m := 1; m <= n; m++ {
				top, second := least(slices.Clone(a), m)
				if want := sorted[max(m-2, 0)]; top != sorted[m-1] || second != want {
					t.Errorf("%v, m=%d: got %v %v, want %v %v", a, m, top, second, sorted[m-1], want)
				}
			}
		}
	}
}

// TestSortSeriesIsSlicesSort: sortSeries puts every series, short and
// long, in slices.Sort's order: the same values at every position (NaN
// first), -0 and +0 being the one pair either may place either way.
func TestSortSeriesIsSlicesSort(t *testing.T) {
	r := splitMix64{state: 19}
	values := []float64{math.NaN(), math.Copysign(0, -1), 0, 1, 2, math.Inf(1), math.Inf(-1)}
	for n := 0; n <= 2*shortSeries; n++ {
		for trial := range 40 {
			f := make([]float64, n)
			u := make([]uint64, n)
			for i := range f {
				switch trial % 3 {
				case 0: // ties and specials
					f[i] = values[r.next()%uint64(len(values))]
				case 1: // few values
					f[i] = float64(r.next() % 4)
				default:
					f[i] = float64(r.next() % (1 << 20))
				}
				u[i] = r.next() % uint64(1+trial)
			}
			want, got := slices.Clone(f), slices.Clone(f)
			slices.Sort(want)
			sortSeries(got)
			for i := range want {
				if !(sameFloat(got[i], want[i]) || got[i] == 0 && want[i] == 0) {
					t.Fatalf("n=%d: sortSeries %v, slices.Sort %v", n, got, want)
				}
			}
			wantU, gotU := slices.Clone(u), slices.Clone(u)
			slices.Sort(wantU)
			sortSeries(gotU)
			if !slices.Equal(gotU, wantU) {
				t.Fatalf("n=%d: sortSeries %v, slices.Sort %v", n, gotU, wantU)
			}
		}
	}
}
