package stats

import "math"

// bootstrap is the resampling behind a comparison of nb baseline samples
// with nc current ones: for each of the 10,000 resamples, which sorted
// positions of each side its median is read from.
//
// That depends on the two sizes alone. The reference draws, per resample,
// nb indices into the sorted baseline and then nc into the sorted current
// run, each next() % n from a stream with a fixed seed; so the indices are
// the same whatever the samples are, and because both sides are sorted, a
// resample sorted is its drawn positions in ascending order. Its median is
// therefore the interpolation between two fixed positions. Building a
// bootstrap makes every draw the reference makes, but counts them instead
// of sorting them; using one is a few lookups per resample. Rows of one
// report mostly share their sizes, so one bootstrap serves many rows (see
// Comparer). A bootstrap is never changed once built.
type bootstrap struct {
	base, cur positions
}

// positions says where each resample's median lies in a sorted series.
type positions struct {
	// lower[i] and upper[i] are the sorted positions whose interpolation
	// is resample i's median; the same slice when n is odd.
	lower, upper []uint32
	frac         float64 // the interpolation's weight, the same for every resample
}

// newBootstrap makes every draw of the reference's resampling for sizes nb
// and nc, both at least 1.
func newBootstrap(nb, nc int) *bootstrap {
	r := splitMix64{state: seed}
	b, c := newCounter(nb), newCounter(nc)
	for range resamples {
		b.draw(&r)
		c.draw(&r)
	}
	return &bootstrap{base: b.pos, cur: c.pos}
}

// interval returns the percentile interval on the relative shift between
// the medians of base and cur, which must be ascending and of the sizes the
// bootstrap was built for.
func (bs *bootstrap) interval(base, cur []uint64) (lo, hi float64) {
	vb, vc := floats(base), floats(cur)
	shifts := make([]float64, resamples)
	for i := range shifts {
		mb := interpolate(vb[bs.base.lower[i]], vb[bs.base.upper[i]], bs.base.frac)
		mc := interpolate(vc[bs.cur.lower[i]], vc[bs.cur.upper[i]], bs.cur.frac)
		if mb > 0 {
			shifts[i] = 100 * (mc - mb) / mb
		}
	}
	// The reference computes the tail in float64 at run time; a Go constant
	// expression would be exact and differ in the last bit.
	confidence := Confidence
	tail := (1 - confidence) / 2
	return percentile(shifts, tail), percentile(shifts, 1-tail)
}

// floats converts a series as the reference's `as f64` does.
func floats(s []uint64) []float64 {
	f := make([]float64, len(s))
	for i, v := range s {
		f[i] = float64(v)
	}
	return f
}

// counter draws the resamples of one side and records their medians'
// positions.
type counter struct {
	counts       []uint32 // how often each position was drawn in this resample
	div          divisor  // len(counts)
	lower, upper int      // the order statistics of a median of len(counts)
	pos          positions
}

func newCounter(n int) *counter {
	h := float64(n-1) * 0.5
	lower, upper := int(math.Floor(h)), int(math.Ceil(h))
	pos := positions{lower: make([]uint32, 0, resamples), frac: h - float64(lower)}
	if upper != lower {
		pos.upper = make([]uint32, 0, resamples)
	}
	return &counter{counts: make([]uint32, n), div: newDivisor(uint64(n)), lower: lower, upper: upper, pos: pos}
}

// draw makes one resample's draws from r and records where its median is.
func (c *counter) draw(r *splitMix64) {
	counts := c.counts
	// The generator's state lives in a register for the loop: through the
	// pointer, every count written would force it back to memory.
	state, div := r.state, c.div
	for range counts {
		state += gamma
		counts[div.mod(mix(state))]++
	}
	r.state = state

	// Position k of the sorted resample is in bucket i when the draws up
	// to and including bucket i number more than k.
	i, seen := 0, counts[0]
	for int(seen) <= c.lower {
		i++
		seen += counts[i]
	}
	c.pos.lower = append(c.pos.lower, uint32(i))
	if c.upper != c.lower {
		if int(seen) <= c.upper {
			i++
			for counts[i] == 0 {
				i++
			}
		}
		c.pos.upper = append(c.pos.upper, uint32(i))
	} else {
		c.pos.upper = c.pos.lower
	}
	clear(counts)
}
