package stats

import (
	"strconv"
	"testing"
)

// BenchmarkCompare times one comparison of a baseline centred on 100,000 ns
// against a current run 3% slower, both with 6% noise, at the sample counts
// a harness produces: every draw of the bootstrap made afresh, as for the
// first row of its size. To compare with the reference, time its
// Comparison::of (stats.rs, cargo build --release) on the same two series:
// series(100000, 6, n, 1) against series(103000, 6, n, 2), the port of its
// own test helper.
func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{15, 50, 200} {
		base := series(100_000, 6, n, 1)
		cur := series(103_000, 6, n, 2)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Compare(base, cur)
			}
		})
	}
}

// BenchmarkComparer times the rows after the first of their size: a
// Comparer that has compared one row of n samples a side compares another
// (different samples, same sizes).
func BenchmarkComparer(b *testing.B) {
	for _, n := range []int{15, 50, 200} {
		var c Comparer
		c.Compare(series(100_000, 6, n, 3), series(100_000, 6, n, 4))
		base := series(100_000, 6, n, 1)
		cur := series(103_000, 6, n, 2)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				c.Compare(base, cur)
			}
		})
	}
}

// BenchmarkCompareLong times one comparison of two long runs, 20,000
// samples a side, whose resampling plan is drawn on every core (run with
// -cpu 1,2 to see one core against two). Nearly all of it is the plan's
// draws, so its cost per sample per resample (ns/sample/resample, the
// time over 2 × 20,000 × 10,000) says how long any long run takes: a
// million samples a side is 2 × 10^10 of them.
func BenchmarkCompareLong(b *testing.B) {
	const n = 20_000
	base := series(100_000, 6, n, 1)
	cur := series(103_000, 6, n, 2)
	for b.Loop() {
		Compare(base, cur)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(2*n*resamples), "ns/sample/resample")
}

// BenchmarkGeomean times the suite's geometric mean over 10,000 rows of
// 30 samples a side, the size of a large suite, with the plan already
// built by the rows' comparisons.
func BenchmarkGeomean(b *testing.B) {
	rows := make([]GeomeanRow, 10_000)
	for i := range rows {
		rows[i] = GeomeanRow{series(100_000, 6, 30, uint64(2*i)), series(101_000, 6, 30, uint64(2*i+1))}
	}
	var c Comparer
	c.Compare(rows[0].Baseline, rows[0].Current)
	for b.Loop() {
		c.Geomean(rows)
	}
}

// BenchmarkDriftOf times the drift test of one side at the sizes a
// harness writes and at a soak run's: a side without drift, as most
// are, and at 30 and 200 samples one that drifts by 10% over its run,
// which pays for Sen's slope too.
func BenchmarkDriftOf(b *testing.B) {
	for _, n := range []int{30, 200, 100_000} {
		s := series(100_000, 6, n, 1)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				DriftOf(s)
			}
		})
	}
	for _, n := range []int{30, 200} {
		s := series(100_000, 6, n, 1)
		for i := range s {
			s[i] += uint64(10_000 * i / n)
		}
		b.Run("drifting/n="+strconv.Itoa(n), func(b *testing.B) {
			if !DriftOf(s).Drifted {
				b.Fatal("the drifting side is not flagged")
			}
			for b.Loop() {
				DriftOf(s)
			}
		})
	}
}

// BenchmarkGeomeanRows times the suite's geometric mean at the viewer's
// two shapes, 10,000 rows of 30 samples a side and 100 rows of 200, with
// the plans already built by the rows' comparisons.
func BenchmarkGeomeanRows(b *testing.B) {
	for _, shape := range []struct{ rows, n int }{{10_000, 30}, {100, 200}} {
		rows := make([]GeomeanRow, shape.rows)
		for i := range rows {
			rows[i] = GeomeanRow{series(100_000, 6, shape.n, uint64(2*i)), series(101_000, 6, shape.n, uint64(2*i+1))}
		}
		var c Comparer
		c.Compare(rows[0].Baseline, rows[0].Current)
		b.Run(strconv.Itoa(shape.rows)+"x"+strconv.Itoa(shape.n), func(b *testing.B) {
			for b.Loop() {
				c.Geomean(rows)
			}
		})
	}
}

// BenchmarkExtras times what a row shows beyond its comparison, as
// reviewtext.Measure computes it: the drift test and the outliers of
// both sides and the samples needed, at the viewer's two sizes.
func BenchmarkExtras(b *testing.B) {
	for _, n := range []int{30, 200} {
		base := series(100_000, 6, n, 1)
		cur := series(101_000, 6, n, 2)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				DriftOf(base)
				DriftOf(cur)
				Outliers(base)
				Outliers(cur)
				SamplesNeeded(base, cur, 1)
			}
		})
	}
}

// BenchmarkWorkerRow times a row of a suite as a worker of the viewer
// computes it: its comparison, what the table shows beside it (the drift
// and the outliers of both sides, the samples needed) and its part of the
// suite's geomean, at 30 samples a side, each side handed both in run
// order and sorted, with the plan built by an earlier row of its size.
// Its allocations were the worker's collector's work: 8.6 KB in 19 a row,
// when each statistic copied the sorted sides again, each resample's
// medians were a slice of their own for a moment, and the drift sorted
// a copy; it allocates none now.
func BenchmarkWorkerRow(b *testing.B) {
	type row struct{ base, cur, sortedBase, sortedCur []float64 }
	rows := make([]row, 256)
	for i := range rows {
		base, cur := Floats(series(100_000, 6, 30, uint64(2*i))), Floats(series(101_000, 6, 30, uint64(2*i+1)))
		rows[i] = row{base, cur, SortedFloats(base), SortedFloats(cur)}
	}
	var c Comparer
	var sum GeomeanSum
	c.CompareFloats(rows[0].sortedBase, rows[0].sortedCur)
	i := 0
	for b.Loop() {
		r := rows[i%len(rows)]
		c.CompareFloats(r.sortedBase, r.sortedCur)
		DriftOfFloats(r.base)
		DriftOfFloats(r.cur)
		OutliersFloats(r.sortedBase)
		OutliersFloats(r.sortedCur)
		SamplesNeededFloats(r.sortedBase, r.sortedCur, 1)
		c.AddFloats(&sum, i, FloatRow{Baseline: r.sortedBase, Current: r.sortedCur})
		i++
	}
}
