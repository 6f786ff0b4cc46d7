package toolreport

import (
	"math"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/report"
)

// Format names the tool a report came from.
type Format string

// The formats Sniff tells apart. Read reads all of them but CoveBench,
// whose reader is core/report.
const (
	CoveBench       Format = "cove-bench"       // the cove-bench harness's JSONL
	GoBench         Format = "go test -bench"   // Go's benchmark text, alone or inside go test -json
	Hyperfine       Format = "hyperfine"        // hyperfine --export-json
	GoogleBenchmark Format = "Google Benchmark" // --benchmark_format=json or --benchmark_out
	PytestBenchmark Format = "pytest-benchmark" // --benchmark-json, or a --benchmark-save file
	Criterion       Format = "criterion"        // a sample.json, or a target/criterion folder
)

// Formats lists every format Sniff recognises, in the order messages name
// them.
var Formats = []Format{CoveBench, GoBench, Hyperfine, GoogleBenchmark, PytestBenchmark, Criterion}

// Problem is a line that could not be read, or a warning about one, in
// core/report's shape: Error() is "file:line: msg".
type Problem = report.Problem

// Pair is one key=value of a configuration.
type Pair struct {
	Key, Value string
	// File is true for what describes the whole run rather than this
	// result (Go's goos:, pkg:, cpu: lines; Google Benchmark's context;
	// pytest-benchmark's machine_info): the same for every result of a
	// file, so a page shows it once and a pairing of two runs taken on
	// different machines may leave it out.
	File bool
	// InName is true for a pair the result's name already shows: Go's
	// sub-benchmark key=value parts and its -GOMAXPROCS suffix, a
	// hyperfine parameter filled into the command, a pytest parameter in
	// the test's [id]. Label leaves those out, so a name reads once.
	InName bool
}

// Better says which way a metric improves.
type Better int8

// The two directions. Time, memory and counts are better lower; rates
// (MB/s, items per second) are better higher.
const (
	Lower  Better = -1
	Higher Better = 1
)

// String is "lower" or "higher".
func (b Better) String() string {
	if b == Higher {
		return "higher"
	}
	return "lower"
}

// Summary is what a tool computed itself: the only figures of a row whose
// samples it did not keep, and a cross-check of those whose samples it
// did. A figure the tool did not give is NaN.
type Summary struct {
	N                              int // how many samples the figures are of; 0 when unknown
	Min, Median, Mean, Max, StdDev float64
}

// NoSummary returns a Summary with every figure absent.
func NoSummary() Summary {
	nan := math.NaN()
	return Summary{Min: nan, Median: nan, Mean: nan, Max: nan, StdDev: nan}
}

// Metric is one measured quantity of a result.
type Metric struct {
	// Name is what the tool calls it: Go's unit as printed ("ns/op",
	// "MB/s", "items/op"), Google Benchmark's field ("real_time",
	// "cpu_time", a counter's name), "time" for the others.
	Name string
	// Unit is the tidied unit of Samples and Summary: base units as
	// benchunit.Tidy makes them ("sec/op", "B/s", "B/op"); a counter's
	// own unit otherwise. See Unit in units.go.
	Unit string
	// Better says which way the metric improves.
	Better Better
	// Samples are the measurements in run order, each a finite number in
	// Unit. Nil for a summary-only metric; never empty otherwise.
	Samples []float64
	// Summary is the tool's own summary in Unit, nil when it gave none.
	Summary *Summary
}

// Result is one benchmark of a report: one row of a comparison.
type Result struct {
	// Name is the benchmark's name as the tool prints it (for Go, as
	// benchstat prints it: without "Benchmark", with the -GOMAXPROCS
	// suffix, as in "Sum/n=1000-2"; for hyperfine, the command with its
	// parameters filled in).
	Name string
	// Config is the result's configuration in the order the tool gives it:
	// the run's (File) pairs first, then the result's own (Go's /key
	// sub-benchmark parts and /gomaxprocs, hyperfine's parameters).
	Config []Pair
	// Line is the 1-based line the result was first read from.
	Line int
	// Metrics in the tool's order with time first; never empty.
	Metrics []Metric
	// Failed marks a run the tool itself says failed (a non-zero exit code
	// in hyperfine, error_occurred in Google Benchmark): never a row to
	// compare as fine. Why says what failed.
	Failed bool
	Why    string
	// Note tells what a reader should know about a row that has no samples
	// (a summary-only pytest-benchmark row, a Google Benchmark BigO fit);
	// empty otherwise.
	Note string
}

// SummaryOnly reports whether no metric of r has samples.
func (r *Result) SummaryOnly() bool {
	for _, m := range r.Metrics {
		if m.Samples != nil {
			return false
		}
	}
	return true
}

// Key is the result's name and its own (not File) configuration: what
// must agree for two results to be the same benchmark.
func (r *Result) Key() string {
	k := r.Name
	for _, p := range r.Config {
		if !p.File {
			k += " " + p.Key + "=" + p.Value
		}
	}
	return k
}

// Label is how a person reads the result: its name, then the pairs of its
// own configuration the name does not show (" big_o=N", " group=io"), so
// that nothing reads twice ("Sum/n=1000-2", not "Sum/n=1000-2 /n=1000
// /gomaxprocs=2"). Key, not Label, tells results apart.
func (r *Result) Label() string {
	l := r.Name
	for _, p := range r.Config {
		if !p.File && !p.InName {
			l += " " + p.Key + "=" + p.Value
		}
	}
	return l
}

// shownIn reports whether value appears in name as a whole word: not
// inside a longer run of letters and digits ("20000" is shown in
// "./work.sh loop 20000", not in "./work.sh loop 200001").
func shownIn(name, value string) bool {
	if value == "" {
		return false
	}
	// joined: a and b are both word characters, so they read as one word.
	joined := func(a, b byte) bool { return isWordByte(a) && isWordByte(b) }
	for from := 0; ; {
		i := strings.Index(name[from:], value)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(value)
		if (i == 0 || !joined(name[i-1], value[0])) && (end == len(name) || !joined(value[len(value)-1], name[end])) {
			return true
		}
		from = i + 1
	}
}

// isWordByte reports whether c is a letter, a digit or '_'.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Report is everything read from one file (or one criterion baseline).
type Report struct {
	// Name is the file name problems are reported under.
	Name string
	// Format is the tool the report came from.
	Format Format
	// Results in file order, one per benchmark (a Go benchmark's lines are
	// gathered into one result, its samples in file order).
	Results []Result
	// Problems in the order met; a problem about the whole file has
	// Line 0.
	Problems []Problem
}

// problem records a problem at line (0 for the whole file).
func (r *Report) problem(line int, msg string) {
	r.Problems = append(r.Problems, Problem{File: r.Name, Line: line, Msg: msg})
}

// Shared returns the File pairs every result has with the same value: the
// configuration a page shows once per review.
func (r *Report) Shared() []Pair {
	if len(r.Results) == 0 {
		return nil
	}
	var shared []Pair
	for _, p := range r.Results[0].Config {
		if p.File {
			shared = append(shared, p)
		}
	}
	prev := r.Results[0].Config
	for i := 1; i < len(r.Results) && len(shared) > 0; i++ {
		c := r.Results[i].Config
		if len(c) > 0 && len(c) == len(prev) && &c[0] == &prev[0] {
			continue // the result before's pairs themselves (Unpack shares them)
		}
		shared = slices.DeleteFunc(shared, func(p Pair) bool { return !hasPair(c, p) })
		prev = c
	}
	return shared
}

func hasPair(ps []Pair, p Pair) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
