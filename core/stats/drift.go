package stats

import (
	"math"
	"slices"
	"sync"
)

// DriftAlpha is the significance level at which DriftOf flags a side: the
// share of sides with no drift at all that it flags, at most. One side in
// a hundred rather than one in twenty, because every row has two sides
// and a suite has hundreds of rows: at 0.05 a clean run of 400 rows would
// show some forty drift marks.
const DriftAlpha = 0.01

// DriftMinPct is the smallest change over a run, in percent of its median,
// that DriftOf flags however certain it is: a run of 100,000 samples
// resolves a trend of a tenth of a percent, which changes no decision.
const DriftMinPct = 1.0

// maxTrendPoints bounds the points the trend test compares pairwise: a
// longer run is read as that many consecutive blocks, each its median.
// Every side of every row is tested, so this bounds the cost to some
// 20,000 pairs a side.
const maxTrendPoints = 200

// Drift is a side's trend over its run.
type Drift struct {
	// Pct is the change from the run's start to its end, in percent of
	// the run's median: Sen's slope (the median of the slopes between
	// every two samples) times the run's length. Positive is slowing
	// down. NaN when there are fewer than MinSamples samples or the
	// median is zero, and NaN when P is not below DriftAlpha: such a
	// side cannot be flagged, and its slope, which would take most of
	// DriftOf's time, is not computed.
	Pct float64
	// P is the two-sided p-value of the Mann–Kendall trend test; NaN
	// when there are fewer than MinSamples samples.
	P float64
	// Drifted is whether the side is flagged: P below DriftAlpha and a
	// change of at least DriftMinPct.
	Drifted bool
}

// DriftOf tests samples, in the order the run took them, for a trend.
//
// The test is Mann–Kendall's: S counts, over every two samples, +1 when
// the later one is slower and -1 when it is faster. It uses only the
// order of the samples, so when they are independent and identically
// distributed, whatever their distribution (skewed, heavy-tailed, with
// rare huge outliers, as timings are), S has one known distribution,
// and the false-alarm rate is DriftAlpha by construction rather than by
// assumption; a mean- or regression-based test would be thrown by one
// slow sample. It sees a gradual climb (thermal throttling, a filling
// cache, a background job starting) and a step alike, since a level
// shift also makes later samples mostly slower. The p-value is exact for
// up to 30 samples with no ties and from the normal approximation with
// the ties' correction and a continuity correction above that. Its size,
// Sen's slope, is as robust: one wild sample moves a median of slopes
// by one position at most.
//
// A run longer than 200 samples is tested as 200 consecutive blocks,
// each replaced by its median: medians of blocks of independent samples
// are independent, so the calibration holds, and the cost stays bounded
// (Sen's slope takes every two points). The price is power, which long
// runs have to spare: blocks of normal noise keep about 80% of the
// test's z.
//
// Its cost: S is counted by a merge sort, in O(n log n), and Sen's
// slope, O(n^2) in the points, only for a side whose p is below
// DriftAlpha, the only one it can flag; Pct is NaN for the others. A
// side of 200 samples without drift takes about 10 µs natively and
// 0.1-0.2 ms under Node (CPU time, on a loaded machine; 0.45 ms and
// 2 ms when every side paid for the slope and the pairwise count); one
// that drifts still pays for its slope: about 0.4 ms and 2 ms.
//
// Calibration, by simulation with fixed seeds (drift_test.go): on
// independent samples from lognormal (σ = 0.05 and 0.5), Pareto-tailed
// (index 1.5) and two-mode distributions at 14 sizes from 6 to 1,000, it
// flags 1.5% of rows (either side flagged; 2.3% at worst for one size or
// one distribution), against the 5% allowed; P < 0.05 in 4.3-5.4% of
// sides and P < 0.01 in 0.8-1.2%. A linear drift of 5% of the median over
// 60 samples with noise uniform on ±4% (the package's "4% noise") is
// flagged in 96-97% of runs; with lognormal noise of σ = 4% instead, in
// 49-57%: at a false-alarm rate of 1% a side no test can do much better
// there (a least-squares slope, the best test for normal noise, resolves
// it in about 60%).
func DriftOf(samples []uint64) Drift { return driftOf(samples) }

// DriftOfFloats is DriftOf for samples in a metric's unit. Pct is the
// metric's own change, so for a metric better higher a positive Pct is
// speeding up.
func DriftOfFloats(samples []float64) Drift { return driftOf(samples) }

func driftOf[T Sample](samples []T) Drift {
	d := Drift{Pct: math.NaN(), P: math.NaN()}
	n := len(samples)
	if n < MinSamples {
		return d
	}
	points := trendPoints(samples)
	d.P = mannKendall(points)
	// Only a side whose trend test is below DriftAlpha can be flagged,
	// so only such a side pays for Sen's slope, which takes most of the
	// time of the rest (every pair of points, and the median of them).
	if !(d.P < DriftAlpha) {
		return d
	}
	d.Pct = changePct(samples, points)
	d.Drifted = math.Abs(d.Pct) >= DriftMinPct
	return d
}

// changePct is Drift.Pct of samples, whose trendPoints are points: Sen's
// slope over the run in percent of the median, NaN for a median of zero.
func changePct[T Sample](samples []T, points []float64) float64 {
	n := len(samples)
	med := quantile(sortedCopy(samples), 0.5)
	if !(med > 0) {
		return math.NaN()
	}
	perSample := senSlope(points) * float64(len(points)) / float64(n)
	return 100 * perSample * float64(n-1) / med
}

// trendPoints is samples as float64, or for a run longer than
// maxTrendPoints, the medians of maxTrendPoints consecutive blocks of it
// (their sizes differ by one at most).
func trendPoints[T Sample](samples []T) []float64 {
	n := len(samples)
	if n <= maxTrendPoints {
		return floats(samples) // read, never changed
	}
	points := make([]float64, maxTrendPoints)
	var block []T
	for k := range points {
		block = append(block[:0], samples[k*n/maxTrendPoints:(k+1)*n/maxTrendPoints]...)
		sortSeries(block)
		points[k] = quantile(block, 0.5)
	}
	return points
}

// mannKendall is the two-sided p-value of the Mann–Kendall statistic of x.
func mannKendall(x []float64) float64 {
	n := len(x)
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	s, sorted := kendallS(x, sc)
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

// kendallS is the Mann–Kendall statistic S of x (over every i < j, +1
// when x[j] > x[i] and -1 when x[j] < x[i]) and x sorted ascending: in
// sc's buffers when sc is not nil, until sc goes back to its pool, else
// in a new slice.
//
// Counted by a merge sort rather than pair by pair: the merge counts the
// pairs out of order (i < j and x[i] > x[j], strictly), d; the tied
// pairs, t, are the pairs within runs of equal values of the sorted
// result; every other pair is in order, so S = C(n,2) - t - 2d, the
// same integer the pairwise count gives in O(n log n) rather than
// O(n^2). A NaN is neither above nor below anything, which a sort cannot
// say, so x with one is counted pair by pair.
func kendallS(x []float64, sc *scratch) (s int, sorted []float64) {
	n := len(x)
	for _, v := range x {
		if v != v {
			return kendallPairs(x), sortedCopy(x)
		}
	}
	var a, buf []float64
	if sc != nil {
		for k := range sc.kendall {
			if cap(sc.kendall[k]) < n {
				sc.kendall[k] = make([]float64, n)
			}
		}
		a, buf = sc.kendall[0][:n], sc.kendall[1][:n]
		copy(a, x)
	} else {
		a, buf = slices.Clone(x), make([]float64, n)
	}
	outOfOrder := 0
	for width := 1; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if a[j] < a[i] {
					// a[j] is below every one of a[i:mid], which came
					// before it.
					outOfOrder += mid - i
					buf[k] = a[j]
					j++
				} else {
					buf[k] = a[i]
					i++
				}
				k++
			}
			k += copy(buf[k:], a[i:mid])
			copy(buf[k:hi], a[j:hi])
		}
		a, buf = buf, a
	}
	tiedPairs := 0
	for i := 0; i < n; {
		j := i + 1
		for j < n && a[j] == a[i] {
			j++
		}
		tiedPairs += (j - i) * (j - i - 1) / 2
		i = j
	}
	return n*(n-1)/2 - tiedPairs - 2*outOfOrder, a
}

// kendallPairs is S counted over every two points: what kendallS does
// for x with a NaN in it.
func kendallPairs(x []float64) int {
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
	return s
}

// maxExactKendall is the largest n whose p-value mannKendall takes from
// the exact distribution of S rather than the normal approximation.
const maxExactKendall = 30

// kendallTails[n][k] is the chance that S >= C(n,2) - 2k for n points in
// random order without ties, built once per n on first use.
var (
	kendallMu    sync.Mutex
	kendallTails [maxExactKendall + 1][]float64
)

// exactKendall is P(|S| >= |s|) for n points in random order, no ties.
// S = C(n,2) - 2I, where I, the inversions of a random permutation,
// follows the Mahonian distribution: built by adding one element at a
// time, the k-th adding 0 to k-1 inversions with equal chance.
func exactKendall(n, s int) float64 {
	kendallMu.Lock()
	tails := kendallTails[n]
	if tails == nil {
		pairs := n * (n - 1) / 2
		p := make([]float64, pairs+1)
		p[0] = 1
		for k := 2; k <= n; k++ {
			next := make([]float64, pairs+1)
			for i, v := range p {
				if v == 0 {
					continue
				}
				for j := range k {
					if i+j <= pairs {
						next[i+j] += v / float64(k)
					}
				}
			}
			p = next
		}
		tails = make([]float64, pairs+1) // tails[k]: P(I <= k)
		sum := 0.0
		for k, v := range p {
			sum += v
			tails[k] = sum
		}
		kendallTails[n] = tails
	}
	kendallMu.Unlock()
	if s < 0 {
		s = -s
	}
	pairs := n * (n - 1) / 2
	// S >= s exactly when I <= (pairs - s)/2; by symmetry the two tails
	// are equal.
	return min(1, 2*tails[(pairs-s)/2])
}

// senSlope is the median of (x[j]-x[i])/(j-i) over every i < j: Sen's
// estimate of the slope per point.
func senSlope(x []float64) float64 {
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

// selectNth reorders a so that a[k] is the value sorting would put there,
// with none larger before it and none smaller after, and returns it:
// Hoare's quickselect, with the median of three as the pivot. Linear on
// average, where sorting the slopes took most of DriftOf's time. a holds
// no NaN.
func selectNth(a []float64, k int) float64 {
	lo, hi := 0, len(a)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		if a[mid] < a[lo] {
			a[mid], a[lo] = a[lo], a[mid]
		}
		if a[hi] < a[lo] {
			a[hi], a[lo] = a[lo], a[hi]
		}
		if a[hi] < a[mid] {
			a[hi], a[mid] = a[mid], a[hi]
		}
		pivot := a[mid]
		i, j := lo, hi
		for i <= j {
			for a[i] < pivot {
				i++
			}
			for a[j] > pivot {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return a[k]
		}
	}
	return a[k]
}

// Outliers counts the samples farther than 3 IQR beyond the quartiles
// (below P25 - 3 IQR or above P75 + 3 IQR): Tukey's "far out" fences,
// which a sample from a normal distribution crosses about once in
// 400,000, so a count above zero is worth a look. Zero for no samples.
func Outliers(samples []uint64) int { return outliers(samples) }

// OutliersFloats is Outliers for samples in a metric's unit.
func OutliersFloats(samples []float64) int { return outliers(samples) }

func outliers[T Sample](samples []T) int {
	if len(samples) == 0 {
		return 0
	}
	sorted := sortedView(samples)
	p25, p75 := quantile(sorted, 0.25), quantile(sorted, 0.75)
	iqr := p75 - p25
	low, high := p25-3*iqr, p75+3*iqr
	count := 0
	for _, v := range sorted {
		if x := float64(v); x < low || x > high {
			count++
		}
	}
	return count
}
