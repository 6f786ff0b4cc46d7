// Package stats says what a series of wall-time samples is, and whether two
// series differ.
//
// It is the Go counterpart of the cove-bench reference (stats.rs) and gives
// the same answers byte for byte: the R-7 quantile, a summary built on the
// median and the quartiles, and a percentile bootstrap on the relative shift
// between two medians (10,000 resamples drawn from a SplitMix64 stream with
// a fixed seed, so the same data always gives the same interval). The JSON
// lines it writes are the reference's, field for field and digit for digit.
//
// Every statistic also takes a metric's samples in its own unit, as
// float64 (CompareFloats, DriftOfFloats, OutliersFloats,
// SamplesNeededFloats, OfFloats, Comparer.GeomeanFloats): the same
// generic code over Sample, so whole numbers given as floats get the
// integer path's bits, and the integer path is the code it was. A metric
// better when higher is read with HigherIsBetter, which swaps Regression
// and Improvement and keeps the shift the metric's own (a rate that drops
// 10% has Delta -10% and is a regression). CompareMetric is the one
// verdict of a metric that the command line and the pages all call: it
// adds the direction and reads a baseline median of zero (0 → 1
// allocs/op) off the resampled medians' difference.
//
// The package knows nothing of files, reports or output streams: it takes
// samples and returns values and strings. It refuses to claim anything from
// fewer than MinSamples samples a side; that is the Underpowered verdict,
// a result rather than an error.
//
// The bootstrap makes every draw the reference makes but counts them
// rather than sorting each resample (see bootstrap.go), one by one in Go
// on every CPU: hand-written AVX-512 draws were measured (1.6x on a soak
// run) and removed, because the machines CI runs on have no AVX-512, so
// nothing would test them; and a hand-assembled WebAssembly module of the
// draws for the browser was measured (a soak run's drop to ready 1.47x
// sooner, first comparisons about 1.1x) and removed, as under the 1.5x
// that would be worth keeping a second path for.
//
// Beside the reference's verdict, and never instead of it, the package
// says what the verdict alone does not: whether a side drifted during its
// run (DriftOf: the Mann–Kendall test, rank-based so that its false-alarm
// rate holds for any distribution of independent samples, with Sen's
// slope for the size), how many samples are far out (Outliers), how many
// samples a side would resolve a given shift (SamplesNeeded), a p-value
// read off the same resamples as the interval (Comparison.P) with Holm's
// and Benjamini–Hochberg's adjustments for many rows (Adjust), and the
// suite's geometric mean shift with its own bootstrap interval
// (GeomeanOf). Each is calibrated or validated by simulation with fixed
// seeds; the figures reached are in their doc comments: drift flags 1.5%
// of rows without drift and 96-97% of runs with a 5% drift over 60
// samples, SamplesNeeded's n resolves its shift in 79-88% of runs, and
// the geomean's interval covers in 97% of suites.
//
// Every function is safe to call concurrently: nothing here keeps state
// between calls but, behind a lock, the exact
// distribution of the drift test's statistic for each size up to 30,
// built on first use.
package stats
