package stats

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// The tests in this file are the Go counterparts of the reference's own
// tests (stats.rs, mod tests), one for one and under the same names.

func check[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

func TestQuantilesAreTheTextbookOnes(t *testing.T) {
	odd := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	even := []uint64{1, 2, 3, 4}
	for _, c := range []struct {
		name   string
		sorted []uint64
		p      float64
		want   float64
	}{
		{"odd median is the middle sample", odd, 0.5, 5},
		{"odd p25: h = 8*0.25 = 2, the third sample", odd, 0.25, 3},
		{"odd p75: h = 6, the seventh sample", odd, 0.75, 7},
		{"p0 is the minimum", odd, 0, 1},
		{"p100 is the maximum", odd, 1, 9},
		{"even median averages the middle two", even, 0.5, 2.5},
		{"even p25: h = 0.75, 1 + 0.75*(2-1)", even, 0.25, 1.75},
		{"even p75: h = 2.25, 3 + 0.25*(4-3)", even, 0.75, 3.25},
		{"one sample is every quantile", []uint64{42}, 0.5, 42},
		{"one sample at p25", []uint64{42}, 0.25, 42},
	} {
		t.Run(c.name, func(t *testing.T) {
			check(t, "Quantile", Quantile(c.sorted, c.p), c.want)
		})
	}
}

func TestQuantilePanicsOnAnEmptySeries(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Quantile(nil, 0.5) did not panic")
		}
	}()
	Quantile(nil, 0.5)
}

func TestTheMedianIgnoresTheSlowRunAndTheMeanDoesNot(t *testing.T) {
	// Nine samples at 100 and one run that took ten times as long: the
	// median stays 100, the mean moves to (9*100 + 1000)/10 = 190.
	clean := slices.Repeat([]uint64{100}, 9)
	polluted := append(slices.Repeat([]uint64{100}, 9), 1000)
	c, _ := Of(clean)
	p, _ := Of(polluted)
	check(t, "clean median", c.Median(), 100)
	check(t, "polluted median", p.Median(), 100)
	check(t, "clean mean", c.Mean, 100)
	check(t, "polluted mean", p.Mean, 190)
}

func TestTheReportCarriesTheSeriesInTheOrderItWasTaken(t *testing.T) {
	s, _ := Of([]uint64{30, 10, 20})
	if j := s.JSONWithSamples(); !strings.Contains(j, `"samples":[30,10,20]`) {
		t.Errorf("JSONWithSamples = %s, want the samples in run order", j)
	}
	check(t, "median", s.Median(), 20)
	check(t, "min", s.Min(), 10)
	check(t, "max", s.Max(), 30)
}

func TestStatsKeepsWhatADR0012Named(t *testing.T) {
	s, _ := Of([]uint64{30, 10, 20})
	check(t, "min", s.Min(), 10)
	check(t, "max", s.Max(), 30)
	check(t, "mean", s.Mean, 20)
	if !slices.Equal(s.Sorted, []uint64{10, 20, 30}) {
		t.Errorf("Sorted = %v, want [10 20 30]", s.Sorted)
	}
	j := s.JSON()
	if strings.Contains(j, "samples") {
		t.Errorf("the summary alone carries no samples: %s", j)
	}
	// min, mean and max come first, under their names.
	if !strings.HasPrefix(j, `{"min":10,"mean":20,"max":30,`) {
		t.Errorf("JSON = %s, want it to open with min, mean, max", j)
	}
	for _, f := range []string{`"p25":`, `"median":`, `"p75":`, `"iqr":`} {
		if !strings.Contains(j, f) {
			t.Errorf("JSON = %s is missing %s", j, f)
		}
	}
}

func TestTheIQRIsTheMiddleHalf(t *testing.T) {
	// A tight middle with one outlier on each side: the range grows from 8
	// to 499, the interquartile range (p75 - p25 = 106 - 102) does not move.
	tight := []uint64{100, 101, 102, 103, 104, 105, 106, 107, 108}
	wide := slices.Clone(tight)
	wide[0], wide[8] = 1, 500
	ts, _ := Of(tight)
	ws, _ := Of(wide)
	check(t, "tight IQR", ts.IQR(), 4)
	check(t, "wide IQR", ws.IQR(), ts.IQR())
	if ws.Max()-ws.Min() <= 400 {
		t.Errorf("wide range = %d, want > 400", ws.Max()-ws.Min())
	}
}

func TestOfAnEmptySeriesIsNotOK(t *testing.T) {
	if _, ok := Of(nil); ok {
		t.Error("Of(nil) is ok, want not ok")
	}
}

func TestTheMeanIsTheTruncatedMeanOfTheExactSum(t *testing.T) {
	top := ^uint64(0)
	for _, c := range []struct {
		name    string
		samples []uint64
		want    uint64
	}{
		{"truncates: (1+2)/2 = 1.5", []uint64{1, 2}, 1},
		{"a sum past 2^64 does not wrap", []uint64{top, top, top}, top},
		{"(2^64-1 + 2^64-3)/2 = 2^64-2", []uint64{top, top - 2}, top - 1},
		{"(2^64-1 + 0)/2 truncates", []uint64{top, 0}, top / 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := Of(c.samples)
			check(t, "Mean", s.Mean, c.want)
		})
	}
}

func TestARunAgainstItselfIsInsideTheNoise(t *testing.T) {
	c := Compare(series(100_000, 6, 15, 1), series(100_000, 6, 15, 2))
	check(t, "verdict", c.Verdict, InsideTheNoise)
	if !(c.Lo <= 0 && c.Hi >= 0) {
		t.Errorf("the interval %.2f..%.2f should contain zero", c.Lo, c.Hi)
	}
}

func TestATwentyPercentRegressionClearsTheBand(t *testing.T) {
	c := Compare(series(100_000, 6, 15, 3), series(120_000, 6, 15, 4))
	check(t, "verdict", c.Verdict, Regression)
	if math.Abs(c.Delta-20) >= 5 {
		t.Errorf("the shift should be near 20%%, was %.2f%%", c.Delta)
	}
	if !(c.Lo > 0) {
		t.Errorf("the interval %.2f..%.2f should exclude zero", c.Lo, c.Hi)
	}
	if !(c.Lo <= c.Delta && c.Delta <= c.Hi) {
		t.Errorf("the interval %.2f..%.2f should bracket the shift %.2f", c.Lo, c.Hi, c.Delta)
	}
}

func TestATwentyPercentImprovementClearsTheBandTheOtherWay(t *testing.T) {
	c := Compare(series(100_000, 6, 15, 5), series(80_000, 6, 15, 6))
	check(t, "verdict", c.Verdict, Improvement)
	if !(c.Hi < 0) {
		t.Errorf("the interval %.2f..%.2f should lie below zero", c.Lo, c.Hi)
	}
}

func TestAOnePercentShiftUnderSixPercentNoiseIsNotAClaim(t *testing.T) {
	// A change smaller than the noise band: fifteen samples a side must
	// not call it.
	c := Compare(series(100_000, 6, 15, 7), series(101_000, 6, 15, 8))
	check(t, "verdict", c.Verdict, InsideTheNoise)
}

func TestEnoughSamplesResolveWhatFewCannot(t *testing.T) {
	// The same 3% shift under the same 6% noise: not resolvable at fifteen
	// samples a side, resolvable at two hundred.
	few := Compare(series(100_000, 6, 15, 9), series(103_000, 6, 15, 10))
	check(t, "15 a side", few.Verdict, InsideTheNoise)
	many := Compare(series(100_000, 6, 200, 11), series(103_000, 6, 200, 12))
	check(t, "200 a side", many.Verdict, Regression)
}

func TestBelowTheFloorNothingIsClaimed(t *testing.T) {
	// One sample a side and a 50% difference: no spread, so no interval.
	one := Compare([]uint64{100_000}, []uint64{150_000})
	check(t, "one sample verdict", one.Verdict, Underpowered)
	if math.Abs(one.Delta-50) > 1e-9 {
		t.Errorf("Delta = %v, want 50", one.Delta)
	}
	if !math.IsNaN(one.Lo) || !math.IsNaN(one.Hi) {
		t.Errorf("interval = %v..%v, want NaN..NaN", one.Lo, one.Hi)
	}
	// Five is still below the floor; six is the first that is not.
	five := Compare(series(100_000, 6, 5, 13), series(150_000, 6, 5, 14))
	check(t, "five a side", five.Verdict, Underpowered)
	six := Compare(series(100_000, 6, 6, 15), series(150_000, 6, 6, 16))
	check(t, "six a side", six.Verdict, Regression)
}

func TestTheFloorIsWhereANinetyFivePercentStatementFirstExists(t *testing.T) {
	// [min, max] misses the median with probability 2*(1/2)^n; the floor
	// is the smallest n for which that is at most 5%.
	covers := func(n int) bool { return 1-2*math.Pow(0.5, float64(n)) >= Confidence }
	if covers(MinSamples - 1) {
		t.Errorf("%d samples already cover at %v", MinSamples-1, Confidence)
	}
	if !covers(MinSamples) {
		t.Errorf("%d samples do not cover at %v", MinSamples, Confidence)
	}
}

func TestTheSameDataAlwaysGivesTheSameAnswer(t *testing.T) {
	base, cur := series(100_000, 6, 15, 17), series(104_000, 6, 15, 18)
	first, second := Compare(base, cur), Compare(base, cur)
	check(t, "verdict", first.Verdict, second.Verdict)
	check(t, "Lo bits", math.Float64bits(first.Lo), math.Float64bits(second.Lo))
	check(t, "Hi bits", math.Float64bits(first.Hi), math.Float64bits(second.Hi))
}

func TestOrderDoesNotChangeTheAnswer(t *testing.T) {
	base := series(100_000, 6, 15, 19)
	reversed := slices.Clone(base)
	slices.Reverse(reversed)
	cur := series(112_000, 6, 15, 20)
	straight, back := Compare(base, cur), Compare(reversed, cur)
	check(t, "Lo bits", math.Float64bits(straight.Lo), math.Float64bits(back.Lo))
	check(t, "Hi bits", math.Float64bits(straight.Hi), math.Float64bits(back.Hi))
}

func TestCompareLeavesItsInputsAlone(t *testing.T) {
	base := []uint64{9, 3, 7, 1, 5, 2}
	cur := []uint64{8, 4, 6, 10, 2, 3}
	Compare(base, cur)
	if !slices.Equal(base, []uint64{9, 3, 7, 1, 5, 2}) || !slices.Equal(cur, []uint64{8, 4, 6, 10, 2, 3}) {
		t.Errorf("Compare reordered its inputs: %v %v", base, cur)
	}
}

func TestAnEmptySideIsUnderpoweredAndStillJSON(t *testing.T) {
	c := Compare(nil, []uint64{1, 2, 3, 4, 5, 6})
	check(t, "verdict", c.Verdict, Underpowered)
	check(t, "JSON", c.JSON("b", "vm", "vm"),
		`{"benchmark":"b","kind":"comparison","of":"vm","backend":"vm","baseline_median_ns":null,"median_ns":3.5,"delta_pct":0.00,"ci_low_pct":null,"ci_high_pct":null,"confidence":0.95,"verdict":"underpowered"}`)
}

func TestAnUnderpoweredComparisonReportsNoInterval(t *testing.T) {
	j := Compare([]uint64{10}, []uint64{20}).JSON("pure", "vm", "vm")
	for _, f := range []string{`"verdict":"underpowered"`, `"ci_low_pct":null`, `"kind":"comparison"`, `"of":"vm"`} {
		if !strings.Contains(j, f) {
			t.Errorf("%s is missing %s", j, f)
		}
	}
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{
		Underpowered:   "underpowered",
		InsideTheNoise: "inside the noise",
		Regression:     "regression",
		Improvement:    "improvement",
		Verdict(9):     "Verdict(9)",
	} {
		check(t, "String", v.String(), want)
	}
}

func TestNamesAreWrittenRawWhenTheyCanBeAndEscapedWhenTheyMust(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"pure", `"pure"`},
		{"a `spawn` <b>&</b>", "\"a `spawn` <b>&</b>\""}, // no HTML escaping
		{"héllo ☃ \u2028", "\"héllo ☃ \u2028\""},         // valid UTF-8 stays as it is
		{`say "hi"\now`, `"say \"hi\"\\now"`},
		{"tab\there\nline\r\x00\x1f", `"tab\there\nline\r\u0000\u001f"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
	} {
		var l line
		l.name(c.name)
		check(t, c.name, l.String(), c.want)
	}
}

func TestStatsLine(t *testing.T) {
	s, _ := Of([]uint64{7, 3, 5, 9})
	check(t, "Line", s.Line("field", "vm", `a"b`),
		`{"benchmark":"field","kind":"vm","backend":"a\"b","wall_ns":{"min":3,"mean":6,"max":9,"p25":4.5,"median":6.0,"p75":7.5,"iqr":3.0,"samples":[7,3,5,9]}}`)
}
