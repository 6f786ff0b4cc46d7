package suitegen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
)

// TestWriteReads checks that what Write writes is a report the reader takes
// whole, with the rows and samples asked for, and that it is deterministic.
func TestWriteReads(t *testing.T) {
	s := Spec{Rows: 40, Samples: 12, Seed: 7}
	var a, b bytes.Buffer
	if err := Write(&a, s, Current); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, s, Current); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two writes of one Spec differ")
	}
	rep, err := report.Read(strings.NewReader(a.String()), "cur.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 0 {
		t.Fatalf("problems: %v", rep.Problems)
	}
	if len(rep.Rows) != s.Rows {
		t.Fatalf("got %d rows, want %d", len(rep.Rows), s.Rows)
	}
	for _, r := range rep.Rows {
		if len(r.Samples) != s.Samples {
			t.Fatalf("row %s: got %d samples, want %d", r.Key, len(r.Samples), s.Samples)
		}
	}
	var base bytes.Buffer
	if err := Write(&base, s, Baseline); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(base.Bytes(), a.Bytes()) {
		t.Fatal("baseline and current are the same bytes")
	}
}
