package stats_test

import (
	"fmt"

	"github.com/benchview/benchview/core/stats"
)

func ExampleOf() {
	// Sorted: 10 20 30 1000. The median is (20+30)/2; p25 is at h = 0.75,
	// 10 + 0.75*10; p75 at h = 2.25, 30 + 0.25*970. The mean is
	// 1060/4 = 265, dragged up by the one slow run; the median is not.
	s, _ := stats.Of([]uint64{30, 10, 20, 1000})
	fmt.Println(s.Median(), s.IQR(), s.Mean)
	fmt.Println(s.JSONWithSamples())
	// Output:
	// 25 255 265
	// {"min":10,"mean":265,"max":1000,"p25":17.5,"median":25.0,"p75":272.5,"iqr":255.0,"samples":[30,10,20,1000]}
}

func ExampleQuantile() {
	// R-7: h = (4-1)*0.25 = 0.75, so p25 lies three quarters of the way
	// from the first sample to the second.
	fmt.Println(stats.Quantile([]uint64{1, 2, 3, 4}, 0.25))
	// Output: 1.75
}

func ExampleCompare() {
	base := []uint64{100, 102, 98, 101, 99, 100, 103, 97}
	cur := []uint64{120, 118, 121, 119, 122, 117, 120, 121}
	// The interval below is the one the reference prints for these series.
	c := stats.Compare(base, cur)
	fmt.Println(c.Verdict, c.Lo > 0)
	fmt.Println(c.JSON("parse", "vm", "vm"))
	// Output:
	// regression true
	// {"benchmark":"parse","kind":"comparison","of":"vm","backend":"vm","baseline_median_ns":100.0,"median_ns":120.0,"delta_pct":20.00,"ci_low_pct":17.33,"ci_high_pct":22.45,"confidence":0.95,"verdict":"regression"}
}

func ExampleCompare_underpowered() {
	// Five samples a side are below the floor: the shift is reported, the
	// interval is not.
	c := stats.Compare([]uint64{10, 11, 10, 12, 10}, []uint64{20, 21, 20, 22, 20})
	fmt.Println(c.Verdict)
	fmt.Println(c.JSON("tiny", "vm", "vm"))
	// Output:
	// underpowered
	// {"benchmark":"tiny","kind":"comparison","of":"vm","backend":"vm","baseline_median_ns":10.0,"median_ns":20.0,"delta_pct":100.00,"ci_low_pct":null,"ci_high_pct":null,"confidence":0.95,"verdict":"underpowered"}
}

func ExampleDriftOf() {
	// A run that slows by 1 ns a sample from 100 ns: every later sample
	// is slower than every earlier one, so S is 45 of 45 and p = 2/10!;
	// Sen's slope is 1 ns a sample, 9 ns over the run, on a median of
	// 104.5 ns.
	d := stats.DriftOf([]uint64{100, 101, 102, 103, 104, 105, 106, 107, 108, 109})
	fmt.Printf("%+.2f%% over the run, p = %.1e, drifted: %v\n", d.Pct, d.P, d.Drifted)
	// Output: +8.61% over the run, p = 5.5e-07, drifted: true
}

func ExampleOutliers() {
	// Quartiles 11.25 and 13.75, so the fences are 3 IQR = 7.5 beyond
	// them, at 3.75 and 21.25: only 100 is past one.
	fmt.Println(stats.Outliers([]uint64{10, 11, 12, 13, 14, 100}))
	// Output: 1
}

func ExampleSamplesNeeded() {
	// Two runs of 1..30 ns: each median's error is estimated as
	// (x21 - x10)/3.92 = 2.8 ns on a median of 15.5, so a 10% shift
	// needs some 1,500 samples a side, and a 40% shift a sixteenth.
	s := make([]uint64, 30)
	for i := range s {
		s[i] = uint64(i + 1)
	}
	fmt.Println(stats.SamplesNeeded(s, s, 10), stats.SamplesNeeded(s, s, 40))
	// Output: 1544 97
}

func ExampleAdjust() {
	// Four rows' p-values. Holm tests the smallest at 0.05/4, the next
	// at 0.05/3: 0.02 fails, and stops it. Benjamini-Hochberg keeps the
	// three smallest, since 0.03 <= 3 × 0.05/4.
	ps := []float64{0.03, 0.2, 0.01, 0.02}
	fmt.Println(stats.Adjust(ps, stats.Holm, 0.05))
	fmt.Println(stats.Adjust(ps, stats.BH, 0.05))
	// Output:
	// [false false true false]
	// [true false true true]
}

func ExampleGeomeanOf() {
	// One row 21% slower, one unchanged: the geometric mean ratio is
	// √1.21 = 1.1. With no spread in either, every resample agrees.
	same := func(v uint64) []uint64 { return []uint64{v, v, v, v, v, v} }
	g := stats.GeomeanOf([]stats.GeomeanRow{
		{Baseline: same(100), Current: same(121)},
		{Baseline: same(40), Current: same(40)},
	})
	fmt.Printf("%+.2f%% [%+.2f%%, %+.2f%%] %v over %d rows\n", g.Delta, g.Lo, g.Hi, g.Verdict, g.Rows)
	// Output: +10.00% [+10.00%, +10.00%] regression over 2 rows
}

func ExampleComparison_P() {
	// The p-value is read off the same resamples as the interval: a
	// regression's is at most 0.05, and here no resample crossed zero.
	base := []uint64{100, 102, 98, 101, 99, 100, 103, 97}
	cur := []uint64{120, 118, 121, 119, 122, 117, 120, 121}
	c := stats.Compare(base, cur)
	fmt.Println(c.Verdict, c.P)
	// Output: regression 0
}
