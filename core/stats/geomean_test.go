package stats

import (
	"fmt"
	"math"
	"runtime"
	"testing"
)

func TestGeomeanCoverage(t *testing.T) {
	// Suites of 20 rows, each from one of the timing distributions with
	// its own true shift between -5% and +8% and its own size: the
	// interval holds the true geometric mean shift in about 95% of
	// suites.
	r := rng(8)
	suites := reps(200)
	var c Comparer
	covered := 0
	var width float64
	for range suites {
		var rows []GeomeanRow
		logs := 0.0
		for k := range 20 {
			shift := -0.05 + 0.13*r.Float64()
			logs += math.Log1p(shift)
			d := timings[k%len(timings)]
			n := 20 + 10*(k%3)
			rows = append(rows, GeomeanRow{d.series(r, n, 1e6, 0), d.series(r, n, 1e6*(1+shift), 0)})
		}
		truth := 100 * math.Expm1(logs/20)
		g := c.Geomean(rows)
		if g.Rows != 20 {
			t.Fatalf("%d rows covered of 20", g.Rows)
		}
		if g.Lo <= truth && truth <= g.Hi {
			covered++
		}
		width += g.Hi - g.Lo
	}
	rate := float64(covered) / float64(suites)
	t.Logf("the interval held the true shift in %d of %d suites (%.1f%%), mean width %.2f points", covered, suites, 100*rate, width/float64(suites))
	if rate < 0.9 || rate > 0.99 {
		t.Errorf("coverage %.1f%%, want about 95%%", 100*rate)
	}
}

func TestGeomeanOnHandMadeRows(t *testing.T) {
	same := func(v uint64, n int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = v
		}
		return s
	}
	// Ratios 1.21 and 1: the geometric mean is 1.1, a 10% shift, and
	// with no spread every resample says the same (to the logarithms'
	// rounding, 2.4e-8 of a point).
	g := GeomeanOf([]GeomeanRow{
		{same(100, 7), same(121, 7)},
		{same(50, 6), same(50, 9)},
		{same(100, 5), same(200, 5)},                  // too few: not covered
		{append(same(100, 6), 0), same(100, 7)},       // a zero sample: not covered
		{same(100, 6), append(same(100, 6), 0, 0, 0)}, // the same on the current side
	})
	if g.Rows != 2 || math.Abs(g.Delta-10) > 2.5e-8 || g.Lo != g.Delta || g.Hi != g.Delta || g.Verdict != Regression {
		t.Errorf("got %+v, want 2 rows, 10%% on 10..10, a regression", g)
	}
	// 0.8 and 1.25 cancel: no shift, and no spread to call it anything.
	g = GeomeanOf([]GeomeanRow{{same(100, 6), same(80, 6)}, {same(80, 6), same(100, 6)}})
	if math.Abs(g.Delta) > 2.5e-8 || g.Verdict != InsideTheNoise {
		t.Errorf("ratios 0.8 and 1.25: %+v, want 0%% inside the noise", g)
	}
	// Nothing covered: underpowered, no numbers.
	for _, rows := range [][]GeomeanRow{nil, {{same(1, 3), same(1, 3)}}} {
		g := GeomeanOf(rows)
		if g.Rows != 0 || g.Verdict != Underpowered || !math.IsNaN(g.Delta) || !math.IsNaN(g.Lo) || !math.IsNaN(g.Hi) {
			t.Errorf("%d rows, none covered: %+v", len(rows), g)
		}
	}
}

func TestGeomeanOfOneRowIsItsComparison(t *testing.T) {
	// One row: its resamples are the row's own (offset zero), so the
	// interval is the row's, but on the ratio's logarithm: the bounds
	// agree with Compare's to rounding (of the logarithms, 1.2e-8 of a
	// point), and so does the verdict.
	base, cur := series(100_000, 6, 40, 1), series(104_000, 6, 40, 2)
	c := Compare(base, cur)
	g := GeomeanOf([]GeomeanRow{{base, cur}})
	if math.Abs(g.Delta-c.Delta) > 2.5e-8 || math.Abs(g.Lo-c.Lo) > 2.5e-8 || math.Abs(g.Hi-c.Hi) > 2.5e-8 || g.Verdict != c.Verdict {
		t.Errorf("geomean %+v, comparison %+v", g, c)
	}
}

func TestGeomeanIsTheSameBitsOnAnyNumberOfCores(t *testing.T) {
	// 100 rows, enough to split the resamples: one goroutine and seven
	// give the same bits, and so does every target (the value below was
	// computed natively on amd64; the WebAssembly tests hold it too, so
	// the page and the command line print the same digits).
	r := rng(10)
	var rows []GeomeanRow
	for k := range 100 {
		d := timings[k%len(timings)]
		rows = append(rows, GeomeanRow{d.series(r, 10+k%7, 1e6, 0), d.series(r, 10+k%5, 1.01e6, 0)})
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := GeomeanOf(rows)
	runtime.GOMAXPROCS(7)
	seven := GeomeanOf(rows)
	got := fmt.Sprintf("%x %x %x %v %d", math.Float64bits(one.Delta), math.Float64bits(one.Lo), math.Float64bits(one.Hi), one.Verdict, one.Rows)
	if again := fmt.Sprintf("%x %x %x %v %d", math.Float64bits(seven.Delta), math.Float64bits(seven.Lo), math.Float64bits(seven.Hi), seven.Verdict, seven.Rows); again != got {
		t.Errorf("one goroutine: %s, seven: %s", got, again)
	}
	if want := "401251a39531bccb 3fbaee49869d0a56 4021ae6935bf31eb regression 100"; got != want {
		t.Errorf("got %s (%+v), want %s", got, one, want)
	}
}
