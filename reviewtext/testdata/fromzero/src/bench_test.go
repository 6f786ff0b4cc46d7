// Package fromzero is the benchmark behind the fixture: a number
// formatted into a reused buffer allocates nothing, until GROW=1 makes it
// go through strconv.Itoa's string, one 16-byte allocation an operation.
package fromzero

import (
	"os"
	"strconv"
	"testing"
)

var (
	grow = os.Getenv("GROW") != ""
	out  []byte
)

// BenchmarkFormat allocates 0 B/op and 0 allocs/op, or 16 and 1 with GROW=1.
func BenchmarkFormat(b *testing.B) {
	buf := make([]byte, 0, 32)
	for i := 0; b.Loop(); i++ {
		n := 1_000_000_000 + i
		if grow {
			out = append(buf[:0], strconv.Itoa(n)...)
		} else {
			out = strconv.AppendInt(buf[:0], int64(n), 10)
		}
	}
}

// BenchmarkSum never allocates, GROW or not.
func BenchmarkSum(b *testing.B) {
	xs := make([]int, 1000)
	for i := range xs {
		xs[i] = i
	}
	s := 0
	for b.Loop() {
		for _, x := range xs {
			s += x
		}
	}
	if s == 42 {
		b.Log(s)
	}
}
