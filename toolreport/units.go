package toolreport

import (
	"math"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

// Units are tidied here and nowhere else. Every time becomes seconds
// ("sec/op" per iteration, "sec" for one run of a hyperfine command) and
// every byte count bytes, as benchunit.Tidy does for Go's units, so that a
// page can scale them all alike (benchunit.Scaler) whatever tool they came
// from.

// perSecond is how many of each time unit a tool writes make a second.
// Dividing by it, not multiplying by its inverse, keeps 3100 ns at 3.1e-06
// s (1e-9 has no exact float64, so 3100*1e-9 is 3.1000000000000004e-06).
var perSecond = map[string]float64{"s": 1, "ms": 1e3, "us": 1e6, "ns": 1e9}

// tidyGo tidies one of Go's units with benchunit, the code benchstat runs,
// dividing where benchunit would multiply by a fraction (see perSecond).
func tidyGo(v float64, unit string) (float64, string) {
	factor, tidied := benchunit.Tidy(1, unit)
	if factor < 1 {
		return v / math.Round(1/factor), tidied
	}
	return v * factor, tidied
}

// betterGo says which way a Go unit improves: benchstat's rule (a "Unit
// X better=..." line in the file, else its built-in defaults), then ours
// for units benchstat does not know (betterOf).
func betterGo(units benchfmt.UnitMetadataMap, unit, tidied string) Better {
	for _, u := range []string{unit, tidied} {
		switch units.GetBetter(u) {
		case 1:
			return Higher
		case -1:
			return Lower
		}
	}
	return betterOf(tidied)
}

// betterOf says which way a unit improves when its tool does not: a rate
// (per second) is better higher, anything else (a time, a size, a count per
// operation) lower.
func betterOf(unit string) Better {
	if strings.HasSuffix(unit, "/s") || strings.HasSuffix(unit, "_per_second") {
		return Higher
	}
	return Lower
}

// counterUnit is the unit of a Google Benchmark counter. Its JSON keeps no
// counter flags, so a rate is known only by its name: bytes_per_second
// (SetBytesProcessed), items_per_second (SetItemsProcessed) and any user
// counter named "<x>_per_second" become "B/s", "items/s" and "<x>/s"; any
// other counter keeps its name as its unit.
func counterUnit(name string) string {
	switch name {
	case "bytes_per_second":
		return "B/s"
	case "items_per_second":
		return "items/s"
	}
	if x, ok := strings.CutSuffix(name, "_per_second"); ok && x != "" {
		return x + "/s"
	}
	return name
}
