package stats

import "math"

// series is a deterministic series with a known centre and spread: n
// samples uniform on centre ± spreadPct%, drawn from SplitMix64 at seed.
// It is the reference's test helper, so the tests below ask the same
// questions of the same data. Synthetic on purpose: the question is
// whether the estimator recovers an answer known in advance, which a real
// timing series cannot supply, and a machine under load cannot change.
func series(centre, spreadPct float64, n int, seed uint64) []uint64 {
	r := splitMix64{state: seed}
	out := make([]uint64, n)
	for i := range out {
		unit := float64(r.next()>>11) / float64(uint64(1)<<53)
		jitter := (float64(unit*2) - 1) * spreadPct / 100
		out[i] = uint64(math.Round(centre * (1 + jitter)))
	}
	return out
}
