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
