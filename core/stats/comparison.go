package stats

import (
	"cmp"
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

// Resamples is how many resamples a bootstrap draws.
const Resamples = resamples

// Comparison is a run's median against a baseline's, with a bootstrap
// interval on the relative shift between them.
type Comparison struct {
	BaselineMedian float64 // the baseline's median, ns (CompareFloats: in the metric's unit)
	Median         float64 // this run's median, in the same unit
	// Delta is (Median - BaselineMedian) as a percentage of BaselineMedian;
	// positive is slower (for a metric better higher: a rate that rose).
	// Zero when the baseline median is zero, but for CompareMetric, where
	// a median that rose from zero is +Inf.
	Delta float64
	// Lo and Hi bound Delta at Confidence, in percent; NaN when the verdict
	// is Underpowered. Otherwise Lo <= Hi, and the verdict is read off them
	// (CompareMetric's ends for a zero baseline median are -Inf, 0 or +Inf).
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
	return compare(baseline, current, fresh)
}

// CompareFloats is Compare for samples that are not whole nanoseconds: a
// metric's samples in its own unit (seconds, bytes per operation, MB/s),
// each finite and not negative. The resampling is Compare's, draw for draw
// (it picks order statistics, whatever their values), so samples that are
// whole numbers give Compare's bits. Delta, Lo, Hi and P are the shift of
// the metric itself, current against baseline, and the verdict reads them
// as a time: above zero is Regression. For a metric that is better higher,
// turn the verdict with HigherIsBetter.
func CompareFloats(baseline, current []float64) Comparison {
	return compare(baseline, current, fresh)
}

// fresh builds the resampling for two sizes anew.
func fresh(nb, nc int) *bootstrap { return newBootstrap(nb, nc, nil) }

// HigherIsBetter is c for a metric that is better when higher (MB/s,
// operations a second): Regression and Improvement swap, and everything
// else stays, Delta, Lo and Hi included. So a throughput that drops by 10%
// keeps Delta -10%, the shift of the metric as its tool prints it (as
// benchstat does), and is a Regression: the interval lies below zero.
func (c Comparison) HigherIsBetter() Comparison {
	c.Verdict = c.Verdict.turned()
	return c
}

// compare is Compare with the bootstrap for the two sizes got from
// resampling, which builds it or finds it built.
func compare[T Sample](baseline, current []T, resampling func(nb, nc int) *bootstrap) Comparison {
	base, cur := sortedView(baseline), sortedView(current)
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
	c.Lo, c.Hi, c.P = resampling(len(base), len(cur)).interval(floats(base), floats(cur))
	c.Verdict = verdictOf(c.Lo, c.Hi)
	return c
}

// Sample is what a series is made of: whole nanoseconds, as cove-bench
// writes them, or a metric's value in its unit. Every statistic is the
// same code for both, so whole numbers given as floats get the same bits.
type Sample interface{ uint64 | float64 }

// SortedFloats is a sorted copy of samples, in the order every statistic
// here sorts a series. A statistic that reads its series in any order
// (Compare, Outliers, SamplesNeeded, the geomean) sorts a copy of it
// first, and that sort is a single pass over a series sorted already: a
// caller that hands one row's sides to several of them sorts each side
// once, and hands them this.
func SortedFloats(samples []float64) []float64 { return sortedCopy(samples) }

// Sort sorts samples in place, in the order SortedFloats gives, for
// either kind of sample: whole numbers sort in the order their floats do,
// and a little faster (their comparison minds no NaN).
func Sort[T Sample](samples []T) { sortSeries(samples) }

func sortedCopy[T Sample](s []T) []T {
	s = slices.Clone(s)
	sortSeries(s)
	return s
}

// sortedView is what sortedCopy(s) holds, for a statistic that only reads
// it: s itself when sortSeries would leave it as it is (a short series
// sorted already, as the viewer's workers are handed every row's sides),
// else the copy. A row's sides were copied eight times on the way to its
// comparison, its geomean and what is shown beside it: 2 KB of the 8.6
// KB a row allocated.
func sortedView[T Sample](s []T) []T {
	if len(s) > shortSeries {
		return sortedCopy(s)
	}
	for i := 1; i < len(s); i++ {
		if cmp.Less(s[i], s[i-1]) { // insertion would move s[i]
			return sortedCopy(s)
		}
	}
	return s
}

// sortSeries sorts s in ascending order, NaN first, as slices.Sort does:
// a series of up to shortSeries samples by insertion, which under
// WebAssembly took half the time of slices.Sort on 30 samples (0.9 µs
// against 1.6 µs), a row's sides being sorted some ten times on the way
// to its comparison and what is shown beside it. The order is the same
// but for -0 against +0, which both take as equal: insertion leaves them
// in the order they came, as slices.Sort does up to 12 values.
func sortSeries[T Sample](s []T) {
	if len(s) > shortSeries {
		slices.Sort(s)
		return
	}
	for i := 1; i < len(s); i++ {
		x, j := s[i], i
		for ; j > 0 && cmp.Less(x, s[j-1]); j-- {
			s[j] = s[j-1]
		}
		s[j] = x
	}
}

// shortSeries is the longest series sortSeries sorts by insertion: some
// 250 moves at 32 samples in a random order, where slices.Sort's
// partitions begin to pay.
const shortSeries = 32

// median is the median of an ascending series, NaN for an empty one.
func median[T Sample](sorted []T) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	return quantile(sorted, 0.5)
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
