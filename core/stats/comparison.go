package stats

import (
	"math"
	"slices"
	"strconv"
)

// MinSamples is how many samples a side needs before a comparison calls
// anything. The widest distribution-free interval for a median, [min, max],
// misses it with probability 2*(1/2)^n; asking for 95% asks for
// 2^(n-1) >= 20, which first holds at n = 6.
const MinSamples = 6

// Confidence is the confidence the reported interval carries.
const Confidence = 0.95

// resamples is how many bootstrap resamples the interval is built from.
const resamples = 10_000

// Comparison is a run's median against a baseline's, with a bootstrap
// interval on the relative shift between them.
type Comparison struct {
	BaselineMedian float64 // the baseline's median, ns
	Median         float64 // this run's median, ns
	// Delta is (Median - BaselineMedian) as a percentage of BaselineMedian;
	// positive is slower. Zero when the baseline median is zero.
	Delta float64
	// Lo and Hi bound Delta at Confidence, in percent; NaN when the verdict
	// is Underpowered. Otherwise Lo <= Hi, and the verdict is read off them.
	Lo, Hi  float64
	Verdict Verdict
	// P is the two-sided p-value of no shift, read off the same bootstrap
	// distribution as Lo and Hi: at most 0.05 exactly when the verdict is
	// Regression or Improvement (0.05 itself may go either way), in steps
	// of 1/5,000. NaN when the verdict is Underpowered. It is not part of
	// the reference's line; Adjust takes it.
	P float64
}

// Compare compares two series of wall times, in any order (the reference's
// Comparison::of). Each side is resampled with replacement 10,000 times;
// the 2.5th and 97.5th percentiles of (current - baseline) / baseline
// between the resampled medians are the interval.
//
// A side with fewer than MinSamples samples, or a zero baseline median,
// gives Underpowered with no interval. An empty side, which the reference
// does not accept, gives NaN medians and Underpowered.
func Compare(baseline, current []uint64) Comparison {
	return compare(baseline, current, func(nb, nc int) *bootstrap { return newBootstrap(nb, nc, nil) })
}

// compare is Compare with the bootstrap for the two sizes got from
// resampling, which builds it or finds it built.
func compare(baseline, current []uint64, resampling func(nb, nc int) *bootstrap) Comparison {
	base, cur := sortedCopy(baseline), sortedCopy(current)
	c := Comparison{
		BaselineMedian: median(base),
		Median:         median(cur),
		Lo:             math.NaN(),
		Hi:             math.NaN(),
		P:              math.NaN(),
		Verdict:        Underpowered,
	}
	if c.BaselineMedian > 0 {
		c.Delta = 100 * (c.Median - c.BaselineMedian) / c.BaselineMedian
	}
	if len(base) < MinSamples || len(cur) < MinSamples || !(c.BaselineMedian > 0) {
		return c
	}
	c.Lo, c.Hi, c.P = resampling(len(base), len(cur)).interval(base, cur)
	c.Verdict = verdictOf(c.Lo, c.Hi)
	return c
}

func sortedCopy(s []uint64) []uint64 {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// median is the median of an ascending series, NaN for an empty one.
func median(sorted []uint64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	return Quantile(sorted, 0.5)
}

// JSON is the comparison as one line of the harness's output, as the
// reference's Comparison::to_json(benchmark, of, backend) writes it. Its
// kind is "comparison"; of names the kind of the rows compared. Medians
// have one decimal, percentages two; an Underpowered interval is null.
// A number that is not finite (only possible for an empty side) is
// written as null so that the line stays JSON.
func (c Comparison) JSON(benchmark, of, backend string) string {
	var l line
	l.Grow(256 + len(benchmark) + len(of) + len(backend))
	l.WriteString(`{"benchmark":`)
	l.name(benchmark)
	l.WriteString(`,"kind":"comparison","of":`)
	l.name(of)
	l.WriteString(`,"backend":`)
	l.name(backend)
	l.WriteString(`,"baseline_median_ns":`)
	l.fixed(c.BaselineMedian, 1)
	l.WriteString(`,"median_ns":`)
	l.fixed(c.Median, 1)
	l.WriteString(`,"delta_pct":`)
	l.fixed(c.Delta, 2)
	if c.Verdict == Underpowered {
		l.WriteString(`,"ci_low_pct":null,"ci_high_pct":null`)
	} else {
		l.WriteString(`,"ci_low_pct":`)
		l.fixed(c.Lo, 2)
		l.WriteString(`,"ci_high_pct":`)
		l.fixed(c.Hi, 2)
	}
	l.WriteString(`,"confidence":`)
	l.Write(strconv.AppendFloat(l.num[:0], Confidence, 'f', -1, 64))
	l.WriteString(`,"verdict":"`)
	l.WriteString(c.Verdict.String())
	l.WriteString(`"}`)
	return l.String()
}
