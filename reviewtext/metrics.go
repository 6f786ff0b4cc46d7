package reviewtext

import (
	"bufio"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/toolreport"
)

// MetricRow is one row of a review of another tool's reports: one metric
// of one result (toolreport.Row), with its status.
type MetricRow struct {
	toolreport.Row
	Status Status
	// Comparison is the metric's comparison when both sides have samples
	// of it, failed runs included; nil otherwise: stats.CompareMetric's,
	// its verdict read in the metric's direction and a baseline median of
	// zero read too (Delta +Inf for a median that rose from zero).
	Comparison *stats.Comparison
	// Verdict is what Status is read from, as Row.Verdict.
	Verdict stats.Verdict
	// Extras is nil unless Options.Extras, or without a comparison.
	Extras *Extras
}

// MetricSummary is Summary for the reports of another tool than
// cove-bench: rows are (result, metric) pairs, samples floats in the
// metric's unit, and the suite's geomean is one per unit.
type MetricSummary struct {
	// Baseline and Current are the reports' names.
	Baseline, Current string
	// Rows in toolreport.Match's order.
	Rows []MetricRow
	// Threshold and Adjust are the Options'.
	Threshold float64
	Adjust    string
	// Counts holds how many rows have each status.
	Counts [nStatus]int
	// Tests is how many rows have a p-value.
	Tests int
	// Geomeans are the suite's shifts, one per unit in the order the
	// units first appear; nil unless Options.Extras.
	Geomeans []UnitGeomean
	// Config is the configuration of the whole run, shown once
	// (toolreport.Report.Shared of the current report), and Problems are
	// the lines of either report that could not be read, baseline first:
	// NewMetrics has only the rows, so its caller sets them for Markdown.
	Config   []toolreport.Pair
	Problems []toolreport.Problem
}

// UnitGeomean is the suite's shift over the rows of one unit compared;
// its verdict is read in the unit's direction.
type UnitGeomean struct {
	Unit    string
	Better  toolreport.Better
	Geomean stats.Geomean
}

// NewMetrics summarises rows whose comparisons are computed already (a
// row with samples on both sides carries one, in its metric's direction).
// It panics on an Adjust that stats.AdjustMethod refuses.
func NewMetrics(base, cur string, rows []MetricRow, o Options) *MetricSummary {
	s := &MetricSummary{Baseline: base, Current: cur, Rows: rows, Threshold: o.Threshold, Adjust: o.Adjust}
	var ps []float64
	for i := range s.Rows {
		r := &s.Rows[i]
		r.Verdict = stats.Underpowered
		if r.Comparison != nil {
			r.Verdict = r.Comparison.Verdict
			if r.State == toolreport.Compared {
				ps = append(ps, r.Comparison.P)
				if !math.IsNaN(r.Comparison.P) {
					s.Tests++
				}
			}
		}
	}
	if o.Adjust != "" {
		significant := stats.Adjust(ps, o.Adjust, Alpha)
		k := 0
		for i := range s.Rows {
			if r := &s.Rows[i]; r.Comparison != nil && r.State == toolreport.Compared {
				r.Verdict = r.Comparison.Adjusted(significant[k])
				k++
			}
		}
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		r.Status = metricStatus(r, o.Threshold)
		s.Counts[r.Status]++
		if o.Extras && r.Comparison != nil {
			r.Extras = metricExtras(r, o.Threshold)
		}
	}
	if o.Extras {
		s.Geomeans = s.geomeans(o.Comparer)
	}
	return s
}

// Unchanged reports whether every sample of both sides is one and the
// same number (0 B/op, or 752 B/op, before and after), with enough of
// them for a verdict: the metric did not move at all. Its status is
// InsideTheNoise (stats.CompareMetric); the human formats say
// "unchanged".
func (r *MetricRow) Unchanged() bool {
	if r.State != toolreport.Compared || r.Comparison == nil {
		return false
	}
	b, c := r.BaseMetric.Samples, r.CurMetric.Samples
	if len(b) < stats.MinSamples || len(c) < stats.MinSamples {
		return false
	}
	for _, xs := range [][]float64{b, c} {
		for _, x := range xs {
			if x != b[0] {
				return false
			}
		}
	}
	return true
}

// metricStatus is r's status under threshold, a regression's shift read
// in the metric's direction (a rate that drops 3% shifted by 3%).
func metricStatus(r *MetricRow, threshold float64) Status {
	switch r.State {
	case toolreport.Failed:
		return Failed
	case toolreport.SummaryOnly:
		return Underpowered // nothing to compare: never a verdict
	case toolreport.OnlyInBaseline:
		return Missing
	case toolreport.OnlyInCurrent:
		return Added
	}
	switch r.Verdict {
	case stats.Regression:
		shift := r.Comparison.Delta
		if r.Metric().Better == toolreport.Higher {
			shift = -shift
		}
		if threshold > 0 && shift < threshold {
			return BelowThreshold
		}
		return Regression
	case stats.Improvement:
		return Improvement
	case stats.InsideTheNoise:
		return InsideTheNoise
	}
	return Underpowered
}

// metricExtras is extrasOf for a metric's float samples.
func metricExtras(r *MetricRow, threshold float64) *Extras {
	base, cur := r.BaseMetric.Samples, r.CurMetric.Samples
	x := &Extras{
		DriftBase:    stats.DriftOfFloats(base),
		DriftCur:     stats.DriftOfFloats(cur),
		OutliersBase: stats.OutliersFloats(base),
		OutliersCur:  stats.OutliersFloats(cur),
	}
	if r.Verdict != stats.Regression && r.Verdict != stats.Improvement && !r.Unchanged() {
		shift := threshold
		if shift == 0 {
			shift = 1
		}
		x.SamplesNeeded = stats.SamplesNeededFloats(base, cur, shift)
	}
	return x
}

// geomeans is the suite's shift for each unit over the rows compared.
func (s *MetricSummary) geomeans(c *stats.Comparer) []UnitGeomean {
	if c == nil {
		c = &stats.Comparer{}
	}
	type unit struct {
		unit   string
		better toolreport.Better
	}
	var units []unit
	rows := map[unit][]stats.FloatRow{}
	for _, r := range s.Rows {
		if r.State != toolreport.Compared {
			continue
		}
		u := unit{r.CurMetric.Unit, r.CurMetric.Better}
		if !slices.Contains(units, u) {
			units = append(units, u)
		}
		rows[u] = append(rows[u], stats.FloatRow{Baseline: r.BaseMetric.Samples, Current: r.CurMetric.Samples})
	}
	var gs []UnitGeomean
	for _, u := range units {
		g := c.GeomeanFloats(rows[u])
		if u.better == toolreport.Higher {
			g = g.HigherIsBetter()
		}
		gs = append(gs, UnitGeomean{Unit: u.unit, Better: u.better, Geomean: g})
	}
	return gs
}

// Compared is Summary.Compared.
func (s *MetricSummary) Compared() int {
	n := 0
	for _, st := range []Status{Regression, Improvement, BelowThreshold, Underpowered, InsideTheNoise} {
		n += s.Counts[st]
	}
	return n - s.summaryOnly()
}

// summaryOnly counts the rows a side kept only a summary of.
func (s *MetricSummary) summaryOnly() int {
	n := 0
	for _, r := range s.Rows {
		if r.State == toolreport.SummaryOnly {
			n++
		}
	}
	return n
}

// Judged is Summary.Judged.
func (s *MetricSummary) Judged() int { return judged(&s.Counts) }

// With is the rows with status st, in the review's order.
func (s *MetricSummary) With(st Status) []MetricRow {
	var rows []MetricRow
	for _, r := range s.Rows {
		if r.Status == st {
			rows = append(rows, r)
		}
	}
	return rows
}

// JSON writes what Summary.JSON writes, for another tool's rows: one line
// for every row with a comparison, with the same fields (benchmark is
// the name as the tool prints it, config the result's configuration as
// one object in the tool's order, unit the metric's tidied unit, better
// "lower" or "higher", the medians with as few digits as tell them), then
// one geomean line per unit, with "unit" and "better" after "kind". For a
// metric better higher, delta_pct and the interval are the metric's own
// shift (a rate that halves is -50%) and the verdict is read that way
// round: an interval below zero is a regression. A median that rose from
// a baseline median of zero (0 → 1 allocs/op, stats.CompareMetric) has
// delta_pct null followed by "from_zero":true, and its interval's ends
// null where infinite (0.00 where zero); the field is absent otherwise.
func (s *MetricSummary) JSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	for _, r := range s.Rows {
		if r.Comparison == nil {
			continue
		}
		res, m := r.Result(), r.Metric()
		b.Write(rowFields{
			benchmark: res.Name, config: configJSON(res.Config),
			unit: m.Unit, better: m.Better.String(), prec: -1,
			comparison: r.Comparison, extras: r.Extras, verdict: r.Verdict,
			adjusted: s.Adjust != "", status: r.Status,
		}.line())
	}
	for _, g := range s.Geomeans {
		var j jsonLine
		j.str("kind", "geomean")
		j.str("unit", g.Unit)
		j.str("better", g.Better.String())
		b.Write(geomeanFields(&j, &g.Geomean))
	}
	return b.Flush()
}

// configJSON is a configuration as one JSON object, keys in its order.
func configJSON(config []toolreport.Pair) string {
	b := []byte{'{'}
	for i, p := range config {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, quote(p.Key)...)
		b = append(b, ':')
		b = append(b, quote(p.Value)...)
	}
	return string(append(b, '}'))
}

// MetricStats is the line `benchview stats` prints for one metric of
// another tool's result: {"benchmark":B,"config":{...},"metric":M,
// "unit":U,"better":"lower"|"higher","ok":false when the tool says the run
// failed, else true,"stats":{"min","mean","max","p25","median","p75",
// "iqr","samples":[...]}}, the figures in the metric's unit with as few
// digits as tell them, the samples in run order. m must have samples.
func MetricStats(r *toolreport.Result, m *toolreport.Metric) []byte {
	s, _ := stats.OfFloats(m.Samples)
	var j jsonLine
	j.str("benchmark", r.Name)
	j.raw("config", configJSON(r.Config))
	j.str("metric", m.Name)
	j.str("unit", m.Unit)
	j.str("better", m.Better.String())
	j.raw("ok", strconv.FormatBool(!r.Failed))
	var in jsonLine
	in.num("min", s.Min(), -1)
	in.num("mean", s.Mean, -1)
	in.num("max", s.Max(), -1)
	in.num("p25", s.P25(), -1)
	in.num("median", s.Median(), -1)
	in.num("p75", s.P75(), -1)
	in.num("iqr", s.IQR(), -1)
	samples := []byte{'['}
	for i, v := range s.Taken {
		if i > 0 {
			samples = append(samples, ',')
		}
		samples = strconv.AppendFloat(samples, v, 'g', -1, 64)
	}
	in.raw("samples", string(append(samples, ']')))
	j.raw("stats", string(in.buf)+"}")
	return j.end()
}
