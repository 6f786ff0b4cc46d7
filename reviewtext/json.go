package reviewtext

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/benchview/benchview/core/stats"
)

// JSON writes one JSON object a line for every compared row (both sides
// have samples: the rows the reference prints a line for), in the
// review's order, then a last line for the suite's geomean. A row's
// fields, in this order:
//
//	benchmark           the row's benchmark name
//	config              {"kind":K,"backend":E}: what else names the row
//	unit, better        "ns" and "lower": the metric and which way is good
//	baseline_median     the baseline's median, one decimal
//	median              the current median, one decimal
//	delta_pct           the shift in percent of the baseline median, two decimals
//	ci_low_pct          the 95% interval's ends, two decimals; null when
//	ci_high_pct         underpowered
//	verdict             the reference's verdict
//	drift_baseline_pct  a side's change over its run in percent of its
//	drift_current_pct   median when it drifted (stats.DriftOf), else null
//	outliers_baseline   a side's samples beyond its quartiles by 3 IQR
//	outliers_current
//	samples_needed      samples a side that would resolve a shift of the
//	                    threshold (1% without one); null for a regression
//	                    or an improvement, or when it cannot be estimated
//	p_value             two-sided p-value of no shift, four decimals;
//	                    null when underpowered
//	adjusted_verdict    only with Options.Adjust: the verdict adjusted for
//	                    the number of rows compared
//	ok                  false when a run reported the row ok:false
//	status              the row's Status: "below threshold" for a regression
//	                    under the threshold, "failed" for an ok:false row
//
// The last line is {"kind":"geomean","delta_pct":D,"ci_low_pct":L,
// "ci_high_pct":H,"verdict":V,"rows":N}: the geometric mean over the N
// rows compared (neither run flagged them) of current over baseline
// median, as a shift in percent, with its bootstrap interval. A number
// that is not finite, and a figure that was not measured (the summary was
// made without Options.Extras), is null.
func (s *Summary) JSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	for _, r := range s.Rows {
		if r.Comparison != nil {
			b.Write(jsonRow(r, s.Adjust != ""))
		}
	}
	var j jsonLine
	j.str("kind", "geomean")
	b.Write(geomeanFields(&j, s.Geomean))
	return b.Flush()
}

// geomeanFields ends a geomean's line begun in j; g nil is a geomean not
// measured.
func geomeanFields(j *jsonLine, g *stats.Geomean) []byte {
	if g == nil {
		g = &stats.Geomean{Delta: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	j.num("delta_pct", g.Delta, 2)
	j.num("ci_low_pct", g.Lo, 2)
	j.num("ci_high_pct", g.Hi, 2)
	j.str("verdict", g.Verdict.String())
	j.raw("rows", strconv.Itoa(g.Rows))
	return j.end()
}

// jsonRow is a row's line.
func jsonRow(r Row, adjusted bool) []byte {
	return rowFields{
		benchmark: r.Key.Benchmark,
		config:    `{"kind":` + quote(r.Key.Kind) + `,"backend":` + quote(r.Key.Backend) + `}`,
		unit:      "ns", better: "lower", prec: 1,
		comparison: r.Comparison, extras: r.Extras, verdict: r.Verdict,
		adjusted: adjusted, status: r.Status,
	}.line()
}

// rowFields are what a row's line says, whatever the report's format.
type rowFields struct {
	benchmark, config, unit, better string // config is a JSON object
	prec                            int    // the medians' decimals; -1 for as few digits as tell the value
	comparison                      *stats.Comparison
	extras                          *Extras
	verdict                         stats.Verdict
	adjusted                        bool
	status                          Status
}

// line is the row's JSON line.
func (f rowFields) line() []byte {
	c := f.comparison
	var j jsonLine
	j.str("benchmark", f.benchmark)
	j.raw("config", f.config)
	j.str("unit", f.unit)
	j.str("better", f.better)
	j.num("baseline_median", c.BaselineMedian, f.prec)
	j.num("median", c.Median, f.prec)
	j.num("delta_pct", c.Delta, 2)
	if math.IsInf(c.Delta, 0) {
		j.raw("from_zero", "true")
	}
	j.num("ci_low_pct", c.Lo, 2)
	j.num("ci_high_pct", c.Hi, 2)
	j.str("verdict", c.Verdict.String())
	x := f.extras
	if x == nil {
		j.raw("drift_baseline_pct", "null")
		j.raw("drift_current_pct", "null")
		j.raw("outliers_baseline", "null")
		j.raw("outliers_current", "null")
		j.raw("samples_needed", "null")
	} else {
		j.num("drift_baseline_pct", drifted(x.DriftBase), 2)
		j.num("drift_current_pct", drifted(x.DriftCur), 2)
		j.raw("outliers_baseline", strconv.Itoa(x.OutliersBase))
		j.raw("outliers_current", strconv.Itoa(x.OutliersCur))
		if x.SamplesNeeded > 0 {
			j.raw("samples_needed", strconv.Itoa(x.SamplesNeeded))
		} else {
			j.raw("samples_needed", "null")
		}
	}
	j.num("p_value", c.P, 4)
	if f.adjusted {
		j.str("adjusted_verdict", f.verdict.String())
	}
	j.raw("ok", strconv.FormatBool(f.status != Failed))
	j.str("status", f.status.String())
	return j.end()
}

// drifted is a side's drift in percent when it is flagged, else NaN.
func drifted(d stats.Drift) float64 {
	if !d.Drifted {
		return math.NaN()
	}
	return d.Pct
}

// jsonLine builds one object, fields in the order written.
type jsonLine struct{ buf []byte }

func (j *jsonLine) raw(name, value string) {
	if j.buf == nil {
		j.buf = append(j.buf, '{')
	} else {
		j.buf = append(j.buf, ',')
	}
	j.buf = append(j.buf, quote(name)...)
	j.buf = append(j.buf, ':')
	j.buf = append(j.buf, value...)
}

func (j *jsonLine) str(name, value string) { j.raw(name, quote(value)) }

// num writes x with prec decimals (-1: the fewest digits that read back
// as x), or null when it is not finite.
func (j *jsonLine) num(name string, x float64, prec int) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		j.raw(name, "null")
		return
	}
	if prec < 0 {
		j.raw(name, strconv.FormatFloat(x, 'g', -1, 64))
		return
	}
	j.raw(name, strconv.FormatFloat(x, 'f', prec, 64))
}

// end closes the object and the line.
func (j *jsonLine) end() []byte { return append(j.buf, '}', '\n') }

// quote is s as a JSON string (a byte that is not UTF-8 becomes U+FFFD).
func quote(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
