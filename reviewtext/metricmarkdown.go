package reviewtext

import (
	"cmp"
	"io"
	"slices"
	"strings"

	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
)

// metricHeader heads the tables of another tool's rows: one table for
// every metric, each value with its unit, the metric named as its tool
// names it.
const metricHeader = "| benchmark | metric | baseline | current | Δ% | 95% interval | verdict |\n|:--|:--|--:|--:|--:|:--|:--|\n"

// Markdown writes the summary as Summary.Markdown does, for a pull-request
// comment: the headline on the first line with the reports' names; a
// geomean line per unit, the run's configuration (Config) and the notes;
// one table of the rows that need attention, largest shift the bad way
// first, with a column for the metric (each value carries its unit, as
// benchstat scales it); the other rows in a table inside <details>; the
// problems with the inputs. Names, metrics and configuration are code
// spans, and every other cell from a report (a unit, a failed run's
// reason) has its Markdown characters escaped, so nothing a tool wrote
// can break a table or become markup. It stays under MarkdownLimit bytes.
func (s *MetricSummary) Markdown(w io.Writer) error {
	var m mdWriter
	m.WriteString("**benchview:** " + s.headline())
	if s.Current != "" {
		m.WriteString(" (" + code(fileName(s.Baseline)) + " → " + code(fileName(s.Current)) + ")")
	}
	m.WriteString("\n\n")
	var items []string
	for _, g := range s.Geomeans {
		if line := GeomeanLine(&g.Geomean); line != "" {
			items = append(items, "geomean "+code(g.Unit)+strings.TrimPrefix(line, "geomean"))
		}
	}
	if len(s.Config) > 0 {
		var pairs []string
		for _, p := range s.Config {
			pairs = append(pairs, code(p.Key+"="+p.Value))
		}
		items = append(items, "run on "+strings.Join(pairs, " "))
	}
	for _, n := range s.notes() {
		items = append(items, mdEscape(n))
	}
	for _, it := range items {
		m.WriteString("- " + it + "\n")
	}
	if len(items) > 0 {
		m.WriteString("\n")
	}
	var top, rest []mdLine
	for _, r := range s.ranked() {
		if attention[r.Status] {
			top = append(top, mdLine{s.mdMetricRow(r), r.Status})
		}
	}
	for _, r := range s.Rows {
		if !attention[r.Status] {
			rest = append(rest, mdLine{s.mdMetricRow(r), r.Status})
		}
	}
	return m.finish(w, metricHeader, top, rest, problemsBlock(s.Problems))
}

// headline is the rows counted by status, as Summary.Headline says it.
func (s *MetricSummary) headline() string {
	if sum(s.Counts) == 0 {
		return "no rows"
	}
	return countsOf(s.Counts)
}

// mdMetricRow is one table row.
func (s *MetricSummary) mdMetricRow(r MetricRow) string {
	c := metricCells(r, s.Threshold)
	return "| " + code(r.Result().Label()) + " | " + code(r.Metric().Name) + " | " + mdEscape(c.Baseline) + " | " +
		mdEscape(c.Current) + " | " + c.Delta + " | " + c.Interval + " | " + mdEscape(c.Verdict) + " |\n"
}

// ranked is the rows in order of importance, as Summary.ranked orders
// them, each shift read the way its metric gets worse (a rate that drops
// 50% ranks with a time that grows 50%).
func (s *MetricSummary) ranked() []MetricRow {
	rows := slices.Clone(s.Rows)
	slices.SortStableFunc(rows, func(a, b MetricRow) int {
		if c := cmp.Compare(a.Status, b.Status); c != 0 {
			return c
		}
		wa, wb := worse(a), worse(b)
		if a.Status == Improvement {
			return cmp.Compare(wa, wb)
		}
		return cmp.Compare(wb, wa)
	})
	return rows
}

// worse is the row's Δ% the way its metric gets worse (a rate's drop is
// positive), 0 without a comparison.
func worse(r MetricRow) float64 {
	if r.Comparison == nil || r.Comparison.Delta != r.Comparison.Delta {
		return 0
	}
	if r.Metric().Better == toolreport.Higher {
		return -r.Comparison.Delta
	}
	return r.Comparison.Delta
}

// mdEscape is s, already made visible, with every character Markdown
// reads as markup backslash-escaped (CommonMark escapes any ASCII
// punctuation that way), so a unit or a reason from a report is shown as
// written: no table cell split, no emphasis, no HTML, no link. GitHub's
// Markdown also makes links of bare addresses: the escape breaks an
// e-mail's @ (a unit "0@0.0" was a mailto link), a scheme's "://" and
// the dot of a "www.", and leaves every other colon and dot as it is.
func mdEscape(s string) string {
	s = visible.String(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case strings.ContainsRune("\\`*_[]<>|~&!#@", r),
			r == ':' && strings.HasPrefix(s[i+1:], "//"),
			r == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www"):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
