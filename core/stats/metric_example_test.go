package stats_test

import (
	"fmt"

	"github.com/benchview/benchview/core/stats"
)

func ExampleCompareMetric() {
	// allocs/op of ten runs a side: none before, one every run after. A
	// percent of zero has no size, but every resample's median moved up
	// by 1, so the rise is a regression, its shift +Inf, and no resample
	// is at or below zero: p = 0.
	before := []float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	after := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	c := stats.CompareMetric(before, after, false)
	fmt.Println(c.Verdict, c.Delta, c.Lo, c.Hi, c.P)
	// MB/s is better higher: a rate that drops 10% is a regression.
	fast := []float64{100, 101, 99, 100, 102, 98, 100, 101}
	slow := []float64{90, 91, 89, 90, 92, 88, 90, 91}
	fmt.Println(stats.CompareMetric(fast, slow, true).Verdict)
	// Output:
	// regression +Inf +Inf +Inf 0
	// regression
}
