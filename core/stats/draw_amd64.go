//go:build !purego

package stats

// drawAVX512 sets out[j] = mix(state + (j+1)*gamma) % n for every j below
// len(out), which must be a multiple of eight: the next len(out) draws of
// the stream, reduced. r must be 2^32 % n and inv 1/n, and n in
// [3, maxVectorN]. It needs AVX-512 F and DQ.
//
// Each lane splits z into halves, z = h*2^32 + l, so that z is congruent
// mod n to x = h*(2^32 % n) + l, which is below 2^32*n <= 2^53: a float64
// holds it exactly. x * (1/n) in floating point is within 2^-19 of x/n
// (two roundings of 2^-53 each, and x/n < 2^32), so rounded to the nearest
// integer it is the quotient or one more; x - q*n in one fused
// multiply-add is exact, and is the remainder or the remainder less n.
//
//go:noescape
func drawAVX512(state, n, r uint64, inv float64, out []uint32)

func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

// maxVectorN is the largest n drawAVX512 reduces exactly: x above stays
// below 2^53.
const maxVectorN = 1 << 21

// hasAVX512 reports whether this CPU has AVX-512 F and DQ and the system
// saves their registers.
func hasAVX512() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(1<<27) == 0 { // OSXSAVE: xgetbv may be asked
		return false
	}
	// The XMM, YMM, opmask and both upper ZMM states.
	if xcr0, _ := xgetbv(); xcr0&0xe6 != 0xe6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx512f, avx512dq = 1 << 16, 1 << 17
	return ebx7&avx512f != 0 && ebx7&avx512dq != 0
}

// vectorDraws is drawAVX512 where the CPU runs it, nil elsewhere.
var vectorDraws = func() func(state, n, r uint64, inv float64, out []uint32) {
	if hasAVX512() {
		return drawAVX512
	}
	return nil
}()
