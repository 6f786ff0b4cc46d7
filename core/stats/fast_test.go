package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sameFloat is whether a and b are the same bits, or both NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
}

// oracleSide is n samples in one of several shapes, as floats: noise
// with a trend of up to ±10% over the run (so that some sides are
// flagged), a few distinct values (ties) with and without a trend, a
// steep ramp, a Pareto tail, a constant run, and, when special, a float
// run with zeros, a negative zero, an infinity or a NaN in it. whole
// rounds every sample to a whole number.
func oracleSide(r *rand.Rand, n int, whole, special bool) []float64 {
	s := make([]float64, n)
	slope := 0.2 * (r.Float64() - 0.5) / float64(n)
	shape := r.IntN(6)
	for i := range s {
		trend := 1 + slope*float64(i)
		switch shape {
		case 0:
			s[i] = 1e6 * trend * math.Exp(0.05*r.NormFloat64())
		case 1:
			s[i] = float64(100 + r.IntN(4))
		case 2:
			s[i] = float64(100+r.IntN(3)) * trend * 50
		case 3:
			s[i] = 1e3 * float64(i) * (1 + 0.01*r.Float64())
		case 4:
			s[i] = 1e5 * trend / math.Pow(r.Float64()+1e-12, 1/1.5)
		default:
			s[i] = 777
		}
		if whole {
			s[i] = math.Round(s[i])
		}
	}
	if special {
		for range 1 + r.IntN(3) {
			s[r.IntN(n)] = []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN()}[r.IntN(4)]
		}
	}
	return s
}

// oracleSize is a side's size between 6 and 1,000: every size to 40,
// then sizes spread up to 1,000.
func oracleSize(r *rand.Rand, i int) int {
	if i < 2*35 {
		return 6 + i%35
	}
	return 6 + r.IntN(995)
}

func TestDriftIsTheSameBitsAsThePairwiseCode(t *testing.T) {
	r := rng(41)
	cases := reps(3000)
	sized := 0
	for i := range cases {
		n := oracleSize(r, i)
		var got, want Drift
		var kind string
		switch i % 3 {
		case 0:
			f := oracleSide(r, n, true, false)
			u := make([]uint64, n)
			for k, v := range f {
				u[k] = uint64(v)
			}
			got, want, kind = DriftOf(u), oldDriftOf(u), "uint64"
		case 1:
			f := oracleSide(r, n, false, false)
			got, want, kind = DriftOfFloats(f), oldDriftOf(f), "float64"
		default:
			f := oracleSide(r, n, false, r.IntN(2) == 0)
			got, want, kind = DriftOfFloats(f), oldDriftOf(f), "float64 with specials"
		}
		if !sameFloat(got.P, want.P) || got.Drifted != want.Drifted {
			t.Fatalf("case %d (%s, n=%d): %+v, the pairwise code %+v", i, kind, n, got, want)
		}
		// The size is the old one's wherever p can flag, else NaN.
		if want.P < DriftAlpha {
			sized++
			if !sameFloat(got.Pct, want.Pct) {
				t.Fatalf("case %d (%s, n=%d): Pct %v, the pairwise code %v", i, kind, n, got.Pct, want.Pct)
			}
		} else if !math.IsNaN(got.Pct) {
			t.Fatalf("case %d (%s, n=%d): p %v, Pct %v, want NaN", i, kind, n, got.P, got.Pct)
		}
	}
	t.Logf("%d cases, %d with p below DriftAlpha", cases, sized)
	if sized < cases/5 || sized > cases*4/5 {
		t.Errorf("%d of %d cases with p below DriftAlpha: the cases do not test both paths", sized, cases)
	}
}

func TestKendallSIsThePairwiseCount(t *testing.T) {
	r := rng(42)
	for i := range reps(2000) {
		n := 1 + r.IntN(260)
		x := oracleSide(r, n, r.IntN(2) == 0, false)
		if i%7 == 0 { // no NaN here: a NaN takes the pairwise count
			x[r.IntN(n)] = math.Copysign(0, -1)
			x[r.IntN(n)] = math.Inf(-1 + 2*r.IntN(2))
		}
		s, sorted := kendallS(x)
		if want := kendallPairs(x); s != want {
			t.Fatalf("case %d (n=%d): S %d, pairwise %d", i, n, s, want)
		}
		for k := 1; k < n; k++ {
			if sorted[k] < sorted[k-1] {
				t.Fatalf("case %d (n=%d): not sorted at %d", i, n, k)
			}
		}
	}
}
