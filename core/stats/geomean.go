package stats

import (
	"math"
	"runtime"
	"slices"
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
// the mean of the logarithms of the ratios over the rows. Rows of the
// same sizes would share their resamples' positions, which would move
// their medians together and widen the interval for no reason, so row k
// (counting every row given, covered or not) takes resample (b + 7919k)
// mod 10,000: distinct for up to 10,000 rows of one size, and
// independent, since the resamples of a bootstrap are drawn one after
// another from the stream. With one row, the interval is that row's own
// (on the ratio's logarithm, so to rounding).
//
// The logarithms are summed as whole multiples of 2^-32 (logUnit): each
// median's logarithm is rounded to one, about 1e-10 off, and a ratio's
// is its current median's less its baseline median's. Integers add the
// same in any order, so a suite's rows may be added one at a time, on
// any number of workers, in any order (GeomeanSum), and give the same
// bits as GeomeanOf: a page adds each row as a worker finishes its
// comparison, and has the geomean with the last row. The rounding moves
// a ratio's logarithm, and so their mean, by at most 2^-32 (2.3e-10): a
// shift of 10% by 2.6e-8 of a percentage point.
//
// Its cost is 10,000 additions a row: 10,000 rows of 30 samples a side
// take about 0.15 s of one core natively and 0.35 s under Node (once
// the rows' comparisons have built the plans), and 100 rows of 200 a
// few milliseconds. Fewer resamples were tried: at 2,000 the interval
// of a 100-row suite moved by 0.08 of a standard error and its verdict
// flipped, so a suite's interval keeps the rows' 10,000.
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

// logUnit is what a logarithm is summed in: a logarithm l is the whole
// number round(l / logUnit). A median's logarithm is within ±745, so a
// ratio's is within ±1490 (6.4e12 units), and the sums of up to MaxRows
// rows stay within an int64.
const logUnit = 0x1p-32

// MaxGeomeanRows is how many rows a geomean takes: rows from it on (k at
// least MaxGeomeanRows in GeomeanSum.AddFloats) are not covered. Far
// beyond any suite; it bounds the sums.
const MaxGeomeanRows = 1 << 20

// Geomean is GeomeanOf(rows), reusing what earlier comparisons of the same
// sizes built.
func (c *Comparer) Geomean(rows []GeomeanRow) Geomean {
	var covered []geomeanRow
	for k, r := range rows {
		covered = cover(covered, k, r.Baseline, r.Current)
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
	for k, r := range rows {
		covered = cover(covered, k, r.Baseline, r.Current)
	}
	return c.geomean(covered)
}

// GeomeanSum is a suite's geomean gathered a row at a time: the sums, over
// the rows added, of their logarithms of ratios of medians, in logUnits.
// Rows may be added in any order, and sums of different rows of one
// suite joined (Add), on as many workers as there are: Geomean then gives
// what GeomeanFloats gives for the whole suite, bit for bit.
//
// Its fields are plain numbers, to be copied between workers as they are.
type GeomeanSum struct {
	// Rows is how many rows it covers.
	Rows int
	// Point is the sum of the covered rows' logarithms of the ratio of
	// their own medians; Logs[b] the same in the suite's resample b, nil
	// while no row is covered.
	Point int64
	Logs  []int64
}

// AddFloats adds row k of a suite (FloatRow of GeomeanFloats, k counting
// every row of the suite from 0, covered or not) to s, when the geomean
// covers it, and reports whether it does. Each row of the suite is to
// be added once, to one of the sums joined. It reuses and builds plans as
// Compare does.
func (c *Comparer) AddFloats(s *GeomeanSum, k int, row FloatRow) bool {
	var one [1]geomeanRow
	covered := cover(one[:0], k, row.Baseline, row.Current)
	if len(covered) == 0 {
		return false
	}
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	c.prepare(covered, sc)
	s.add(covered)
	return true
}

// Add adds o's rows to s: they are to be other rows of the same suite.
func (s *GeomeanSum) Add(o GeomeanSum) {
	if o.Logs == nil {
		return
	}
	if s.Logs == nil {
		s.Logs = make([]int64, resamples)
	}
	for b, l := range o.Logs {
		s.Logs[b] += l
	}
	s.Rows += o.Rows
	s.Point += o.Point
}

// Geomean is the suite's shift over the rows added.
func (s *GeomeanSum) Geomean() Geomean {
	g := Geomean{Delta: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Verdict: Underpowered, Rows: s.Rows}
	if s.Rows == 0 || len(s.Logs) != resamples {
		g.Rows = 0
		return g
	}
	rowCount := float64(s.Rows)
	mean := func(sum int64) float64 { return float64(sum) * logUnit / rowCount }
	logs := make([]float64, resamples)
	for b, l := range s.Logs {
		logs[b] = mean(l)
	}
	tail := (1 - Confidence) / 2
	g.Delta = 100 * math.Expm1(mean(s.Point))
	g.Lo = 100 * math.Expm1(percentile(logs, tail))
	g.Hi = 100 * math.Expm1(percentile(logs, 1-tail))
	g.Verdict = verdictOf(g.Lo, g.Hi)
	return g
}

// HigherIsBetter is g for a metric better when higher: Regression and
// Improvement swap, the figures stay (see Comparison.HigherIsBetter).
func (g Geomean) HigherIsBetter() Geomean {
	g.Verdict = g.Verdict.turned()
	return g
}

// cover adds row k to covered when GeomeanOf covers it: k below
// MaxGeomeanRows, at least MinSamples samples a side, every one above
// zero and finite.
func cover[T Sample](covered []geomeanRow, k int, baseline, current []T) []geomeanRow {
	if k >= MaxGeomeanRows || len(baseline) < MinSamples || len(current) < MinSamples {
		return covered
	}
	base, cur := floats(sortedView(baseline)), floats(sortedView(current))
	if !(base[0] > 0) || !(cur[0] > 0) || base[len(base)-1] > math.MaxFloat64 || cur[len(cur)-1] > math.MaxFloat64 {
		return covered
	}
	return append(covered, geomeanRow{base: base, cur: cur, offset: k * rowStride % resamples})
}

// geomean is the suite's shift over the rows covered. The rows' sums are
// split over the cores, each its own GeomeanSum, with the same bits
// however they are split.
func (c *Comparer) geomean(covered []geomeanRow) Geomean {
	var sum GeomeanSum
	if len(covered) == 0 {
		return sum.Geomean()
	}
	c.prepare(covered, nil)
	workers := 1
	if len(covered) >= 64 {
		workers = runtime.GOMAXPROCS(0)
	}
	sums := make([]GeomeanSum, workers)
	var wg sync.WaitGroup
	for w := range workers {
		rows := covered[w*len(covered)/workers : (w+1)*len(covered)/workers]
		wg.Go(func() { sums[w].add(rows) })
	}
	wg.Wait()
	for _, s := range sums {
		sum.Add(s)
	}
	return sum.Geomean()
}

// prepare sorts covered by size, so that each size's bootstrap is built
// once even when there are more sizes than a Comparer keeps, and gives
// each row its bootstrap and the logarithms of its medians: in sc's
// buffers when sc is not nil, for a single row (AddFloats), until sc
// goes back to its pool.
func (c *Comparer) prepare(covered []geomeanRow, sc *scratch) {
	slices.SortStableFunc(covered, func(a, b geomeanRow) int {
		if d := len(a.base) - len(b.base); d != 0 {
			return d
		}
		return len(a.cur) - len(b.cur)
	})
	for k := range covered {
		r := &covered[k]
		if k == 0 || len(r.base) != len(covered[k-1].base) || len(r.cur) != len(covered[k-1].cur) {
			r.bs = c.bootstrap(len(r.base), len(r.cur))
		} else {
			r.bs = covered[k-1].bs
		}
		if sc != nil && len(covered) == 1 {
			sc.rowLogs[0] = r.bs.base.logs(sc.rowLogs[0], r.base)
			sc.rowLogs[1] = r.bs.cur.logs(sc.rowLogs[1], r.cur)
			r.baseLogs, r.curLogs = sc.rowLogs[0], sc.rowLogs[1]
		} else {
			r.baseLogs, r.curLogs = r.bs.base.logs(nil, r.base), r.bs.cur.logs(nil, r.cur)
		}
		r.point = logOf(floatMedian(r.cur)) - logOf(floatMedian(r.base))
	}
}

// add adds the covered rows, prepared, to s.
func (s *GeomeanSum) add(covered []geomeanRow) {
	if len(covered) == 0 {
		return
	}
	if s.Logs == nil {
		s.Logs = make([]int64, resamples)
	}
	for k := range covered {
		covered[k].addTo(s.Logs)
		s.Point += covered[k].point
	}
	s.Rows += len(covered)
}

// geomeanRow is a row GeomeanOf covers.
type geomeanRow struct {
	base, cur []float64 // sorted
	offset    int       // resample b of the suite is resample b+offset of the row
	bs        *bootstrap
	// baseLogs and curLogs are the logarithms (logOf) of each side's
	// median on each of its pairs of positions (positions.logs): a
	// resample's is one lookup. point is the row's own, current less
	// baseline.
	baseLogs, curLogs []int64
	point             int64
}

// addTo adds the row's logarithm of its ratio of medians in its resample
// b+offset (mod resamples) to logs[b], for every b: its ratio a cell
// (see cells), where the bootstrap has them, and one lookup a resample.
func (r *geomeanRow) addTo(logs []int64) {
	bl, cl := r.baseLogs, r.curLogs
	cells := &r.bs.cells
	// Resample b of the suite is the row's resample b+offset: from
	// offset to the end of the row's, then from its start.
	head := resamples - r.offset
	if len(cells.weight) == 0 {
		bSlot, cSlot := r.bs.base.slot, r.bs.cur.slot
		addSlots(logs[:head], bSlot[r.offset:], cSlot[r.offset:], bl, cl)
		addSlots(logs[head:], bSlot[:r.offset], cSlot[:r.offset], bl, cl)
		return
	}
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	if sc.logs == nil {
		sc.logs = new([cellSpan]int64)
	}
	ratios(sc.logs[:len(cells.weight)], cells, bl, cl)
	addCells(logs[:head], cells.of[r.offset:], sc.logs)
	addCells(logs[head:], cells.of[:r.offset], sc.logs)
}

// cellSpan is the power of two at or above maxCells: a cell's index
// masked to it is itself, so addCells reads a row's ratios at its cells
// with no bounds to check.
const cellSpan = 8192

var _ [cellSpan - maxCells]struct{} // maxCells is within cellSpan

// ratios writes, to each ratio[k], the logarithm of the ratio of medians
// on cell k: cl at its current slot less bl at its baseline slot. Four
// cells at a time, with the bounds of the slots checked once for the
// four: under WebAssembly 0.57 of the time of one at a time (5.7 µs
// against 10 µs for the 2,190 cells of 30 samples a side).
func ratios(ratio []int64, cells *cells, bl, cl []int64) {
	bSlot, cSlot := cells.base[:len(ratio)], cells.cur[:len(ratio)]
	k := 0
	for ; k+4 <= len(ratio); k += 4 {
		b, c, r := bSlot[k:k+4:k+4], cSlot[k:k+4:k+4], ratio[k:k+4:k+4]
		r[0] = cl[c[0]] - bl[b[0]]
		r[1] = cl[c[1]] - bl[b[1]]
		r[2] = cl[c[2]] - bl[b[2]]
		r[3] = cl[c[3]] - bl[b[3]]
	}
	for ; k < len(ratio); k++ {
		ratio[k] = cl[cSlot[k]] - bl[bSlot[k]]
	}
}

// addSlots adds, to each logs[i], cl[cSlot[i]] - bl[bSlot[i]].
func addSlots(logs []int64, bSlot, cSlot []uint16, bl, cl []int64) {
	bSlot, cSlot = bSlot[:len(logs)], cSlot[:len(logs)]
	for i := range logs {
		logs[i] += cl[cSlot[i]] - bl[bSlot[i]]
	}
}

// addCells adds, to each logs[i], ratio[of[i]]: four at a time, with the
// bounds of logs and of checked once for the four, which under
// WebAssembly took half the time of one at a time (8.6 µs against 15 µs
// for 10,000), and natively 0.9 of it; ratio is read at of[i] masked to
// cellSpan, which the compiler knows is within it, and not checked at all
// (under WebAssembly 0.88 of the time of a check on each).
func addCells(logs []int64, of []uint16, ratio *[cellSpan]int64) {
	of = of[:len(logs)]
	const mask = cellSpan - 1
	i := 0
	for ; i+4 <= len(logs); i += 4 {
		o, l := of[i:i+4:i+4], logs[i:i+4:i+4]
		l[0] += ratio[o[0]&mask]
		l[1] += ratio[o[1]&mask]
		l[2] += ratio[o[2]&mask]
		l[3] += ratio[o[3]&mask]
	}
	for ; i < len(logs); i++ {
		logs[i] += ratio[of[i]&mask]
	}
}

// logOf is the natural logarithm of x, a positive finite float, in
// logUnits (rounded to the nearest), computed the same way natively and
// in WebAssembly, so that the page's geomean is the command line's bit
// for bit.
//
// x = 2^e * f with f in [1, 2), and f = c * (1 + r) for the midpoint c of
// the 1/128 of [1, 2) that f falls in: log x = e*ln 2 + log c + log1p r,
// with log c from a table and log1p r from its series, |r| <= 2^-8. It is
// within some 4e-16 of the logarithm (plus the rounding of e*ln 2, as
// before), and rounds to the unit that math.Log1p's way rounds to but in
// about one case in 75,000 of a nanosecond timing's size, by one unit
// (logUnit, 2.3e-10: a suite's mean moves by less than that).
// Frexp and Log1p took up to 15% of a row of the page's workers under
// WebAssembly. Every product is rounded on its own (float64(...)):
// fused into a multiply-add, as a compiler may do on some processors, it
// would round differently than in WebAssembly.
func logOf(x float64) int64 {
	const expBits, fracBits = 0x7ff << 52, 1<<52 - 1
	b := math.Float64bits(x)
	if b&expBits == 0 { // subnormal
		m, e := math.Frexp(x)
		return int64(math.Round((math.Log1p(m-1) + float64(e)*math.Ln2) / logUnit))
	}
	e := int(b>>52) - 1023
	j := b >> (52 - logTableBits) & (1<<logTableBits - 1)
	f := math.Float64frombits(b&fracBits | 1023<<52)
	r := float64(f*logTable.inv[j]) - 1
	// log1p r = r - r^2/2 + r^3/3 - ... - r^6/6, to within r^7/7 < 3e-18.
	p := float64(r * (1.0/5 - float64(r*(1.0/6)))) // Horner's, from the last term
	p = float64(r * (1.0/4 - p))
	p = float64(r * (1.0/3 - p))
	p = float64(r * (1.0/2 - p))
	p = float64(r * (1 - p))
	return int64(math.Round((float64(float64(e)*math.Ln2) + logTable.log[j] + p) / logUnit))
}

// logTableBits is how many leading bits of a mantissa pick logOf's
// entry of logTable.
const logTableBits = 7

// logTable holds, for each 1/128 of [1, 2) (j, from f's leading bits),
// inv[j], the inverse of its midpoint rounded, and log[j] = -log inv[j],
// the logarithm of what f is divided by, computed as math.Log1p does it,
// the same everywhere.
var logTable = func() (t struct{ inv, log [1 << logTableBits]float64 }) {
	for j := range t.inv {
		c := 1 + (float64(j)+0.5)/(1<<logTableBits)
		t.inv[j] = 1 / c
		t.log[j] = -math.Log1p(t.inv[j] - 1) // inv-1 is exact: inv is within [1/2, 1]
	}
	return t
}()

// floatMedian is the median of an ascending series, which is not empty,
// as Quantile computes it.
func floatMedian(sorted []float64) float64 {
	h := float64(len(sorted)-1) * 0.5
	lower := int(math.Floor(h))
	return interpolate(sorted[lower], sorted[int(math.Ceil(h))], h-float64(lower))
}
