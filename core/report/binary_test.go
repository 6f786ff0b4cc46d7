package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/suitegen"
)

// roundTrip is r packed in its binary form and unpacked.
func roundTrip(t testing.TB, r *Report) *Report {
	t.Helper()
	b, err := r.MarshalBinary()
	if err != nil {
		t.Fatalf("packing %s: %v", r.Name, err)
	}
	var got Report
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatalf("unpacking %s: %v", r.Name, err)
	}
	return &got
}

// checkSame fails unless got is want: its rows, problems, name, what
// Lookup finds for every key, and whether its keys are each its own row's
// (SameKeys of the report with itself).
func checkSame(t testing.TB, got, want *Report) {
	t.Helper()
	checkSorted(t, got)
	if got.Name != want.Name || !reflect.DeepEqual(got.Rows, want.Rows) || !reflect.DeepEqual(got.Problems, want.Problems) {
		t.Fatalf("%s: unpacked\n%s\nwant\n%s", want.Name, describe(got), describe(want))
	}
	for _, row := range want.Rows {
		g, gok := got.Lookup(row.Key)
		w, wok := want.Lookup(row.Key)
		if gok != wok || !reflect.DeepEqual(g, w) {
			t.Fatalf("%s: Lookup(%v) is %v %v, want %v %v", want.Name, row.Key, g, gok, w, wok)
		}
	}
	if g, w := SameKeys(got, got), SameKeys(want, want); g != w {
		t.Fatalf("%s: each key its own row: %v unpacked, %v read", want.Name, g, w)
	}
}

// checkSorted fails unless every row of r with samples holds them in
// ascending order as floats (Sorted), and then forgets them, as Read
// has none.
func checkSorted(t testing.TB, r *Report) {
	t.Helper()
	for i := range r.Rows {
		row := &r.Rows[i]
		want := slices.Clone(row.Values)
		if want == nil && row.Samples != nil {
			want = make([]float64, len(row.Samples))
			for k, s := range row.Samples {
				want[k] = float64(s)
			}
		}
		stats.Sort(want)
		if !slices.Equal(row.Sorted, want) || (row.Sorted == nil) != (want == nil) {
			t.Fatalf("%s line %d: sorted %v, want %v", r.Name, row.Line, row.Sorted, want)
		}
		row.Sorted = nil
	}
}

// Every report in the module's testdata, damaged and hostile ones
// included, comes back as Read read it.
func TestBinaryKeepsEveryReport(t *testing.T) {
	var paths []string
	for _, dir := range []string{"../../testdata", "../../e2e/testdata", "../../web/examples"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) < 10 {
		t.Fatalf("found %d reports: %v", len(paths), paths)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Read(bytes.NewReader(data), filepath.Base(path))
		if err != nil {
			t.Fatal(err)
		}
		checkSame(t, roundTrip(t, want), want)
	}
}

// A row with every field set, and a report of none, come back as they were.
func TestBinaryKeepsEveryField(t *testing.T) {
	// A field added to Row must be added to the binary form too.
	if n := reflect.TypeFor[Row]().NumField(); n != 10 {
		t.Fatalf("Row has %d fields; the binary form (binary.go) knows 10", n)
	}
	full := func(median float64) Row {
		return Row{
			Key: Key{"bench", "kind", "back"}, Line: 7, Samples: []uint64{3, 1, math.MaxUint64}, Values: []float64{1.5, math.Inf(1), math.Copysign(0, -1)},
			OK: true, What: "why", Refused: true, Of: "vm",
			Summary: &Summary{Min: 1, Mean: 2, Max: 3, Median: median},
		}
	}
	bare := Row{Key: Key{"b", "", "é\u202e"}}
	want := New("name.jsonl", []Row{full(math.NaN()), bare, full(4.5)}, []Problem{{File: "f", Line: 3, Msg: "m", Warning: true}, {File: "g"}})
	got := roundTrip(t, want)
	if len(got.Rows) != 3 || got.Rows[0].Summary == nil || !math.IsNaN(got.Rows[0].Summary.Median) || !math.Signbit(got.Rows[0].Values[2]) {
		t.Fatalf("unpacked %+v", got.Rows)
	}
	// NaN is never DeepEqual to itself: compare the rest.
	got.Rows[0].Summary.Median, want.Rows[0].Summary.Median = 0, 0
	checkSame(t, got, want)
	checkSame(t, roundTrip(t, New("empty", nil, nil)), New("empty", nil, nil))
}

// An unpacked report finds its rows by their keys as the report read does,
// its index built at the first Find, once, however many goroutines find
// rows at once; and a report whose key repeats (comparison lines of two
// kinds) does not pair row by row, unpacked or not.
func TestUnpackedReportsFindTheirRows(t *testing.T) {
	suite := readSuite(t)
	got := roundTrip(t, suite)
	if !SameKeys(got, suite) {
		t.Fatal("a suite unpacked does not pair row by row with itself read")
	}
	done := make(chan struct{})
	for g := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := g; i < len(suite.Rows); i += 4 {
				if row := got.Find(suite.Rows[i].Key); row != &got.Rows[i] {
					t.Errorf("Find(%v) is %p, want row %d", suite.Rows[i].Key, row, i)
					return
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	const twoKinds = `{"benchmark":"a","kind":"comparison","backend":"vm","of":"vm"}` + "\n" +
		`{"benchmark":"a","kind":"comparison","backend":"vm","of":"jit"}` + "\n"
	r, err := Read(strings.NewReader(twoKinds), "two.jsonl")
	if err != nil || len(r.Rows) != 2 {
		t.Fatalf("read %v rows, %v", r.Rows, err)
	}
	for _, rep := range []*Report{r, roundTrip(t, r)} {
		if SameKeys(rep, rep) {
			t.Errorf("%s: two rows of one key pair row by row", rep.Name)
		}
		if row := rep.Find(Key{"a", "comparison", "vm"}); row == nil || row.Of != "vm" {
			t.Errorf("%s: Find is %+v, want the first comparison line", rep.Name, row)
		}
	}
}

// Unpack makes the report UnmarshalBinary makes, of the data itself: its
// samples and sorted samples lie in data, not in copies.
func TestUnpackKeepsTheData(t *testing.T) {
	want, data := readSuite(t), packedSuite(t)
	got, err := Unpack(data)
	if err != nil {
		t.Fatal(err)
	}
	in := func(p unsafe.Pointer) bool {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
		return uintptr(p) >= start && uintptr(p) < start+uintptr(len(data))
	}
	row := &got.Rows[len(got.Rows)-1]
	if !in(unsafe.Pointer(&row.Samples[0])) || !in(unsafe.Pointer(&row.Sorted[0])) || !in(unsafe.Pointer(unsafe.StringData(row.Benchmark))) {
		t.Error("the unpacked report's samples, sorted samples or names are copies")
	}
	checkSame(t, got, want)
	if _, err := Unpack(data[:len(data)-1]); err == nil {
		t.Error("a form cut short unpacks")
	}
}

// Damaged data is refused with an error, never a panic or a huge
// allocation: every proper prefix of a report's form, and every byte of
// it changed.
func TestBinaryRefusesDamagedData(t *testing.T) {
	data, err := os.ReadFile("../../testdata/base-b.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Read(bytes.NewReader(data), "base-b.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.MarshalBinary()
	for n := range len(b) {
		var got Report
		if err := got.UnmarshalBinary(b[:n]); err == nil {
			t.Fatalf("the first %d of %d bytes unpacked without an error", n, len(b))
		}
	}
	for _, extra := range [][]byte{{0}, []byte("more")} {
		var got Report
		if err := got.UnmarshalBinary(append(bytes.Clone(b), extra...)); err == nil || !strings.Contains(err.Error(), "follow") {
			t.Errorf("%d bytes after the report: %v", len(extra), err)
		}
	}
	for i := range b {
		c := bytes.Clone(b)
		c[i] ^= 0xff
		var got Report
		got.UnmarshalBinary(c) // an error or another report; never a panic
	}
	var got Report
	if err := got.UnmarshalBinary([]byte(`{"benchmark":"a"}`)); err == nil || !strings.Contains(err.Error(), "binary form") {
		t.Errorf("a JSON line: %v", err)
	}
}

// FuzzBinary: whatever Read makes of any input comes back whole, and no
// input to UnmarshalBinary panics.
func FuzzBinary(f *testing.F) {
	f.Add([]byte(`{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]}}` + "\n" + `{"benchmark":"a","kind":"comparison","backend":"vm","of":"jit"}`))
	f.Add([]byte(`{"benchmark":"s","kind":"vm","backend":"vm","wall_ns":{"min":1,"mean":2,"max":3}}`))
	f.Add([]byte(binaryMagic + "\x00\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var any Report
		any.UnmarshalBinary(data)
		Unpack(bytes.Clone(data)) // its own: Unpack keeps it
		r, err := Read(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			return
		}
		for i := range r.Rows {
			if s := r.Rows[i].Summary; s != nil && math.IsNaN(s.Median) {
				s.Median = -1 // NaN is never DeepEqual to itself
			}
		}
		checkSame(t, roundTrip(t, r), r)
		packed, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		unpacked, err := Unpack(packed)
		if err != nil {
			t.Fatal(err)
		}
		checkSame(t, unpacked, r)
	})
}

// suiteReport is the baseline of the generated pair of 10,000 rows of 30
// samples, as JSON lines.
func suiteReport(b testing.TB) []byte {
	var buf bytes.Buffer
	if err := suitegen.Write(&buf, suitegen.Spec{Rows: 10_000, Samples: 30, Seed: 1}, suitegen.Baseline); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// readSuite is suiteReport read; packedSuite is it in its binary form.
func readSuite(t testing.TB) *Report {
	t.Helper()
	r, err := Read(bytes.NewReader(suiteReport(t)), "suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func packedSuite(t testing.TB) []byte {
	t.Helper()
	data, err := readSuite(t).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// BenchmarkReadSuite reads a suite's report of 10,000 rows from its JSON
// lines; BenchmarkUnmarshalSuite unpacks the same report from its binary
// form, as the page does once a worker has read it.
func BenchmarkReadSuite(b *testing.B) {
	data := suiteReport(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data), "suite.jsonl"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshalSuite packs that report in its binary form, as the
// worker that read it does: its samples sorted, for the page.
func BenchmarkMarshalSuite(b *testing.B) {
	r := readSuite(b)
	for b.Loop() {
		if _, err := r.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshalSuite(b *testing.B) {
	data := packedSuite(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var got Report
		if err := got.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnpackSuite unpacks it as the page does, of the bytes
// themselves (Unpack).
func BenchmarkUnpackSuite(b *testing.B) {
	data := packedSuite(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Unpack(data); err != nil {
			b.Fatal(err)
		}
	}
}
