package reviewtext

import (
	"strconv"
	"strings"

	"github.com/benchview/benchview/wasm/format"
)

// The words below are the command line's and the exported page's alike:
// the page ships these strings, formatted in Go, and never words a
// statistic itself.

// Drift is the sides that drifted in words, "drift: current +5.10%", or
// "" when neither did (or x is nil).
func (x *Extras) Drift() string {
	if x == nil {
		return ""
	}
	var sides []string
	if x.DriftBase.Drifted {
		sides = append(sides, "baseline "+format.Percent(x.DriftBase.Pct))
	}
	if x.DriftCur.Drifted {
		sides = append(sides, "current "+format.Percent(x.DriftCur.Pct))
	}
	if len(sides) == 0 {
		return ""
	}
	return "drift: " + strings.Join(sides, ", ")
}

// Outliers is each side's count of outliers in words, "outliers: baseline
// 0, current 3", or "" when neither side has one (or x is nil).
func (x *Extras) Outliers() string {
	if x == nil || x.OutliersBase == 0 && x.OutliersCur == 0 {
		return ""
	}
	return "outliers: baseline " + strconv.Itoa(x.OutliersBase) + ", current " + strconv.Itoa(x.OutliersCur)
}

// Advice turns a row inside the noise or underpowered into an action:
// "about 140 samples a side would resolve a 1% shift", the shift being
// threshold (1% when zero). It is "" for any other row, or when no
// estimate could be made (see stats.SamplesNeeded).
func (r Row) Advice(threshold float64) string {
	if r.Extras == nil || r.Extras.SamplesNeeded <= 0 || r.Status != InsideTheNoise && r.Status != Underpowered {
		return ""
	}
	if threshold == 0 {
		threshold = 1
	}
	return "about " + strconv.Itoa(r.Extras.SamplesNeeded) + " samples a side would resolve a " + percent(threshold) + " shift"
}
