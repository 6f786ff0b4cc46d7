package stats

import (
	"strconv"
	"testing"
)

// BenchmarkCompare times one comparison of a baseline centred on 100,000 ns
// against a current run 3% slower, both with 6% noise, at the sample counts
// a harness produces. The reference (stats.rs, cargo build --release) runs
// the same series; see the README for its figures.
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
