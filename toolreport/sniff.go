package toolreport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrCoveBench is what Read returns for a cove-bench report: benchview
// reads those with core/report, whose leniency is the reference's.
var ErrCoveBench = errors.New("a cove-bench report: read it with core/report")

// SniffLen is how much of a file Sniff looks at: enough for the keys each
// tool writes first, whatever follows. A caller holding a file that is not
// yet read (a page given a dropped file, the command line) reads this much
// of its start and hands Sniff that.
const SniffLen = 64 << 10

// Sniff tells which tool wrote data, from its first SniffLen bytes (the
// rest is not looked at, so data may be the whole file or only its
// start): by content first, then by name (the file's name or path) when
// the content alone cannot say, as with a file cut short before its
// telling keys. A file it cannot place gets an error naming the formats
// it reads and quoting the file's first line; a cove-bench report whose
// first lines are damaged may get one too, and its reader (core/report),
// which reads past bad lines, is then the one to ask. Sniff is cheap (a
// scan of at most SniffLen bytes, no allocation in proportion to the
// file) and builds for js/wasm, so a page can call it on a dropped file
// before reading it.
func Sniff(name string, data []byte) (Format, error) {
	head := data[:min(len(data), SniffLen)]
	head = bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(head) == 0 {
		return "", errors.New(name + ": empty: not a report")
	}
	if f := sniffContent(data, head); f != "" {
		return f, nil
	}
	if f := sniffName(name); f != "" && (head[0] == '{' || f == GoBench) {
		return f, nil
	}
	return "", errors.New(name + ": not a report benchview reads (" + formatList() + "); its first line is " + quoteLine(head))
}

// sniffContent places a file by what it holds, "" when it cannot.
func sniffContent(data, head []byte) Format {
	if head[0] != '{' {
		if goText(data) {
			return GoBench
		}
		return ""
	}
	// One object a line: go test -json events or cove-bench rows.
	first, _, _ := bytes.Cut(head, []byte("\n"))
	var keys map[string]json.RawMessage
	if json.Unmarshal(first, &keys) == nil {
		switch {
		case keys["Action"] != nil:
			return GoBench
		case keys["benchmark"] != nil:
			return CoveBench
		}
	}
	// The key each tool writes first, when the file is not cut before it
	// (a cove-bench row's first line may be longer than the head).
	switch firstKey(head) {
	case "benchmark":
		return CoveBench
	case "results":
		return Hyperfine
	case "context":
		return GoogleBenchmark
	case "machine_info":
		return PytestBenchmark
	case "sampling_mode":
		return Criterion
	}
	// Else any key it writes, anywhere in the head.
	has := func(keys ...string) bool {
		for _, k := range keys {
			if !bytes.Contains(head, []byte(`"`+k+`"`)) {
				return false
			}
		}
		return true
	}
	switch {
	case has("results", "command"):
		return Hyperfine
	case has("context", "benchmarks") || has("benchmarks", "run_type"):
		return GoogleBenchmark
	case has("machine_info") || has("benchmarks", "stats"):
		return PytestBenchmark
	case has("iters", "times") || has("sampling_mode"):
		return Criterion
	}
	return ""
}

// firstKey is the first key of the JSON object head begins, "" when there
// is none.
func firstKey(head []byte) string {
	dec := json.NewDecoder(bytes.NewReader(head))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	tok, _ := dec.Token()
	key, _ := tok.(string)
	return key
}

// goText reports whether some line of data is a Go benchmark result or
// one of the configuration lines go test -bench prints first.
func goText(data []byte) bool {
	for line := range bytes.Lines(data[:min(len(data), SniffLen)]) {
		f := bytes.Fields(line)
		switch {
		case len(f) >= 4 && bytes.HasPrefix(f[0], []byte("Benchmark")):
			if _, err := strconv.ParseUint(string(f[1]), 10, 64); err == nil {
				return true
			}
		case len(f) >= 2 && (string(f[0]) == "goos:" || string(f[0]) == "goarch:" || string(f[0]) == "pkg:"):
			return true
		}
	}
	return false
}

// sniffName places a file by its name alone, "" when it cannot.
func sniffName(name string) Format {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, "\\", "/")))
	switch {
	case base == "sample.json":
		return Criterion
	case strings.HasSuffix(base, ".jsonl"):
		return CoveBench
	case strings.Contains(base, "hyperfine"):
		return Hyperfine
	case strings.Contains(base, "pytest") || strings.Contains(base, "benchmark-json"):
		return PytestBenchmark
	case strings.Contains(base, "gbench") || strings.Contains(base, "google"):
		return GoogleBenchmark
	case strings.HasSuffix(base, ".bench"):
		return GoBench
	}
	return ""
}

func formatList() string {
	names := []string{
		"cove-bench JSONL", "go test -bench text or its go test -json output",
		"hyperfine --export-json", "Google Benchmark --benchmark_format=json",
		"pytest-benchmark --benchmark-json", "criterion sample.json or target/criterion folder",
	}
	return strings.Join(names, ", ")
}

// quoteLine is the first line of data, cut to 60 characters and quoted
// with Go's escapes, so that neither control characters nor markup reach a
// message as themselves.
func quoteLine(data []byte) string {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	line = bytes.TrimRight(line, "\r")
	const max = 60
	cut := false
	if utf8.RuneCount(line) > max {
		n := 0
		for range max {
			_, size := utf8.DecodeRune(line[n:])
			n += size
		}
		line, cut = line[:n], true
	}
	q := strconv.Quote(string(line))
	if cut {
		q += "…"
	}
	return q
}

// Read reads a report of any format Sniff tells apart but cove-bench's
// (for which it returns ErrCoveBench) and criterion folders (ReadCriterion
// reads those). The error is for a file that is no report it reads;
// anything wrong inside one is in Report.Problems, with every good result
// kept.
func Read(name string, data []byte) (*Report, error) { return ReadTelling(name, data, nil) }

// ReadTelling is Read, telling tell how far into data it is, in bytes, as
// it reads a suite's file (at most every megabyte; nothing for a file
// read in one go, as a criterion sample.json is).
func ReadTelling(name string, data []byte, tell func(done int)) (*Report, error) {
	f, err := Sniff(name, data)
	if err != nil {
		return nil, err
	}
	switch f {
	case GoBench:
		return readGo(name, data, tell), nil
	case Hyperfine:
		return readHyperfine(name, data, tell), nil
	case GoogleBenchmark:
		return readGoogleBenchmark(name, data, tell), nil
	case PytestBenchmark:
		return readPytest(name, data, tell), nil
	case Criterion:
		return ReadCriterionSample(name, data), nil
	}
	return nil, fmt.Errorf("%s: %w", name, ErrCoveBench)
}
