//go:build !wasm

package stats

import "math/bits"

// mod is x % d.n by a precomputed reciprocal rather than a division,
// which on many CPUs takes tens of cycles; a 64x64-bit multiply is one
// instruction wherever Go runs natively.
//
// With m = floor((2^64-1)/n), the estimate q = floor(x*m / 2^64) is never
// above the true quotient Q = floor(x/n), because m <= 2^64/n, and never
// more than one below it, because m >= 2^64/n - 1 makes x*m/2^64 exceed
// x/n - x/2^64 > x/n - 1. So x - q*n lies in [0, 2n), and one conditional
// subtraction gives the exact remainder for every x and every n >= 1.
func (d divisor) mod(x uint64) uint64 {
	q, _ := bits.Mul64(x, d.m)
	r := x - q*d.n
	if r >= d.n {
		r -= d.n
	}
	return r
}
