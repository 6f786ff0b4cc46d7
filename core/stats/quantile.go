package stats

import "math"

// Quantile is the pth quantile of an ascending series by linear
// interpolation between the two order statistics that bracket it (R's type
// 7, NumPy's default). At p = 0.5 it is the ordinary median. It panics on
// an empty series; callers never pass one.
func Quantile(sorted []uint64, p float64) float64 { return quantile(sorted, p) }

// QuantileFloats is Quantile for a series of floats.
func QuantileFloats(sorted []float64, p float64) float64 { return quantile(sorted, p) }

func quantile[T Sample](sorted []T, p float64) float64 {
	if len(sorted) == 0 {
		panic("stats: a series has at least one sample")
	}
	h := float64(len(sorted)-1) * p
	lower, upper := int(math.Floor(h)), int(math.Ceil(h))
	return interpolate(float64(sorted[lower]), float64(sorted[upper]), h-float64(lower))
}

// interpolate is below + frac*(above-below), rounded after each operation
// as the reference rounds it. The conversion stops the compiler from fusing
// the multiply and the add into one FMA, which would change the last bit.
func interpolate(below, above, frac float64) float64 {
	return below + float64(frac*(above-below))
}
