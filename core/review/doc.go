// Package review pairs a baseline report with a current one, row by row,
// and says for each what it is: a comparison, a refusal, a row one side
// lacks, or a row a run flagged as not ok.
//
// Pairing is cheap and done at once by New (or a few keys at a time by a
// Pairing, for a page that must not hold its thread); the comparisons are not, so
// they wait for Row.Compute, which a caller may run for different rows on
// different goroutines at once. The package reads no files and writes no output; it
// refuses to compare a row that either run flagged ok:false or refused, so
// that such a row is never shown as if it were fine.
package review
