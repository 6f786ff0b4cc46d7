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
	base, cur := s.tools[actions.Baseline], s.tools[actions.Current]
	s.metrics = nil
	if base == nil && cur == nil {
		return nil
	}
	s.metrics = toolreport.Metrics(base, cur)
	if len(s.metrics) == 0 {
		// Results, but no metric with a sample or summary: rows of
		// nothing, which the page tells as a report without rows.
		for side, t := range s.tools {
			if t != nil {
				s.reports[side] = report.New(t.Name, nil, t.Problems)
			}
		}
		return nil
	}
	m, _ := MetricNamed(s.metrics, s.view.Metric)
	for side, t := range s.tools {
		if t != nil {
			s.reports[side] = t.AsReport(m.Name)
		}
	}
	return &m
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

// MetricNamed is the metric of metrics named name, and true; or, when
// name is "" or none is, the first (their time), and whether name was "";
// no metric and false when metrics is empty.
func MetricNamed(metrics []review.Metric, name string) (review.Metric, bool) {
	if len(metrics) == 0 {
		return review.Metric{}, false
	}
	for _, m := range metrics {
		if m.Name == name {
			return m, true
		}
	}
	return metrics[0], name == ""
}

// Config is the configuration the reports of another tool carry, as the
// lines the exported page shows (export.ConfigLines), once for the
// review: the lines both sides carry, then those of one side only, each
// named after its side ("Baseline cpu: …"); nil for cove-bench reports,
// which carry none.
func (s *Store) Config() []string {
	var lines [2][]string
	for side, t := range s.tools {
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
