package stats

import (
	"math/bits"
)

// Stats is a series of samples and the order statistics read off it.
//
// It holds the samples twice: sorted, because every statistic here is an
// order statistic, and in the order the run took them, because whether the
// slow samples came first or last is what tells drift from noise.
type Stats struct {
	// Sorted holds the samples in ascending order; never empty.
	Sorted []uint64
	// Taken holds the same samples in the order the run took them. It is
	// the slice given to Of, not a copy: a long report is not held twice
	// over for its own sake.
	Taken []uint64
	// Mean is the arithmetic mean, truncated, of the exact (128-bit) sum.
	Mean uint64
}

// Of summarizes samples; ok is false when samples is empty, which has no
// summary.
func Of(samples []uint64) (s Stats, ok bool) {
	if len(samples) == 0 {
		return Stats{}, false
	}
	sorted := sortedCopy(samples)
	return Stats{Sorted: sorted, Taken: samples, Mean: mean(sorted)}, true
}

// mean is sum/len truncated, with the sum carried in 128 bits so that
// samples near 2^64 do not wrap.
func mean(samples []uint64) uint64 {
	var hi, lo uint64
	for _, v := range samples {
		var carry uint64
		lo, carry = bits.Add64(lo, v, 0)
		hi += carry
	}
	// Each sample is below 2^64, so the sum is below len * 2^64: hi < len,
	// which is what Div64 needs, and the quotient fits in 64 bits.
	q, _ := bits.Div64(hi, lo, uint64(len(samples)))
	return q
}

// Min is the smallest sample.
func (s Stats) Min() uint64 { return s.Sorted[0] }

// Max is the largest sample.
func (s Stats) Max() uint64 { return s.Sorted[len(s.Sorted)-1] }

// Median is the 50th percentile.
func (s Stats) Median() float64 { return Quantile(s.Sorted, 0.5) }

// P25 is the 25th percentile.
func (s Stats) P25() float64 { return Quantile(s.Sorted, 0.25) }

// P75 is the 75th percentile.
func (s Stats) P75() float64 { return Quantile(s.Sorted, 0.75) }

// IQR is the interquartile range, P75 - P25: the spread to read, because
// unlike Max - Min it does not grow just because a longer series had more
// chances to catch one bad sample.
func (s Stats) IQR() float64 { return s.P75() - s.P25() }

// JSON is the summary as the reference's Stats::to_json writes it:
// {"min":…,"mean":…,"max":…,"p25":…,"median":…,"p75":…,"iqr":…}, the
// quantiles with one decimal.
func (s Stats) JSON() string {
	var l line
	s.write(&l, false)
	return l.String()
}

// JSONWithSamples is JSON with "samples" added in run order, as the
// reference's Stats::to_json_with_samples writes it.
func (s Stats) JSONWithSamples() string {
	var l line
	l.Grow(160 + 11*len(s.Taken))
	s.write(&l, true)
	return l.String()
}

// Line is the line `benchview stats` prints for a row:
// {"benchmark":B,"kind":K,"backend":E,"wall_ns":<JSONWithSamples>}.
func (s Stats) Line(benchmark, kind, backend string) string {
	var l line
	l.Grow(220 + len(benchmark) + len(kind) + len(backend) + 11*len(s.Taken))
	l.WriteString(`{"benchmark":`)
	l.name(benchmark)
	l.WriteString(`,"kind":`)
	l.name(kind)
	l.WriteString(`,"backend":`)
	l.name(backend)
	l.WriteString(`,"wall_ns":`)
	s.write(&l, true)
	l.WriteByte('}')
	return l.String()
}

func (s Stats) write(l *line, samples bool) {
	l.WriteString(`{"min":`)
	l.uint(s.Min())
	l.WriteString(`,"mean":`)
	l.uint(s.Mean)
	l.WriteString(`,"max":`)
	l.uint(s.Max())
	l.WriteString(`,"p25":`)
	l.fixed(s.P25(), 1)
	l.WriteString(`,"median":`)
	l.fixed(s.Median(), 1)
	l.WriteString(`,"p75":`)
	l.fixed(s.P75(), 1)
	l.WriteString(`,"iqr":`)
	l.fixed(s.IQR(), 1)
	if samples {
		l.WriteString(`,"samples":[`)
		for i, v := range s.Taken {
			if i > 0 {
				l.WriteByte(',')
			}
			l.uint(v)
		}
		l.WriteByte(']')
	}
	l.WriteByte('}')
}

// FloatStats is Stats for a metric's samples in its unit: the order
// statistics read the same way, the mean a float.
type FloatStats struct {
	// Sorted holds the samples in ascending order; never empty.
	Sorted []float64
	// Taken holds the same samples in run order: the slice given to
	// OfFloats, not a copy.
	Taken []float64
	// Mean is the arithmetic mean, summed in ascending order.
	Mean float64
}

// OfFloats summarizes samples, each finite; ok is false when samples is
// empty, which has no summary.
func OfFloats(samples []float64) (s FloatStats, ok bool) {
	if len(samples) == 0 {
		return FloatStats{}, false
	}
	return OfSortedFloats(samples, sortedCopy(samples)), true
}

// OfSortedFloats is OfFloats(samples) for samples of which sorted is an
// ascending copy (not empty): the summary of a row whose samples were
// sorted already, where they were read.
func OfSortedFloats(samples, sorted []float64) FloatStats {
	sum := 0.0
	for _, v := range sorted {
		sum += v
	}
	return FloatStats{Sorted: sorted, Taken: samples, Mean: sum / float64(len(sorted))}
}

// Min is the smallest sample.
func (s FloatStats) Min() float64 { return s.Sorted[0] }

// Max is the largest sample.
func (s FloatStats) Max() float64 { return s.Sorted[len(s.Sorted)-1] }

// Median is the 50th percentile.
func (s FloatStats) Median() float64 { return quantile(s.Sorted, 0.5) }

// P25 is the 25th percentile.
func (s FloatStats) P25() float64 { return quantile(s.Sorted, 0.25) }

// P75 is the 75th percentile.
func (s FloatStats) P75() float64 { return quantile(s.Sorted, 0.75) }

// IQR is the interquartile range, P75 - P25.
func (s FloatStats) IQR() float64 { return s.P75() - s.P25() }
