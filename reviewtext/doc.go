// Package reviewtext writes a review for people and programs outside the
// browser: an aligned table for a terminal (Text), GitHub-flavoured
// Markdown for a pull-request comment (Markdown), CSV for a spreadsheet
// (CSV) and one generic JSON object a row (JSON).
//
// New sorts a review's rows into what a reader and a CI gate need to know
// (Status: a regression, one below the threshold, a failed benchmark, a
// row missing from the current run, ...) and counts them; the writers only
// lay that out. The command line and the viewer both build a Summary and
// call the same writer, so "Copy as Markdown" in the page and `benchview
// compare -format markdown` give the same text for the same reports.
//
// Reports of other tools (package toolreport) are summarised by
// NewMetrics into a MetricSummary: a row per result and metric, float
// samples in the metric's unit, a verdict in the metric's direction and a
// geomean per unit. Its JSON shares Summary.JSON's row writer and fields;
// it has Text, Markdown and CSV too. Its rows' comparisons are
// stats.CompareMetric's: a metric whose every sample on both sides is one
// number (0 B/op before and after) is inside the noise, and the human
// formats say "unchanged" (MetricRow.Unchanged); one that rose from a
// baseline median of zero (0 → 1 allocs/op) has a Δ% of +∞, which JSON
// writes as null with "from_zero":true.
//
// Names from reports are data. Text and Markdown show every control or
// bidirectional character of a name as a visible escape (package
// visible); Markdown also puts names in code spans, so a `|`, a backtick
// or `<script>` can neither break the table nor become markup. The package
// implements no statistic (with Options.Extras, New asks core/stats for
// drift, outliers, samples needed and the geomean) and does no I/O beyond
// the io.Writer it is given, so it builds for WebAssembly.
package reviewtext
