package toolreport

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// formats is where the fixtures are, one folder per tool.
const formats = "../testdata/formats/"

// fixtures are the files each tool wrote, with the format Sniff must
// find in them.
var fixtures = []struct {
	path   string
	format Format
}{
	{"go/base.txt", GoBench},
	{"go/cur.txt", GoBench},
	{"go/base.json", GoBench},
	{"go/cur.json", GoBench},
	{"hyperfine/base.json", Hyperfine},
	{"hyperfine/cur.json", Hyperfine},
	{"googlebench/base.json", GoogleBenchmark},
	{"googlebench/cur.json", GoogleBenchmark},
	{"pytest/base.json", PytestBenchmark},
	{"pytest/cur.json", PytestBenchmark},
	{"pytest/summary.json", PytestBenchmark},
	{"criterion/target/criterion/total/base/sample.json", Criterion},
	{"criterion/target/criterion/sort/1000/new/sample.json", Criterion},
}

// g formats a float exactly (the shortest text that reads back the same).
func g(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// dump writes what was read as text, every figure exact, for golden files.
func dump(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "report %q format %q\n", r.Name, r.Format)
	for _, p := range r.Shared() {
		fmt.Fprintf(&b, "shared %s=%q\n", p.Key, p.Value)
	}
	for _, res := range r.Results {
		fmt.Fprintf(&b, "result %q label %q line %d", res.Name, res.Label(), res.Line)
		if res.Failed {
			fmt.Fprintf(&b, " FAILED %q", res.Why)
		}
		if res.SummaryOnly() {
			b.WriteString(" summary-only")
		}
		b.WriteByte('\n')
		for _, p := range res.Config {
			switch {
			case p.InName:
				fmt.Fprintf(&b, "  config %s=%q in name\n", p.Key, p.Value)
			case !p.File:
				fmt.Fprintf(&b, "  config %s=%q\n", p.Key, p.Value)
			}
		}
		if res.Note != "" {
			fmt.Fprintf(&b, "  note %q\n", res.Note)
		}
		for _, m := range res.Metrics {
			fmt.Fprintf(&b, "  metric %q unit %q better %s samples %d", m.Name, m.Unit, m.Better, len(m.Samples))
			for _, v := range m.Samples {
				b.WriteString(" " + g(v))
			}
			b.WriteByte('\n')
			if s := m.Summary; s != nil {
				fmt.Fprintf(&b, "    summary n=%d min=%s median=%s mean=%s max=%s stddev=%s\n", s.N, g(s.Min), g(s.Median), g(s.Mean), g(s.Max), g(s.StdDev))
			}
		}
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem %s (warning %v)\n", p.Error(), p.Warning)
	}
	return b.String()
}

// golden compares got with testdata/name, writing testdata/name.got beside
// it on a mismatch (or the golden file itself with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		os.WriteFile(path+".got", []byte(got), 0o644)
		t.Errorf("what was read differs from %s: see %s.got", path, path)
	}
}

// goldenName is the golden file of a fixture: its path with / as -.
func goldenName(path string) string {
	return strings.ReplaceAll(strings.TrimSuffix(path, filepath.Ext(path)), "/", "-") + filepath.Ext(path) + ".golden"
}

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(formats + path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestFixtures reads each fixture under its own name and under a neutral
// one: the sniffing must find the tool both ways, and the two reads must
// be the same but for the name, which the golden dump is then checked
// against.
func TestFixtures(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx.path, func(t *testing.T) {
			data := readFixture(t, fx.path)
			real, err := Read(fx.path, data)
			if err != nil {
				t.Fatal(err)
			}
			neutral, err := Read("upload", data)
			if err != nil {
				t.Fatal(err)
			}
			if real.Format != fx.format || neutral.Format != fx.format {
				t.Errorf("format %q under its name and %q under a neutral one, want %q", real.Format, neutral.Format, fx.format)
			}
			if fx.format == Criterion && len(neutral.Results) == 1 {
				// A lone sample.json is named by its folders; "upload" has none.
				neutral.Results[0].Name = real.Results[0].Name
			}
			got := dump(real)
			if n := strings.ReplaceAll(dump(neutral), `"upload"`, strconv.Quote(fx.path)); n != got {
				t.Errorf("the reads under %q and %q differ:\n%s\n---\n%s", fx.path, "upload", got, n)
			}
			if len(real.Results) == 0 || len(real.Problems) != 0 {
				t.Errorf("%d results and problems %v, want results and no problems", len(real.Results), real.Problems)
			}
			golden(t, goldenName(fx.path), got)
		})
	}
}

// TestCriterionFolder reads the criterion folder's two baselines.
func TestCriterionFolder(t *testing.T) {
	fsys := os.DirFS(formats + "criterion/target/criterion")
	names, err := CriterionBaselines(fsys)
	if err != nil || !slices.Equal(names, []string{"base", "new"}) {
		t.Fatalf("baselines %v (%v), want [base new]", names, err)
	}
	base, cur, err := ReadCriterionPair(fsys, "", "")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "criterion-folder.golden", dump(base)+dump(cur))
	if _, _, err := ReadCriterionPair(fsys, "base", "old"); err == nil || !strings.Contains(err.Error(), `"old"`) || !strings.Contains(err.Error(), "base, new") {
		t.Errorf("a missing baseline gave %v, want an error naming it and the ones there", err)
	}
}

// ReadTelling reads what Read reads, and says how far it is as it reads:
// rising, within the file, at least a megabyte apart.
func TestReadTellsHowFarItIs(t *testing.T) {
	for _, fx := range fixtures {
		data := readFixture(t, fx.path)
		// A suite's file: the fixture's results over and over, as one
		// document of its format (the Go text whole, a JSON file's
		// results array repeated inside it).
		big := bigger(t, fx.format, data)
		if big == nil {
			continue
		}
		var told []int
		r, err := ReadTelling(fx.path, big, func(done int) { told = append(told, done) })
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Read(fx.path, big)
		if dump(r) != dump(want) {
			t.Errorf("%s: ReadTelling read otherwise than Read", fx.path)
		}
		if len(told) < 2 {
			t.Errorf("%s, %d bytes: told %v, want a word every megabyte", fx.path, len(big), told)
		}
		for i, d := range told {
			if d < 0 || d > len(big) || i > 0 && d-told[i-1] < 1<<20 {
				t.Errorf("%s, %d bytes: told %v", fx.path, len(big), told)
				break
			}
		}
	}
}

// bigger is a file of format made of data, some 1.5 MB: a Go text repeated,
// or a JSON file whose results array holds its entries many times. nil for
// a format it does not grow.
func bigger(t *testing.T, format Format, data []byte) []byte {
	t.Helper()
	n := 3<<19/len(data) + 1
	switch format {
	case GoBench:
		if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
			return nil // go test -json: one document of events, grown the same way as the text
		}
		return bytes.Repeat(data, n)
	case GoogleBenchmark, PytestBenchmark, Hyperfine:
		key := map[Format]string{GoogleBenchmark: `"benchmarks": [`, PytestBenchmark: `"benchmarks": [`, Hyperfine: `"results": [`}[format]
		start := bytes.Index(data, []byte(key))
		end := bytes.LastIndex(data, []byte("]"))
		if start < 0 || end < 0 {
			t.Fatalf("no %s in the %s fixture", key, format)
		}
		entries := bytes.TrimSpace(data[start+len(key) : end])
		var b bytes.Buffer
		b.Write(data[:start+len(key)])
		for i := range n {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.Write(entries)
		}
		b.Write(data[end:])
		return b.Bytes()
	}
	return nil
}
