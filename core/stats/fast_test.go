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

// oldGeomeanOf is the geomean of rows as the code before the shortcuts
// and the tiles computed it.
func oldGeomeanOf(c *Comparer, rows []FloatRow) Geomean {
	var covered []geomeanRow
	for _, r := range rows {
		covered = cover(covered, r.Baseline, r.Current)
	}
	return c.oldGeomean(covered)
}

func sameGeomeanBits(a, b Geomean) bool {
	return sameFloat(a.Delta, b.Delta) && sameFloat(a.Lo, b.Lo) && sameFloat(a.Hi, b.Hi) && a.Verdict == b.Verdict && a.Rows == b.Rows
}

func TestGeomeanIsTheSameBitsAsTheOldCode(t *testing.T) {
	r := rng(43)
	var c Comparer
	paths := map[[3]bool]int{} // rows by path: narrow, and each side's size odd
	for i := range reps(60) {
		rows := 1 + r.IntN(150)
		whole, wide := i%3 == 0, i%3 == 2
		suite := oracleSuite(r, rows, whole, wide)
		want := oldGeomeanOf(&c, suite)
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
			t.Fatalf("suite %d (%d rows, whole %v, wide %v): %+v, the old code %+v", i, rows, whole, wide, got, want)
		}
		for _, row := range suite {
			if covered := cover(nil, row.Baseline, row.Current); covered != nil {
				c.prepare(covered, nil)
				row := covered[0]
				paths[[3]bool{row.narrow, len(row.base)%2 == 1, len(row.cur)%2 == 1}]++
			}
		}
	}
	// Each path: narrow or not, each side's median one sample (odd) or
	// two interpolated.
	for _, path := range [][3]bool{{true, true, true}, {true, false, true}, {true, true, false}, {false, true, true}, {false, false, false}} {
		if paths[path] == 0 {
			t.Errorf("no row took the path narrow, odd baseline, odd current = %v (rows by path: %v)", path, paths)
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

func TestJoinedPartsAreTheGeomeanBitForBit(t *testing.T) {
	r := rng(44)
	var c Comparer
	for i := range reps(24) {
		whole := i%2 == 0
		suite := oracleSuite(r, 1+r.IntN(120), whole, i%3 == 2)
		if i == 0 {
			suite = nil // no row covered
		}
		u := make([]GeomeanRow, len(suite))
		for k, row := range suite {
			u[k] = GeomeanRow{toUints(row.Baseline), toUints(row.Current)}
		}
		var want Geomean
		if whole {
			want = c.Geomean(u)
		} else {
			want = c.GeomeanFloats(suite)
		}
		// Cut 0..Resamples at random places (some parts empty), joined
		// in a random order; in some suites, the first part is
		// computed on a Comparer of its own.
		cuts := []int{0, Resamples}
		for range r.IntN(6) {
			cuts = append(cuts, r.IntN(Resamples+1))
		}
		slices.Sort(cuts)
		var parts []GeomeanPart
		for k := 1; k < len(cuts); k++ {
			own := &c
			if k == 1 && i%4 == 1 {
				own = &Comparer{}
			}
			var part GeomeanPart
			var err error
			if whole {
				part, err = own.GeomeanPart(u, cuts[k-1], cuts[k])
			} else {
				part, err = own.GeomeanFloatsPart(suite, cuts[k-1], cuts[k])
			}
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, part)
		}
		r.Shuffle(len(parts), func(a, b int) { parts[a], parts[b] = parts[b], parts[a] })
		got, err := JoinGeomean(parts)
		if err != nil || !sameGeomeanBits(got, want) {
			t.Fatalf("suite %d, cut at %v: joined %+v (%v), Geomean %+v", i, cuts, got, err, want)
		}
	}
}

func TestJoinGeomeanRefusesPartsThatDoNotTile(t *testing.T) {
	var c Comparer
	rows := []GeomeanRow{{series(100, 6, 10, 1), series(101, 6, 10, 2)}, {series(100, 6, 11, 3), series(102, 6, 11, 4)}}
	part := func(rows []GeomeanRow, from, to int) GeomeanPart {
		p, err := c.GeomeanPart(rows, from, to)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := part(rows, 0, 4000), part(rows, 4000, Resamples)
	if _, err := JoinGeomean([]GeomeanPart{b, a}); err != nil {
		t.Fatalf("two parts that tile: %v", err)
	}
	short := b
	short.Mantissa = short.Mantissa[1:]
	for name, parts := range map[string][]GeomeanPart{
		"none":             nil,
		"a gap":            {a, part(rows, 4001, Resamples)},
		"an overlap":       {a, part(rows, 3999, Resamples)},
		"short of the end": {a, part(rows, 4000, Resamples-1)},
		"another suite":    {a, part(rows[:1], 4000, Resamples)},
		"a lost mantissa":  {a, short},
	} {
		if g, err := JoinGeomean(parts); err == nil {
			t.Errorf("%s: joined into %+v, want an error", name, g)
		}
	}
	for _, r := range [][2]int{{-1, 10}, {10, 9}, {0, Resamples + 1}} {
		if _, err := c.GeomeanPart(rows, r[0], r[1]); err == nil {
			t.Errorf("part %d..%d: no error", r[0], r[1])
		}
	}
}

// A suite taken in once gives, part by part, the parts GeomeanFloatsPart
// gives, bit for bit, and they join to the geomean; with a Pause, which
// is called after every pauseRows rows taken in and prepared and between
// two tiles of a part's resamples, and changes nothing.
func TestASuitesPartsAreTheParts(t *testing.T) {
	r := rng(45)
	rows := oracleSuite(r, 2*pauseRows+10, false, false)
	var c Comparer
	want := c.GeomeanFloats(rows)
	calls := 0
	paused := Comparer{Pause: func() { calls++ }}
	suite := paused.GeomeanFloatsSuite(rows)
	covered := len(suite.covered)
	if taken := 2 + covered/pauseRows; calls != taken || covered < pauseRows {
		t.Fatalf("Pause was called %d times taking in %d rows (%d covered), want %d", calls, len(rows), covered, taken)
	}
	cuts := []int{0, 100, 100 + 3*tile + 1, 5000, Resamples}
	var parts []GeomeanPart
	for k := 1; k < len(cuts); k++ {
		calls = 0
		got, err := suite.Part(cuts[k-1], cuts[k])
		if err != nil {
			t.Fatal(err)
		}
		tiles := (cuts[k] - cuts[k-1] + tile - 1) / tile
		if calls != tiles-1 {
			t.Errorf("part %d..%d: Pause called %d times, want %d (between its %d tiles)", cuts[k-1], cuts[k], calls, tiles-1, tiles)
		}
		alone, err := c.GeomeanFloatsPart(rows, cuts[k-1], cuts[k])
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(partBits(got), partBits(alone)) {
			t.Errorf("part %d..%d of the suite differs from GeomeanFloatsPart's", cuts[k-1], cuts[k])
		}
		parts = append(parts, got)
	}
	if got, err := JoinGeomean(parts); err != nil || !sameGeomeanBits(got, want) {
		t.Errorf("the suite's parts join to %+v (%v), GeomeanFloats is %+v", got, err, want)
	}
	if _, err := suite.Part(10, 5); err == nil {
		t.Errorf("a part from 10 to 5 was given")
	}
}

// partBits is every figure of p, float64s as their bits.
func partBits(p GeomeanPart) []uint64 {
	b := []uint64{uint64(p.From), uint64(p.To), uint64(p.Rows), math.Float64bits(p.PointMantissa), uint64(p.PointExponent)}
	for i, m := range p.Mantissa {
		b = append(b, math.Float64bits(m), uint64(p.Exponent[i]))
	}
	return b
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
