package stats

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

// divisor computes x % n for a fixed n, the reference's index draw
// next() % n, which a bootstrap makes millions of times against the same
// n. How it is computed depends on the target: see mod.
type divisor struct{ n, m uint64 }

func newDivisor(n uint64) divisor { return divisor{n: n, m: ^uint64(0) / n} }
