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
//
// The subtraction is done without a branch: how often it is needed
// depends on n (about one draw in six at n = 50, one in fifteen at 15), so
// a branch would be mispredicted often enough to cost a third of the draw.
func (d divisor) mod(x uint64) uint64 {
	q, _ := bits.Mul64(x, d.m)
	r := x - q*d.n
	t, borrow := bits.Sub64(r, d.n, 0) // borrow: r < n, and t wrapped
	return t + d.n&-borrow
}
