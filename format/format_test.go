package format

import (
	"math"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

func check(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func TestUnitFor(t *testing.T) {
	cases := []struct {
		ns   []float64
		want Unit
	}{
		{[]float64{999}, Nanoseconds},
		{[]float64{1000}, Microseconds},
		{[]float64{2430207}, Milliseconds}, // golden a, benches/lowering
		{[]float64{999_999, 1_000_001}, Milliseconds},
		{[]float64{1.5e9}, Seconds},
		{[]float64{math.NaN(), 5e6}, Milliseconds},
		{nil, Nanoseconds},
	}
	for _, c := range cases {
		if got := UnitFor(c.ns...); got != c.want {
			t.Errorf("UnitFor(%v) = %v, want %v", c.ns, got, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	check(t, "ms", Milliseconds.Format(24689633), "24.69 ms")
	check(t, "ms 3 digits", Milliseconds.Format(2430207), "2.430 ms")
	check(t, "ms 100+", Milliseconds.Format(142759553), "142.8 ms")
	check(t, "ns whole", Nanoseconds.Format(812), "812 ns")
	check(t, "ns half", Nanoseconds.Format(812.5), "812.5 ns")
	check(t, "µs", Microseconds.Format(1500), "1.500 µs")
	check(t, "s", Seconds.Format(2.5e9), "2.500 s")
	check(t, "row unit keeps small values in it", Milliseconds.Format(136698.5), "0.137 ms")
	check(t, "NaN", Milliseconds.Format(math.NaN()), None)
	check(t, "span", Milliseconds.Span(24350386.5, 25607954), "24.35–25.61 ms")
	check(t, "span without a bound", Milliseconds.Span(math.NaN(), 25607954), None)
	check(t, "duration", Duration(61862118), "61.86 ms")
}

func TestPercent(t *testing.T) {
	check(t, "positive", Percent(3.7912), "+3.79%")
	check(t, "negative", Percent(-1.006), "-1.01%")
	check(t, "zero", Percent(0), "0.00%")
	check(t, "tiny negative", Percent(-0.001), "0.00%")
	check(t, "NaN", Percent(math.NaN()), None)
	check(t, "interval", Interval(-3.86, 3.26), "[-3.86%, +3.26%]")
	check(t, "no interval", Interval(math.NaN(), math.NaN()), None)
	check(t, "rose from zero", Percent(math.Inf(1)), "+∞%")
	check(t, "fell to zero", Percent(math.Inf(-1)), "-∞%")
	check(t, "interval from zero", Interval(math.Inf(1), math.Inf(1)), "[+∞%, +∞%]")
	check(t, "unclear rise from zero", Interval(0, math.Inf(1)), "[0.00%, +∞%]")
}

func TestStatus(t *testing.T) {
	five := &stats.FloatStats{Sorted: []float64{1, 2, 3, 4, 5}}
	refused := &report.Row{What: "a `spawn`", OK: false}
	bad := &report.Row{OK: false}
	good := &report.Row{OK: true}
	for _, c := range []struct {
		name   string
		row    review.Row
		status string
		want   string
		class  string
	}{
		// Five samples against nine: the floor is six, so both counts and
		// the floor are what the reader needs.
		{"underpowered", review.Row{BaseStats: five, CurStats: &stats.FloatStats{Sorted: make([]float64, 9)}}, "underpowered", "underpowered: 5 vs 9 samples, 6 needed", "underpowered"},
		{"underpowered, one side empty", review.Row{CurStats: five}, "underpowered", "underpowered: 0 vs 5 samples, 6 needed", "underpowered"},
		{"unsupported says why", review.Row{Cur: refused}, "unsupported", "unsupported: a `spawn`", "unsupported"},
		{"unsupported without a reason", review.Row{Cur: good}, "unsupported", "unsupported", "unsupported"},
		{"only in baseline", review.Row{}, "only-in-baseline", "only in baseline", "only"},
		{"only in current", review.Row{}, "only-in-current", "only in current", "only"},
		{"not ok in current", review.Row{Base: good, Cur: bad}, "not-ok", "not ok: the current run reports ok:false", "not-ok"},
		{"not ok in baseline", review.Row{Base: bad, Cur: good}, "not-ok", "not ok: the baseline reports ok:false", "not-ok"},
		{"not ok in both", review.Row{Base: bad, Cur: bad}, "not-ok", "not ok: both runs report ok:false", "not-ok"},
		{"a verdict is its own words", review.Row{}, "inside the noise", "inside the noise", "noise"},
	} {
		t.Run(c.name, func(t *testing.T) {
			check(t, "Status", Status(&c.row, c.status), c.want)
			check(t, "StatusClass", StatusClass(c.status), c.class)
		})
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567", -4500: "-4,500"} {
		check(t, "Count", Count(n), want)
	}
}

func TestRows(t *testing.T) {
	for n, want := range map[int]string{0: "0 rows", 1: "1 row", 2: "2 rows", 10000: "10,000 rows"} {
		check(t, "Rows", Rows(n), want)
	}
}
