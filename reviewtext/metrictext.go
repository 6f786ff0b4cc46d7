package reviewtext

import (
	"bufio"
	"encoding/csv"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
	"golang.org/x/perf/benchunit"
)

// Text writes the summary as Summary.Text does, one line a row and metric:
// the result's label and the metric's name, the medians scaled in the
// metric's unit as benchstat scales them ("2.451µ sec/op", "1.285G B/s"),
// Δ% and its interval (a rate's own shift), the status; then the headline,
// a geomean line per unit, the run's configuration (Config) and the notes.
func (s *MetricSummary) Text(w io.Writer, color bool) error {
	b := bufio.NewWriter(w)
	rows := make([]cells, len(s.Rows))
	statuses := make([]Status, len(s.Rows))
	for i, r := range s.Rows {
		rows[i], statuses[i] = metricCells(r, s.Threshold), r.Status
	}
	writeTable(b, rows, statuses, color)
	headline := "no rows"
	if sum(s.Counts) > 0 {
		headline = countsOf(s.Counts)
	}
	b.WriteString("\n" + headline + "\n")
	for _, g := range s.Geomeans {
		if line := GeomeanLine(&g.Geomean); line != "" {
			b.WriteString("geomean " + visible.String(g.Unit) + strings.TrimPrefix(line, "geomean") + "\n")
		}
	}
	if len(s.Config) > 0 {
		var pairs []string
		for _, p := range s.Config {
			pairs = append(pairs, visible.String(p.Key+"="+p.Value))
		}
		b.WriteString("run on " + strings.Join(pairs, " ") + "\n")
	}
	for _, n := range s.notes() {
		b.WriteString(n + "\n")
	}
	return b.Flush()
}

// metricCells formats a row of a metric, every string visible-escaped.
func metricCells(r MetricRow, threshold float64) cells {
	m := r.Metric()
	c := cells{
		Name:     visible.String(r.Result().Label() + " [" + m.Name + "]"),
		Baseline: format.None, Current: format.None, Delta: format.None, Interval: format.None,
		Verdict: metricStatusText(r, threshold) + driftText(r.Extras),
	}
	if r.BaseMetric != nil && r.BaseMetric.Samples != nil {
		c.Baseline = scaled(stats.QuantileFloats(sortedFloats(r.BaseMetric.Samples), 0.5), m.Unit)
	}
	if r.CurMetric != nil && r.CurMetric.Samples != nil {
		c.Current = scaled(stats.QuantileFloats(sortedFloats(r.CurMetric.Samples), 0.5), m.Unit)
	}
	if r.Comparison != nil && r.Status != Failed {
		c.Delta = infinitePercent(r.Comparison.Delta)
		c.Interval = infiniteInterval(r.Comparison.Lo, r.Comparison.Hi)
	}
	return c
}

// infinitePercent is format.Percent that shows a shift from a baseline
// median of zero (stats.CompareMetric) as "+∞%" rather than no number.
func infinitePercent(p float64) string {
	switch {
	case math.IsInf(p, 1):
		return "+∞%"
	case math.IsInf(p, -1):
		return "-∞%"
	}
	return format.Percent(p)
}

// infiniteInterval is format.Interval with infinite ends shown as
// infinitePercent shows them: "[0.00%, +∞%]".
func infiniteInterval(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) || !(math.IsInf(lo, 0) || math.IsInf(hi, 0)) {
		return format.Interval(lo, hi)
	}
	return "[" + infinitePercent(lo) + ", " + infinitePercent(hi) + "]"
}

// sortedFloats is a sorted copy of xs.
func sortedFloats(xs []float64) []float64 {
	s, _ := stats.OfFloats(xs)
	return s.Sorted
}

// scaled is v in unit as benchstat prints it: three significant digits or
// more with an SI or binary prefix, then the unit.
func scaled(v float64, unit string) string {
	return benchunit.Scale(v, benchunit.ClassOf(unit)) + " " + visible.String(unit)
}

// metricStatusText is a metric row's status in words.
func metricStatusText(r MetricRow, threshold float64) string {
	switch r.Status {
	case BelowThreshold:
		return "regression below the " + percent(threshold) + " threshold"
	case Failed:
		res := r.Result()
		if r.Base != nil && r.Base.Failed && (r.Cur == nil || !r.Cur.Failed) {
			res = r.Base
		}
		return "failed: " + visible.String(res.Why)
	case Missing:
		return "missing from the current run"
	case Added:
		return "new in the current run"
	case InsideTheNoise:
		if r.Unchanged() {
			return "unchanged: all samples equal"
		}
	case Underpowered:
		if r.State == toolreport.SummaryOnly {
			return "summary only: no samples to compare"
		}
		nb, nc := len(r.BaseMetric.Samples), len(r.CurMetric.Samples)
		return "underpowered (" + strconv.Itoa(nb) + " vs " + strconv.Itoa(nc) + " samples)"
	}
	return r.Status.String()
}

// notes qualify the headline, as Summary.Notes does.
func (s *MetricSummary) notes() []string {
	var notes []string
	if n := s.Counts[BelowThreshold]; n > 0 {
		notes = append(notes, rowsAre(n)+" a regression below the "+percent(s.Threshold)+" threshold: reported, but "+notFail(n)+" the gate.")
	}
	if n := s.Counts[Failed]; n > 0 {
		notes = append(notes, rowsAre(n)+" a failed run: never read as a timing; under -fail-on-regression, "+failsThe(n)+" the gate.")
	}
	if n := s.Counts[Missing]; n > 0 {
		notes = append(notes, rowsAre(n)+" in the baseline but not in the current run.")
	}
	if n := s.summaryOnly(); n > 0 {
		have := "1 row has"
		if n > 1 {
			have = format.Count(n) + " rows have"
		}
		notes = append(notes, have+" only the tool's summary, without samples: nothing is compared.")
	}
	if n := s.Counts[Underpowered] - s.summaryOnly(); n > 0 {
		notes = append(notes, rowsAre(n)+" underpowered: a side has fewer than "+strconv.Itoa(stats.MinSamples)+
			" samples, so no verdict is claimed.")
	}
	if n := s.fromZero(); n > 0 {
		notes = append(notes, format.Rows(n)+" rose from a baseline median of zero: Δ% is +∞, and the verdict is read off the difference of the resampled medians.")
	}
	if n := s.unchanged(); n > 0 {
		notes = append(notes, "Of the rows inside the noise, "+rowsAre(n)+" unchanged: every sample the same number in both runs.")
	}
	changed := 0
	for _, r := range s.Rows {
		if r.Comparison != nil && r.Status != Failed && r.Verdict != r.Comparison.Verdict {
			changed++
		}
	}
	if note := multipleNote(s.Adjust, s.Tests, changed, "alone would be"); note != "" {
		notes = append(notes, note)
	}
	if s.Judged() == 0 {
		notes = append(notes, "No row has a verdict.")
	}
	return notes
}

// fromZero counts the rows with a verdict whose median left a baseline
// median of zero.
func (s *MetricSummary) fromZero() int {
	n := 0
	for _, r := range s.Rows {
		if c := r.Comparison; c != nil && r.Status != Failed && c.Verdict != stats.Underpowered && math.IsInf(c.Delta, 0) {
			n++
		}
	}
	return n
}

// unchanged counts the rows that are Unchanged.
func (s *MetricSummary) unchanged() int {
	n := 0
	for i := range s.Rows {
		if s.Rows[i].Unchanged() {
			n++
		}
	}
	return n
}

// metricCSVHeader names the columns of MetricSummary.CSV.
var metricCSVHeader = []string{
	"benchmark", "config", "metric", "unit", "better", "baseline_median", "median",
	"delta_pct", "ci_low_pct", "ci_high_pct", "verdict", "status",
	"baseline_samples", "current_samples",
	"drift_baseline_pct", "drift_current_pct", "outliers_baseline", "outliers_current",
	"samples_needed", "p_value", "adjusted_verdict",
}

// CSV writes one record per row with a comparison, as Summary.CSV does,
// with the tool's columns: config is the row's key=value pairs joined by
// spaces, metric the tool's name for it; medians have as few digits as
// tell them. A shift from a baseline median of zero, and an interval end
// of one, is Inf (or -Inf) where JSON has null.
func (s *MetricSummary) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(metricCSVHeader)
	for _, r := range s.Rows {
		c := r.Comparison
		if c == nil {
			continue
		}
		res, m := r.Result(), r.Metric()
		var config []string
		for _, p := range res.Config {
			config = append(config, p.Key+"="+p.Value)
		}
		record := []string{
			inert(res.Name), inert(strings.Join(config, " ")), inert(m.Name), inert(m.Unit), m.Better.String(),
			shortest(c.BaselineMedian), shortest(c.Median),
			spreadsheet(c.Delta), spreadsheet(c.Lo), spreadsheet(c.Hi),
			c.Verdict.String(), r.Status.String(),
			strconv.Itoa(len(r.BaseMetric.Samples)), strconv.Itoa(len(r.CurMetric.Samples)),
			"", "", "", "", "", decimal(c.P, 4), "",
		}
		if x := r.Extras; x != nil {
			record[14], record[15] = decimal(drifted(x.DriftBase), 2), decimal(drifted(x.DriftCur), 2)
			record[16], record[17] = strconv.Itoa(x.OutliersBase), strconv.Itoa(x.OutliersCur)
			if x.SamplesNeeded > 0 {
				record[18] = strconv.Itoa(x.SamplesNeeded)
			}
		}
		if s.Adjust != "" {
			record[20] = r.Verdict.String()
		}
		cw.Write(record)
	}
	cw.Flush()
	return cw.Error()
}

// spreadsheet is a percentage with two decimals, empty when NaN, and an
// infinite one (a shift from a baseline median of zero) as "Inf" or
// "-Inf", which Go, Python, pandas and R read back as infinity.
func spreadsheet(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	}
	return decimal(x, 2)
}

// shortest is x with as few digits as tell it; empty when not finite.
func shortest(x float64) string {
	if decimal(x, 0) == "" {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
