package chart

import (
	"strconv"
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// The descriptions below say in words what a chart shows and its
// extremes, for a reader who cannot see it (the page names the chart's
// element with them) or would rather read. They are plain text: names
// are shown as visible.String shows them, and the page sets them as text
// or attributes, never as markup.

// DescribeInterval says what the interval bars of rows (the bars drawn,
// of total rows in the table) show: "Δ% with its 95% interval for 13 of
// 10,000 rows: 2 regressions, … Largest regression: a/b/c, +8.70%.
// Largest improvement: d/e/f, -3.10%."
func DescribeInterval(rows []review.Row, total int) string {
	drawn := 0
	counts := map[stats.Verdict]int{}
	var worst, best *review.Row
	for i := range rows {
		r := &rows[i]
		if !compared(*r) {
			continue
		}
		drawn++
		c := r.Comparison
		counts[c.Verdict]++
		switch {
		case c.Verdict == stats.Regression && (worst == nil || c.Delta > worst.Comparison.Delta):
			worst = r
		case c.Verdict == stats.Improvement && (best == nil || c.Delta < best.Comparison.Delta):
			best = r
		}
	}
	var b strings.Builder
	b.WriteString("Δ% of the median with its 95% interval for " + format.Count(drawn))
	if drawn != total {
		b.WriteString(" of " + format.Count(total))
	}
	b.WriteString(plural(total, " row", " rows") + ", against the zero line")
	var parts []string
	for _, v := range []struct {
		verdict   stats.Verdict
		one, many string
	}{
		{stats.Regression, "regression", "regressions"},
		{stats.Improvement, "improvement", "improvements"},
		{stats.InsideTheNoise, "inside the noise", "inside the noise"},
		{stats.Underpowered, "underpowered", "underpowered"},
	} {
		if n := counts[v.verdict]; n > 0 {
			parts = append(parts, format.Count(n)+" "+plural(n, v.one, v.many))
		}
	}
	if len(parts) > 0 {
		b.WriteString(": " + strings.Join(parts, ", "))
	}
	b.WriteString(".")
	extreme := func(what string, r *review.Row) {
		if r != nil {
			b.WriteString(" Largest " + what + ": " + visible.String(r.Key.Label()) + ", " + format.Percent(r.Comparison.Delta) + ".")
		}
	}
	extreme("regression", worst)
	extreme("improvement", best)
	return b.String()
}

// DescribeRunOrder says what a row's run-order chart shows: each side's
// samples, median and range, the samples drawn on an edge of the scale,
// each side's drift when it drifted, and, of a long run, that samples on
// the same spot are drawn once (RunOrderApart).
func DescribeRunOrder(row review.Row, trends Trends) string {
	unit := format.RowUnit(&row)
	lo, hi := Scale(row.BaseStats, row.CurStats)
	var b strings.Builder
	b.WriteString("Samples of " + visible.String(row.Key.Label()) + " in the order the run took them.")
	off := 0
	for _, side := range []struct {
		name  string
		s     *stats.FloatStats
		drift *stats.Drift
	}{{"Baseline", row.BaseStats, trends.Base}, {"Current", row.CurStats, trends.Cur}} {
		s := side.s
		if s == nil {
			continue
		}
		b.WriteString(" " + side.name + ": " + format.Count(len(s.Sorted)) + plural(len(s.Sorted), " sample", " samples") +
			", median " + unit.Format(s.Median()) +
			", from " + unit.Format(float64(s.Sorted[0])) + " to " + unit.Format(float64(s.Sorted[len(s.Sorted)-1])))
		if d := side.drift; d != nil && d.Drifted {
			b.WriteString(", drifting " + format.Percent(d.Pct) + " from first to last")
		}
		b.WriteString(".")
		off += offScaleCount(s.Sorted, lo, hi)
	}
	if off > 0 {
		b.WriteString(" " + strconv.Itoa(off) + plural(off, " sample lies", " samples lie") +
			" off the chart's scale, drawn on its edge.")
	}
	if long(row) {
		b.WriteString(" Where samples would be drawn within a point's width of one another, one of them is drawn.")
	}
	return b.String()
}

// offScaleCount is how many of the ascending samples lie below lo or
// above hi: found by halving, as a soak run's 200,000 samples, one by
// one, were some 30 ms of the page's frame (WebAssembly).
func offScaleCount(sorted []float64, lo, hi float64) int {
	return firstWhere(sorted, func(v float64) bool { return v >= lo }) +
		len(sorted) - firstWhere(sorted, func(v float64) bool { return v > hi })
}

// firstWhere is the index of the first of the ascending values for which
// at holds, which holds for every value after it too; len(sorted) when
// none.
func firstWhere(sorted []float64, at func(float64) bool) int {
	i, j := 0, len(sorted)
	for i < j {
		if h := int(uint(i+j) >> 1); at(sorted[h]) {
			j = h
		} else {
			i = h + 1
		}
	}
	return i
}

// long reports whether either side of row has more than largeRun samples:
// RunOrderApart draws it thinned.
func long(row review.Row) bool {
	for _, s := range []*stats.FloatStats{row.BaseStats, row.CurStats} {
		if s != nil && len(s.Taken) > largeRun {
			return true
		}
	}
	return false
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
