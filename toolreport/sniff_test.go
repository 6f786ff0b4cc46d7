package toolreport

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	cove, err := os.ReadFile("../testdata/base-a.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, data string
		want       Format
		err        string // part of the error, when there must be one
	}{
		{"base-a.jsonl", string(cove), CoveBench, ""},
		{"upload", string(cove), CoveBench, ""},
		{"x", "goos: linux\n", GoBench, ""},
		{"x", "BenchmarkF-8 \t 100 \t 5 ns/op\n", GoBench, ""},
		// Content too short to tell: the name is the hint.
		{"target/criterion/f/new/sample.json", `{"sampl`, Criterion, ""},
		{"hyperfine.json", "{\n  \"resu", Hyperfine, ""},
		{"upload", "{\n  \"resu", "", `its first line is "{"`},
		{"page.html", "<html><body>Not Found</body></html>", "", `its first line is "<html><body>Not Found</body></html>"`},
		{"x", "\x1b[31mred\n", "", `"\x1b[31mred"`},
		{"x", strings.Repeat("é", 100), "", `"` + strings.Repeat("é", 60) + `"…`},
		{"x", " \n\t", "", "x: empty"},
		// A cove-bench row longer than what Sniff looks at, under a
		// neutral name: its first key still tells.
		{"upload", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[` + strings.Repeat("1000,", SniffLen/5) + "1]}}\n", CoveBench, ""},
	}
	for _, c := range cases {
		got, err := Sniff(c.name, []byte(c.data))
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("Sniff(%q, %.20q) = %q, %v; want %q", c.name, c.data, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("Sniff(%q, %.20q) error %v, want one with %q", c.name, c.data, err, c.err)
		case c.err != "" && !strings.HasPrefix(err.Error(), c.name+": ") && !strings.Contains(err.Error(), "hyperfine --export-json"):
			t.Errorf("Sniff(%q) error %q neither names the file nor the formats read", c.name, err)
		}
	}
	if _, err := Read("base-a.jsonl", cove); !errors.Is(err, ErrCoveBench) {
		t.Errorf("Read of a cove-bench report: %v, want ErrCoveBench", err)
	}
}

// TestUnknownFileMessage checks the whole message a stray file gets.
func TestUnknownFileMessage(t *testing.T) {
	_, err := Read("notes.txt", []byte("hello <b>world</b>\nmore\n"))
	want := `notes.txt: not a report benchview reads (cove-bench JSONL, go test -bench text or its go test -json output, hyperfine --export-json, Google Benchmark --benchmark_format=json, pytest-benchmark --benchmark-json, criterion sample.json or target/criterion folder); its first line is "hello <b>world</b>"`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
