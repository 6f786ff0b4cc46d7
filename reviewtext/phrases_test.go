package reviewtext

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/stats"
)

// The phrases the viewer shows are the command line's, word for word.
func TestPhrases(t *testing.T) {
	check := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: got %q, want %q", what, got, want)
		}
	}
	check("advice", Advice(1400, 1), "about 1,400 samples a side would resolve a 1% shift")
	check("advice at 2.5%", Advice(140, 2.5), "about 140 samples a side would resolve a 2.5% shift")
	check("no advice", Advice(0, 1), "")

	x := &Extras{
		DriftBase: stats.Drift{Pct: -2, Drifted: false}, DriftCur: stats.Drift{Pct: 5.1, Drifted: true},
		OutliersBase: 2,
	}
	check("drift", x.DriftNote(), "drift: current +5.10%")
	check("drift in a verdict", driftText(x), " (drift: current +5.10%)")
	check("outliers", x.OutlierNote(), "outliers: baseline 2")
	soak := &Extras{OutliersBase: 2016, OutliersCur: 12_345}
	check("outliers of a soak run", soak.OutlierNote(), "outliers: baseline 2,016, current 12,345")
	var none *Extras
	check("no extras' drift", none.DriftNote(), "")
	check("no extras' outliers", none.OutlierNote(), "")

	// 5% of 22 verdicts: 1.1 expected by chance.
	check("chance", ChanceNote(22), "With 22 rows compared at 95%, about 1.1 regressions or improvements are expected by chance alone, even with no real change")
	check("chance, a whole number", ChanceNote(10_000), "With 10,000 rows compared at 95%, about 500 regressions or improvements are expected by chance alone, even with no real change")
	// 5% of 100,000 and of 20,010: thousands expected, grouped as the
	// count is, the tenth kept.
	check("chance, thousands expected", ChanceNote(100_000), "With 100,000 rows compared at 95%, about 5,000 regressions or improvements are expected by chance alone, even with no real change")
	check("chance, thousands and a tenth", ChanceNote(20_010), "With 20,010 rows compared at 95%, about 1,000.5 regressions or improvements are expected by chance alone, even with no real change")
	check("too few for chance", ChanceNote(ChanceFrom-1), "")

	g := stats.Geomean{Delta: 3.85, Lo: 3.1, Hi: 4.61, Verdict: stats.Regression, Rows: 33}
	check("geomean", GeomeanLine(&g), "geomean +3.85% [+3.10%, +4.61%] over 33 rows: regression")
	g.Rows = 10_000
	check("geomean over thousands", GeomeanLine(&g), "geomean +3.85% [+3.10%, +4.61%] over 10,000 rows: regression")
	g.Rows = 1
	check("geomean over one row", GeomeanLine(&g), "geomean +3.85% [+3.10%, +4.61%] over 1 row: regression")
	check("adjusted for thousands", multipleNote("holm", 12_345, 1_024, "the reference calls"),
		"Verdicts adjusted for 12,345 comparisons (-adjust holm): 1,024 rows are inside the noise after adjustment that the reference calls a regression or an improvement.")
	check("no geomean", GeomeanLine(&stats.Geomean{Delta: math.NaN(), Verdict: stats.Underpowered}), "")
}

// Extras measured elsewhere (the viewer's workers) give the summary the
// command line's text, and the geomean given is the one used.
func TestMeasuredExtrasAreTheSame(t *testing.T) {
	own := summaryOf(t, "base-b.jsonl", "cur-b.jsonl", Options{Extras: true})
	measured := make([]*Extras, len(own.Rows))
	for i, r := range own.Rows {
		if r.Comparison != nil {
			x := Measure(stats.Floats(r.Base.Samples), stats.Floats(r.Cur.Samples), 1)
			measured[i] = &x
		}
	}
	given := summaryOf(t, "base-b.jsonl", "cur-b.jsonl", Options{Extras: true, Measured: measured, Geomean: own.Geomean})
	var a, b strings.Builder
	own.Markdown(&a)
	given.Markdown(&b)
	if a.String() != b.String() {
		t.Errorf("with measured extras\n%s\nwant\n%s", b.String(), a.String())
	}
	for i, r := range given.Rows {
		if r.Extras != nil && (r.Verdict == stats.Regression || r.Verdict == stats.Improvement) && r.Extras.SamplesNeeded != 0 {
			t.Errorf("row %d, a %v, keeps samples needed %d", i, r.Verdict, r.Extras.SamplesNeeded)
		}
		// Compared as printed: an unflagged side's Drift.Pct is NaN,
		// which == never matches.
		if r.Extras != nil && fmt.Sprintf("%+v", *r.Extras) != fmt.Sprintf("%+v", *own.Rows[i].Extras) {
			t.Errorf("row %d: extras %+v, want %+v", i, *r.Extras, *own.Rows[i].Extras)
		}
	}
}
