//go:build js && wasm && !purego

package stats

import (
	"math"
	"slices"
	"testing"
)

func TestHostKernelLoads(t *testing.T) {
	// Node and every browser benchview supports run WebAssembly; a kernel
	// that silently failed to load would only show as lost speed.
	if loadKernel() == nil {
		t.Fatal("the host kernel did not load: every bootstrap is drawn in Go")
	}
}

func TestHostMediansAreGoMedians(t *testing.T) {
	// Every size to just past the narrow kernel's last, sizes around
	// 2^8 and 2^12 in the wide one, and a start and stride of each side
	// as newBootstrap makes them and at random.
	var sizes []int
	for n := 1; n <= 260; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 511, 1000, 4095, 4097)
	if testing.Short() {
		sizes = []int{1, 2, 6, 15, 16, 50, 255, 256, 1000}
	}
	r := splitMix64{state: 17}
	for _, n := range sizes {
		for _, at := range [][2]uint64{
			{seed, uint64(2*n) * gamma},
			{seed + uint64(n)*gamma, uint64(n+7) * gamma},
			{r.next(), r.next()},
		} {
			h := float64(n-1) * 0.5
			lower, upper := int(math.Floor(h)), int(math.Ceil(h))
			host := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
			want := positions{lower: make([]uint32, resamples), upper: make([]uint32, resamples)}
			if lower == upper { // as medians makes them: one slice
				host.upper, want.upper = host.lower, want.lower
			}
			if !hostMedians(n, at[0], at[1], lower, upper, host) {
				t.Fatalf("n=%d: the host kernel refused", n)
			}
			drawMedians(n, at[0], at[1], lower, upper, want)
			if !slices.Equal(host.lower, want.lower) || !slices.Equal(host.upper, want.upper) {
				i := 0
				for host.lower[i] == want.lower[i] && host.upper[i] == want.upper[i] {
					i++
				}
				t.Fatalf("n=%d, start %#x, stride %#x: resample %d has median positions %d..%d from the kernel, %d..%d in Go",
					n, at[0], at[1], i, host.lower[i], host.upper[i], want.lower[i], want.upper[i])
			}
		}
	}
}

func TestHostMediansRefusesHugeSides(t *testing.T) {
	pos := positions{lower: make([]uint32, resamples)}
	pos.upper = pos.lower
	if hostMedians(maxKernelN+1, seed, gamma, 0, 0, pos) {
		t.Fatal("the host kernel took a side larger than maxKernelN")
	}
}
