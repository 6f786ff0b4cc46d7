package report

import "io"

// This file fixes the package's API; the implementer fills it in.

// Key identifies a row: two rows that agree on all three are the same
// measurement taken twice.
type Key struct {
	Benchmark, Kind, Backend string
}

// String is "benchmark/kind/backend", the page's data-row value.
func (k Key) String() string { return k.Benchmark + "/" + k.Kind + "/" + k.Backend }

// Row is one line of a report that names a row.
type Row struct {
	Key
	// Line is the 1-based line number the row was read from (the last one
	// when a key repeats).
	Line int
	// Samples are the wall-time samples in run order; nil when the line
	// carries none (a summary-only, unsupported, trace_overhead or
	// comparison line).
	Samples []uint64
	// OK is the line's "ok" field; true when the line has none.
	OK bool
	// What is the reason an "unsupported" row gives; empty otherwise.
	What string
	// Of is the kind a "comparison" line is about; empty otherwise.
	Of string
	// Summary holds min/mean/max/median when wall_ns has them but no
	// samples; nil otherwise.
	Summary *Summary
}

// Summary is what an old report carries in place of samples.
type Summary struct {
	Min, Mean, Max uint64
	Median         float64 // NaN when absent
}

// Unsupported reports whether the row is a refusal ("kind":"unsupported").
func (r Row) Unsupported() bool { return r.Kind == "unsupported" }

// Problem is a line that could not be read, or a warning about one.
type Problem struct {
	File string
	Line int // 0 when the problem is the whole file
	Msg  string
	// Warning is true for something read but worth telling (a duplicate
	// key); false for a line that was lost.
	Warning bool
}

// Error formats the problem as "file:line: msg".
func (p Problem) Error() string { panic("unimplemented") }

// Report is everything read from one report.
type Report struct {
	// Name is the file name problems are reported under.
	Name string
	// Rows in file order; a key that repeats keeps its last line, at the
	// position of its first.
	Rows []Row
	// Problems in line order.
	Problems []Problem
}

// Read reads a JSONL report as a stream. Bad lines become Problems and
// reading continues; the error is non-nil only when r itself fails.
func Read(r io.Reader, name string) (*Report, error) { panic("unimplemented") }

// Sampled reports whether the report has at least one row with samples
// (what the reference requires of a baseline).
func (r *Report) Sampled() bool { panic("unimplemented") }

// Lookup returns the row with key k.
func (r *Report) Lookup(k Key) (Row, bool) { panic("unimplemented") }

// NoSamplesReason is the reference's reason for refusing a baseline that
// has no rows with samples.
const NoSamplesReason = "no rows with a `wall_ns.samples` array; a baseline must be the JSON output of a `cove-bench` run new enough to record its samples"
