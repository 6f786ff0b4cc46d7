package stats

import "math"

// percentile is the reference's percentile_f64 of a: the R-7 quantile p of
// a as if it were sorted. It reads a without changing it or sorting it.
func percentile(a []float64, p float64) float64 {
	h := float64(len(a)-1) * p
	lower := int(math.Floor(h))
	below, next := pair(a, lower)
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
