package stats

// This file fixes the package's API so that the viewer, the export and the
// command line can be written against it while the implementation lands.
// The implementer replaces the bodies and may split the file by noun.

// MinSamples is how many samples a side needs before a comparison calls
// anything (see the reference: 2^(n-1) >= 20 first holds at n = 6).
const MinSamples = 6

// Confidence is the confidence the reported interval carries.
const Confidence = 0.95

// Quantile is the R-7 quantile p of an ascending series; it panics on an
// empty one (callers never pass one).
func Quantile(sorted []uint64, p float64) float64 { panic("unimplemented") }

// Stats is a series of samples and the order statistics read off it.
type Stats struct {
	// Sorted holds the samples in ascending order; never empty.
	Sorted []uint64
	// Taken holds the same samples in the order the run took them.
	Taken []uint64
	// Mean is the arithmetic mean, truncated, of a 128-bit sum.
	Mean uint64
}

// Of summarizes samples; ok is false when samples is empty.
func Of(samples []uint64) (s Stats, ok bool) { panic("unimplemented") }

func (s Stats) Min() uint64             { panic("unimplemented") }
func (s Stats) Max() uint64             { panic("unimplemented") }
func (s Stats) Median() float64         { panic("unimplemented") }
func (s Stats) P25() float64            { panic("unimplemented") }
func (s Stats) P75() float64            { panic("unimplemented") }
func (s Stats) IQR() float64            { panic("unimplemented") }
func (s Stats) JSON() string            { panic("unimplemented") } // Stats::to_json
func (s Stats) JSONWithSamples() string { panic("unimplemented") } // Stats::to_json_with_samples

// Verdict is what a comparison concluded.
type Verdict int

const (
	Underpowered Verdict = iota
	InsideTheNoise
	Regression
	Improvement
)

// String is the verdict as the reports spell it: "underpowered",
// "inside the noise", "regression", "improvement".
func (v Verdict) String() string { panic("unimplemented") }

// Comparison is a run's median against a baseline's with a bootstrap
// interval on the relative shift.
type Comparison struct {
	BaselineMedian float64 // ns
	Median         float64 // ns
	Delta          float64 // percent of the baseline median; positive is slower
	Lo, Hi         float64 // the interval at Confidence, percent; NaN when Underpowered
	Verdict        Verdict
}

// Compare compares two series of wall times (reference Comparison::of).
func Compare(baseline, current []uint64) Comparison { panic("unimplemented") }

// JSON is the comparison as one line of the harness's output
// (reference Comparison::to_json(benchmark, of, backend)).
func (c Comparison) JSON(benchmark, of, backend string) string { panic("unimplemented") }
