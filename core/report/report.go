package report

import "sync"

// Key identifies a row: two rows that agree on all three are the same
// measurement taken twice.
type Key struct {
	Benchmark, Kind, Backend string
}

// String is "benchmark/kind/backend", the page's data-row value.
func (k Key) String() string { return k.Benchmark + "/" + k.Kind + "/" + k.Backend }

// Label is how a page names the row: String, or the benchmark alone for
// a row made from another tool's report, which has no kind or backend
// (its name already says all: "Sum/n=1000-2", "sleep 0.02").
func (k Key) Label() string {
	if k.Kind == "" && k.Backend == "" {
		return k.Benchmark
	}
	return k.String()
}

// Row is one line of a report that names a row.
type Row struct {
	Key
	// Line is the 1-based line number the row was read from (the last one
	// when a key repeats).
	Line int
	// Samples are the wall-time samples in run order; nil when the line
	// carries none (a summary-only, unsupported, trace_overhead or
	// comparison line, or an empty samples array). Never empty otherwise.
	Samples []uint64
	// Values are the samples of a row made from another tool's report (a
	// metric's values in its own unit, in run order: seconds, B/op, MB/s);
	// nil for a row read from a cove-bench report, whose samples are the
	// exact Samples, and for a row without samples. Never empty otherwise.
	Values []float64
	// OK is the line's "ok" field; true when the line has none. A row made
	// from another tool's report is not OK when the tool says its run
	// failed (What then says how).
	OK bool
	// What is the reason an "unsupported" row gives, or what a failed run
	// of another tool said; empty otherwise.
	What string
	// Refused marks a row made from another tool's report that cannot be
	// compared, What saying why (a pytest-benchmark row that kept only a
	// summary): Unsupported, as a cove-bench "unsupported" row is.
	Refused bool
	// Of is the kind a "comparison" line is about; empty otherwise.
	Of string
	// Summary holds min/mean/max/median when wall_ns has them but no
	// samples; nil otherwise.
	Summary *Summary
	// Sorted, when not nil, holds the row's samples as floats (Values, or
	// Samples converted) in ascending order: the binary form carries them
	// (UnmarshalBinary sets it), so that a page need not sort ten thousand
	// rows on its main thread when a worker has. Nil otherwise, and
	// whoever needs the order sorts.
	Sorted []float64
}

// Summary is what an old report carries in place of samples. It is read
// only when min, mean and max are all whole non-negative numbers.
type Summary struct {
	Min, Mean, Max uint64
	Median         float64 // NaN when absent
}

// Sampled reports whether the row has samples, exact or not.
func (r *Row) Sampled() bool { return r.Samples != nil || r.Values != nil }

// Unsupported reports whether the row is a refusal ("kind":"unsupported").
func (r Row) Unsupported() bool { return r.Kind == "unsupported" || r.Refused }

// Report is everything read from one report.
type Report struct {
	// Name is the file name problems are reported under.
	Name string
	// Rows in file order; a key that repeats keeps its last line, at the
	// position of its first. Comparison lines are told apart by Of as well,
	// since one report may hold a comparison of each kind of a benchmark
	// on the same backend.
	Rows []Row
	// Problems in line order; problems about the whole file have Line 0.
	Problems []Problem

	keys *keyIndex // finds a row by its key; nil in a Report built by hand
}

// keyIndex finds a report's rows by their keys: m holds the position in
// Rows of each key's first row. Read and New build m as they make the
// report; a report unpacked from its binary form builds it at its first
// Find, as the page pairs two reports of one suite row by row, with no
// lookup (SameKeys), and building m took most of unpacking ten thousand
// rows (some 8 ms of 9 under Node, three times that on a fresh page).
type keyIndex struct {
	once sync.Once
	m    map[Key]int
	// unique: every row has a key of its own (no key repeats with another
	// Of), known without m.
	unique bool
}

// index is r's positions of keys (see keyIndex), nil for a Report built
// by hand.
func (r *Report) index() map[Key]int {
	if r.keys == nil {
		return nil
	}
	r.keys.once.Do(func() {
		if r.keys.m == nil {
			r.keys.m = indexOf(r.Rows)
		}
	})
	return r.keys.m
}

// indexOf is the position in rows of each key's first row.
func indexOf(rows []Row) map[Key]int {
	m := make(map[Key]int, len(rows))
	for i := range rows {
		if _, ok := m[rows[i].Key]; !ok {
			m[rows[i].Key] = i
		}
	}
	return m
}

// Sampled reports whether the report has at least one row with samples
// (what the reference requires of a baseline).
func (r *Report) Sampled() bool {
	for i := range r.Rows {
		if r.Rows[i].Sampled() {
			return true
		}
	}
	return false
}

// Find is the row with key k (for comparison lines, the first one) in
// r.Rows, which a caller must not change; nil when r has none.
func (r *Report) Find(k Key) *Row {
	if index := r.index(); index != nil {
		if i, ok := index[k]; ok {
			return &r.Rows[i]
		}
		return nil
	}
	for i := range r.Rows { // a Report built by hand has no index
		if r.Rows[i].Key == k {
			return &r.Rows[i]
		}
	}
	return nil
}

// SameKeys reports whether a and b hold the same keys in the same order,
// each key once: the rows of a pair of reports of one suite, which pair
// up by their places with no lookup. Reports built by hand (no index) are
// not looked at, and do not.
func SameKeys(a, b *Report) bool {
	if a == nil || b == nil || a.keys == nil || b.keys == nil || !a.keys.unique || !b.keys.unique || len(a.Rows) != len(b.Rows) {
		return false
	}
	for i := range a.Rows {
		if a.Rows[i].Key != b.Rows[i].Key {
			return false
		}
	}
	return true
}

// Lookup returns a copy of the row with key k (for comparison lines, the
// first one): Find's row.
func (r *Report) Lookup(k Key) (Row, bool) {
	if row := r.Find(k); row != nil {
		return *row, true
	}
	return Row{}, false
}

// Failed reports whether a line of the report could not be read: a
// problem that is not a warning.
func (r *Report) Failed() bool {
	for _, p := range r.Problems {
		if !p.Warning {
			return true
		}
	}
	return false
}

// NoSamplesReason is the reference's reason for refusing a baseline that
// has no rows with samples.
const NoSamplesReason = "no rows with a `wall_ns.samples` array; a baseline must be the JSON output of a `cove-bench` run new enough to record its samples"

// New is a report of rows made elsewhere (from another tool's report),
// indexed for Lookup as Read indexes its own. A key that repeats is looked
// up at its first row.
func New(name string, rows []Row, problems []Problem) *Report {
	m := indexOf(rows)
	return &Report{Name: name, Rows: rows, Problems: problems, keys: &keyIndex{m: m, unique: len(m) == len(rows)}}
}
