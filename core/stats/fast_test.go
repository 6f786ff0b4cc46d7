package stats

import (
	"math"
	"math/rand/v2"
	"slices"
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
	var sc scratch
	for i := range reps(2000) {
		n := 1 + r.IntN(260)
		x := oracleSide(r, n, r.IntN(2) == 0, false)
		if i%7 == 0 { // no NaN here: a NaN takes the pairwise count
			x[r.IntN(n)] = math.Copysign(0, -1)
			x[r.IntN(n)] = math.Inf(-1 + 2*r.IntN(2))
		}
		s, sorted := kendallS(x, nil)
		if want := kendallPairs(x); s != want {
			t.Fatalf("case %d (n=%d): S %d, pairwise %d", i, n, s, want)
		}
		// In a pool's scratch, reused from case to case, the same.
		if s2, sorted2 := kendallS(x, &sc); s2 != s || !slices.Equal(sorted2, sorted) {
			t.Fatalf("case %d (n=%d): in a scratch, S %d and %v; in new slices, %d and %v", i, n, s2, sorted2, s, sorted)
		}
		for k := 1; k < n; k++ {
			if sorted[k] < sorted[k-1] {
				t.Fatalf("case %d (n=%d): not sorted at %d", i, n, k)
			}
		}
	}
}

// oracleSuite is a suite of rows sides of random sizes (mostly small, a
// few up to 1,000, odd and even) and shapes, with a shift of a few
// percent; wide gives float rows ratios beyond 2^±64, subnormal samples
// and infinities, which the shortcuts must leave to the general code.
func oracleSuite(r *rand.Rand, rows int, whole, wide bool) []FloatRow {
	sizes := []int{6, 7, 10, 15, 30, 31, 200, 201}
	suite := make([]FloatRow, rows)
	for k := range suite {
		// Sizes pair up as rows of one suite mostly do, so that the
		// plans stay few.
		nb := sizes[r.IntN(len(sizes))]
		nc := nb + r.IntN(2)
		if r.IntN(100) == 0 {
			nb, nc = 1000, 999
		}
		base := oracleSide(r, nb, whole, false)
		cur := oracleSide(r, nc, whole, false)
		shift := 1 + 0.1*(r.Float64()-0.3)
		for i := range cur {
			cur[i] *= shift
			if whole {
				cur[i] = math.Round(cur[i])
			}
		}
		if wide {
			switch r.IntN(5) {
			case 0:
				scale := math.Ldexp(1, 40+r.IntN(300))
				for i := range cur {
					cur[i] *= scale
				}
			case 1:
				for i := range base {
					base[i] = math.Ldexp(base[i], -1070+r.IntN(20)) // subnormal
				}
			case 2:
				cur[r.IntN(nc)] = math.Inf(1)
			case 3:
				scale := math.Ldexp(1, -62+r.IntN(4)) // at the narrow bound
				for i := range base {
					base[i] *= scale
				}
			}
		}
		suite[k] = FloatRow{base, cur}
	}
	return suite
}

// oldGeomeanOf is the geomean of rows as it was computed before its
// logarithms were summed as integers: a product of ratios a resample, in
// the order of the rows.
func oldGeomeanOf(c *Comparer, rows []FloatRow) Geomean {
	var covered []geomeanRow
	for k, r := range rows {
		covered = cover(covered, k, r.Baseline, r.Current)
	}
	return c.oldGeomean(covered)
}

// naiveGeomeanOf is GeomeanFloats as its documentation says it, kept as
// an oracle: for each row, each resample's medians interpolated at the
// resample's own positions, and their logarithms summed in logUnits.
func naiveGeomeanOf(c *Comparer, rows []FloatRow) Geomean {
	s := GeomeanSum{Logs: make([]int64, resamples)}
	median := func(p positions, sorted []float64, j int) float64 {
		return interpolate(sorted[p.slotLower[p.slot[j]]], sorted[p.slotUpper[p.slot[j]]], p.frac)
	}
	for k, r := range rows {
		if len(r.Baseline) < MinSamples || len(r.Current) < MinSamples {
			continue
		}
		base, cur := sortedCopy(r.Baseline), sortedCopy(r.Current)
		if !(base[0] > 0 && cur[0] > 0) || math.IsInf(base[len(base)-1], 0) || math.IsInf(cur[len(cur)-1], 0) {
			continue
		}
		bs := c.bootstrap(len(base), len(cur))
		for b := range resamples {
			j := (b + k*rowStride) % resamples
			s.Logs[b] += logOf(median(bs.cur, cur, j)) - logOf(median(bs.base, base, j))
		}
		s.Point += logOf(floatMedian(cur)) - logOf(floatMedian(base))
		s.Rows++
	}
	return s.Geomean()
}

func sameGeomeanBits(a, b Geomean) bool {
	return sameFloat(a.Delta, b.Delta) && sameFloat(a.Lo, b.Lo) && sameFloat(a.Hi, b.Hi) && a.Verdict == b.Verdict && a.Rows == b.Rows
}

// The geomean is its definition (naiveGeomeanOf) bit for bit, whole or
// float, odd or even sizes, ratios beyond 2^±64 and subnormal samples
// included; and it is the product of the ratios it was before, to the
// rounding of the logarithms (2.3e-10 on the mean logarithm, taken as
// 3e-10 for the product's own rounding).
func TestGeomeanIsItsDefinition(t *testing.T) {
	r := rng(43)
	var c Comparer
	for i := range reps(60) {
		rows := 1 + r.IntN(150)
		whole, wide := i%3 == 0, i%3 == 2
		suite := oracleSuite(r, rows, whole, wide)
		want := naiveGeomeanOf(&c, suite)
		var got Geomean
		if whole {
			u := make([]GeomeanRow, len(suite))
			for k, row := range suite {
				u[k] = GeomeanRow{toUints(row.Baseline), toUints(row.Current)}
			}
			got = c.Geomean(u)
		} else {
			got = c.GeomeanFloats(suite)
		}
		if !sameGeomeanBits(got, want) {
			t.Fatalf("suite %d (%d rows, whole %v, wide %v): %+v, by its definition %+v", i, rows, whole, wide, got, want)
		}
		// The old code covered rows with an infinite sample: leave them
		// out, with an empty row in their place to keep the others' k.
		finite := slices.Clone(suite)
		for k, row := range finite {
			if math.IsInf(slices.Max(row.Baseline), 1) || math.IsInf(slices.Max(row.Current), 1) {
				finite[k] = FloatRow{}
			}
		}
		// Nor are ratios beyond a float (a subnormal baseline's), which
		// made the old product infinite.
		old := oldGeomeanOf(&c, finite)
		if math.IsInf(old.Delta, 0) || math.IsNaN(old.Lo) {
			continue
		}
		logOfShift := func(pct float64) float64 { return math.Log1p(pct / 100) }
		for _, f := range [][2]float64{{got.Delta, old.Delta}, {got.Lo, old.Lo}, {got.Hi, old.Hi}} {
			if d := math.Abs(logOfShift(f[0]) - logOfShift(f[1])); !(d <= 3e-10) && !(math.IsNaN(f[0]) && math.IsNaN(f[1])) {
				t.Fatalf("suite %d: %+v, the product of ratios %+v: logarithms %g apart", i, got, old, d)
			}
		}
		if got.Rows != old.Rows || got.Verdict != old.Verdict {
			t.Fatalf("suite %d: %+v, the product of ratios %+v", i, got, old)
		}
	}
}

func toUints(f []float64) []uint64 {
	u := make([]uint64, len(f))
	for i, v := range f {
		u[i] = uint64(v)
	}
	return u
}

// A suite's rows added one at a time, in any order, to any number of
// sums on their own Comparers, joined in any order, are the geomean bit
// for bit: what lets a page add each row as its worker compares it.
func TestGeomeanSumsInAnyOrderAreTheGeomean(t *testing.T) {
	r := rng(44)
	for i := range reps(30) {
		suite := oracleSuite(r, 1+r.IntN(120), i%3 == 0, i%3 == 2)
		var c Comparer
		want := c.GeomeanFloats(suite)
		workers := 1 + r.IntN(4)
		comparers := make([]Comparer, workers)
		sums := make([]GeomeanSum, workers)
		covered := 0
		for _, k := range r.Perm(len(suite)) {
			w := r.IntN(workers)
			if comparers[w].AddFloats(&sums[w], k, suite[k]) {
				covered++
			}
		}
		var all GeomeanSum
		for _, w := range r.Perm(workers) {
			all.Add(sums[w])
		}
		if got := all.Geomean(); !sameGeomeanBits(got, want) || covered != want.Rows {
			t.Fatalf("suite %d over %d sums: %+v (%d rows said covered), the geomean %+v", i, workers, got, covered, want)
		}
	}
	// A sum of no row is no geomean, as GeomeanOf(nil).
	var none GeomeanSum
	if g := none.Geomean(); !sameGeomeanBits(g, GeomeanOf(nil)) {
		t.Errorf("no row: %+v, want %+v", g, GeomeanOf(nil))
	}
}

// logOf rounds to the unit that math.Log1p's way of computing the
// logarithm rounds to (as logOf did before its table), or to one next to
// it where the two straddle a half unit: on every positive finite float,
// normal or subnormal, powers of two, the extremes, and the sizes of
// nanosecond timings. A difference of one unit is some 2.3e-10; of the
// 600,000 floats, they may differ on a few, never by more.
func TestLogOfIsLog1psToTheUnit(t *testing.T) {
	r := rng(46)
	xs := []float64{math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1023, 0.5, 1, 2, 3, 100_000, math.MaxFloat64, math.Nextafter(1, 0), math.Nextafter(1, 2), math.Nextafter(2, 0)}
	for range 300_000 {
		xs = append(xs, math.Float64frombits(r.Uint64N(0x7ff0_0000_0000_0000-1)+1))
	}
	for range 300_000 { // a median of nanoseconds, interpolated
		xs = append(xs, float64(1+r.Uint64N(1e10))+0.5*float64(r.Uint64N(2)))
	}
	off := 0
	for _, x := range xs {
		m, e := math.Frexp(x)
		want := int64(math.Round((math.Log1p(m-1) + float64(e)*math.Ln2) / logUnit))
		switch d := logOf(x) - want; {
		case d == 0:
		case d == 1 || d == -1:
			off++
		default:
			t.Fatalf("logOf(%g [%#x]) = %d, the Log1p way %d", x, math.Float64bits(x), logOf(x), want)
		}
		if x == 1 && logOf(x) != 0 {
			t.Errorf("logOf(1) = %d", logOf(x))
		}
	}
	if off > len(xs)/10_000 {
		t.Errorf("logOf is one unit off the Log1p way on %d of %d floats", off, len(xs))
	}
	t.Logf("one unit off on %d of %d floats", off, len(xs))
}

// Rows from MaxGeomeanRows on are not covered, so the sums stay within
// an int64.
func TestGeomeanCoversMaxGeomeanRows(t *testing.T) {
	var c Comparer
	var s GeomeanSum
	row := FloatRow{[]float64{1, 2, 3, 4, 5, 6}, []float64{1e300, 2e300, 3e300, 4e300, 5e300, 6e300}}
	if !c.AddFloats(&s, MaxGeomeanRows-1, row) || c.AddFloats(&s, MaxGeomeanRows, row) || s.Rows != 1 {
		t.Errorf("rows %d and %d: %d covered, want the first", MaxGeomeanRows-1, MaxGeomeanRows, s.Rows)
	}
	// The widest ratio there is, on every row a suite can have, is
	// within an int64.
	widest := logOf(math.MaxFloat64) - logOf(0x1p-1074)
	if widest > math.MaxInt64/MaxGeomeanRows {
		t.Errorf("a ratio's logarithm up to %d logUnits, %d rows of it overflow", widest, MaxGeomeanRows)
	}
}

// TestIntervalIsTheSameBitsAsAShiftAResample: a comparison's interval and
// p-value, computed a shift a cell (or, past maxCells, a resample), are
// the bits of a shift a resample read off by sorting (oldInterval), at
// sizes up to 1,000 a side and on both sides of maxCells, for whole and
// float samples of every shape oracleSide draws, zeros included.
func TestIntervalIsTheSameBitsAsAShiftAResample(t *testing.T) {
	r := rng(43)
	var c Comparer
	weighed := 0
	cases := reps(400)
	for i := range cases {
		nb, nc := oracleSize(r, i), oracleSize(r, i+1)
		if i%4 == 0 {
			nc = nb
		}
		bs := c.bootstrap(nb, nc)
		if len(bs.cells.weight) > 0 {
			weighed++
			total := 0
			for _, w := range bs.cells.weight {
				total += int(w)
			}
			if total != resamples {
				t.Fatalf("case %d (%d, %d): the cells hold %d resamples", i, nb, nc, total)
			}
		}
		vb := oracleSide(r, nb, i%2 == 0, i%5 == 0)
		vc := oracleSide(r, nc, i%2 == 0, i%7 == 0)
		if i%9 == 0 { // the same run on both sides: shifts at zero
			vc = oracleSide(r, nb, true, false)
			vb, nc = vc, nb
			bs = c.bootstrap(nb, nc)
		}
		for _, s := range [][]float64{vb, vc} {
			for k, x := range s {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					x = 0 // a compared side is finite (CompareFloats)
				}
				s[k] = math.Abs(x) // and not negative: +0 for -0
			}
			slices.Sort(s)
		}
		lo, hi, p := bs.interval(vb, vc)
		wantLo, wantHi, wantP := oldInterval(bs, vb, vc)
		if !sameFloat(lo, wantLo) || !sameFloat(hi, wantHi) || !sameFloat(p, wantP) {
			t.Fatalf("case %d (%d, %d samples): %v %v %v, a shift a resample %v %v %v", i, nb, nc, lo, hi, p, wantLo, wantHi, wantP)
		}
	}
	t.Logf("%d cases computed a shift a cell", weighed)
	if weighed == 0 || weighed == cases {
		t.Errorf("%d cases of %d computed a shift a cell: the cases do not test both paths", weighed, cases)
	}
}

// TestWeightedPairIsWhatSortingPutsThere: weightedPair gives the values
// at positions k and k+1 of the series it stands for, sorted, for every k
// of small series with and without ties.
func TestWeightedPairIsWhatSortingPutsThere(t *testing.T) {
	r := splitMix64{state: 17}
	for _, distinct := range []uint64{1, 3, 1 << 20} {
		for cellCount := 1; cellCount <= 30; cellCount++ {
			v, w := make([]float64, cellCount), make([]uint32, cellCount)
			var series []float64
			for i := range v {
				v[i], w[i] = float64(r.next()%distinct)-float64(distinct/2), uint32(1+r.next()%4)
				for range w[i] {
					series = append(series, v[i])
				}
			}
			slices.Sort(series)
			for k := range series {
				below, next := weightedPair(slices.Clone(v), slices.Clone(w), k)
				if want := series[min(k+1, len(series)-1)]; below != series[k] || next != want {
					t.Fatalf("%v × %v, k=%d: got %v %v, want %v %v", v, w, k, below, next, series[k], want)
				}
			}
		}
	}
}
