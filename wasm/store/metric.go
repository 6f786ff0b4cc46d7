package store

import (
	"slices"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/actions"
)

// The reports of another tool than cove-bench arrive as what toolreport
// read (ReportLoaded.Tool). The store keeps them, and the rows it pairs
// are those of one metric of theirs at a time (toolreport's AsReport):
// the metric the view names (View.Metric, which the address keeps), or
// their first, their time. Choosing another metric pairs the rows anew.

// Metrics lists the metrics of the reports of another tool loaded, their
// first (time) first; nil for cove-bench reports.
func (s *Store) Metrics() []review.Metric { return s.metrics }

// Metric is the metric the rows show; nil for cove-bench reports.
func (s *Store) Metric() *review.Metric {
	if s.review == nil {
		return nil
	}
	return s.review.Metric
}

// Tool is what was read into side when it is the report of another tool
// than cove-bench; nil otherwise.
func (s *Store) Tool(side actions.Side) *toolreport.Report { return s.tools[side] }

// Origin is what side was read as, for whoever keeps the bytes it was read
// from: its Tool when it has one (its Report changes with the metric), its
// Report otherwise; nil when nothing is loaded there.
func (s *Store) Origin(side actions.Side) any {
	if t := s.tools[side]; t != nil {
		return t
	}
	if r := s.reports[side]; r != nil {
		return r
	}
	return nil
}

// loaded takes a report read into side: a cove-bench report, or the rows
// of the metric shown of another tool's. Two reports of different tools
// are not compared: the second is refused, saying what each is.
func (s *Store) loaded(a *actions.ReportLoaded) {
	s.reports[a.Side], s.tools[a.Side] = a.Report, a.Tool
	other := 1 - a.Side
	if s.reports[other] == nil && s.tools[other] == nil {
		return
	}
	if f, g := formatOf(s.tools[a.Side]), formatOf(s.tools[other]); f != g {
		name := s.nameOf(a.Side)
		s.failed[a.Side] = name + ": a " + string(f) + " report, and " + s.nameOf(other) + " is a " +
			string(g) + " report: compare two reports of one tool"
		s.reports[a.Side], s.tools[a.Side] = nil, nil
	}
}

// formatOf is the tool t came from: cove-bench for no t.
func formatOf(t *toolreport.Report) toolreport.Format {
	if t == nil {
		return toolreport.CoveBench
	}
	return t.Format
}

// nameOf is the name of the report loaded into side.
func (s *Store) nameOf(side actions.Side) string {
	if t := s.tools[side]; t != nil {
		return t.Name
	}
	if r := s.reports[side]; r != nil {
		return r.Name
	}
	return ""
}

// metricRows makes the rows of the metric the view names (or the first)
// of each side read from another tool's report, and returns that metric;
// nil, leaving the reports as they are, when no side is.
func (s *Store) metricRows() *review.Metric {
	s.metrics = nil
	if s.tools == [2]*toolreport.Report{} {
		return nil
	}
	m, metrics := ChooseMetric(s.tools, s.view.Metric)
	s.metrics = metrics
	for side, t := range s.tools {
		if t != nil {
			s.reports[side] = s.RowsOf(t, m)
		}
	}
	// The rows of reports no longer loaded go, and their reports with them.
	s.toolRows = slices.DeleteFunc(s.toolRows, func(r metricRows) bool { return !slices.Contains(s.tools[:], r.tool) })
	return m
}

// metricRows are the rows of one metric of a tool's report.
type metricRows struct {
	tool   *toolreport.Report
	metric string
	rows   *report.Report
}

// keptRows is how many tools' rows of a metric the store keeps (RowsOf):
// each side's, and each side's of another metric, or of the reports
// about to be loaded.
const keptRows = 4

// RowsOf is the rows of t's metric m (nil: none, t's results have no
// metric), what a review of t pairs: the same rows, not equal ones, for
// the same t and m, as long as they are among the last keptRows made. So
// a review the page pairs ahead of the store, of the rows it has from
// here, is the review of the store's reports, and the store takes it
// (ReportLoaded.Review) rather than pair ten thousand rows again.
func (s *Store) RowsOf(t *toolreport.Report, m *review.Metric) *report.Report {
	name := ""
	if m != nil {
		name = m.Name
	}
	for _, r := range s.toolRows {
		if r.tool == t && r.metric == name {
			return r.rows
		}
	}
	rows := report.New(t.Name, nil, t.Problems) // no metric: a report without rows
	if m != nil {
		rows = t.AsReport(name)
	}
	s.toolRows = append(s.toolRows, metricRows{tool: t, metric: name, rows: rows})
	if len(s.toolRows) > keptRows {
		s.toolRows = s.toolRows[1:]
	}
	return rows
}

// ChooseMetric is the metric a review of tools (another tool's reports by
// side, either nil) shows: the one named name, or, when they have no such
// metric, their first, their time; and every metric they have. Reports
// whose results have no metric at all show none (nil).
func ChooseMetric(tools [2]*toolreport.Report, name string) (m *review.Metric, metrics []review.Metric) {
	metrics = toolreport.Metrics(tools[0], tools[1])
	if len(metrics) > 0 {
		named := metricNamed(metrics, name)
		m = &named
	}
	return m, metrics
}

// MetricRows is what a review of tools (another tool's reports by side,
// either nil) pairs: each side's rows of the metric ChooseMetric chooses,
// that metric, and every metric they have. Reports whose results have no
// metric at all have no row, and no metric is shown (nil).
func MetricRows(tools [2]*toolreport.Report, name string) (reports [2]*report.Report, m *review.Metric, metrics []review.Metric) {
	m, metrics = ChooseMetric(tools, name)
	for side, t := range tools {
		switch {
		case t == nil:
		case m == nil:
			// Results, but no metric with a sample or summary: rows of
			// nothing, which the page tells as a report without rows.
			reports[side] = report.New(t.Name, nil, t.Problems)
		default:
			reports[side] = t.AsReport(m.Name)
		}
	}
	return reports, m, metrics
}

// empty reports whether side's report has nothing to show: no row, or,
// for another tool's, no result at all (a metric only the other side
// measures gives a side no row, not an error).
func (s *Store) empty(side int) bool {
	if t := s.tools[side]; t != nil {
		return len(t.Results) == 0
	}
	return s.reports[side] != nil && len(s.reports[side].Rows) == 0
}

// metricNamed is the metric of metrics (not empty) named name, or their
// first when none is.
func metricNamed(metrics []review.Metric, name string) review.Metric {
	for _, m := range metrics {
		if m.Name == name {
			return m
		}
	}
	return metrics[0]
}

// configLines are the configuration lines of a pair of tools' reports.
type configLines struct {
	tools [2]*toolreport.Report
	lines []string
}

// Config is the configuration the reports of another tool carry, as the
// lines the exported page shows (export.ConfigLines), once for the
// review: the lines both sides carry, then those of one side only, each
// named after its side ("Baseline cpu: …"); nil for cove-bench reports,
// which carry none. They are made once for the reports loaded: the page
// renders them often, and ten thousand results a side took tens of
// milliseconds to look through.
func (s *Store) Config() []string {
	if s.config == nil || s.config.tools != s.tools {
		s.config = &configLines{tools: s.tools, lines: configOf(s.tools)}
	}
	return s.config.lines
}

// configOf is Config's lines for tools.
func configOf(tools [2]*toolreport.Report) []string {
	var lines [2][]string
	for side, t := range tools {
		if t != nil {
			lines[side] = export.ConfigLines(t)
		}
	}
	if lines[0] == nil || lines[1] == nil {
		return append(lines[0], lines[1]...)
	}
	var out []string
	for _, line := range lines[0] {
		if slices.Contains(lines[1], line) {
			out = append(out, line)
		}
	}
	for side, l := range lines {
		for _, line := range l {
			if !slices.Contains(lines[1-side], line) {
				out = append(out, actions.Side(side).String()+" "+line)
			}
		}
	}
	return out
}
