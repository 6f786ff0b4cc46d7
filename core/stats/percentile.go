package stats

import "math"

// percentile is the reference's percentile_f64 of a: the R-7 quantile p of
// a as if it were sorted. It reads a without changing it or sorting it.
func percentile(a []float64, p float64) float64 {
	h, lower := rank(len(a), p)
	below, next := pair(a, lower)
	return at(below, next, h, lower)
}

// rank is where percentile_f64 reads quantile p of n values: h, between
// positions lower and lower+1 of the sorted values.
func rank(n int, p float64) (h float64, lower int) {
	h = float64(n-1) * p
	return h, int(math.Floor(h))
}

// at is percentile_f64's value at h, from the sorted values at lower
// (below) and lower+1 (next).
func at(below, next, h float64, lower int) float64 {
	above := below
	if int(math.Ceil(h)) > lower {
		above = next
	}
	return interpolate(below, above, h-float64(lower))
}

// pair returns the values sorting a would put at positions k and k+1 (k+1
// may be len(a), when both are the largest). It reads a once and keeps a
// heap of whichever tail holds position k, so for a 2.5th or 97.5th
// percentile it holds a fortieth of a; a value displaces the heap's top
// only when it belongs in the tail, which in a random order is rarely.
func pair(a []float64, k int) (float64, float64) {
	n := len(a)
	if k >= n-1 {
		m := a[0]
		for _, x := range a {
			m = max(m, x)
		}
		return m, m
	}
	if k < n/2 {
		// The k+2 smallest: the largest of them is at k+1, the next at k.
		h := newTopHeap(a, k+2, 1)
		return h.second(), h[0]
	}
	// The n-k largest, negated: the smallest of them is at k, the next
	// at k+1. Negation is exact, so the values come back bit for bit.
	h := newTopHeap(a, n-k, -1)
	return -h[0], -h.second()
}

// tails is percentile(a, p) and percentile(a, q), p a low quantile and q
// a high one, for a series with no NaN and no -0 in it, as a bootstrap's
// shifts: what interval reads off every row's 10,000 shifts.
//
// The heaps of pair took two thirds of a row's comparison there: a value
// that belongs in a tail displaces the heap's top and sinks eight levels,
// and about a thousand do. So, for a long series whose tails are short,
// an evenly spaced sample of it first gives a threshold for each tail
// that some more values than the tail's lie beyond, one pass gathers
// those values, and each heap is built over them alone. When fewer values
// than a tail's lie beyond its threshold, or too many (a tie at the
// threshold can hold half the series), pair reads the whole series as
// before. Either way the values are those sorting the series would put
// at each rank: the same bits (the sort's order and the heap's agree
// but for NaN, which neither places, and -0 against +0, which they may
// place differently; the series holds neither).
func tails(a []float64, p, q float64) (float64, float64) {
	if lo, hi, ok := tailsBySample(a, p, q); ok {
		return lo, hi
	}
	return percentile(a, p), percentile(a, q)
}

// tailsBySample is tails by the sampled thresholds, ok false where it
// leaves the series to pair.
func tailsBySample(a []float64, p, q float64) (lo, hi float64, ok bool) {
	n := len(a)
	hp, kp := rank(n, p)
	hq, kq := rank(n, q)
	mp, mq := kp+2, n-kq // the tails' lengths, as pair's heaps
	if n < minSampled || kp >= n/2 || kq < n/2 || mp > n/16 || mq > n/16 {
		return 0, 0, false
	}
	// The sample's rp-th smallest and rq-th largest, rp about twice the
	// low tail's share of the sample and four more: picked by two
	// quickselects, where keeping the least values as they came cost a
	// call a value, and a call is dear under WebAssembly.
	rp, rq := 2*mp*sampleSize/n+4, 2*mq*sampleSize/n+4
	var sample [sampleSize]float64
	for i := range sample {
		sample[i] = a[i*n/sampleSize]
	}
	lowest := selectNth(sample[:], rp-1)
	highest := selectNth(sample[:], sampleSize-rq)
	// The values at or beyond the thresholds: about r*n/sampleSize of
	// each; twice that and the tail is room to spare.
	lows := make([]float64, 0, 2*(mp+rp*n/sampleSize))
	highs := make([]float64, 0, 2*(mq+rq*n/sampleSize))
	for _, x := range a {
		if x <= lowest {
			if len(lows) == cap(lows) {
				return 0, 0, false
			}
			lows = append(lows, x)
		} else if x >= highest {
			if len(highs) == cap(highs) {
				return 0, 0, false
			}
			highs = append(highs, -x)
		}
	}
	if len(lows) < mp || len(highs) < mq {
		return 0, 0, false
	}
	lowTop, lowSecond := least(lows, mp)
	highTop, highSecond := least(highs, mq)
	return at(lowSecond, lowTop, hp, kp), at(-highTop, -highSecond, hq, kq), true
}

// The sampled thresholds of tails: drawn from sampleSize values of the
// series, evenly spaced, and only for a series of minSampled or more.
// For a tail of 2.5% of 10,000, the threshold leaves about 580 values
// beyond it, 3.2 standard deviations more than the tail's 252.
const (
	sampleSize = 512
	minSampled = 2048
)

// least returns what a topHeap of the m smallest values of c would hold
// as its largest (top) and its second largest (second; top when m is 1),
// reordering c: a quickselect (selectNth) puts the m-th smallest at
// c[m-1] and none greater before it, where the heap sank some hundreds
// of values eight levels each. c holds no NaN and at least m values.
func least(c []float64, m int) (top, second float64) {
	top = selectNth(c, m-1)
	if m == 1 {
		return top, top
	}
	second = c[0]
	for _, x := range c[1 : m-1] {
		if x > second { // a loop, not max: a call a value under WebAssembly
			second = x
		}
	}
	return top, second
}

// topHeap is a max-heap of the m smallest values of sign*a seen so far.
type topHeap []float64

func newTopHeap(a []float64, m int, sign float64) topHeap {
	h := make(topHeap, m)
	for i := range h {
		h[i] = sign * a[i]
	}
	for i := m/2 - 1; i >= 0; i-- {
		h.down(i)
	}
	for _, x := range a[m:] {
		if x *= sign; x < h[0] {
			h[0] = x
			h.down(0)
		}
	}
	return h
}

func (h topHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h[c+1] > h[c] {
			c++
		}
		if !(h[c] > h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// second is the heap's second largest value (its largest when it holds one).
func (h topHeap) second() float64 {
	switch len(h) {
	case 1:
		return h[0]
	case 2:
		return h[1]
	}
	return max(h[1], h[2])
}

// weightedTails is tails(a, p, q) for the resamples' series a whose
// resamples on cell k (of cl) all hold values[k]: values weighed by
// cl.weight, the same bits as the series itself. Like tailsBySample, it
// picks each short tail's values among those at or beyond a threshold
// drawn from an evenly spaced sample of the resamples (shortTails); a
// tail that is not short, or whose threshold has too few resamples
// beyond it, is picked among every cell. values holds no NaN and no -0,
// as tails' series.
func weightedTails(values []float64, cl *cells, p, q float64, sc *scratch) (lo, hi float64) {
	const n = resamples
	hp, kp := rank(n, p)
	hq, kq := rank(n, q)
	weight := cl.weight[:len(values)]
	lo, hi = math.NaN(), math.NaN()
	if kp < n/2 && kq >= n/2 && kp+2 <= n/16 && n-kq <= n/16 && n-kq >= 2 {
		lo, hi = shortTails(values, cl, hp, kp, hq, kq, sc)
	}
	if math.IsNaN(lo) { // not told by its short tail
		lo = weightedPercentile(values, weight, hp, kp)
	}
	if math.IsNaN(hi) {
		hi = weightedPercentile(values, weight, hq, kq)
	}
	return lo, hi
}

// shortTails returns the percentiles at h (lower position k) of a short
// low tail and at hq (lower position kq) of a short high tail of the
// resamples' series that cl and values stand for (see weightedTails), NaN
// for either when it cannot tell. As tailsBySample, it takes the r-th
// least of the sample's values (r about twice the tail's share of the
// sample, and four more) as the low tail's threshold, and the r-th
// greatest as the high one's; one pass gathers the cells at or beyond
// either, and when a tail's cells hold the resamples its positions
// need, its values are picked among them (weightedPair): every value at
// or beyond the threshold is there. Both tails in one pass, with their
// cells written to memory sized for every cell, took under WebAssembly
// 0.6 of the time a pass a tail took, appending.
func shortTails(values []float64, cl *cells, h float64, k int, hq float64, kq int, sc *scratch) (lo, hi float64) {
	const n = resamples
	lo, hi = math.NaN(), math.NaN()
	// The low tail needs positions k and k+1, k+2 resamples; the high
	// one positions kq and kq+1, its last n-kq.
	mLo, mHi := k+2, n-kq
	rLo, rHi := 2*mLo*sampleSize/resamples+4, 2*mHi*sampleSize/resamples+4
	var sample [sampleSize]float64
	for i, c := range cl.sampled {
		sample[i] = values[c]
	}
	low := selectNth(sample[:], rLo-1)
	high := selectNth(sample[:], sampleSize-rHi)
	if cap(sc.tail) < 2*len(values) {
		m := 2 * max(len(values), maxCells)
		sc.tail, sc.weight = make([]float64, m), make([]uint32, m)
	}
	lows, lowWeight := sc.tail[:len(values)], sc.weight[:len(values)]
	highs, highWeight := sc.tail[len(values):2*len(values)], sc.weight[len(values):2*len(values)]
	weight := cl.weight[:len(values)]
	nLo, nHi, heldLo, heldHi := 0, 0, 0, 0
	for c, x := range values {
		if x <= low {
			lows[nLo], lowWeight[nLo] = x, weight[c]
			nLo++
			heldLo += int(weight[c])
		}
		if x >= high {
			highs[nHi], highWeight[nHi] = x, weight[c]
			nHi++
			heldHi += int(weight[c])
		}
	}
	if heldLo >= mLo {
		below, next := weightedPair(lows[:nLo], lowWeight[:nLo], k)
		lo = at(below, next, h, k)
	}
	if heldHi >= mHi {
		// The cells gathered are the last heldHi resamples: position kq
		// of the series is kq-(n-heldHi) among them.
		below, next := weightedPair(highs[:nHi], highWeight[:nHi], kq-(n-heldHi))
		hi = at(below, next, hq, kq)
	}
	return lo, hi
}

// weightedPercentile is percentile of the series holding values[k]
// weight[k] times, read at h between sorted positions lower and lower+1.
// It leaves values and weight as they were.
func weightedPercentile(values []float64, weight []uint32, h float64, lower int) float64 {
	below, next := weightedPair(append([]float64(nil), values...), append([]uint32(nil), weight...), lower)
	return at(below, next, h, lower)
}

// weightedPair returns the values sorting the series that holds v[i]
// w[i] times would put at positions k and k+1 (both the largest when k+1
// is past the end), reordering v and w together: a quickselect with the
// median of three as the pivot, partitioned three ways, so that ties
// (cells of equal shifts) settle in one pass. v holds no NaN, and the
// weights sum to more than k.
func weightedPair(v []float64, w []uint32, k int) (float64, float64) {
	lo, hi := 0, len(v)
	// beyond is the least value after v[lo:hi] (each of those is greater
	// than every one in it), when cut says there are any.
	beyond, cut := 0.0, false
	for {
		a, b, c := v[lo], v[lo+(hi-lo)/2], v[hi-1]
		pivot := max(min(a, b), min(max(a, b), c))
		// v[lo:lt] < pivot, v[lt:i] == pivot, v[gt:hi] > pivot.
		lt, i, gt := lo, lo, hi
		less, equal := 0, 0 // the weights of v[lo:lt] and v[lt:i]
		for i < gt {
			switch x := v[i]; {
			case x < pivot:
				v[lt], v[i] = x, v[lt]
				w[lt], w[i] = w[i], w[lt]
				less += int(w[lt])
				lt++
				i++
			case x > pivot:
				gt--
				v[gt], v[i] = x, v[gt]
				w[gt], w[i] = w[i], w[gt]
			default:
				equal += int(w[i])
				i++
			}
		}
		switch {
		case k < less:
			hi, beyond, cut = lt, pivot, true
		case k < less+equal:
			if k+1 < less+equal {
				return pivot, pivot
			}
			if gt == hi {
				if cut {
					return pivot, beyond
				}
				return pivot, pivot // k is the last position: both are the largest
			}
			next := v[gt]
			for _, x := range v[gt+1 : hi] {
				if x < next { // a loop, not min: a call a value under WebAssembly
					next = x
				}
			}
			return pivot, next
		default:
			k -= less + equal
			lo = gt
		}
	}
}
