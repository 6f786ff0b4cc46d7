package stats

import (
	"encoding/binary"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

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
// of sorting them; using one is a few lookups per resample, or per cell
// of resamples whose medians fall on the same positions (see cells).
// Rows of one report mostly share their sizes, so one bootstrap serves
// many rows (see Comparer). A bootstrap is never changed once built.
type bootstrap struct {
	base, cur positions
	cells     cells
}

// cells are the pairs of slots (one a side, see positions) the resamples
// fall on: 2,190 at 30 samples a side, 5,841 at 200, where there are
// 10,000 resamples. A resample's shift depends on its cell alone, so a
// row computes one shift a cell and weighs it by the resamples on it
// (weightedTails): at 30 samples, 4.6 times fewer divisions, and the
// tails read off fewer values. The cells are in the order of their first
// resample.
type cells struct {
	base, cur []uint16 // cell k is base slot base[k] with current slot cur[k]
	weight    []uint32 // how many resamples fall on cell k; resamples in all
	of        []uint16 // of[i] is resample i's cell, for the geomean (geomeanRow.addTo)
	// sampled[i] is the cell of resample i*resamples/sampleSize: the
	// evenly spaced sample of the resamples that weightedTails draws its
	// thresholds from, as tailsBySample does from a series.
	sampled [sampleSize]uint16
}

// newCells finds the cells of bs's resamples, none when there are more
// than maxCells.
func newCells(bs *bootstrap) cells {
	width := len(bs.cur.slotLower)
	if len(bs.base.slotLower)*width > maxPairs {
		return cells{} // more pairs of slots than the cells could be
	}
	var c cells
	// seen[b*width+s] is one more than the cell of base slot b with
	// current slot s, 0 until a resample falls on it: an array, where a
	// map made a comparison's first row 10-15% slower.
	seen := make([]uint16, len(bs.base.slotLower)*width)
	key := func(i int) int { return int(bs.base.slot[i])*width + int(bs.cur.slot[i]) }
	c.of = make([]uint16, resamples)
	for i := range resamples {
		k := seen[key(i)]
		if k == 0 {
			if len(c.weight) == maxCells {
				return cells{}
			}
			c.base, c.cur = append(c.base, bs.base.slot[i]), append(c.cur, bs.cur.slot[i])
			c.weight = append(c.weight, 0)
			k = uint16(len(c.weight)) // at most maxCells: within uint16
			seen[key(i)] = k
		}
		c.weight[k-1]++
		c.of[i] = k - 1
	}
	for i := range c.sampled {
		c.sampled[i] = c.of[i*resamples/sampleSize]
	}
	return c
}

// maxCells is the most cells a bootstrap's resamples may fall on for
// interval to compute a shift a cell: beyond (400 samples a side and
// more), so few resamples share a cell that weighing them cost more than
// it saved, and interval computes a shift a resample. At 200 samples
// (5,841 cells) the interval took 0.84 of the time under WebAssembly, and
// about the same natively; at 1,000 (8,604), 1.2 times as long.
const maxCells = 7000

// maxPairs is the most pairs of slots, one a side, for which newCells
// looks for cells: 2 MB of them. Sides of some thousand samples each have
// more, and their resamples fall on more than maxCells cells.
const maxPairs = 1 << 20

// positions says where each resample's median lies in a sorted series.
type positions struct {
	// lower[i] and upper[i] are the sorted positions whose interpolation
	// is resample i's median; the same slice when n is odd. They are what
	// the draws write, and slots folds them into slot and drops them.
	lower, upper []uint32
	frac         float64 // the interpolation's weight, the same for every resample
	// The resamples' medians fall on few pairs of positions (110 at 30
	// samples, 284 at 200, some 950 at 5,000): slot[i] is resample i's
	// pair, slotLower[s] and slotUpper[s] the positions of pair s. A
	// series' median for each pair (values) is then a few hundred
	// interpolations, and a resample's median one lookup, the same bits
	// as interpolating at the resample's own positions.
	slot                 []uint16
	slotLower, slotUpper []uint32
}

// slots fills in p's pairs of positions from lower and upper, and drops
// those (slot holds them, at a quarter of the memory).
func (p *positions) slots() {
	seen := make(map[uint64]uint16)
	p.slot = make([]uint16, len(p.lower))
	for i, lo := range p.lower {
		key := uint64(lo)<<32 | uint64(p.upper[i])
		s, ok := seen[key]
		if !ok {
			s = uint16(len(p.slotLower)) // at most resamples pairs: within uint16
			seen[key] = s
			p.slotLower, p.slotUpper = append(p.slotLower, lo), append(p.slotUpper, p.upper[i])
		}
		p.slot[i] = s
	}
	p.lower, p.upper = nil, nil
}

// values returns, for each pair of positions s, the median a resample on
// it has: sorted (ascending, of the size p was built for) interpolated
// between its positions, as interval and the geomean read it.
func (p *positions) values(sorted []float64) []float64 {
	return p.valuesInto(nil, sorted)
}

// valuesInto is values, written into buf when it has room.
func (p *positions) valuesInto(buf, sorted []float64) []float64 {
	v := buf[:0]
	if cap(v) < len(p.slotLower) {
		v = make([]float64, len(p.slotLower))
	}
	v = v[:len(p.slotLower)]
	for s, lo := range p.slotLower {
		v[s] = interpolate(sorted[lo], sorted[p.slotUpper[s]], p.frac)
	}
	return v
}

// logs is logOf of each of values(sorted), computed in one pass into
// buf when it has room: the geomean reads a row's medians only as their
// logarithms.
func (p *positions) logs(buf []int64, sorted []float64) []int64 {
	l := buf[:0]
	if cap(l) < len(p.slotLower) {
		l = make([]int64, len(p.slotLower))
	}
	l = l[:len(p.slotLower)]
	for s, lo := range p.slotLower {
		l[s] = logOf(interpolate(sorted[lo], sorted[p.slotUpper[s]], p.frac))
	}
	return l
}

// newBootstrap makes every draw of the reference's resampling for sizes nb
// and nc, both at least 1.
//
// The reference draws resample i's baseline indices and then its current
// ones from one stream, so resample i's baseline draws start i*(nb+nc)
// draws into it and its current ones nb later. SplitMix64's state only
// ever adds gamma, so any point of the stream is reached in one multiply:
// each side is drawn on its own, in one loop over its resamples.
//
// Each resample's draws are found the same way, so a long side's
// resamples are split over the cores (see drawMedians), and report, when
// not nil, is told of every block of resamples drawn: how many, on
// either side; 2 * resamples in all.
func newBootstrap(nb, nc int, report func(resamples int)) *bootstrap {
	stride := uint64(nb+nc) * gamma
	bs := &bootstrap{
		base: medians(nb, seed, stride, report),
		cur:  medians(nc, seed+uint64(nb)*gamma, stride, report),
	}
	bs.base.slots()
	bs.cur.slots()
	bs.cells = newCells(bs)
	return bs
}

// interval returns the percentile interval on the relative shift between
// the medians of vb and vc, which must be ascending and of the sizes the
// bootstrap was built for, and the two-sided p-value read off the same
// resampled shifts (see pValue).
func (bs *bootstrap) interval(vb, vc []float64) (lo, hi, p float64) {
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	sc.medians[0] = bs.base.valuesInto(sc.medians[0], vb)
	sc.medians[1] = bs.cur.valuesInto(sc.medians[1], vc)
	bm, cm := sc.medians[0], sc.medians[1]
	// The reference computes the tail in float64 at run time; a Go constant
	// expression would be exact and differ in the last bit.
	confidence := Confidence
	tail := (1 - confidence) / 2
	cl := &bs.cells
	if len(cl.weight) == 0 { // more cells than maxCells: a shift a resample
		if cap(sc.shifts) < resamples {
			sc.shifts = make([]float64, resamples)
		}
		shifts := sc.shifts[:resamples]
		var negative, zero uint64
		bSlot, cSlot := bs.base.slot[:len(shifts)], bs.cur.slot[:len(shifts)]
		for i := range shifts {
			shift := shiftOf(bm[bSlot[i]], cm[cSlot[i]])
			shifts[i] = shift
			negative += belowZero(shift)
			zero += atZero(shift)
		}
		lo, hi = tails(shifts, tail, 1-tail)
		return lo, hi, pValue(int(negative+zero), resamples-int(negative))
	}
	if cap(sc.shifts) < len(cl.weight) {
		sc.shifts = make([]float64, maxCells)
	}
	shifts := sc.shifts[:len(cl.weight)] // cell k's shift
	negative, zero := cellShifts(shifts, cl, bm, cm)
	lo, hi = weightedTails(shifts, cl, tail, 1-tail, sc)
	return lo, hi, pValue(int(negative+zero), resamples-int(negative))
}

// cellShifts writes cell k's shift to shifts[k] and returns how many
// resamples, by the cells' weights, shift below zero and at zero. Four
// cells at a time, with the bounds checked once for the four: under
// WebAssembly 0.87 of the time of one at a time (10.5 µs against 12 µs
// for a pair of 30 samples); natively the same.
func cellShifts(shifts []float64, cl *cells, bm, cm []float64) (negative, zero uint64) {
	bSlot, cSlot, weight := cl.base[:len(shifts)], cl.cur[:len(shifts)], cl.weight[:len(shifts)]
	k := 0
	for ; k+4 <= len(shifts); k += 4 {
		b, c, w, s := bSlot[k:k+4:k+4], cSlot[k:k+4:k+4], weight[k:k+4:k+4], shifts[k:k+4:k+4]
		s0 := shiftOf(bm[b[0]], cm[c[0]])
		s1 := shiftOf(bm[b[1]], cm[c[1]])
		s2 := shiftOf(bm[b[2]], cm[c[2]])
		s3 := shiftOf(bm[b[3]], cm[c[3]])
		s[0], s[1], s[2], s[3] = s0, s1, s2, s3
		negative += belowZero(s0)*uint64(w[0]) + belowZero(s1)*uint64(w[1]) +
			belowZero(s2)*uint64(w[2]) + belowZero(s3)*uint64(w[3])
		zero += atZero(s0)*uint64(w[0]) + atZero(s1)*uint64(w[1]) +
			atZero(s2)*uint64(w[2]) + atZero(s3)*uint64(w[3])
	}
	for ; k < len(shifts); k++ {
		shift := shiftOf(bm[bSlot[k]], cm[cSlot[k]])
		shifts[k] = shift
		negative += belowZero(shift) * uint64(weight[k])
		zero += atZero(shift) * uint64(weight[k])
	}
	return negative, zero
}

// scratch is the memory interval computes a row's shifts and tails in,
// kept for the next row (scratches): allocated anew, the 40-60 KB a row
// took an eighth of a comparison natively, in clearing it and in the
// garbage collector's work.
type scratch struct {
	medians [2][]float64     // each side's median on each of its pairs of positions (interval)
	rowLogs [2][]int64       // a row's medians' logarithms, each side's (Comparer.AddFloats)
	kendall [2][]float64     // a side, sorted by merging, and the merge's other half (kendallS)
	shifts  []float64        // a shift a cell, or a resample
	tail    []float64        // the values of the tails' cells (shortTails)
	weight  []uint32         // and their weights
	logs    *[cellSpan]int64 // a row's logarithm of its ratio a cell (geomeanRow.addTo)
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// shiftOf is the relative shift, in percent, of a resample whose medians
// are mb and mc: 0 when mb is not above zero.
func shiftOf(mb, mc float64) float64 {
	var shift float64
	if mb > 0 {
		shift = 100 * (mc - mb) / mb
	}
	return shift
}

// belowZero and atZero are 1 for a shift below zero, and at zero, else 0:
// interval counts with them, for pValue, without a branch, where whether
// a shift is below zero is a coin toss for a row inside the noise, and a
// mispredicted branch a resample cost a tenth of a 10,000-row comparison.
// No shift is -0 or NaN (mb is above zero, and x - x is +0), so the sign
// bit is "below zero".
func belowZero(shift float64) uint64 { return math.Float64bits(shift) >> 63 }

func atZero(shift float64) uint64 {
	magnitude := math.Float64bits(shift) << 1 // zero exactly for +0 and -0
	return 1 ^ (magnitude|-magnitude)>>63     // x | -x has its top bit set unless x is 0
}

// pValue is the two-sided bootstrap p-value of a zero shift, from how
// many of the resampled shifts are at most zero (below) and at least zero
// (above; a shift of exactly zero counts in both): twice the smaller
// share, at most 1. It agrees with the verdict at Confidence: an interval
// that excludes zero has at most 250 of the 10,000 shifts on zero's side
// (the 2.5th percentile interpolates between the 250th and 251st
// smallest), so p <= 0.05; one that contains zero has at least 250 on
// each side, so p >= 0.05. A p of 0 means no resample crossed zero:
// below 1/10,000, not impossible.
func pValue(below, above int) float64 {
	return min(1, 2*float64(min(below, above))/float64(resamples))
}

// Floats is a series of whole nanoseconds as floats, converted as the
// reference's `as f64` does: every statistic of the floats is the
// series' own, bit for bit (OfFloats, CompareFloats, DriftOfFloats...).
func Floats(samples []uint64) []float64 {
	f := make([]float64, len(samples))
	for i, v := range samples {
		f[i] = float64(v)
	}
	return f
}

// floats converts a series as the reference's `as f64` does; a series of
// floats is itself.
func floats[T Sample](s []T) []float64 {
	if f, ok := any(s).([]float64); ok {
		return f
	}
	f := make([]float64, len(s))
	for i, v := range s {
		f[i] = float64(v)
	}
	return f
}

// medians finds where the median of each resample of a side of n lies:
// resample i is the n draws that follow state start + i*stride. report,
// when not nil, is told of the resamples drawn as blocks of them finish.
func medians(n int, start, stride uint64, report func(int)) positions {
	h := float64(n-1) * 0.5
	lower, upper := int(math.Floor(h)), int(math.Ceil(h))
	pos := positions{lower: make([]uint32, resamples), frac: h - float64(lower)}
	pos.upper = pos.lower
	if upper != lower {
		pos.upper = make([]uint32, resamples)
	}
	drawMedians(n, start, stride, lower, upper, pos, report)
	return pos
}

// parallelMin is the smallest side whose resamples drawMedians splits
// over the cores: some 5 ms of draws on one, far more than starting a
// goroutine costs.
const parallelMin = 512

// block is how many resamples drawMedians draws between reports: a
// hundredth of a side, so that a side is reported at most 100 times.
const block = resamples / 100

// drawMedians is medians in Go: it sets pos for a side of n, whose median
// lies between sorted positions lower and upper. A side of parallelMin
// or more is drawn on as many goroutines as GOMAXPROCS, each taking the
// next block of resamples until none is left: resample i's draws start
// at start + i*stride whoever draws them, and each is written to its own
// slots, so the positions are the same bits however the blocks fall.
func drawMedians(n int, start, stride uint64, lower, upper int, pos positions, report func(int)) {
	if n < parallelMin && report == nil {
		drawRange(newDrawer(n), start, stride, lower, upper, pos, 0, resamples)
		return
	}
	var next atomic.Int64 // the first resample of the next block
	work := func() {
		d := newDrawer(n)
		for {
			from := int(next.Add(block)) - block
			if from >= resamples {
				return
			}
			to := min(from+block, resamples)
			drawRange(d, start, stride, lower, upper, pos, from, to)
			if report != nil {
				report(to - from)
			}
		}
	}
	workers := 1
	if n >= parallelMin {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// drawRange sets pos for resamples from up to to.
func drawRange(d *drawer, start, stride uint64, lower, upper int, pos positions, from, to int) {
	switch {
	case d.n <= maxTiny:
		countTiny(d, start, stride, lower, upper, pos, from, to)
	case d.n <= math.MaxUint8:
		countNarrow(d, start, stride, lower, upper, pos, from, to)
	default:
		countWide(d, start, stride, lower, upper, pos, from, to)
	}
}

// drawer makes a resample's draws: the positions next() % n. A drawer
// is used by one goroutine at a time.
type drawer struct {
	n   int
	div divisor

	// The counts of a resample's draws: narrow for n <= 255, a byte each
	// (padded to a multiple of 8), wide above, a word each. Zero between
	// resamples.
	narrow []byte
	wide   []uint32
}

func newDrawer(n int) *drawer {
	d := &drawer{n: n, div: newDivisor(uint64(n))}
	switch {
	case n <= maxTiny:
	case n <= math.MaxUint8:
		d.narrow = make([]byte, (n+7)&^7)
	default:
		d.wide = make([]uint32, n)
	}
	return d
}

// count adds one to counts[j] for each of the n draws j that follow state.
func count[T uint8 | uint32](d *drawer, state uint64, counts []T) {
	// Counting as it draws, rather than storing the draws first: under
	// WebAssembly the round trip costs a fifth of the time.
	div := d.div
	for range d.n {
		state += gamma
		counts[div.mod(mix(state))]++
	}
}

// maxTiny is the largest n whose counts countTiny keeps in one register.
const maxTiny = 15

// countTiny is medians for n <= maxTiny, counting in a register: a count
// of at most n needs four bits, so the 16 counts fit one word, a nibble
// each, and so do their running sums, which never exceed n. Multiplying
// by 0x1111...1 turns the counts into those sums, and position k of the
// sorted resample is how many sums are at most k (the sums only grow, and
// the 16th is n > k).
func countTiny(d *drawer, start, stride uint64, lower, upper int, pos positions, from, to int) {
	var batch [256]uint64 // counts of the resamples from i on
	for i := from; i < to; i += len(batch) {
		counts := batch[:min(len(batch), to-i)]
		tinyCounts(d, start+uint64(i)*stride, stride, counts)
		for k, c := range counts {
			sums := c * 0x1111_1111_1111_1111
			pos.lower[i+k] = uint32(16 - above(sums, lower))
			pos.upper[i+k] = uint32(16 - above(sums, upper))
		}
	}
}

// tinyCounts sets out[i] to the counts of the resample after state start +
// i*stride, four bits a position.
func tinyCounts(d *drawer, start, stride uint64, out []uint64) {
	div := d.div
	for i := range out {
		var counts uint64
		state := start + uint64(i)*stride
		for range d.n {
			state += gamma
			counts += 1 << (4 * (div.mod(mix(state)) & 15))
		}
		out[i] = counts
	}
}

// above is how many of the 16 nibbles of x exceed k, which is below 15.
// Spread over bytes, a nibble plus 0x80-(k+1) carries into its byte's top
// bit exactly when the nibble exceeds k, and never into the next byte.
func above(x uint64, k int) int {
	const nibbles, tops = 0x0F0F_0F0F_0F0F_0F0F, 0x8080_8080_8080_8080
	add := uint64(0x80-(k+1)) * 0x0101_0101_0101_0101
	return bits.OnesCount64((x&nibbles+add)&tops) + bits.OnesCount64(((x>>4)&nibbles+add)&tops)
}

// countNarrow is medians for n <= 255, one byte a count: no count exceeds
// n, so neither does any sum of them, and multiplying a word of eight
// counts by 0x0101...01 leaves their sum in its top byte; the walk to the
// median adds eight positions at a time.
func countNarrow(d *drawer, start, stride uint64, lower, upper int, pos positions, from, to int) {
	counts := d.narrow
	for r := from; r < to; r++ {
		count(d, start+uint64(r)*stride, counts)
		at, word, before := sortedAt(counts, lower, 0, 0)
		pos.lower[r] = uint32(at)
		if upper != lower {
			at, _, _ = sortedAt(counts, upper, word, before)
			pos.upper[r] = uint32(at)
		}
		clear(counts)
	}
}

// sortedAt is the position at k of the sorted resample whose byte counts
// are counts: the first position whose running total of draws exceeds k.
// Eight positions at a time: multiplying a word of counts by 0x0101...01
// turns each byte into the running total up to it within the word (none
// overflows: the totals never exceed n <= 255), and its top byte is the
// word's total. In the word where the total passes k, the position is how
// many of those running totals are still at most k.
//
// The search starts at byte i, a multiple of eight, with seen draws at the
// positions before it: 0, 0 for a whole resample. It also returns where it
// stopped, word and before, so that the search for a larger k goes on
// from there.
func sortedAt(counts []byte, k, i, seen int) (pos, word, before int) {
	const ones, tops = 0x0101_0101_0101_0101, 0x8080_8080_8080_8080
	for {
		sums := binary.LittleEndian.Uint64(counts[i:]) * ones
		if total := int(sums >> 56); seen+total <= k {
			seen += total
			i += 8
			continue
		}
		if t := uint64(k - seen); t < 0x80 && sums&tops == 0 {
			// A byte b below 0x80 has b | 0x80 - (t+1) >= 0x80 exactly
			// when b > t, without borrowing from its neighbour.
			above := bits.OnesCount64(((sums | tops) - (t+1)*ones) & tops)
			return i + 8 - above, i, seen
		}
		for j := 0; ; j++ {
			if int(sums>>(8*j)&0xFF) > k-seen {
				return i + j, i, seen
			}
		}
	}
}

// countWide is countNarrow for n > 255, a word a count.
func countWide(d *drawer, start, stride uint64, lower, upper int, pos positions, from, to int) {
	counts := d.wide
	for r := from; r < to; r++ {
		count(d, start+uint64(r)*stride, counts)
		seen, i := int(counts[0]), 0
		for seen <= lower {
			i++
			seen += int(counts[i])
		}
		pos.lower[r] = uint32(i)
		if seen <= upper {
			for i++; counts[i] == 0; i++ {
			}
		}
		pos.upper[r] = uint32(i)
		clear(counts)
	}
}
