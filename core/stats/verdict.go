package stats

import "strconv"

// Verdict is what a comparison concluded.
type Verdict int

const (
	// Underpowered: a side has fewer than MinSamples samples, or the
	// baseline median is zero (but for CompareMetric, which reads that
	// too), so there is no interval and nothing is claimed. The shift is
	// still reported, as a number to look at.
	Underpowered Verdict = iota
	// InsideTheNoise: the interval contains zero; the difference is not
	// separable from the noise of these two runs.
	InsideTheNoise
	// Regression: the interval lies entirely above zero; this run is slower.
	Regression
	// Improvement: the interval lies entirely below zero; this run is faster.
	Improvement
)

// String is the verdict as the reports spell it: "underpowered",
// "inside the noise", "regression", "improvement".
func (v Verdict) String() string {
	switch v {
	case Underpowered:
		return "underpowered"
	case InsideTheNoise:
		return "inside the noise"
	case Regression:
		return "regression"
	case Improvement:
		return "improvement"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// verdictOf reads the verdict off an interval.
func verdictOf(lo, hi float64) Verdict {
	switch {
	case lo > 0:
		return Regression
	case hi < 0:
		return Improvement
	}
	return InsideTheNoise
}

// turned is the verdict of a metric read the other way round: Regression
// and Improvement swap.
func (v Verdict) turned() Verdict {
	switch v {
	case Regression:
		return Improvement
	case Improvement:
		return Regression
	}
	return v
}
