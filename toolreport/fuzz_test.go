package toolreport

import (
	"bytes"
	"os"
	"testing"
)

// checkReport holds a report to what every reader promises, whatever it
// was given: problems name the file and a line of it, results have
// metrics, samples are finite and not negative and never an empty list.
func checkReport(t *testing.T, name string, data []byte, r *Report) {
	t.Helper()
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, p := range r.Problems {
		if p.File != name || p.Line < 0 || p.Line > lines || p.Msg == "" {
			t.Fatalf("problem %+v: not a line of %s (%d lines)", p, name, lines)
		}
	}
	for _, res := range r.Results {
		if len(res.Metrics) == 0 || res.Line < 1 || res.Line > lines {
			t.Fatalf("result %q at line %d has %d metrics", res.Name, res.Line, len(res.Metrics))
		}
		for _, m := range res.Metrics {
			if m.Samples != nil && len(m.Samples) == 0 {
				t.Fatalf("result %q metric %q: an empty, non-nil samples list", res.Name, m.Name)
			}
			for _, v := range m.Samples {
				if badSample(v) != "" {
					t.Fatalf("result %q metric %q: sample %v", res.Name, m.Name, v)
				}
			}
		}
	}
}

// seed adds the fixtures of a format, and a few odd inputs, to a corpus.
func seed(f *testing.F, paths ...string) {
	for _, p := range paths {
		data, err := os.ReadFile(formats + p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"", "{", "[]", "{}", `{"results":[{"command":"c","times":[1e999]}]}`, "\x00\xff"} {
		f.Add([]byte(s))
	}
}

// fuzzReader checks read on every input: no panic, and a report that
// keeps the readers' promises.
func fuzzReader(f *testing.F, read func(name string, data []byte) *Report) {
	f.Fuzz(func(t *testing.T, data []byte) {
		checkReport(t, "fuzz.out", data, read("fuzz.out", data))
	})
}

func FuzzReadGo(f *testing.F) {
	seed(f, "go/base.txt", "go/cur.json")
	f.Add([]byte("BenchmarkX-2 1 NaN ns/op\nBenchmarkX-2 1 -1 ns/op\nBenchmark 1\nBenchmarkY/a=1/b-4 3 4 x/op 5 MB/s\n"))
	fuzzReader(f, ReadGo)
}

func FuzzReadHyperfine(f *testing.F) {
	seed(f, "hyperfine/base.json")
	fuzzReader(f, ReadHyperfine)
}

func FuzzReadGoogleBenchmark(f *testing.F) {
	seed(f, "googlebench/base.json")
	fuzzReader(f, ReadGoogleBenchmark)
}

func FuzzReadPytest(f *testing.F) {
	seed(f, "pytest/summary.json")
	fuzzReader(f, ReadPytest)
}

func FuzzReadCriterionSample(f *testing.F) {
	seed(f, "criterion/target/criterion/sort/100/base/sample.json")
	fuzzReader(f, ReadCriterionSample)
}

// FuzzRead sniffs and reads anything: an error for what it cannot place,
// a report keeping the promises for the rest.
func FuzzRead(f *testing.F) {
	seed(f, "go/base.txt", "hyperfine/base.json", "googlebench/base.json", "pytest/summary.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read("fuzz.out", data)
		if err != nil {
			if r != nil {
				t.Fatalf("both a report and the error %v", err)
			}
			return
		}
		checkReport(t, "fuzz.out", data, r)
	})
}
