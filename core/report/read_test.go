package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/benchview/benchview/internal/suitegen"
)

func readString(t *testing.T, text string) *Report {
	t.Helper()
	r, err := Read(strings.NewReader(text), "r.jsonl")
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return r
}

// problems lists a report's problems as "line:msg" strings, warnings
// marked, for comparing in one go.
func problems(r *Report) []string {
	var out []string
	for _, p := range r.Problems {
		s := p.Error()
		if p.Warning {
			s = "warning " + s
		}
		out = append(out, s)
	}
	return out
}

func checkProblems(t *testing.T, r *Report, want ...string) {
	t.Helper()
	got := problems(r)
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n got %q\nwant %q", got, want)
	}
}

const row = `{"benchmark":"pure","kind":"vm","backend":"vm","wall_ns":{"min":1,"mean":2,"max":3,"samples":[1,2,3]},"ok":true}`

func TestAGoodLineIsARow(t *testing.T) {
	r := readString(t, row+"\n")
	checkProblems(t, r)
	if len(r.Rows) != 1 {
		t.Fatalf("got %d rows, want 1", len(r.Rows))
	}
	got := r.Rows[0]
	want := Row{Key: Key{"pure", "vm", "vm"}, Line: 1, Samples: []uint64{1, 2, 3}, OK: true}
	if got.Key != want.Key || got.Line != want.Line || !slices.Equal(got.Samples, want.Samples) || got.OK != want.OK || got.Summary != nil {
		t.Errorf("got %#v, want %#v", got, want)
	}
}

// The two tests below are the reference's own baseline tests, with what
// this reader keeps beyond them.

func TestABaselineRoundTripsThroughTheReportFormat(t *testing.T) {
	// Written as the reference writes a row: to_json_with_samples inside
	// the harness's line. The samples come back in run order, not sorted.
	line := `{"benchmark":"field","kind":"vm","backend":"vm","iterations":4,"wall_ns":{"min":3,"mean":6,"max":9,"p25":4.5,"median":6.0,"p75":7.5,"iqr":3.0,"samples":[7,3,5,9]},"fuel_spent":1,"ok":true}`
	r := readString(t, line)
	checkProblems(t, r)
	got, ok := r.Lookup(Key{"field", "vm", "vm"})
	if !ok || !slices.Equal(got.Samples, []uint64{7, 3, 5, 9}) {
		t.Errorf("Lookup(field/vm/vm) = %v %v, want samples [7 3 5 9]", got.Samples, ok)
	}
	if _, ok := r.Lookup(Key{"field", "interpreter", "ast"}); ok {
		t.Error("Lookup found a row the report does not have")
	}
	if !r.Sampled() {
		t.Error("Sampled() = false for a report with samples")
	}
}

func TestLinesWithoutSamplesAreKeptForWhatTheyAre(t *testing.T) {
	// The reference skips the first three lines; this reader keeps each
	// as what it is, and reads the fourth as the reference does.
	text := "{\"benchmark\":\"pure\",\"kind\":\"unsupported\",\"backend\":\"vm\",\"what\":\"a `spawn`\",\"ok\":false}\n" +
		"{\"benchmark\":\"pure\",\"kind\":\"trace_overhead\",\"backend\":\"vm\",\"untraced_wall_ns\":1,\"traced_wall_ns\":2,\"overhead_ratio\":2.0}\n" +
		"\n" +
		"{\"benchmark\":\"pure\",\"kind\":\"vm\",\"backend\":\"vm\",\"wall_ns\":{\"min\":1,\"mean\":2,\"max\":3,\"samples\":[1,2,3]},\"ok\":true}\n" +
		"{\"benchmark\":\"pure\",\"kind\":\"comparison\",\"of\":\"vm\",\"backend\":\"vm\",\"baseline_median_ns\":2.0,\"median_ns\":2.0,\"delta_pct\":0.00,\"ci_low_pct\":null,\"ci_high_pct\":null,\"confidence\":0.95,\"verdict\":\"underpowered\"}\n" +
		"{\"benchmark\":\"old\",\"kind\":\"vm\",\"backend\":\"vm\",\"iterations\":5,\"wall_ns\":{\"min\":1,\"mean\":2,\"max\":3,\"median\":2.5},\"ok\":true}\n"
	r := readString(t, text)
	checkProblems(t, r)
	var got []string
	for _, row := range r.Rows {
		got = append(got, fmt.Sprintf("%d %s ok=%v what=%q of=%q samples=%v summary=%v",
			row.Line, row.Key, row.OK, row.What, row.Of, row.Samples, row.Summary))
	}
	want := []string{
		"1 pure/unsupported/vm ok=false what=\"a `spawn`\" of=\"\" samples=[] summary=<nil>",
		`2 pure/trace_overhead/vm ok=true what="" of="" samples=[] summary=<nil>`,
		`4 pure/vm/vm ok=true what="" of="" samples=[1 2 3] summary=<nil>`,
		`5 pure/comparison/vm ok=true what="" of="vm" samples=[] summary=<nil>`,
		`6 old/vm/vm ok=true what="" of="" samples=[] summary=&{1 2 3 2.5}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows:\n got %q\nwant %q", got, want)
	}
	if !r.Rows[0].Unsupported() || r.Rows[2].Unsupported() {
		t.Error("Unsupported() is wrong")
	}
	for _, i := range []int{0, 1, 3, 4} {
		if r.Rows[i].Samples != nil {
			t.Errorf("row %s: Samples = %#v, want nil", r.Rows[i].Key, r.Rows[i].Samples)
		}
	}
}

func TestABaselineFromABuildThatRecordedNoSamplesIsNotSampled(t *testing.T) {
	old := `{"benchmark":"pure","kind":"vm","backend":"vm","iterations":5,"wall_ns":{"min":1,"mean":2,"max":3},"ok":true}`
	r := readString(t, old)
	checkProblems(t, r)
	if r.Sampled() {
		t.Error("Sampled() = true for a report with only summaries")
	}
	if s := r.Rows[0].Summary; s == nil || s.Min != 1 || s.Mean != 2 || s.Max != 3 || !math.IsNaN(s.Median) {
		t.Errorf("Summary = %+v, want {1 2 3 NaN}", s)
	}
	if readString(t, "").Sampled() {
		t.Error("an empty report is Sampled")
	}
}

func TestARepeatedKeyKeepsTheLastLineAtTheFirstPlace(t *testing.T) {
	text := `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[1]}}
{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[2]}}
{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[3]}}
{"benchmark":"a","kind":"comparison","of":"vm","backend":"vm","verdict":"underpowered"}
{"benchmark":"a","kind":"comparison","of":"interpreter","backend":"vm","verdict":"underpowered"}
{"benchmark":"a","kind":"comparison","of":"interpreter","backend":"vm","verdict":"faster"}
{"benchmark":"a","kind":"comparison","of":"vm","backend":"vm","verdict":"faster"}
`
	r := readString(t, text)
	checkProblems(t, r, "warning r.jsonl:3: row a/vm/vm repeats line 1; the later line is kept, as the reference keeps it",
		"warning r.jsonl:6: row a/comparison/vm repeats line 5; the later line is kept, as the reference keeps it",
		"warning r.jsonl:7: row a/comparison/vm repeats line 4; the later line is kept, as the reference keeps it")
	if r.Failed() {
		t.Error("a repeated key is a warning, but Failed() is true")
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, fmt.Sprintf("%d %s %s %v", row.Line, row.Key, row.Of, row.Samples))
	}
	// Comparison lines of different kinds share a key but are not repeats.
	want := []string{"3 a/vm/vm  [3]", "2 b/vm/vm  [2]", "7 a/comparison/vm vm []", "6 a/comparison/vm interpreter []"}
	if !slices.Equal(got, want) {
		t.Errorf("rows:\n got %q\nwant %q", got, want)
	}
	if row, _ := r.Lookup(Key{"a", "vm", "vm"}); row.Line != 3 {
		t.Errorf("Lookup gives line %d, want 3", row.Line)
	}
	// Find gives the same row, the report's own, read or built by hand.
	for _, rep := range []*Report{r, {Rows: slices.Clone(r.Rows)}} {
		for _, k := range []Key{{"a", "vm", "vm"}, {"b", "vm", "vm"}, {"a", "comparison", "vm"}} {
			want, _ := rep.Lookup(k)
			got := rep.Find(k)
			own := slices.ContainsFunc(indexes(rep.Rows), func(i int) bool { return &rep.Rows[i] == got })
			if got == nil || !own || got.Line != want.Line || got.Of != want.Of {
				t.Errorf("Find(%v) = %+v (the report's own: %v), want the report's row of line %d", k, got, own, want.Line)
			}
		}
		if rep.Find(Key{"c", "vm", "vm"}) != nil {
			t.Error("Find found a row the report does not have")
		}
	}
}

// Bad input as a new user makes it: every case names the file and line,
// keeps the good rows, and never panics.
func TestBadInput(t *testing.T) {
	const good = `{"benchmark":"ok","kind":"vm","backend":"vm","wall_ns":{"samples":[5,6,7]}}`
	named := func(samples string) string {
		return `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[` + samples + `]}}`
	}
	for _, c := range []struct {
		name, text string
		rows       int // rows read, counting the good one
		problems   []string
	}{
		{"empty file", "", 0, []string{"r.jsonl: the file is empty; a report holds one JSON object per line"}},
		{"blank lines only", "\n  \r\n\n", 0, []string{"r.jsonl: the file holds only blank lines; a report holds one JSON object per line"}},
		{"a byte order mark alone", "\xef\xbb\xbf\n", 0, []string{"r.jsonl: the file holds only blank lines; a report holds one JSON object per line"}},
		{"UTF-16", "\xff\xfe{\x00\"\x00", 0, []string{"r.jsonl: does not look like a JSONL report: it is UTF-16 text; save it as UTF-8"}},
		{"a line of HTML", "<!DOCTYPE html>\n" + good, 1, []string{
			`r.jsonl:1: not JSON: the line looks like HTML or XML ("<!DOCTYPE html>"); is this a saved web page rather than the report?`}},
		{"plain text", good + "\nhello\n", 1, []string{
			`r.jsonl:2: not JSON: a report line is one JSON object starting with '{', but this one starts "hello"`}},
		{"a JSON array", "[1,2,3]\n" + good, 1, []string{
			"r.jsonl:1: a JSON array, but a report holds one JSON object ({...}) per line"}},
		{"binary file", "\x00\x01\x02garbage\n" + good, 0, []string{
			"r.jsonl: does not look like a JSONL report: it holds binary data (NUL bytes), not lines of JSON text"}},
		{"gzip file", "\x1f\x8b\x08\x00\x00\x00", 0, []string{
			"r.jsonl: does not look like a JSONL report: it is gzip-compressed; decompress it first (gunzip)"}},
		{"binary line later", good + "\n\xff\xfe\xfd\n", 1, []string{
			"r.jsonl:2: not JSON: the line holds binary data, not text"}},
		{"negative sample", good + "\n" + named("1,-2,3"), 1, []string{
			"r.jsonl:2: wall_ns.samples[1] is -2: negative; a wall time cannot be below zero"}},
		{"fractional sample", named("1.5") + "\n" + good, 1, []string{
			"r.jsonl:1: wall_ns.samples[0] is 1.5: not a whole number; samples are whole nanoseconds, with no fraction"}},
		{"exponent sample", named("1e3"), 0, []string{
			"r.jsonl:1: wall_ns.samples[0] is 1e3: written with an exponent; write samples as plain whole numbers of nanoseconds (1000, not 1e3)"}},
		{"sample above 2^64-1", named("18446744073709551616"), 0, []string{
			"r.jsonl:1: wall_ns.samples[0] is 18446744073709551616: too large; a sample must fit in 64 bits (at most 18446744073709551615 ns)"}},
		{"sample far above 2^64", named("1" + strings.Repeat("0", 30)), 0, []string{
			"r.jsonl:1: wall_ns.samples[0] is 1000000000000000000000000000000: too large; a sample must fit in 64 bits (at most 18446744073709551615 ns)"}},
		{"string sample", named(`1,"2"`), 0, []string{
			`r.jsonl:1: wall_ns.samples[1] is "2": a string; samples are numbers of nanoseconds, written without quotes`}},
		{"null sample", named(`null`), 0, []string{
			`r.jsonl:1: wall_ns.samples[0] is null: not a number; samples are whole numbers of nanoseconds`}},
		{"samples not an array", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":5}}`, 0, []string{
			`r.jsonl:1: not valid JSON at column 66: "wall_ns.samples" should be an array of whole numbers ([...]), not '5'`}},
		{"truncated inside the samples", good + "\n" + `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3`, 1, []string{
			`r.jsonl:2: not valid JSON at column 72: expected ',' or ']' after wall_ns.samples[2], found the end of the line (is the line cut short?)`}},
		{"truncated after the samples", good + "\n" + `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]},"fuel_spent":12`, 2, []string{
			`r.jsonl:2: not valid JSON at column 90: expected ',' or '}' after the value of "fuel_spent", found the end of the line (is the line cut short?); the row's samples were complete before it and are kept`}},
		{"truncated inside a name", `{"benchmark":"b`, 0, []string{
			`r.jsonl:1: not valid JSON at column 16: the line ends inside a string (is the line cut short?)`}},
		{"names but one", `{"benchmark":"b","kind":"vm","wall_ns":{"samples":[1]}}`, 0, []string{
			`r.jsonl:1: the line has "benchmark" and "kind" but no "backend", so it names no row`}},
		{"a name that is not a string", `{"benchmark":7,"kind":"vm","backend":"vm"}`, 0, []string{
			`r.jsonl:1: not valid JSON at column 14: "benchmark" should be a string, not '7'`}},
		{"ok that is not a boolean", `{"benchmark":"b","kind":"vm","backend":"vm","ok":"yes"}`, 0, []string{
			`r.jsonl:1: not valid JSON at column 50: "ok" should be true or false, not '"'`}},
		{"a metadata line", `{"harness":"cove-bench","version":3}` + "\n" + good, 1, []string{
			`warning r.jsonl:1: a JSON object that names no row (it has no "benchmark", "kind" or "backend"); skipped`}},
		{"a field twice", `{"benchmark":"b","benchmark":"c","kind":"vm","backend":"vm"}`, 1, []string{
			`warning r.jsonl:1: field "benchmark" appears twice; the first is used, as the reference uses it`}},
		{"trailing garbage", good + `}`, 1, []string{
			`r.jsonl:1: not valid JSON at column 76: unexpected '}' after the object's closing '}'; the row's samples were complete before it and are kept`}},
		{"nested too deep", `{"benchmark":"b","kind":"vm","backend":"vm","x":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "}", 0, []string{
			`r.jsonl:1: not valid JSON at column 250: values nested more than 200 deep`}},
		{"a control character in a name", "{\"benchmark\":\"a\tb\",\"kind\":\"vm\",\"backend\":\"vm\"}", 0, []string{
			`r.jsonl:1: not valid JSON at column 16: a control character (byte 0x09) inside a string; it must be escaped`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := readString(t, c.text)
			got := problems(r)
			if !slices.Equal(got, c.problems) {
				t.Errorf("problems:\n got %q\nwant %q", got, c.problems)
			}
			if len(r.Rows) != c.rows {
				t.Errorf("got %d rows, want %d", len(r.Rows), c.rows)
			}
			if !r.Failed() && !strings.HasPrefix(strings.Join(got, ""), "warning") {
				t.Errorf("Failed() = false with problems %q", got)
			}
		})
	}
}

// The reference reads a line by scanning for substrings, so it accepts
// lines a strict JSON parser would not. Each of these it reads as the row
// b/vm/vm with samples [1 2 3]; so must this reader.
func TestWhatTheReferenceAcceptsIsRead(t *testing.T) {
	for _, c := range []struct {
		name, line string
		problem    string // when the line is still reported
	}{
		{"the harness's own line", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]},"ok":true}`, ""},
		{"Rust's NaN and inf", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]},"fuel_per_sec":inf,"ratio":NaN,"low":-inf}`, ""},
		{"spaces everywhere", ` { "benchmark" : "b" , "kind":"vm","backend":"vm", "wall_ns" : { "samples" : [ 1 , 2 , 3 ] } } `, ""},
		{"leading zeros and a plus sign", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[001,+2,03]}}`, ""},
		{"fields in another order", `{"wall_ns":{"samples":[1,2,3],"min":1},"backend":"vm","kind":"vm","benchmark":"b"}`, ""},
		{"a truncated tail", `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]},"ok":tr`,
			`r.jsonl:1: not valid JSON at column 80: "ok" should be true or false, not 't'; the row's samples were complete before it and are kept`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := readString(t, c.line)
			var want []string
			if c.problem != "" {
				want = []string{c.problem}
			}
			checkProblems(t, r, want...)
			row, ok := r.Lookup(Key{"b", "vm", "vm"})
			if !ok || !slices.Equal(row.Samples, []uint64{1, 2, 3}) {
				t.Errorf("row b/vm/vm = %v %v, want samples [1 2 3]", row.Samples, ok)
			}
		})
	}
}

func TestNamesAreUnescaped(t *testing.T) {
	r := readString(t, `{"benchmark":"a\"b\\c\u00e9\ud83d\ude00\ud800x","kind":"<b>","backend":"vm","what":"\n"}`)
	checkProblems(t, r)
	if got, want := r.Rows[0].Benchmark, "a\"b\\cé😀\ufffdx"; got != want {
		t.Errorf("Benchmark = %q, want %q", got, want)
	}
	if got := r.Rows[0].Kind; got != "<b>" {
		t.Errorf("Kind = %q, want <b> kept as data", got)
	}
}

// The reader hands out the same string again for a name that rows share
// (a kind, a backend): only for one written plainly, never for one that
// an escape or a bad byte makes different, whatever came before it.
func TestNamesRowsShareAreReadAsWritten(t *testing.T) {
	lines := []struct{ raw, want string }{
		{`vm`, "vm"},
		{`v\u006d`, "vm"},
		{`vm`, "vm"},
		{`a\"b`, `a"b`},
		{`a\"b`, `a"b`},
		{`a\\"`, ""}, // not a name: the string ends at the second quote
		{`a`, "a"},
		{"\xff", "\ufffd"},
		{"\xff", "\ufffd"},
		{``, ""},
		{`vm`, "vm"},
	}
	var text strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&text, `{"benchmark":"b%d","kind":"%s","backend":"%s","wall_ns":{"samples":[%d]}}`+"\n", i, l.raw, l.raw, i+1)
	}
	r, err := Read(strings.NewReader(text.String()), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, row := range r.Rows {
		got[row.Benchmark] = row.Kind + "|" + row.Backend
	}
	for i, l := range lines {
		key := fmt.Sprintf("b%d", i)
		if l.raw == `a\\"` {
			if _, ok := got[key]; ok {
				t.Errorf("line %d (kind %s) was read as a row", i+1, l.raw)
			}
			continue
		}
		if want := l.want + "|" + l.want; got[key] != want {
			t.Errorf("line %d: kind|backend = %q, want %q", i+1, got[key], want)
		}
	}
}

// Rows' samples are carved from shared blocks: each row's stay its own,
// whatever another row's user does with theirs.
func TestEachRowsSamplesAreItsOwn(t *testing.T) {
	r := readString(t, `{"benchmark":"a","kind":"k","backend":"vm","wall_ns":{"samples":[3,2,1]}}
{"benchmark":"b","kind":"k","backend":"vm","wall_ns":{"samples":[10,20,30]}}
{"benchmark":"c","kind":"k","backend":"vm","wall_ns":{"samples":[7]}}
`)
	a := r.Rows[0].Samples
	slices.Sort(a)
	a = append(a, 99, 98)
	a[0] = 0
	if got := r.Rows[1].Samples; !slices.Equal(got, []uint64{10, 20, 30}) {
		t.Errorf("row b's samples = %v after row a's were sorted and appended to", got)
	}
	if got := r.Rows[2].Samples; !slices.Equal(got, []uint64{7}) {
		t.Errorf("row c's samples = %v", got)
	}

	// Rows longer than a block, and samples with white space between
	// them (read one at a time), between short rows.
	var text strings.Builder
	want := map[string][]uint64{}
	for i, n := range []int{3, 5000, 2, 70000, 30, 1, 40000} {
		samples := make([]string, n)
		want[fmt.Sprint(i)] = make([]uint64, n)
		for j := range samples {
			want[fmt.Sprint(i)][j] = uint64(i*100000 + j)
			samples[j] = fmt.Sprint(i*100000 + j)
		}
		sep := ","
		if i%2 == 1 {
			sep = " , "
		}
		fmt.Fprintf(&text, `{"benchmark":"%d","kind":"k","backend":"vm","wall_ns":{"samples":[%s]}}`+"\n", i, strings.Join(samples, sep))
	}
	r = readString(t, text.String())
	for _, row := range r.Rows {
		if !slices.Equal(row.Samples, want[row.Benchmark]) {
			t.Errorf("row %s: %d samples, not the %d written", row.Benchmark, len(row.Samples), len(want[row.Benchmark]))
		}
		if cap(row.Samples) != len(row.Samples) {
			t.Errorf("row %s: samples' cap %d, beyond their %d", row.Benchmark, cap(row.Samples), len(row.Samples))
		}
	}
}

// A suite is read with its rows allocated once, for as many as its size
// says (not doubled into twice that), and with no allocation a row
// beyond its names that are its own: the parser, its wall_ns and the
// samples' memory are reused. Seven allocations a row, and rows grown by
// doubling, were half of reading a suite under WebAssembly.
func TestASuiteIsReadWithoutAnAllocationARow(t *testing.T) {
	var buf bytes.Buffer
	// Its benchmarks have three rows each, and every row its own kind.
	if err := suitegen.Write(&buf, suitegen.Spec{Rows: 3000, Samples: 30, Seed: 1}, suitegen.Baseline); err != nil {
		t.Fatal(err)
	}
	var r *Report
	allocs := testing.AllocsPerRun(3, func() {
		var err error
		if r, err = Read(bytes.NewReader(buf.Bytes()), "suite.jsonl"); err != nil {
			t.Fatal(err)
		}
	})
	rows := len(r.Rows)
	if rows != 3000 {
		t.Fatalf("%d rows, want 3000", rows)
	}
	if c := cap(r.Rows); c > rows*5/4 {
		t.Errorf("rows allocated for %d, read %d", c, rows)
	}
	// A kind a row, a benchmark name every third, and some dozens more.
	if max := float64(rows)*4/3 + 100; allocs > max {
		t.Errorf("%.0f allocations for %d rows, want at most %.0f", allocs, rows, max)
	}
	// From a reader that does not tell its size, the rows are the same.
	plain, err := Read(struct{ io.Reader }{bytes.NewReader(buf.Bytes())}, "suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(plain.Rows, r.Rows, func(a, b Row) bool {
		return a.Key == b.Key && a.Line == b.Line && slices.Equal(a.Samples, b.Samples)
	}) {
		t.Error("the rows read from a reader of unknown size differ")
	}
}

func TestByteOrderMarkAndCRLF(t *testing.T) {
	r := readString(t, "\xef\xbb\xbf"+row+"\r\n"+strings.Replace(row, "pure", "other", 1)+"\r\n")
	checkProblems(t, r)
	if len(r.Rows) != 2 || r.Rows[0].Benchmark != "pure" || r.Rows[1].Line != 2 {
		t.Errorf("rows = %v, want pure and other", r.Rows)
	}
}

func TestALastLineWithoutNewlineIsRead(t *testing.T) {
	r := readString(t, row+"\n"+strings.Replace(row, "pure", "last", 1))
	checkProblems(t, r)
	if len(r.Rows) != 2 || r.Rows[1].Benchmark != "last" || r.Rows[1].Line != 2 {
		t.Errorf("rows = %v, want pure and last", r.Rows)
	}
}

func TestLinesLongerThanTheBuffer(t *testing.T) {
	// A row of 200,000 samples is a line of about 1.3 MB, twenty times the
	// reader's buffer; a line of junk as long is reported from its start
	// without being held.
	var b strings.Builder
	b.WriteString(`{"benchmark":"big","kind":"vm","backend":"vm","wall_ns":{"samples":[`)
	want := make([]uint64, 200_000)
	for i := range want {
		want[i] = uint64(1_000_000 + i)
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, want[i])
	}
	b.WriteString("]}}\n")
	b.WriteString(strings.Repeat("junk ", 300_000) + "\n")
	b.WriteString(row)
	r := readString(t, b.String())
	checkProblems(t, r, `r.jsonl:2: not JSON: a report line is one JSON object starting with '{', but this one starts "junk junk junk junk junk junk junk junk "…`)
	if len(r.Rows) != 2 || !slices.Equal(r.Rows[0].Samples, want) || r.Rows[1].Line != 3 {
		t.Errorf("got %d rows, want big (200,000 samples) and pure on line 3", len(r.Rows))
	}
	if c := cap(r.Rows[0].Samples); c != len(want) {
		t.Errorf("the samples hold capacity %d for %d samples; want them allocated at their size", c, len(want))
	}
}

func TestALineLongerThanTheCapIsSkipped(t *testing.T) {
	long := `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[` + strings.Repeat("1,", 100_000) + "1]}}"
	r, err := read(strings.NewReader(long+"\n"+row), "r.jsonl", 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	checkProblems(t, r, "r.jsonl:1: the line is longer than 65536 bytes, the most a line may hold; skipped")
	if len(r.Rows) != 1 || r.Rows[0].Line != 2 {
		t.Errorf("rows = %v, want pure on line 2", r.Rows)
	}
}

func TestProblemsPastTheLimitAreCounted(t *testing.T) {
	text := strings.Repeat("nope\n", maxProblems+50) + row
	r := readString(t, text)
	if len(r.Problems) != maxProblems+1 {
		t.Fatalf("got %d problems, want %d", len(r.Problems), maxProblems+1)
	}
	if got, want := r.Problems[maxProblems].Error(), "r.jsonl: 50 more problems are not listed (only the first 100 are)"; got != want {
		t.Errorf("last problem = %q, want %q", got, want)
	}
	if len(r.Rows) != 1 {
		t.Errorf("the good row after the bad lines was lost")
	}
}

type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestAReadErrorIsAnErrorAndKeepsWhatWasRead(t *testing.T) {
	boom := errors.New("disk on fire")
	r, err := Read(&failingReader{strings.NewReader(row + "\n"), boom}, "r.jsonl")
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "r.jsonl: ") {
		t.Errorf("err = %v, want the reader's error under the file name", err)
	}
	if r == nil || len(r.Rows) != 1 {
		t.Errorf("the row read before the error was lost")
	}
}

func TestProblemError(t *testing.T) {
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{File: "a.jsonl", Line: 3, Msg: "bad"}, "a.jsonl:3: bad"},
		{Problem{File: "a.jsonl", Msg: "empty"}, "a.jsonl: empty"},
	} {
		if got := c.p.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestLookupOnAHandBuiltReport(t *testing.T) {
	r := &Report{Rows: []Row{{Key: Key{"a", "b", "c"}, Line: 4}}}
	if row, ok := r.Lookup(Key{"a", "b", "c"}); !ok || row.Line != 4 {
		t.Errorf("Lookup = %v %v, want line 4", row, ok)
	}
	if _, ok := r.Lookup(Key{"x", "b", "c"}); ok {
		t.Error("Lookup found a missing key")
	}
}

// The golden reports read without a problem, every line accounted for.
func TestGoldenReportsReadCleanly(t *testing.T) {
	for _, name := range []string{"base-a", "cur-a", "base-b", "cur-b", "base-c", "cur-c"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Read(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		checkProblems(t, r)
		if lines := bytes.Count(data, []byte("\n")); len(r.Rows) != lines {
			t.Errorf("%s: %d rows from %d lines", name, len(r.Rows), lines)
		}
	}
}

func TestParseUint(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"0", 0, true},
		{"007", 7, true},
		{"9999999999999999999", 9999999999999999999, true}, // 19 digits
		{"18446744073709551615", 1<<64 - 1, true},
		{"00000000000000000000000042", 42, true},
		{"18446744073709551616", 0, false},
		{"99999999999999999999", 0, false},
	} {
		if v, ok := parseUint([]byte(c.in)); v != c.want || ok != c.ok {
			t.Errorf("parseUint(%s) = %d %v, want %d %v", c.in, v, ok, c.want, c.ok)
		}
	}
}

// Escaped surrogates decode as encoding/json decodes them: a pair is one
// character, and a surrogate that pairs with nothing is one U+FFFD on its
// own, so two lone surrogates are two, and two distinct names never merge.
func TestSurrogatesDecodeAsEncodingJSON(t *testing.T) {
	for _, s := range []string{
		`\ud800\ud800`, `\udc00\udc00`, `\ud800\udc00`, `\ud800\ud800\udc00`,
		`\udc00\ud800\udc00`, `\ud800x`, `\ud800\u0041`, `\ud800`, `\ud83d\ude00\ud800`,
	} {
		var want string
		if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
			t.Fatal(err)
		}
		r := readString(t, `{"benchmark":"`+s+`","kind":"vm","backend":"vm"}`)
		checkProblems(t, r)
		if len(r.Rows) != 1 || r.Rows[0].Benchmark != want {
			t.Errorf("%s: read as %q, want %q as encoding/json reads it", s, r.Rows, want)
		}
	}
}

// The reference reads a row's samples and nothing else of wall_ns, so a
// summary field it ignores never loses a row: whatever min, mean, max or
// median hold, a row with valid samples is read with them, and no line
// is reported as unread.
func TestASummaryFieldNeverLosesARow(t *testing.T) {
	values := []string{"null", "NaN", "inf", "-inf", "Infinity", "-Infinity", `"12"`, "{}", "[1]", "true", "1.5", "-3", "1e400"}
	var lines []string
	for _, field := range []string{"min", "mean", "max", "median"} {
		for i, v := range values {
			lines = append(lines, fmt.Sprintf(`{"benchmark":"%s %d","kind":"vm","backend":"vm","wall_ns":{"%s":%s,"samples":[1,2,3]},"ok":true}`, field, i, field, v))
			lines = append(lines, fmt.Sprintf(`{"benchmark":"%s %d after","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3],"%s":%s},"ok":true}`, field, i, field, v))
		}
	}
	r := readString(t, strings.Join(lines, "\n"))
	checkProblems(t, r)
	if len(r.Rows) != len(lines) {
		t.Errorf("%d rows read of %d", len(r.Rows), len(lines))
	}
	for _, row := range r.Rows {
		if !slices.Equal(row.Samples, []uint64{1, 2, 3}) {
			t.Errorf("row %s: samples %v, want [1 2 3]", row.Key, row.Samples)
		}
	}
}

// A row with only a summary keeps the fields that are numbers; one that is
// not is left out, with a warning, and the row is still read.
func TestASummaryOnlyRowWithAFieldThatIsNotANumber(t *testing.T) {
	r := readString(t, `{"benchmark":"m","kind":"vm","backend":"vm","wall_ns":{"min":1,"mean":2,"max":3,"median":null}}
{"benchmark":"x","kind":"vm","backend":"vm","wall_ns":{"min":-inf,"mean":2,"max":inf,"median":NaN}}`)
	checkProblems(t, r,
		"warning r.jsonl:1: wall_ns.median is null, not a number; the row's summary is shown without it",
		"warning r.jsonl:2: wall_ns.min is -inf, not a number; the row's summary is shown without it",
		"warning r.jsonl:2: wall_ns.max is inf, not a number; the row's summary is shown without it",
		"warning r.jsonl:2: wall_ns.median is NaN, not a number; the row's summary is shown without it")
	if len(r.Rows) != 2 {
		t.Fatalf("%d rows, want 2", len(r.Rows))
	}
	if s := r.Rows[0].Summary; s == nil || s.Min != 1 || s.Max != 3 || !math.IsNaN(s.Median) {
		t.Errorf("row m: summary %+v, want {1 2 3 NaN}", s)
	}
	if s := r.Rows[1].Summary; s != nil {
		t.Errorf("row x: summary %+v, want none (its min and max are not numbers)", s)
	}
}

// A syntax error inside wall_ns after its samples were complete keeps the
// row's samples, as a truncated tail after wall_ns does: the line is
// reported, the row is not lost.
func TestABrokenSummaryAfterTheSamplesKeepsThem(t *testing.T) {
	r := readString(t, `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3],"median":nope},"ok":true}`)
	checkProblems(t, r, `r.jsonl:1: not valid JSON at column 83: expected a value, found 'n'; the row's samples were complete before it and are kept`)
	if row, ok := r.Lookup(Key{"b", "vm", "vm"}); !ok || !slices.Equal(row.Samples, []uint64{1, 2, 3}) {
		t.Errorf("row b/vm/vm = %v %v, want samples [1 2 3]", row.Samples, ok)
	}
}

// The reference reads the first "wall_ns":{ of a line: a wall_ns that is
// not an object is read past with a warning, and one that follows it is
// the one used.
func TestAWallNSThatIsNotAnObjectIsReadPast(t *testing.T) {
	r := readString(t, `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":10,"wall_ns":{"samples":[1,2,3]}}
{"benchmark":"n","kind":"vm","backend":"vm","wall_ns":null}`)
	checkProblems(t, r,
		`warning r.jsonl:1: "wall_ns" is 10, not an object ({...}); it is ignored, as the reference ignores it`,
		`warning r.jsonl:2: "wall_ns" is null, not an object ({...}); it is ignored, as the reference ignores it`)
	if row, ok := r.Lookup(Key{"b", "vm", "vm"}); !ok || !slices.Equal(row.Samples, []uint64{1, 2, 3}) {
		t.Errorf("row b/vm/vm = %v %v, want samples [1 2 3]", row.Samples, ok)
	}
	if row, ok := r.Lookup(Key{"n", "vm", "vm"}); !ok || row.Samples != nil {
		t.Errorf("row n/vm/vm = %v %v, want a row without samples", row.Samples, ok)
	}
}

// indexes are the indexes of s.
func indexes[T any](s []T) []int {
	out := make([]int, len(s))
	for i := range out {
		out[i] = i
	}
	return out
}

// TestPlainSamplesReadAsSampleDoes holds plainSample, the fast path for a
// sample, to sample: on each token it takes, the same value and the same
// end; on each it refuses, nothing read. The tokens sit where a sample
// does, before each character that can follow one.
func TestPlainSamplesReadAsSampleDoes(t *testing.T) {
	tokens := []string{
		"0", "7", "007", "1234567890", "9999999999999999999", "10000000000000000000",
		"18446744073709551615", "18446744073709551616", "00000000000000000001",
		"1.5", "1e3", "1E3", "12.", "-1", "+1", "12x", "1 ", "", "x",
	}
	taken := 0
	for _, tok := range tokens {
		for _, after := range []string{",", "]", " ,", "", "x"} {
			line := []byte(tok + after)
			fast := &parser{b: line}
			v, ok := fast.plainSample()
			slow := &parser{b: line}
			want, err := slow.sample(0)
			if !ok {
				if fast.i != 0 {
					t.Errorf("plainSample(%q) refused it but read %d bytes", line, fast.i)
				}
				continue
			}
			taken++
			if err != nil || v != want || fast.i != slow.i {
				t.Errorf("plainSample(%q) = %d, ending at %d; sample gives %d, ending at %d, error %v", line, v, fast.i, want, slow.i, err)
			}
		}
	}
	// The path is taken for plain samples, and refused for the rest.
	for tok, plain := range map[string]bool{"0": true, "9999999999999999999": true, "10000000000000000000": false, "1.5": false, "1e3": false, "-1": false} {
		_, ok := (&parser{b: []byte(tok + ",")}).plainSample()
		if ok != plain {
			t.Errorf("plainSample(%q) took it: %v, want %v", tok+",", ok, plain)
		}
	}
	if taken == 0 {
		t.Fatal("plainSample took no token")
	}
}
