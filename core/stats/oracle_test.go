package stats

// The implementations of DriftOf and the geomean as they were before they
// were made cheaper, kept as oracles: the tests hold the new code to
// their bits (fast_test.go).

import (
	"math"
	"runtime"
	"slices"
	"sync"
)

// oldDriftOf is driftOf as it was, kept as an oracle.
func oldDriftOf[T Sample](samples []T) Drift {
	d := Drift{Pct: math.NaN(), P: math.NaN()}
	n := len(samples)
	if n < MinSamples {
		return d
	}
	points := trendPoints(samples)
	d.P = oldMannKendall(points)
	if med := quantile(sortedCopy(samples), 0.5); med > 0 {
		perSample := oldSenSlope(points) * float64(len(points)) / float64(n)
		d.Pct = 100 * perSample * float64(n-1) / med
	}
	d.Drifted = d.P < DriftAlpha && math.Abs(d.Pct) >= DriftMinPct
	return d
}

// oldMannKendall is mannKendall as it was, kept as an oracle.
func oldMannKendall(x []float64) float64 {
	n := len(x)
	s := 0
	for i := range x {
		for _, y := range x[i+1:] {
			switch {
			case y > x[i]:
				s++
			case y < x[i]:
				s--
			}
		}
	}
	sorted := slices.Clone(x)
	slices.Sort(sorted)
	ties := 0.0 // the ties' term of the variance
	tied := false
	for i := 0; i < n; {
		j := i + 1
		for j < n && sorted[j] == sorted[i] {
			j++
		}
		if t := float64(j - i); t > 1 {
			ties += t * (t - 1) * (2*t + 5)
			tied = true
		}
		i = j
	}
	if !tied && n <= maxExactKendall {
		return exactKendall(n, s)
	}
	nf := float64(n)
	variance := (nf*(nf-1)*(2*nf+5) - ties) / 18
	if variance <= 0 {
		return 1 // every point equal: no trend to see
	}
	abs := math.Abs(float64(s))
	if abs == 0 {
		return 1
	}
	z := (abs - 1) / math.Sqrt(variance)
	return min(1, math.Erfc(z/math.Sqrt2))
}

// oldSenSlope is senSlope as it was, kept as an oracle.
func oldSenSlope(x []float64) float64 {
	slopes := make([]float64, 0, len(x)*(len(x)-1)/2)
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			slopes = append(slopes, (x[j]-x[i])/float64(j-i))
		}
	}
	m := len(slopes)
	upper := selectNth(slopes, m/2)
	if m%2 == 1 {
		return upper
	}
	// selectNth left the m/2 smallest before position m/2.
	return interpolate(slices.Max(slopes[:m/2]), upper, 0.5)
}

// oldGeomean is Comparer.geomean as it was, kept as an oracle.
func (c *Comparer) oldGeomean(covered []geomeanRow) Geomean {
	g := Geomean{Delta: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Verdict: Underpowered}
	g.Rows = len(covered)
	if g.Rows == 0 {
		return g
	}
	// Rows grouped by size, so that each size's bootstrap is built once
	// even when there are more sizes than a Comparer keeps.
	slices.SortStableFunc(covered, func(a, b geomeanRow) int {
		if d := len(a.base) - len(b.base); d != 0 {
			return d
		}
		return len(a.cur) - len(b.cur)
	})
	point := product{mantissa: 1}
	for k := range covered {
		r := &covered[k]
		if k == 0 || len(r.base) != len(covered[k-1].base) || len(r.cur) != len(covered[k-1].cur) {
			r.bs = c.bootstrap(len(r.base), len(r.cur))
		} else {
			r.bs = covered[k-1].bs
		}
		point.oldTimes(floatMedian(r.cur) / floatMedian(r.base))
	}
	// One product a resample, kept as mantissa and exponent: thousands
	// of ratios would overflow a float. Each resample's product is its
	// own, so the resamples are split over the cores, in contiguous
	// ranges, with the same bits however they are split.
	products := make([]product, resamples)
	for i := range products {
		products[i] = product{mantissa: 1}
	}
	workers := 1
	if len(covered) >= 64 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for w := range workers {
		from, to := w*resamples/workers, (w+1)*resamples/workers
		wg.Go(func() {
			for _, r := range covered {
				r.oldResample(products, from, to)
			}
		})
	}
	wg.Wait()
	rowCount := float64(g.Rows)
	logs := make([]float64, resamples)
	for b := range logs {
		logs[b] = products[b].log() / rowCount
	}
	confidence := Confidence
	tail := (1 - confidence) / 2
	g.Delta = 100 * math.Expm1(point.log()/rowCount)
	g.Lo = 100 * math.Expm1(percentile(logs, tail))
	g.Hi = 100 * math.Expm1(percentile(logs, 1-tail))
	g.Verdict = verdictOf(g.Lo, g.Hi)
	return g
}

// oldResample is geomeanRow.resample as it was, kept as an oracle.
func (r geomeanRow) oldResample(products []product, from, to int) {
	bs := r.bs
	for b := from; b < to; {
		j := (b + r.offset) % resamples
		end := min(to, b+resamples-j) // j wraps to 0 there
		for ; b < end; b, j = b+1, j+1 {
			mb := interpolate(r.base[bs.base.slotLower[bs.base.slot[j]]], r.base[bs.base.slotUpper[bs.base.slot[j]]], bs.base.frac)
			mc := interpolate(r.cur[bs.cur.slotLower[bs.cur.slot[j]]], r.cur[bs.cur.slotUpper[bs.cur.slot[j]]], bs.cur.frac)
			products[b].oldTimes(mc / mb)
		}
	}
}

// product is a running product of positive ratios as mantissa *
// 2^exponent, as the geomean kept it before it summed logarithms.
type product struct {
	mantissa float64
	exponent int
}

// log is the natural logarithm of the product.
func (p product) log() float64 {
	m, e := math.Frexp(p.mantissa)
	return math.Log1p(m-1) + float64(p.exponent+e)*math.Ln2
}

// oldTimes is product.times as it was, kept as an oracle.
func (p *product) oldTimes(x float64) {
	if x > 0x1p64 || x < 0x1p-64 {
		m, e := math.Frexp(x)
		x, p.exponent = m, p.exponent+e
	}
	p.mantissa *= x
	if p.mantissa > 0x1p512 || p.mantissa < 0x1p-512 {
		m, e := math.Frexp(p.mantissa)
		p.mantissa, p.exponent = m, p.exponent+e
	}
}

// oldInterval is bootstrap.interval as it was before it computed a shift
// a cell: a shift a resample, and the tails of the 10,000, kept as an
// oracle.
func oldInterval(bs *bootstrap, vb, vc []float64) (lo, hi, p float64) {
	shifts := make([]float64, resamples)
	below, above := 0, 0
	bm, cm := bs.base.values(vb), bs.cur.values(vc)
	for i := range shifts {
		mb, mc := bm[bs.base.slot[i]], cm[bs.cur.slot[i]]
		var shift float64
		if mb > 0 {
			shift = 100 * (mc - mb) / mb
		}
		shifts[i] = shift
		if shift <= 0 {
			below++
		}
		if shift >= 0 {
			above++
		}
	}
	confidence := Confidence
	tail := (1 - confidence) / 2
	return percentile(shifts, tail), percentile(shifts, 1-tail), pValue(below, above)
}
