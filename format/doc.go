// Package format turns the numbers of a review into the short strings a
// reader scans: durations in the unit that suits the row (ns, µs, ms, s),
// signed percentages and intervals.
//
// It is shared by the viewer's table, the chart tooltips, the exported page
// and the command line's tables: anything that shows a number, so that a
// median reads the same wherever it appears. It computes no statistic and
// knows nothing of HTML; escaping is the caller's job.
package format
