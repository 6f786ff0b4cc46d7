package reviewtext

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
	"strings"
)

// csvHeader names CSV's columns.
var csvHeader = []string{
	"benchmark", "kind", "backend", "unit", "baseline_median", "median",
	"delta_pct", "ci_low_pct", "ci_high_pct", "verdict", "status",
	"baseline_samples", "current_samples",
	"drift_baseline_pct", "drift_current_pct", "outliers_baseline", "outliers_current",
	"samples_needed", "p_value", "adjusted_verdict",
}

// CSV writes one record per compared row (both sides have samples, as the
// reference's lines), in the review's order, after a header: medians in
// nanoseconds with one decimal, percentages with two, as the reference
// prints them; an empty field where there is no number. verdict is the
// reference's; status is the row's Status ("failed" for an ok:false row,
// "below threshold" for a regression under the threshold). The columns
// after the sample counts are JSON's fields of the same names, empty where
// JSON has null (adjusted_verdict is empty without Options.Adjust).
//
// A name that a spreadsheet would read as a formula (starting with =, +,
// -, @, a tab or a carriage return) is written with a leading apostrophe,
// as spreadsheets themselves mark text.
func (s *Summary) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	for _, r := range s.Rows {
		c := r.Comparison
		if c == nil {
			continue
		}
		record := []string{
			inert(r.Key.Benchmark), inert(r.Key.Kind), inert(r.Key.Backend), "ns",
			decimal(c.BaselineMedian, 1), decimal(c.Median, 1),
			decimal(c.Delta, 2), decimal(c.Lo, 2), decimal(c.Hi, 2),
			c.Verdict.String(), r.Status.String(),
			strconv.Itoa(len(r.BaseStats.Sorted)), strconv.Itoa(len(r.CurStats.Sorted)),
			"", "", "", "", "", decimal(c.P, 4), "",
		}
		if x := r.Extras; x != nil {
			record[13], record[14] = decimal(drifted(x.DriftBase), 2), decimal(drifted(x.DriftCur), 2)
			record[15], record[16] = strconv.Itoa(x.OutliersBase), strconv.Itoa(x.OutliersCur)
			if x.SamplesNeeded > 0 {
				record[17] = strconv.Itoa(x.SamplesNeeded)
			}
		}
		if s.Adjust != "" {
			record[19] = r.Verdict.String()
		}
		cw.Write(record)
	}
	cw.Flush()
	return cw.Error()
}

// decimal is x with prec decimals; empty when x is not finite.
func decimal(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// inert is a CSV field a spreadsheet will not evaluate.
func inert(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
