package stats

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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

func TestALongSideDrawnOnManyGoroutinesIsTheSameBits(t *testing.T) {
	// Split over more goroutines than cores, so that blocks fall
	// differently from run to run: the positions must be those of one
	// loop over every resample, for sizes in each counting path at and
	// past parallelMin, odd and even.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(7))
	sizes := []int{parallelMin, parallelMin + 1, 1000, 4097}
	if raceEnabled || runtime.GOARCH == "wasm" {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		start, stride := seed+uint64(n)*gamma, uint64(2*n+3)*gamma
		lower, upper := (n-1)/2, n/2
		want := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
		drawRange(newDrawer(n), start, stride, lower, upper, want, 0, resamples)
		got := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
		reported := 0
		var mu sync.Mutex
		drawMedians(n, start, stride, lower, upper, got, func(k int) { mu.Lock(); reported += k; mu.Unlock() })
		if !slices.Equal(got.lower, want.lower) || !slices.Equal(got.upper, want.upper) {
			t.Errorf("n=%d: the positions drawn on many goroutines differ from one loop's", n)
		}
		if reported != resamples {
			t.Errorf("n=%d: %d resamples reported, want %d", n, reported, resamples)
		}
	}
}

func TestProgressIsReportedForLongRowsOnly(t *testing.T) {
	type call struct{ done, total int }
	var calls []call
	var inside atomic.Bool
	c := Comparer{Progress: func(done, total int) {
		if inside.Swap(true) {
			t.Error("Progress was called while a call was running")
		}
		calls = append(calls, call{done, total})
		inside.Store(false)
	}}
	// Short rows: nothing to report.
	c.Compare(series(100_000, 6, 30, 1), series(100_000, 6, 30, 2))
	if len(calls) != 0 {
		t.Fatalf("a row of 30 + 30 samples reported %v", calls)
	}
	// Two long rows of other sizes at once, on two goroutines: each plan
	// reports a hundredth of a side at a time, up to its total.
	n := ProgressMin / 2
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Go(func() { c.Compare(series(100_000, 6, n+k, 3), series(100_000, 6, n, 4)) })
	}
	wg.Wait()
	const perPlan = 200
	if len(calls) != 2*perPlan {
		t.Errorf("%d calls for two plans, want %d each", len(calls), perPlan)
	}
	finished := 0
	for _, cl := range calls {
		if cl.total != 2*Resamples || cl.done < block || cl.done > cl.total {
			t.Fatalf("call %+v", cl)
		}
		if cl.done == cl.total {
			finished++
		}
	}
	if finished != 2 {
		t.Errorf("%d plans reported being finished, want 2", finished)
	}
	// Sizes compared before: the plan is kept, and nothing is drawn.
	calls = nil
	c.Compare(series(100_000, 6, n, 5), series(100_000, 6, n, 6))
	if len(calls) != 0 {
		t.Errorf("a plan already built reported %d calls", len(calls))
	}
}
