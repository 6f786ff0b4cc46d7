//go:build js && wasm

package kernel

import (
	"slices"
	"testing"

	"github.com/benchview/benchview/core/stats"
)

func TestTheModuleLoads(t *testing.T) {
	// Node and every browser benchview supports run WebAssembly; a module
	// that silently failed to load would only show as lost speed.
	if load() == nil {
		t.Fatal("the module did not load: every bootstrap would be drawn in Go")
	}
}

func TestMediansAreTheGoDraws(t *testing.T) {
	// Every size to just past the narrow function's last, sizes around
	// 2^8 and 2^12 in the wide one, and for each a start and stride of
	// each side as a bootstrap makes them and two at random.
	var sizes []int
	for n := 1; n <= 260; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 511, 1000, 4095, 4097)
	if testing.Short() {
		sizes = []int{1, 2, 6, 15, 16, 50, 255, 256, 1000}
	}
	const seed = 0x0000_0C0F_FEE5_EED0 // the bootstrap's
	rng := uint64(17)
	random := func() uint64 { rng = rng*6364136223846793005 + 1442695040888963407; return rng }
	for _, n := range sizes {
		for _, at := range [][2]uint64{
			{seed, uint64(2*n) * gamma},
			{seed + uint64(n)*gamma, uint64(n+7) * gamma},
			{random(), random()},
			{random(), random()},
		} {
			got, want := positions(n), positions(n)
			if !medians(n, at[0], at[1], got[0], got[1]) {
				t.Fatalf("n=%d: the kernel refused", n)
			}
			stats.Medians(n, at[0], at[1], want[0], want[1])
			for side := range 2 {
				if i := firstDifference(got[side], want[side]); i >= 0 {
					t.Fatalf("n=%d, start %#x, stride %#x: resample %d's median positions are %d..%d from the module, %d..%d from the Go draws",
						n, at[0], at[1], i, got[0][i], got[1][i], want[0][i], want[1][i])
				}
			}
		}
	}
}

// positions is a side's lower and upper positions, one slice when n is
// odd, as a bootstrap makes them.
func positions(n int) [2][]uint32 {
	lower := make([]uint32, stats.Resamples)
	if n%2 == 1 {
		return [2][]uint32{lower, lower}
	}
	return [2][]uint32{lower, make([]uint32, stats.Resamples)}
}

func firstDifference(a, b []uint32) int {
	if slices.Equal(a, b) {
		return -1
	}
	i := 0
	for a[i] == b[i] {
		i++
	}
	return i
}

func TestMediansRefusesWhatItCannotTake(t *testing.T) {
	p := positions(maxN + 1)
	if medians(maxN+1, 1, gamma, p[0], p[1]) {
		t.Error("the kernel took a side larger than maxN")
	}
	if medians(0, 1, gamma, p[0], p[1]) {
		t.Error("the kernel took a side of no samples")
	}
	short := make([]uint32, stats.Resamples-1)
	if medians(15, 1, gamma, short, short) {
		t.Error("the kernel took fewer slots than resamples")
	}
}

func TestCompareThroughTheKernelIsCompareInGo(t *testing.T) {
	// The whole comparison, for sides that take each function, installed
	// as the viewer installs it and uninstalled again.
	sides := [][2]int{{6, 7}, {15, 15}, {16, 50}, {200, 255}, {256, 300}}
	var inGo []string
	for _, s := range sides {
		inGo = append(inGo, compare(s))
	}
	Install()
	defer stats.UseKernel(nil)
	for i, s := range sides {
		if got := compare(s); got != inGo[i] {
			t.Errorf("%v: through the kernel\n%s\nin Go\n%s", s, got, inGo[i])
		}
	}
}

func compare(sides [2]int) string {
	series := func(n int, centre uint64, k uint64) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = centre + (uint64(i)*k*2654435761)%(centre/16)
		}
		return s
	}
	return stats.Compare(series(sides[0], 100_000, 3), series(sides[1], 103_000, 5)).JSON("b", "wall", "vm")
}
