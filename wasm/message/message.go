//go:build js && wasm

package message

import (
	"errors"
	"syscall/js"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// Samples packs s as a Uint8Array of little-endian float64s, whose
// buffer can be transferred.
func Samples(s []float64) js.Value {
	b := memoryOf(s)
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

// SamplesFrom unpacks what Samples packed.
func SamplesFrom(a js.Value) []float64 {
	s := make([]float64, a.Get("length").Int()/8)
	js.CopyBytesToGo(memoryOf(s), a)
	return s
}

// Comparisons packs rv's comparisons as a Float64Array of seven numbers a
// row, in row order: the two medians, Δ, its interval (NaN for an
// underpowered row), the verdict and the p-value (the exported page's
// adjusted views read it); a verdict of -1 is a row with none.
func Comparisons(rv *review.Review) js.Value {
	a := js.Global().Get("Float64Array").New(7 * len(rv.Rows))
	for i, r := range rv.Rows {
		v := [7]float64{5: -1}
		if c := r.Comparison; c != nil {
			v = [7]float64{c.BaselineMedian, c.Median, c.Delta, c.Lo, c.Hi, float64(c.Verdict), c.P}
		}
		for j, x := range v {
			a.SetIndex(7*i+j, x)
		}
	}
	return a
}

// SetComparisons gives rv's rows the comparisons Comparisons packed from a
// review of the same reports (review.New gives it the same rows).
func SetComparisons(rv *review.Review, a js.Value) error {
	if a.Get("length").Int() != 7*len(rv.Rows) {
		return errors.New("the comparisons sent are not of these rows")
	}
	for i := range rv.Rows {
		f := func(j int) float64 { return a.Index(7*i + j).Float() }
		if f(5) < 0 {
			rv.Rows[i].Comparison = nil
			continue
		}
		rv.Rows[i].Comparison = &stats.Comparison{
			BaselineMedian: f(0), Median: f(1), Delta: f(2), Lo: f(3), Hi: f(4),
			Verdict: stats.Verdict(f(5)), P: f(6),
		}
	}
	return nil
}

// MetricOf packs the metric a batch's rows measure as what its comparison
// needs: 0 for a cove-bench review (nil), 1 for a metric better lower, 2
// for one better higher.
func MetricOf(m *review.Metric) int {
	switch {
	case m == nil:
		return 0
	case m.Higher:
		return 2
	}
	return 1
}

// MetricFrom unpacks what MetricOf packed (undefined is 0).
func MetricFrom(v js.Value) *review.Metric {
	if v.IsUndefined() {
		return nil
	}
	switch v.Int() {
	case 1:
		return &review.Metric{}
	case 2:
		return &review.Metric{Higher: true}
	}
	return nil
}
