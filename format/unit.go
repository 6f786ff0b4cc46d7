package format

import (
	"math"
	"strconv"
)

// None is what a cell shows when there is no number to show.
const None = "—"

// Unit is a unit a row's numbers are shown in: a time unit for
// cove-bench's nanoseconds, or a scaled unit of another tool's metric.
type Unit struct {
	Name  string  // "ns", "µs", "ms" or "s"; "µs/op", "KiB/op", "MB/s"...
	Scale float64 // samples (nanoseconds, or the metric's unit) in one Unit
}

// The units a duration is shown in, smallest first.
var (
	Nanoseconds  = Unit{"ns", 1}
	Microseconds = Unit{"µs", 1e3}
	Milliseconds = Unit{"ms", 1e6}
	Seconds      = Unit{"s", 1e9}
)

// UnitFor picks the largest unit in which the largest of ns (a row's
// medians, say) is at least one, so that a row's numbers share one unit
// and read as 1 to 999 of it. NaN and non-positive values are ignored.
func UnitFor(ns ...float64) Unit {
	largest := 0.0
	for _, v := range ns {
		if v > largest { // false for NaN
			largest = v
		}
	}
	switch {
	case largest >= 1e9:
		return Seconds
	case largest >= 1e6:
		return Milliseconds
	case largest >= 1e3:
		return Microseconds
	}
	return Nanoseconds
}

// Of is ns expressed in u.
func (u Unit) Of(ns float64) float64 { return ns / u.Scale }

// Number formats ns in u without the unit's name, with four significant
// digits for values under 1000 of the unit: 24689633 in ms is "24.69".
func (u Unit) Number(ns float64) string {
	if math.IsNaN(ns) || math.IsInf(ns, 0) {
		return None
	}
	v := u.Of(ns)
	digits := 0
	switch a := math.Abs(v); {
	case u.Scale == 1 && a == math.Trunc(a):
		digits = 0 // whole nanoseconds, bytes or counts: samples are integers
	case a != 0 && a < 0.001:
		return strconv.FormatFloat(v, 'g', 4, 64) // a counter's tiny figure
	case a >= 1000:
		digits = 0
	case a >= 100:
		digits = 1
	case a >= 10:
		digits = 2
	default:
		digits = 3
	}
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// Format is ns in u with the unit's name: "24.69 ms".
func (u Unit) Format(ns float64) string {
	s := u.Number(ns)
	if s == None {
		return s
	}
	return s + " " + u.Name
}

// Span formats lo and hi in u as one span with the unit's name once, as a
// row's spread is written: "24.35–25.61 ms".
func (u Unit) Span(lo, hi float64) string {
	a, b := u.Number(lo), u.Number(hi)
	if a == None || b == None {
		return None
	}
	return a + "–" + b + " " + u.Name
}

// Duration formats ns in the unit that suits it alone.
func Duration(ns float64) string { return UnitFor(ns).Format(ns) }
