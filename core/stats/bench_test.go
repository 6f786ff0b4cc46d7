package stats

import (
	"strconv"
	"testing"
)

// BenchmarkCompare times one comparison of a baseline centred on 100,000 ns
// against a current run 3% slower, both with 6% noise, at the sample counts
// a harness produces: every draw of the bootstrap made afresh, as for the
// first row of its size. To compare with the reference, time its
// Comparison::of (stats.rs, cargo build --release) on the same two series:
// series(100000, 6, n, 1) against series(103000, 6, n, 2), the port of its
// own test helper.
func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{15, 50, 200} {
		base := series(100_000, 6, n, 1)
		cur := series(103_000, 6, n, 2)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Compare(base, cur)
			}
		})
	}
}

// BenchmarkComparer times the rows after the first of their size: a
// Comparer that has compared one row of n samples a side compares another
// (different samples, same sizes).
func BenchmarkComparer(b *testing.B) {
	for _, n := range []int{15, 50, 200} {
		var c Comparer
		c.Compare(series(100_000, 6, n, 3), series(100_000, 6, n, 4))
		base := series(100_000, 6, n, 1)
		cur := series(103_000, 6, n, 2)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				c.Compare(base, cur)
			}
		})
	}
}
