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
// The package knows nothing of files, reports or output streams: it takes
// samples and returns values and strings. It refuses to claim anything from
// fewer than MinSamples samples a side; that is the Underpowered verdict,
// a result rather than an error.
//
// The bootstrap makes every draw the reference makes but counts them
// rather than sorting each resample (see bootstrap.go). On amd64 CPUs with
// AVX-512 (F and DQ) the draws are made eight at a time by the assembly in
// draw_amd64.s, found at start-up with CPUID; where the CPU also has BW
// and VBMI, a side of 16 to 64 samples is not counted at all: each
// resample's draws, a byte each, are sorted in one register by a sorting
// network (sortnet.go) and its median positions read off. Anywhere else,
// or built with -tags purego, the draws are made one by one in Go, and
// counted. A Kernel installed with
// UseKernel can take them over: the browser viewer installs one that runs
// them in a small WebAssembly module of their own (wasm/kernel). Every
// path gives the same bits, and the tests hold each to the Go draws.
//
// Every function is safe to call concurrently: nothing here keeps state
// between calls but the installed Kernel.
package stats
