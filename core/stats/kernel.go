package stats

import "sync/atomic"

// A Kernel computes what the bootstrap's draws decide, by other means than
// the Go loops of this package: for a side of n samples, whose resample i
// is the n draws next() % n that follow state start + i*stride, it sets
// lowerPos[i] and upperPos[i] to the sorted positions at ranks (n-1)/2 and
// n/2 of resample i (the two whose interpolation is its median), for every
// i below Resamples. lowerPos and upperPos are the same slice when n is
// odd. It reports false, having set nothing it needs kept, when it cannot
// take the call; the Go draws then run instead.
//
// A kernel must give exactly what Medians gives: every comparison's
// interval rests on it.
type Kernel func(n int, start, stride uint64, lowerPos, upperPos []uint32) bool

// Resamples is how many resamples a bootstrap draws.
const Resamples = resamples

var kernel atomic.Pointer[Kernel]

// UseKernel makes every bootstrap built from now on ask k first, and nil
// returns to the Go draws. The WebAssembly viewer uses it to have the
// JavaScript engine run the draws in a small module of their own, which
// it runs faster than Go's WebAssembly output (see wasm/kernel); the
// package itself stays free of any host.
func UseKernel(k Kernel) {
	if k == nil {
		kernel.Store(nil)
		return
	}
	kernel.Store(&k)
}

// Medians is what a Kernel computes, from the Go draws: for testing one.
// lowerPos and upperPos must hold Resamples each; they may be the same
// slice when n is odd.
func Medians(n int, start, stride uint64, lowerPos, upperPos []uint32) {
	lower, upper := (n-1)/2, n/2
	drawMedians(n, start, stride, lower, upper, positions{lower: lowerPos, upper: upperPos}, nil)
	if lower == upper {
		copy(upperPos, lowerPos)
	}
}
