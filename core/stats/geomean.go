package stats

import (
	"cmp"
	"errors"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"
)

// GeomeanRow is one row's two series, for GeomeanOf.
type GeomeanRow struct {
	Baseline, Current []uint64
}

// FloatRow is one row's two series of a metric in its unit, for
// Comparer.GeomeanFloats.
type FloatRow struct {
	Baseline, Current []float64
}

// Geomean is a suite's overall shift: the geometric mean, over the rows
// compared, of each row's current median over its baseline median, as a
// percentage shift, with a bootstrap interval.
type Geomean struct {
	// Delta is the geometric mean ratio less one, in percent; positive is
	// slower. NaN when no row is covered.
	Delta float64
	// Lo and Hi bound Delta at Confidence, in percent; NaN when the
	// verdict is Underpowered (no row covered).
	Lo, Hi  float64
	Verdict Verdict
	// Rows is how many rows it covers: those with at least MinSamples
	// samples a side, every one of them above zero (a ratio of medians
	// needs medians above zero, resampled ones included).
	Rows int
}

// GeomeanOf is the suite's overall shift over rows. The interval is a
// percentile bootstrap that resamples every row's samples as Compare
// does, with the same stream: resample b of the suite takes, for each
// row, its medians from one resample of that row's own bootstrap, and
// the geometric mean of the ratios over the rows. Rows of the same sizes
// would share their resamples' positions, which would move their medians
// together and widen the interval for no reason, so row r (counting the
// covered rows) takes resample (b + 7919r) mod 10,000: distinct for up
// to 10,000 rows of one size, and independent, since the resamples of a
// bootstrap are drawn one after another from the stream. With one row,
// the interval is that row's own (on the ratio's logarithm, so to
// rounding).
//
// Its cost is 10,000 lookups a row, split over the cores: 10,000 rows
// of 30 samples a side take about 0.4 s of one core natively and 1.0-1.1
// s under Node (CPU time, medians of interleaved runs on a loaded
// machine, once the rows' comparisons have built the plans; 0.9 s and
// 2.6 s before the resamples were taken in tiles; a median looked up by
// its pair of positions rather than interpolated, positions.values,
// then took some 0.8 of that), and 100 rows of 200
// about 6 ms and 20-30 ms (12 ms and 40 ms before). A page should
// compute it off its main thread, and can split it over several
// workers with GeomeanPart and JoinGeomean. Fewer resamples were
// tried: at 2,000 the interval of a 100-row suite moved by 0.08 of a
// standard error and its verdict flipped, so a suite's interval keeps
// the rows' 10,000.
//
// Coverage, by simulation with a fixed seed (geomean_test.go): over 200
// suites of 20 rows of 20 to 40 samples a side, drawn from lognormal,
// Pareto-tailed and two-mode distributions, each row with its own true
// shift between -5% and +8%, the 95% interval held the true geometric
// mean shift in 194 (97.0%).
func GeomeanOf(rows []GeomeanRow) Geomean {
	var c Comparer
	return c.Geomean(rows)
}

// rowStride spreads the rows over the resamples (see GeomeanOf); it is
// prime, so coprime with resamples.
const rowStride = 7919

// Geomean is GeomeanOf(rows), reusing what earlier comparisons of the same
// sizes built.
func (c *Comparer) Geomean(rows []GeomeanRow) Geomean {
	var covered []geomeanRow
	for _, r := range rows {
		covered = cover(covered, r.Baseline, r.Current)
	}
	return c.geomean(covered)
}

// GeomeanFloats is Geomean for rows of one metric in its unit, every
// sample finite and not negative. Its Delta is the metric's own mean
// shift, and its verdict reads it as a time: for a metric better higher,
// turn it with HigherIsBetter. A suite of metrics in different units has
// no one geomean; give each unit its own.
func (c *Comparer) GeomeanFloats(rows []FloatRow) Geomean {
	var covered []geomeanRow
	for _, r := range rows {
		covered = cover(covered, r.Baseline, r.Current)
	}
	return c.geomean(covered)
}

// GeomeanPart is what a share of GeomeanOf's work gives: the products,
// over the suite's covered rows, of their ratios of medians in a
// contiguous range of the suite's resamples, From up to To. A page can
// compute the parts of one suite on several workers, each its own
// range, and JoinGeomean them into the Geomean that Comparer.Geomean
// gives, bit for bit, however the resamples are split.
//
// Its fields are plain numbers, to be copied between workers as they
// are (every float64 bit for bit): a part's figures mean nothing alone.
type GeomeanPart struct {
	// From and To are the resamples it holds, From <= b < To, within
	// 0..Resamples.
	From, To int
	// Rows is how many rows the suite covers, as Geomean.Rows.
	Rows int
	// Mantissa[b-From] * 2^Exponent[b-From] is resample b's product of
	// the covered rows' ratios.
	Mantissa []float64
	Exponent []int
	// PointMantissa * 2^PointExponent is the product of the covered
	// rows' ratios of their own medians, the same in every part.
	PointMantissa float64
	PointExponent int
}

// GeomeanPart is resamples from up to to of Geomean(rows): the rows
// given in the same order to every part of one suite, and 0 <= from <=
// to <= Resamples. It reuses and builds plans as Geomean does. Parts are
// independent: each may be computed on its own Comparer, and a part
// covering 0..Resamples is the whole suite.
func (c *Comparer) GeomeanPart(rows []GeomeanRow, from, to int) (GeomeanPart, error) {
	var covered []geomeanRow
	for k, r := range rows {
		covered = cover(covered, r.Baseline, r.Current)
		pauseAt(c.Pause, k)
	}
	return c.suite(covered).Part(from, to)
}

// GeomeanFloatsPart is GeomeanPart for rows of one metric in its unit,
// as GeomeanFloats; JoinGeomean joins its parts alike.
func (c *Comparer) GeomeanFloatsPart(rows []FloatRow, from, to int) (GeomeanPart, error) {
	return c.GeomeanFloatsSuite(rows).Part(from, to)
}

// GeomeanSuite is a suite taken in once for the parts of its geomean:
// its covered rows, each with its plan and its resamples' medians, and
// their point estimate. Taking the rows in is much of a part's work (at
// ten thousand rows, as long as a fifth of the resamples), so a worker
// that computes several parts of one suite takes them in once.
type GeomeanSuite struct {
	c       *Comparer
	covered []geomeanRow
	point   product
}

// GeomeanFloatsSuite takes rows in for the parts of their geomean
// (GeomeanSuite.Part), as GeomeanFloatsPart does for one.
func (c *Comparer) GeomeanFloatsSuite(rows []FloatRow) *GeomeanSuite {
	var covered []geomeanRow
	for k, r := range rows {
		covered = cover(covered, r.Baseline, r.Current)
		pauseAt(c.Pause, k)
	}
	return c.suite(covered)
}

// Part is resamples from up to to of the suite's geomean:
// GeomeanFloatsPart of its rows, bit for bit. Parts of one suite may be
// computed one after another, not at once.
func (s *GeomeanSuite) Part(from, to int) (GeomeanPart, error) {
	if from < 0 || from > to || to > resamples {
		return GeomeanPart{}, errors.New("stats: geomean part " + span(from, to) + " is not within " + span(0, resamples))
	}
	part := GeomeanPart{From: from, To: to, Rows: len(s.covered), PointMantissa: 1}
	if len(s.covered) == 0 {
		return part, nil
	}
	products := make([]product, to-from)
	multiply(s.covered, from, to, products, s.c.Pause)
	part.PointMantissa, part.PointExponent = s.point.mantissa, s.point.exponent
	part.Mantissa, part.Exponent = make([]float64, len(products)), make([]int, len(products))
	for i, p := range products {
		part.Mantissa[i], part.Exponent[i] = p.mantissa, p.exponent
	}
	return part, nil
}

// pauseAt calls pause, when not nil, after every pauseRows rows: k is
// the row just done.
func pauseAt(pause func(), k int) {
	if pause != nil && k%pauseRows == pauseRows-1 {
		pause()
	}
}

// pauseRows is how many rows a suite takes in, or prepares, between two
// calls of Comparer.Pause: a few milliseconds' work under WebAssembly.
const pauseRows = 1000

// suite is the GeomeanSuite of the rows covered: prepared, with their
// point estimate.
func (c *Comparer) suite(covered []geomeanRow) *GeomeanSuite {
	s := &GeomeanSuite{c: c, covered: covered, point: product{mantissa: 1}}
	if len(covered) > 0 {
		s.point = c.prepare(covered, c.Pause)
	}
	return s
}

// JoinGeomean is the Geomean of a suite whose parts (GeomeanPart or
// GeomeanFloatsPart, in any order) cover its resamples 0..Resamples once
// each: bit for bit what Comparer.Geomean (or GeomeanFloats) gives for
// the same rows. It is an error for the parts to leave a gap, overlap,
// or disagree on the suite (its rows or its point estimate).
func JoinGeomean(parts []GeomeanPart) (Geomean, error) {
	if len(parts) == 0 {
		return Geomean{}, errors.New("stats: no geomean parts to join")
	}
	sorted := slices.Clone(parts)
	slices.SortFunc(sorted, func(a, b GeomeanPart) int { return cmp.Compare(a.From, b.From) })
	first := sorted[0]
	products := make([]product, 0, resamples)
	for _, p := range sorted {
		switch {
		case p.Rows != first.Rows || math.Float64bits(p.PointMantissa) != math.Float64bits(first.PointMantissa) || p.PointExponent != first.PointExponent:
			return Geomean{}, errors.New("stats: geomean parts " + span(first.From, first.To) + " and " + span(p.From, p.To) + " are of different suites")
		case p.From != len(products) || p.To < p.From || p.To > resamples:
			return Geomean{}, errors.New("stats: geomean part " + span(p.From, p.To) + " does not follow resample " + strconv.Itoa(len(products)))
		case p.Rows == 0:
			products = products[:p.To]
		case len(p.Mantissa) != p.To-p.From || len(p.Exponent) != p.To-p.From:
			return Geomean{}, errors.New("stats: geomean part " + span(p.From, p.To) + " holds " + strconv.Itoa(len(p.Mantissa)) + " mantissas and " + strconv.Itoa(len(p.Exponent)) + " exponents")
		default:
			for i, m := range p.Mantissa {
				products = append(products, product{mantissa: m, exponent: p.Exponent[i]})
			}
		}
	}
	if len(products) != resamples {
		return Geomean{}, errors.New("stats: geomean parts end at resample " + strconv.Itoa(len(products)) + " of " + strconv.Itoa(resamples))
	}
	return finish(first.Rows, product{mantissa: first.PointMantissa, exponent: first.PointExponent}, products), nil
}

// HigherIsBetter is g for a metric better when higher: Regression and
// Improvement swap, the figures stay (see Comparison.HigherIsBetter).
func (g Geomean) HigherIsBetter() Geomean {
	g.Verdict = g.Verdict.turned()
	return g
}

// cover adds a row to covered when GeomeanOf covers it: at least
// MinSamples samples a side, every one above zero.
func cover[T Sample](covered []geomeanRow, baseline, current []T) []geomeanRow {
	if len(baseline) < MinSamples || len(current) < MinSamples {
		return covered
	}
	base, cur := sortedCopy(baseline), sortedCopy(current)
	if !(base[0] > 0) || !(cur[0] > 0) {
		return covered
	}
	return append(covered, geomeanRow{base: floats(base), cur: floats(cur), offset: len(covered) * rowStride % resamples})
}

// geomean is the suite's shift over the rows covered.
func (c *Comparer) geomean(covered []geomeanRow) Geomean {
	if len(covered) == 0 {
		return finish(0, product{}, nil)
	}
	point := c.prepare(covered, nil)
	// One product a resample. Each resample's product is its own, so the
	// resamples are split over the cores, in contiguous ranges, with the
	// same bits however they are split.
	products := make([]product, resamples)
	workers := 1
	if len(covered) >= 64 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for w := range workers {
		from, to := w*resamples/workers, (w+1)*resamples/workers
		wg.Go(func() { multiply(covered, from, to, products[from:to], nil) })
	}
	wg.Wait()
	return finish(len(covered), point, products)
}

// prepare sorts covered by size, so that each size's bootstrap is built
// once even when there are more sizes than a Comparer keeps, gives each
// row its bootstrap, and returns the product of the rows' ratios of
// medians, the point estimate's.
func (c *Comparer) prepare(covered []geomeanRow, pause func()) product {
	slices.SortStableFunc(covered, func(a, b geomeanRow) int {
		if d := len(a.base) - len(b.base); d != 0 {
			return d
		}
		return len(a.cur) - len(b.cur)
	})
	point := product{mantissa: 1}
	for k := range covered {
		r := &covered[k]
		if k == 0 || len(r.base) != len(covered[k-1].base) || len(r.cur) != len(covered[k-1].cur) {
			r.bs = c.bootstrap(len(r.base), len(r.cur))
		} else {
			r.bs = covered[k-1].bs
		}
		r.shortcuts()
		r.baseMedians, r.curMedians = r.bs.base.values(r.base), r.bs.cur.values(r.cur)
		point.times(floatMedian(r.cur) / floatMedian(r.base))
		pauseAt(pause, k)
	}
	return point
}

// finish is the Geomean of rows covered rows, whose ratios of medians
// multiply to point and, in resample b, to products[b].
func finish(rows int, point product, products []product) Geomean {
	g := Geomean{Delta: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Verdict: Underpowered, Rows: rows}
	if rows == 0 {
		return g
	}
	rowCount := float64(rows)
	logs := make([]float64, resamples)
	for b := range logs {
		logs[b] = products[b].log() / rowCount
	}
	confidence := Confidence
	tail := (1 - confidence) / 2
	g.Delta = 100 * math.Expm1(point.log()/rowCount)
	g.Lo = 100 * math.Expm1(percentile(logs, tail))
	g.Hi = 100 * math.Expm1(percentile(logs, 1-tail))
	g.Verdict = verdictOf(g.Lo, g.Hi)
	return g
}

// tile is how many resamples multiply takes through every row at a
// time: their products and the rows' positions for them stay in the
// first-level cache, where a pass of one row over all 10,000 resamples
// went out to the second level for both.
const tile = 256

// multiply sets products[b-from], for b from up to to, to the product of
// every covered row's ratio of medians in the suite's resample b, the
// rows multiplied in order, as one product a resample from 1.
//
// A narrow row's ratios are multiplied in without a check, and the
// products renormalized (as product.times does) once every
// maxUnchecked narrow rows and before every other row: a product kept
// within 2^±512 and multiplied by up to seven ratios within 2^±63 stays
// within 2^±953, normal floats, where scaling by a power of two is
// exact and rounding is relative, so the products carry the same values
// as when each multiplication is checked, and their logarithms (the
// mantissa and the exponent re-split by Frexp) have the same bits.
func multiply(covered []geomeanRow, from, to int, products []product, pause func()) {
	for i := range products {
		products[i] = product{mantissa: 1}
	}
	for t := from; t < to; t += tile {
		end := min(t+tile, to)
		tiled := products[t-from : end-from]
		unchecked := 0 // narrow rows multiplied in since the last renormalization
		for k := range covered {
			r := &covered[k]
			if !r.narrow || unchecked == maxUnchecked {
				renormalize(tiled)
				unchecked = 0
			}
			r.resample(tiled, t, end)
			if r.narrow {
				unchecked++
			}
		}
		renormalize(tiled)
		if pause != nil && end < to {
			pause()
		}
	}
}

// maxUnchecked is how many narrow rows multiply multiplies into a
// product between two renormalizations.
const maxUnchecked = 7

// renormalize renormalizes every product as product.times does.
func renormalize(products []product) {
	for i := range products {
		p := &products[i]
		if p.mantissa > 0x1p512 || p.mantissa < 0x1p-512 {
			m, e := math.Frexp(p.mantissa)
			p.mantissa, p.exponent = m, p.exponent+e
		}
	}
}

// geomeanRow is a row GeomeanOf covers.
type geomeanRow struct {
	base, cur []float64 // sorted
	offset    int       // resample b of the suite is resample b+offset of the row
	bs        *bootstrap
	// baseMedians and curMedians are each side's median on each of its
	// pairs of positions (positions.values): a resample's is one lookup.
	baseMedians, curMedians []float64
	// narrow says that every ratio of the row's medians is within 2^±63,
	// so product.times would not split it (see multiply).
	narrow bool
}

// shortcuts sets what resample may skip for the row, only where skipping
// it gives the same bits.
func (r *geomeanRow) shortcuts() {
	bMin, bMax := r.base[0], r.base[len(r.base)-1]
	cMin, cMax := r.cur[0], r.cur[len(r.cur)-1]
	finite := bMax <= math.MaxFloat64 && cMax <= math.MaxFloat64
	// A resampled median lies between its side's least and greatest
	// sample, and rounding is monotonic, so every ratio lies between
	// cMin/bMax and cMax/bMin; the bounds keep a factor of 2 from
	// times's 2^±64, and normal samples keep every rounding relative.
	r.narrow = finite && bMin >= 0x1p-1000 && cMin >= 0x1p-1000 && cMax/bMin < 0x1p63 && cMin/bMax > 0x1p-63
}

// resample multiplies products[b-from], for b from up to to, by the
// row's ratio of medians in its resample b+offset (mod resamples): with
// product.times, or for a narrow row, unchecked (see multiply).
func (r *geomeanRow) resample(products []product, from, to int) {
	bs := r.bs
	bm, cm := r.baseMedians, r.curMedians
	for b := from; b < to; {
		j := b + r.offset
		if j >= resamples {
			j -= resamples
		}
		n := min(to-b, resamples-j) // j wraps to 0 after that many
		p := products[b-from : b-from+n]
		bSlot, cSlot := bs.base.slot[j:j+len(p)], bs.cur.slot[j:j+len(p)]
		if r.narrow {
			for i := range p {
				p[i].mantissa *= cm[cSlot[i]] / bm[bSlot[i]]
			}
		} else {
			for i := range p {
				p[i].times(cm[cSlot[i]] / bm[bSlot[i]])
			}
		}
		b += n
	}
}

// floatMedian is the median of an ascending series, which is not empty,
// as Quantile computes it.
func floatMedian(sorted []float64) float64 {
	h := float64(len(sorted)-1) * 0.5
	lower := int(math.Floor(h))
	return interpolate(sorted[lower], sorted[int(math.Ceil(h))], h-float64(lower))
}

// product is a running product of positive ratios as mantissa *
// 2^exponent, renormalized before it could overflow or underflow.
type product struct {
	mantissa float64
	exponent int
}

// times multiplies p by x, a positive ratio. A ratio of two floats of
// uint64s is within 2^±64, and a mantissa kept within 2^±512 cannot
// overflow when multiplied by one; a ratio of floats beyond that (only a
// metric's samples can give one) is split into its own mantissa and
// exponent first, which never happens to, nor changes the bits of, the
// ratios of whole nanoseconds.
func (p *product) times(x float64) {
	if x > 0x1p64 || x < 0x1p-64 {
		m, e := math.Frexp(x)
		x, p.exponent = m, p.exponent+e
	}
	p.mantissa *= x
	if p.mantissa > 0x1p512 || p.mantissa < 0x1p-512 {
		m, e := math.Frexp(p.mantissa)
		p.mantissa, p.exponent = m, p.exponent+e
	}
}

// log is the natural logarithm of the product. Log1p and Expm1, unlike
// Log and Exp, have no assembly on amd64: the same Go runs natively and
// in WebAssembly, so the bits are the same.
func (p product) log() float64 {
	m, e := math.Frexp(p.mantissa)
	return math.Log1p(m-1) + float64(p.exponent+e)*math.Ln2
}

// span is "from..to", for messages: the package imports no fmt (see
// core_test.go), which would bring in os.
func span(from, to int) string { return strconv.Itoa(from) + ".." + strconv.Itoa(to) }
