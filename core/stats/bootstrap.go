package stats

import (
	"math"
	"math/bits"
	"slices"
)

// bootstrap returns the interval on the relative shift between the medians
// of base and cur, both ascending and at least MinSamples long, with a
// positive base median.
//
// It draws exactly what the reference draws — per resample, len(base)
// indices into base, then len(cur) indices into cur, each next() % n — but
// it does not build and sort each resample. Because base and cur are
// sorted, a resample sorted is just the drawn positions in ascending order,
// so its median is found by counting how often each position was drawn
// and walking the counts to the median's order statistics.
func bootstrap(base, cur []uint64) (lo, hi float64) {
	r := splitMix64{state: seed}
	b, c := newResampler(base), newResampler(cur)
	shifts := make([]float64, resamples)
	for i := range shifts {
		mb := b.median(&r)
		mc := c.median(&r)
		if mb > 0 {
			shifts[i] = 100 * (mc - mb) / mb
		}
	}
	// The reference computes the tail in float64 at run time; a Go constant
	// expression would be exact and differ in the last bit.
	confidence := Confidence
	tail := (1 - confidence) / 2
	return percentile(shifts, tail), percentile(shifts, 1-tail)
}

// resampler draws resamples of one sorted series and reports their medians.
type resampler struct {
	values []float64 // the series, ascending, as float64
	counts []uint32  // how often each position was drawn in this resample
	div    divisor   // len(values)
	// The median of n values is below + frac*(above-below), below and
	// above being the order statistics lower and upper (equal for odd n).
	lower, upper int
	frac         float64
}

func newResampler(sorted []uint64) *resampler {
	n := len(sorted)
	values := make([]float64, n)
	for i, v := range sorted {
		values[i] = float64(v)
	}
	h := float64(n-1) * 0.5
	lower := int(math.Floor(h))
	return &resampler{
		values: values,
		counts: make([]uint32, n),
		div:    newDivisor(uint64(n)),
		lower:  lower,
		upper:  int(math.Ceil(h)),
		frac:   h - float64(lower),
	}
}

// median draws one resample from r and returns its median, bit for bit what
// sorting the resample and taking Quantile(resample, 0.5) would give.
func (s *resampler) median(r *splitMix64) float64 {
	counts := s.counts
	clear(counts)
	// The generator's state lives in a register for the loop: through the
	// pointer, every count written would force it back to memory.
	state, div := r.state, s.div
	for range counts {
		state += gamma
		counts[div.mod(mix(state))]++
	}
	r.state = state
	// Walk to the bucket holding position lower of the sorted resample.
	i, seen := 0, counts[0]
	for int(seen) <= s.lower {
		i++
		seen += counts[i]
	}
	below := s.values[i]
	above := below
	if int(seen) <= s.upper { // position upper is in a later bucket
		i++
		for counts[i] == 0 {
			i++
		}
		above = s.values[i]
	}
	return interpolate(below, above, s.frac)
}

// percentile is the reference's percentile_f64: the R-7 quantile p of a as
// if a were sorted. It finds the two order statistics it needs by
// selection rather than sorting all of a, which it reorders.
func percentile(a []float64, p float64) float64 {
	h := float64(len(a)-1) * p
	lower, upper := int(math.Floor(h)), int(math.Ceil(h))
	below := selectK(a, lower)
	above := below
	if upper > lower {
		above = slices.Min(a[lower+1:])
	}
	return interpolate(below, above, h-float64(lower))
}

// selectK reorders a so that a[k] is the value sorting would put there,
// with nothing larger before it and nothing smaller after it, and returns
// a[k]. It is a quickselect with a three-way partition, because bootstrap
// shifts of short series repeat a lot; should a run of bad pivots exhaust
// its budget it sorts what is left, so it is never quadratic.
func selectK(a []float64, k int) float64 {
	lo, hi := 0, len(a)
	for budget := 2 * bits.Len(uint(len(a))); hi-lo > 16 && budget > 0; budget-- {
		p := median3(a[lo], a[lo+(hi-lo)/2], a[hi-1])
		lt, i, gt := lo, lo, hi // [lo,lt) < p, [lt,i) == p, [gt,hi) > p
		for i < gt {
			switch x := a[i]; {
			case x < p:
				a[lt], a[i] = x, a[lt]
				lt++
				i++
			case x > p:
				gt--
				a[i], a[gt] = a[gt], x
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return p
		}
	}
	slices.Sort(a[lo:hi])
	return a[k]
}

func median3(a, b, c float64) float64 {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b = c
	}
	return max(a, b)
}
