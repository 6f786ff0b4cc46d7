package review

import (
	"bytes"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/internal/suitegen"
)

// BenchmarkPairSuite pairs the two reports of a suite of 10,000 rows, as
// the page does once both are read: read, the reports as Read gives them,
// whose samples pairing sorts; unpacked, as the page has them from its
// workers (report.Unpack), sorted where they were read.
func BenchmarkPairSuite(b *testing.B) {
	var read, unpacked [2]*report.Report
	for i, side := range []suitegen.Side{suitegen.Baseline, suitegen.Current} {
		var buf bytes.Buffer
		if err := suitegen.Write(&buf, suitegen.Spec{Rows: 10_000, Samples: 30, Seed: 1}, side); err != nil {
			b.Fatal(err)
		}
		r, err := report.Read(&buf, "suite.jsonl")
		if err != nil {
			b.Fatal(err)
		}
		read[i], unpacked[i] = r, unpack(b, r)
	}
	for _, c := range []struct {
		name  string
		sides [2]*report.Report
	}{{"read", read}, {"unpacked", unpacked}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if rv := New(c.sides[0], c.sides[1]); len(rv.Rows) != 10_000 {
					b.Fatalf("%d rows paired", len(rv.Rows))
				}
			}
		})
	}
}

// unpack is r through its binary form, as a worker hands a report to the
// page (report.Unpack).
func unpack(t testing.TB, r *report.Report) *report.Report {
	t.Helper()
	data, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	got, err := report.Unpack(data)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
