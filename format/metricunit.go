package format

import "strings"

// A metric's unit, as toolreport tidies it, is shown scaled the way its
// tool's users read it: times as ns/µs/ms/s (per operation for Go's
// sec/op), byte counts with binary prefixes (Go's B/op, as benchstat
// shows them), byte rates as MB/s (as Go's own output prints them),
// other rates with SI prefixes, and any other counter as it is.

// ladder is a metric unit's display units, smallest first.
func ladder(unit string) []Unit {
	switch {
	case unit == "" || unit == "ns": // cove-bench's nanoseconds
		return []Unit{Nanoseconds, Microseconds, Milliseconds, Seconds}
	case unit == "sec" || strings.HasPrefix(unit, "sec/"):
		per := strings.TrimPrefix(unit, "sec")
		return []Unit{{"ns" + per, 1e-9}, {"µs" + per, 1e-6}, {"ms" + per, 1e-3}, {"s" + per, 1}}
	case unit == "B/s":
		return []Unit{{"B/s", 1}, {"kB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}}
	case unit == "B" || strings.HasPrefix(unit, "B/"):
		per := strings.TrimPrefix(unit, "B")
		return []Unit{{"B" + per, 1}, {"KiB" + per, 1 << 10}, {"MiB" + per, 1 << 20}, {"GiB" + per, 1 << 30}}
	case strings.HasSuffix(unit, "/s"):
		x := strings.TrimSuffix(unit, "/s")
		return []Unit{{unit, 1}, {"k " + x + "/s", 1e3}, {"M " + x + "/s", 1e6}, {"G " + x + "/s", 1e9}}
	}
	return []Unit{{unit, 1}}
}

// MetricUnitFor is UnitFor for a metric's unit (toolreport's tidied
// unit; "" for cove-bench's nanoseconds): the largest of its display
// units in which the largest of values is at least one.
func MetricUnitFor(unit string, values ...float64) Unit {
	largest := 0.0
	for _, v := range values {
		if v > largest { // false for NaN
			largest = v
		}
	}
	units := ladder(unit)
	u := units[0]
	for _, next := range units[1:] {
		if largest >= next.Scale {
			u = next
		}
	}
	return u
}
