package stats

import (
	"slices"
	"testing"
)

func TestSortNetworkSorts(t *testing.T) {
	// Random bytes, few distinct values, already sorted and reversed, for
	// every n: the network must leave any 64 bytes sorted, with the pad
	// (0xFF) in the lanes at n and above.
	r := splitMix64{state: 8}
	for n := 1; n <= maxSorted; n++ {
		net := newSortNetwork(n)
		for trial := range 40 {
			var b [64]byte
			for i := range b {
				switch trial % 4 {
				case 0:
					b[i] = byte(r.next() % uint64(n))
				case 1:
					b[i] = byte(r.next() % 3)
				case 2:
					b[i] = byte(i % n)
				default:
					b[i] = byte(63 - i%n)
				}
			}
			want := b
			for i := n; i < 64; i++ {
				want[i] = 0xFF
			}
			slices.Sort(want[:])
			got := b
			net.sort(&got)
			if got != want {
				t.Fatalf("n=%d: the network sorts %v into %v", n, b, got)
			}
		}
	}
}

func TestVectorSortedMediansAreTheCountedOnes(t *testing.T) {
	if vectorSortedMedians == nil {
		t.Skip("no AVX-512 VBMI on this CPU or target: the sides are counted")
	}
	r := splitMix64{state: 21}
	for n := maxTiny + 1; n <= maxSorted; n++ {
		lower, upper := (n-1)/2, n/2
		for _, at := range [][2]uint64{
			{seed, uint64(2*n) * gamma},
			{seed + uint64(n)*gamma, uint64(n+9) * gamma},
			{r.next(), r.next()},
		} {
			got := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
			want := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
			vectorSortedMedians(at[0], at[1], uint64(n), (1<<32)%uint64(n), 1/float64(n), newSortNetwork(n), uint64(lower), uint64(upper), got.lower, got.upper)
			countNarrow(&drawer{n: n, div: newDivisor(uint64(n))}, at[0], at[1], lower, upper, want)
			if lower == upper {
				copy(want.upper, want.lower) // countNarrow leaves upper to a shared slice
			}
			for i := range resamples {
				if got.lower[i] != want.lower[i] || got.upper[i] != want.upper[i] {
					t.Fatalf("n=%d, start %#x, stride %#x: resample %d's median positions are %d..%d sorted in a register, %d..%d counted",
						n, at[0], at[1], i, got.lower[i], got.upper[i], want.lower[i], want.upper[i])
				}
			}
		}
	}
}
