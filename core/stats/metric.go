package stats

import "math"

// CompareMetric is CompareMetric(baseline, current, higher), reusing what
// earlier comparisons of the same sizes built.
func (c *Comparer) CompareMetric(baseline, current []float64, higher bool) Comparison {
	return compareMetric(baseline, current, higher, c.bootstrap)
}

// CompareMetric compares two series of one metric's samples, in its unit,
// as every page and the command line read a metric: the one place a
// metric's verdict is made, so that no two of them can disagree. higher
// says the metric is better higher (MB/s): its verdict is turned, as
// HigherIsBetter turns it.
//
// A row whose baseline median is above zero is CompareFloats's, bit for
// bit. A baseline median of zero, which CompareFloats calls underpowered
// since a shift in percent of zero has no size, is read as follows when
// each side has MinSamples samples or more (with fewer the row stays
// underpowered, its Delta as below):
//
//   - Every sample of both sides zero (0 B/op before and after): the
//     metric did not move. Delta, Lo and Hi are 0, P is 1 and the verdict
//     InsideTheNoise: what the rule below gives, without the draws.
//   - Otherwise (0 → 1 allocs/op): the same resampling as CompareFloats's,
//     the same draws for the same sizes, but each resample's shift is the
//     difference of the medians, current - baseline, in the metric's unit;
//     the interval is that difference's 2.5th and 97.5th percentiles, and
//     P is read off the same differences as pValue reads shifts. It is the
//     percent rule with the division left out: a resampled baseline median
//     above zero gives a shift and a difference of the same sign, so both
//     count the same event, a current median above the baseline's, over
//     the same resamples; the difference also counts the resamples whose
//     baseline median is zero, which a percentage cannot.
//
// In percent of a median of zero, a difference above zero is +Inf, one
// below -Inf and one of zero 0. So Delta is +Inf for a median that rose
// from zero and 0 for one that stayed there (-Inf only for a metric that
// goes below zero); Lo and Hi are the interval's ends mapped the same way
// ([+Inf, +Inf] for a rise that 97.5% of the resamples see, [0, +Inf] for
// one they do not), and the verdict is read off them as ever: Lo above
// zero is a Regression. A sample that is NaN or infinite leaves such a
// row as CompareFloats gives it.
func CompareMetric(baseline, current []float64, higher bool) Comparison {
	return compareMetric(baseline, current, higher, fresh)
}

// compareMetric is CompareMetric with the bootstrap for the two sizes got
// from resampling.
func compareMetric(baseline, current []float64, higher bool, resampling func(nb, nc int) *bootstrap) Comparison {
	c := compare(baseline, current, resampling)
	if c.BaselineMedian == 0 && finite(baseline) && finite(current) {
		c.Delta = ofZero(c.Median)
		if len(baseline) >= MinSamples && len(current) >= MinSamples {
			c.Lo, c.Hi, c.P = fromZero(sortedCopy(baseline), sortedCopy(current), resampling)
			c.Verdict = verdictOf(c.Lo, c.Hi)
		}
	}
	if higher {
		c = c.HigherIsBetter()
	}
	return c
}

// fromZero is the interval, in percent, and the p-value of sorted sides
// whose baseline median is zero (see CompareMetric).
func fromZero(base, cur []float64, resampling func(nb, nc int) *bootstrap) (lo, hi, p float64) {
	if base[0] == 0 && base[len(base)-1] == 0 && cur[0] == 0 && cur[len(cur)-1] == 0 {
		return 0, 0, 1 // every difference is 0: no draws needed
	}
	dlo, dhi, p := resampling(len(base), len(cur)).difference(base, cur)
	return ofZero(dlo), ofZero(dhi), p
}

// difference is interval for a baseline whose median is zero: the
// percentile interval on current - baseline between the medians of each
// resample of vb and vc (ascending, of the sizes bs was built for), in
// their unit, and the p-value read off those differences (see pValue).
func (bs *bootstrap) difference(vb, vc []float64) (lo, hi, p float64) {
	diffs := make([]float64, resamples)
	bm, cm := bs.base.values(vb), bs.cur.values(vc)
	below, above := 0, 0
	for i := range diffs {
		d := cm[bs.cur.slot[i]] - bm[bs.base.slot[i]]
		if d == 0 {
			d = 0 // +0 for -0: tails takes no -0
		}
		diffs[i] = d
		if d <= 0 {
			below++
		}
		if d >= 0 {
			above++
		}
	}
	confidence := Confidence
	tail := (1 - confidence) / 2
	lo, hi = tails(diffs, tail, 1-tail)
	return lo, hi, pValue(below, above)
}

// ofZero is x in percent of zero: +Inf above zero, -Inf below, 0 at zero
// (-0 included), and NaN for NaN.
func ofZero(x float64) float64 {
	switch {
	case x > 0:
		return math.Inf(1)
	case x < 0:
		return math.Inf(-1)
	case x == 0:
		return 0
	}
	return x
}

// finite reports whether every sample of s is a number, not infinite.
func finite(s []float64) bool {
	for _, x := range s {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
