// The benchmarks behind testdata/formats/go. SLOW=1 in the environment
// doubles the work of the benchmarks marked "slowed" below, so a second run
// with it set is really slower in those and not in the others.
package fixture

import (
	"crypto/sha256"
	"os"
	"strconv"
	"testing"
)

// factor is 2 when SLOW=1, else 1.
var factor = func() int {
	if os.Getenv("SLOW") == "1" {
		return 2
	}
	return 1
}()

var sink int

// BenchmarkSum (not slowed) sums n ints; sub-benchmarks name n as n=N.
func BenchmarkSum(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		xs := make([]int, n)
		for i := range xs {
			xs[i] = i
		}
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				s := 0
				for _, x := range xs {
					s += x
				}
				sink += s
			}
		})
	}
}

// BenchmarkHash (slowed: hashes each block twice, so MB/s halves) reports
// MB/s through b.SetBytes.
func BenchmarkHash(b *testing.B) {
	buf := make([]byte, 4096)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		for range factor {
			sum := sha256.Sum256(buf)
			sink += int(sum[0])
		}
	}
}

// BenchmarkAppend (slowed: appends twice as many items, so time, B/op and
// allocs/op grow) allocates.
func BenchmarkAppend(b *testing.B) {
	for b.Loop() {
		var xs []string
		for i := range 64 * factor {
			xs = append(xs, strconv.Itoa(i))
		}
		sink += len(xs)
	}
}

// BenchmarkParse (not slowed) reports a custom unit, items/op, with
// b.ReportMetric.
func BenchmarkParse(b *testing.B) {
	items := 0
	for b.Loop() {
		for i := range 100 {
			v, _ := strconv.Atoi(strconv.Itoa(i * 7919))
			items++
			sink += v
		}
	}
	b.ReportMetric(float64(items)/float64(b.N), "items/op")
}
