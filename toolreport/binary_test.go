package toolreport

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
)

// binaryReports are reports to carry in binary form: every fixture, and
// a damaged one, whose problem must travel with it.
func binaryReports(t *testing.T) []*Report {
	t.Helper()
	var reports []*Report
	for _, fx := range fixtures {
		r, err := Read(fx.path, readFixture(t, fx.path))
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, r)
	}
	data := readFixture(t, "go/base.txt")
	bad := bytes.Replace(data, []byte(" ns/op"), []byte(" ns/op x"), 1)
	r, err := Read("go/base.txt", bad)
	if err != nil || len(r.Problems) == 0 {
		t.Fatalf("the damaged file read with problems %v (%v), want one", r.Problems, err)
	}
	return append(reports, r, &Report{Name: "empty", Format: GoBench})
}

// TestBinaryFormRoundTrips packs each report and unpacks it: the same
// report, every result, pair, metric, summary and problem, NaN included.
func TestBinaryFormRoundTrips(t *testing.T) {
	for _, r := range binaryReports(t) {
		b, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		got, err := Unpack(bytes.Clone(b))
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		if !sameReport(r, got) {
			t.Errorf("%s: unpacked\n%s\nwant\n%s", r.Name, dump(got), dump(r))
		}
		if s, w := got.Shared(), r.Shared(); !reflect.DeepEqual(s, w) {
			t.Errorf("%s: unpacked, it shares %v; read, %v", r.Name, s, w)
		}
	}
}

// Results with the same configuration as the one before share it once
// unpacked: a Google Benchmark suite's context is its every result's.
func TestUnpackedResultsShareTheirConfiguration(t *testing.T) {
	b := formOf(t, "googlebench/base.json")
	got, err := Unpack(b)
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for i := 1; i < len(got.Results); i++ {
		c, prev := got.Results[i].Config, got.Results[i-1].Config
		if len(c) > 0 && &c[0] == &prev[0] {
			shared++
			if cap(c) != len(c) {
				t.Errorf("result %d shares a configuration with room to append to it", i)
			}
		}
	}
	if shared == 0 {
		t.Errorf("no result of %d shares the configuration of the one before", len(got.Results))
	}
}

// TestBinaryFormKnowsEveryField fails when a field is added to what a
// report holds, until the binary form carries it too.
func TestBinaryFormKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		t      reflect.Type
		fields int
	}{
		{reflect.TypeFor[Report](), 4},
		{reflect.TypeFor[Result](), 7},
		{reflect.TypeFor[Pair](), 4},
		{reflect.TypeFor[Metric](), 5},
		{reflect.TypeFor[Summary](), 6},
	} {
		if n := c.t.NumField(); n != c.fields {
			t.Errorf("%s has %d fields; the binary form (binary.go) carries %d", c.t, n, c.fields)
		}
	}
}

// TestDamagedBinaryForms are errors, never a report or a panic: every
// form cut short, one with bytes after it, and what is not the form.
func TestDamagedBinaryForms(t *testing.T) {
	b := formOf(t, "go/cur.txt")
	for n := range len(b) {
		if _, err := Unpack(bytes.Clone(b[:n])); err == nil {
			t.Fatalf("the form cut to %d of %d bytes unpacks", n, len(b))
		}
	}
	if _, err := Unpack(append(bytes.Clone(b), 0)); err == nil || !strings.Contains(err.Error(), "follow") {
		t.Errorf("a form with a byte after it: %v, want an error that says so", err)
	}
	if _, err := Unpack([]byte("goos: linux\n")); err == nil || !strings.Contains(err.Error(), "binary form") {
		t.Errorf("text: %v, want an error naming the binary form", err)
	}
}

// formOf reads the fixture at path, and packs it in binary form.
func formOf(t *testing.T, path string) []byte {
	t.Helper()
	r, err := Read(path, readFixture(t, path))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameReport reports whether a and b hold the same, floats compared by
// their bits (a NaN summary figure is the same NaN).
func sameReport(a, b *Report) bool {
	if a.Name != b.Name || a.Format != b.Format || len(a.Results) != len(b.Results) || !reflect.DeepEqual(a.Problems, b.Problems) {
		return false
	}
	for i := range a.Results {
		x, y := a.Results[i], b.Results[i]
		if x.Name != y.Name || x.Line != y.Line || x.Failed != y.Failed || x.Why != y.Why || x.Note != y.Note ||
			!reflect.DeepEqual(x.Config, y.Config) || len(x.Metrics) != len(y.Metrics) {
			return false
		}
		for j := range x.Metrics {
			m, n := x.Metrics[j], y.Metrics[j]
			if m.Name != n.Name || m.Unit != n.Unit || m.Better != n.Better || (m.Samples == nil) != (n.Samples == nil) ||
				!sameFloats(m.Samples, n.Samples) || (m.Summary == nil) != (n.Summary == nil) {
				return false
			}
			if s, u := m.Summary, n.Summary; s != nil && (s.N != u.N ||
				!sameFloats([]float64{s.Min, s.Median, s.Mean, s.Max, s.StdDev}, []float64{u.Min, u.Median, u.Mean, u.Max, u.StdDev})) {
				return false
			}
		}
	}
	return true
}

func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
