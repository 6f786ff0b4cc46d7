// Package report reads the JSONL reports a benchmark harness writes: one
// JSON object per line, a row named by (benchmark, kind, backend), its
// wall-time samples in wall_ns.samples in the order the run took them.
//
// It is a real JSON reader, not the reference's substring scan, and it
// accepts every line that scan accepts while keeping what the scan threw
// away: rows with samples, summary-only rows, unsupported rows with their
// reason, trace_overhead and comparison lines, ok:false rows. A line it
// cannot read becomes a Problem naming the file and line, and reading goes
// on, so one bad line never loses the good ones. It reads as a stream: the
// memory it holds is the rows it keeps plus the longest line, never a copy
// of the file.
//
// It refuses to guess. A sample that is not a whole, non-negative number
// of nanoseconds that fits in 64 bits is not rounded, clamped or skipped:
// its line is reported and left out. The package does no statistics and
// opens no files; the caller hands it an io.Reader.
package report
