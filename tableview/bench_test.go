package tableview

import (
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/suitegen"
)

// BenchmarkDefaultOrder times what the viewer does once the last row of a
// 10,000-row suite is computed, before the table shows its default
// order: New (each row's status, name and shift), then Default (the
// sort). The rows' comparisons are made up (a shift and a verdict a row,
// spread as a suite's are): computing them is not what is timed.
func BenchmarkDefaultOrder(b *testing.B) {
	rows := suiteRows(b, 10_000)
	b.Run("New", func(b *testing.B) {
		for b.Loop() {
			New(rows, true)
		}
	})
	b.Run("Default", func(b *testing.B) {
		for b.Loop() {
			New(rows, true).Default()
		}
	})
}

// suiteRows is a generated suite of n rows paired, each with a made-up
// comparison.
func suiteRows(b *testing.B, n int) []review.Row {
	rows := review.New(suitePair(b, suitegen.Spec{Rows: n, Samples: 8, Seed: 1})).Rows
	verdicts := []stats.Verdict{stats.Regression, stats.Improvement, stats.InsideTheNoise, stats.InsideTheNoise, stats.InsideTheNoise}
	for i := range rows {
		if rows[i].State != review.Compared {
			continue
		}
		delta := float64(i*7919%n+1) / float64(n) * 20 // distinct sizes, as a suite's shifts
		rows[i].Comparison = &stats.Comparison{Delta: delta, Verdict: verdicts[i%len(verdicts)]}
	}
	return rows
}
