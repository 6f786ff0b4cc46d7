package stats

import (
	"sync"
	"testing"
)

func TestAComparerGivesCompareBitForBit(t *testing.T) {
	// Rows of a few sizes, several rows of each, compared on four
	// goroutines at once through one Comparer: every line must be the one
	// Compare writes alone.
	type row struct{ base, cur []uint64 }
	var rows []row
	r := splitMix64{state: 7}
	for _, n := range [][2]int{{15, 15}, {6, 9}, {15, 15}, {60, 60}, {6, 9}, {15, 15}, {5, 15}, {60, 60}} {
		rows = append(rows, row{series(100_000, 6, n[0], r.next()), series(104_000, 6, n[1], r.next())})
	}
	var c Comparer
	got := make([]string, len(rows))
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(rows); i += 4 {
				got[i] = c.Compare(rows[i].base, rows[i].cur).JSON("x", "vm", "vm")
			}
		})
	}
	wg.Wait()
	for i, r := range rows {
		if want := Compare(r.base, r.cur).JSON("x", "vm", "vm"); got[i] != want {
			t.Errorf("row %d:\n got %s\nwant %s", i, got[i], want)
		}
	}
	if len(c.sizes) != 3 {
		t.Errorf("the Comparer kept %d sizes, want 3 (15/15, 6/9, 60/60; 5/15 is underpowered)", len(c.sizes))
	}
}

func TestAComparerKeepsABoundedNumberOfSizes(t *testing.T) {
	var c Comparer
	cur := series(100_000, 6, 6, 1)
	for n := MinSamples; n < MinSamples+maxBootstraps+5; n++ {
		base := series(100_000, 6, n, uint64(n))
		if got, want := c.Compare(base, cur), Compare(base, cur); got != want {
			t.Fatalf("n=%d: got %+v, want %+v", n, got, want)
		}
	}
	if len(c.sizes) != maxBootstraps {
		t.Errorf("the Comparer kept %d sizes, want at most %d", len(c.sizes), maxBootstraps)
	}
}
