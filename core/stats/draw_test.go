package stats

import "testing"

// unmix is mix's inverse: the state whose draw is z.
func unmix(z uint64) uint64 {
	z = unshift(z, 31)
	z *= inverse(0x94D0_49BB_1331_11EB)
	z = unshift(z, 27)
	z *= inverse(0xBF58_476D_1CE4_E5B9)
	return unshift(z, 30)
}

// unshift inverts z ^= z >> s.
func unshift(z uint64, s uint) uint64 {
	x := z
	for range 64 / s {
		x = z ^ x>>s
	}
	return x
}

// inverse is the multiplicative inverse of an odd a mod 2^64 (Newton).
func inverse(a uint64) uint64 {
	x := a
	for range 6 {
		x *= 2 - a*x
	}
	return x
}

func TestUnmixInvertsMix(t *testing.T) {
	r := splitMix64{state: 3}
	for range 1000 {
		z := r.next()
		if got := mix(unmix(z)); got != z {
			t.Fatalf("mix(unmix(%#x)) = %#x", z, got)
		}
	}
}

// checkVectorDraws runs vectorDraws from state for n and compares every
// lane with the scalar draw.
func checkVectorDraws(t *testing.T, state uint64, n int, lanes int) {
	t.Helper()
	out := make([]uint32, (lanes+7)&^7)
	vectorDraws(state, uint64(n), (1<<32)%uint64(n), 1/float64(n), out)
	s := state
	for j, got := range out {
		s += gamma
		if want := mix(s) % uint64(n); uint64(got) != want {
			t.Fatalf("n=%d, draw %d after state %#x (z=%#x): vector %d, scalar %d", n, j, state, mix(s), got, want)
		}
	}
}

func TestVectorDrawsAreTheRemainder(t *testing.T) {
	if vectorDraws == nil {
		t.Skip("no vector kernel on this CPU or target: the scalar draws are the only ones")
	}
	r := splitMix64{state: 11}
	ns := []int{3, 4, 5, 6, 7, 8, 15, 16, 17, 50, 200, 255, 256, 1000, 4095, 65535, 65536, 1<<20 + 1, maxVectorN - 1, maxVectorN}
	for n := 9; n < 600; n++ {
		ns = append(ns, n)
	}
	// Where x reaches past 2^52 and the float quotient's error nears 1.
	for k := 1; k < 200; k++ {
		ns = append(ns, maxVectorN-k, maxVectorN/2+k)
	}
	for n := 2096600; n < 2096620; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		// x just below and at multiples of n near its largest, where the
		// product's rounding can carry a quotient one too high (seen at
		// n = 2096612).
		rem := uint64(1<<32) % uint64(n)
		if top := (1<<32-1)*rem + 1<<32 - 1; top > 1<<50 {
			for k := top / uint64(n); k > top/uint64(n)-300; k-- {
				for _, x := range []uint64{k*uint64(n) - 1, k * uint64(n)} {
					hi := min(1<<32-1, x/rem)
					if lo := x - hi*rem; x <= top && lo < 1<<32 {
						checkVectorDraws(t, unmix(hi<<32|lo)-gamma, n, 1)
					}
				}
			}
		}

		// A stream of ordinary draws.
		for range 20 {
			checkVectorDraws(t, r.next(), n, 64)
		}
		// Draws chosen where a float quotient is most likely off by one:
		// x = hi*(2^32 % n) + lo just below and above multiples of n,
		// with hi at its extremes, and x at its largest.
		for _, hi := range []uint64{0, 1, 1<<32 - 1, 1<<32 - 2, r.next() >> 32} {
			base := hi * rem
			for _, lo := range []uint64{0, 1, 1<<32 - 1, uint64(n) - 1, uint64(n), uint64(n) + 1} {
				candidates := []uint64{lo}
				// lo making x a multiple of n, and one either side.
				if k := (base/uint64(n) + 1) * uint64(n); k > base && k-base < 1<<32 {
					candidates = append(candidates, k-base-1, k-base, k-base+1)
				}
				for _, l := range candidates {
					if l >= 1<<32 {
						continue
					}
					z := hi<<32 | l
					checkVectorDraws(t, unmix(z)-gamma, n, 1)
				}
			}
		}
	}
}

func FuzzVectorDraws(f *testing.F) {
	if vectorDraws == nil {
		f.Skip("no vector kernel on this CPU or target")
	}
	f.Add(uint64(0), uint32(15))
	f.Add(^uint64(0), uint32(maxVectorN))
	f.Fuzz(func(t *testing.T, z uint64, n uint32) {
		if n < 3 || n > maxVectorN {
			return
		}
		checkVectorDraws(t, unmix(z)-gamma, int(n), 8)
	})
}
