package stats

import (
	"math"
	"math/rand/v2"
	"runtime"
)

// The simulation tests draw timing-like series from the distributions
// below, each with a known median, from generators with fixed seeds: the
// same draws on every run, so a figure in a doc comment is what the test
// reaches, and a change that moves it fails the test rather than a run
// in three.

// timing is a distribution of wall times with median 1: a sample is
// median * draw(r).
type timing struct {
	name string
	draw func(r *rand.Rand) float64
}

// timings are skewed and heavy-tailed, as real timings are.
var timings = []timing{
	// Multiplicative noise: the usual shape of a timing.
	{"lognormal σ=0.05", func(r *rand.Rand) float64 { return math.Exp(0.05 * r.NormFloat64()) }},
	// Strongly skewed.
	{"lognormal σ=0.5", func(r *rand.Rand) float64 { return math.Exp(0.5 * r.NormFloat64()) }},
	// A floor with a Pareto tail of index 1.5: infinite variance, and a
	// sample ten times the median about once in 60.
	{"Pareto α=1.5", func(r *rand.Rand) float64 {
		const floor = 0.9
		// Median of floor * U^(-1/α) is floor * 2^(1/α).
		return floor * math.Pow(1-r.Float64(), -1/1.5) / (floor * math.Pow(2, 1/1.5))
	}},
	// Mostly tight, one sample in eight from a slow mode (a GC pause, a
	// cache miss storm) at 1.6 to 3 times the median.
	{"mixture", func(r *rand.Rand) float64 {
		if r.IntN(8) == 0 {
			return 1.6 + 1.4*r.Float64()
		}
		return 0.97 + 0.05*r.Float64()
	}},
}

// series returns n samples of d at median times (1 + trend*i/(n-1)) for
// sample i: trend is the change over the run, as a fraction.
func (d timing) series(r *rand.Rand, n int, median, trend float64) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		level := median
		if n > 1 {
			level *= 1 + trend*float64(i)/float64(n-1)
		}
		out[i] = uint64(math.Round(level * d.draw(r)))
	}
	return out
}

// rng is a generator with a fixed seed, one per test.
func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// reps scales a simulation's repetitions: a quarter of them under the
// race detector or in WebAssembly, which make the statistics some ten
// times slower and check nothing more by repeating them.
func reps(n int) int {
	if raceEnabled || runtime.GOARCH == "wasm" {
		return max(1, n/4)
	}
	return n
}
