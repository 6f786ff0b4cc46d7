package format

import (
	"math"
	"strconv"
)

// Percent formats a relative shift with two decimals and its sign, the
// precision the reference prints: "+3.79%", "-1.01%", "0.00%".
func Percent(p float64) string {
	if math.IsNaN(p) {
		return None
	}
	return signed(p) + "%"
}

// Interval formats the bounds of a shift's interval: "[+1.53%, +5.42%]".
// It is None when either bound is NaN (an underpowered comparison has none).
// A bound of a metric that rose from zero may be infinite: "[0.00%, +∞%]".
func Interval(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return None
	}
	return "[" + signed(lo) + "%, " + signed(hi) + "%]"
}

// signed is p with two decimals and an explicit sign when it shows as
// positive; a value that rounds to zero shows as 0.00 with no sign.
func signed(p float64) string {
	switch {
	case math.IsInf(p, 1):
		return "+∞" // a metric that rose from a baseline of zero
	case math.IsInf(p, -1):
		return "-∞"
	}
	s := strconv.FormatFloat(p, 'f', 2, 64)
	switch s {
	case "-0.00", "0.00":
		return "0.00"
	}
	if p > 0 {
		return "+" + s
	}
	return s
}
