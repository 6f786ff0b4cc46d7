package stats

import "math/bits"

// seed is where the resampling stream starts. Fixed, so that the same two
// series always give the same interval and the same verdict.
const seed uint64 = 0x0000_0C0F_FEE5_EED0

// splitMix64 is the SplitMix64 generator the reference draws from: the same
// seed gives the same stream, which is what makes the interval repeatable.
type splitMix64 struct{ state uint64 }

// gamma is SplitMix64's increment: the stream is mix(seed + k*gamma) for
// k = 1, 2, ...
const gamma = 0x9E37_79B9_7F4A_7C15

// next returns the next number of the stream.
func (r *splitMix64) next() uint64 {
	r.state += gamma
	return mix(r.state)
}

// mix is SplitMix64's output function.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9
	z = (z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB
	return z ^ (z >> 31)
}

// divisor computes x % n for a fixed n without a division instruction: the
// reference draws an index as next() % n, and a bootstrap makes millions of
// such draws against the same n.
//
// With m = floor((2^64-1)/n), the estimate q = floor(x*m / 2^64) is never
// above the true quotient Q = floor(x/n), because m <= 2^64/n, and never
// more than one below it, because m >= 2^64/n - 1 makes x*m/2^64 exceed
// x/n - x/2^64 > x/n - 1. So x - q*n lies in [0, 2n), and one conditional
// subtraction gives the exact remainder for every x and every n >= 1.
type divisor struct{ n, m uint64 }

func newDivisor(n uint64) divisor { return divisor{n: n, m: ^uint64(0) / n} }

// mod is x % d.n.
func (d divisor) mod(x uint64) uint64 {
	q, _ := bits.Mul64(x, d.m)
	r := x - q*d.n
	if r >= d.n {
		r -= d.n
	}
	return r
}
