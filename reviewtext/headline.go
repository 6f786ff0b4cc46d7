package reviewtext

import (
	"strconv"
	"strings"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// Headline is the summary in one line: the rows counted by status, most
// important first, statuses with no row left out: "2 regressions,
// 1 improvement, 11 inside the noise".
func (s *Summary) Headline() string {
	if sum(s.Counts) == 0 {
		return "no rows"
	}
	return countsOf(s.Counts)
}

// Suite is the suite's geomean shift in words, "geomean +3.85% [+3.10%,
// +4.61%] over 33 rows: regression"; empty when there is none (no
// extras, or no row covered).
func (s *Summary) Suite() string { return GeomeanLine(s.Geomean) }

// GeomeanLine is a suite's geomean shift in words, as Suite says it; empty
// for nil or a geomean over no row.
func GeomeanLine(g *stats.Geomean) string {
	if g == nil || g.Rows == 0 {
		return ""
	}
	out := "geomean " + format.Percent(g.Delta)
	if iv := format.Interval(g.Lo, g.Hi); iv != format.None {
		out += " " + iv
	}
	return out + " over " + format.Rows(g.Rows) + ": " + g.Verdict.String()
}

// ChanceFrom is the number of verdicts from which the summary says how
// many chance alone would call: from 20 on, one or more.
const ChanceFrom = 20

// ChanceNote says how many of tests verdicts chance alone would call,
// "With 22 rows compared at 95%, about 1.1 regressions or improvements
// are expected by chance alone, even with no real change"; empty below
// ChanceFrom.
func ChanceNote(tests int) string {
	if tests < ChanceFrom {
		return ""
	}
	// One decimal, none when it is 0, the thousands grouped as the
	// count's: "about 1.1", "about 5,000", not "about 500.0" or "5000".
	// FormatFloat rounds to the tenth from the product's exact value,
	// which scaling by ten first could round differently.
	whole, tenth, _ := strings.Cut(strconv.FormatFloat(Alpha*float64(tests), 'f', 1, 64), ".")
	n, _ := strconv.Atoi(whole) // digits FormatFloat just wrote
	expected := format.Count(n)
	if tenth != "0" {
		expected += "." + tenth
	}
	return "With " + format.Count(tests) + " rows compared at 95%, about " + expected +
		" regressions or improvements are expected by chance alone, even with no real change"
}

// multipleNote is what the notes say of the many comparisons: with an
// adjustment, how many rows it turned inside the noise (changed) that
// unadjusted (called: "the reference calls", or "alone would be") are a
// regression or an improvement; without one, the chance note and the
// switch that accounts for it ("" when tests are too few for it).
func multipleNote(adjust string, tests, changed int, called string) string {
	if adjust != "" {
		return "Verdicts adjusted for " + format.Count(tests) + " comparisons (-adjust " + adjust + "): " +
			rowsAre(changed) + " inside the noise after adjustment that " + called + " a regression or an improvement."
	}
	if chance := ChanceNote(tests); chance != "" {
		return chance + "; -adjust holm or bh accounts for it."
	}
	return ""
}

// Notes are the sentences that qualify the headline: what a threshold let
// through, what chance alone would produce, what could not be compared.
func (s *Summary) Notes() []string {
	var notes []string
	if n := s.Counts[BelowThreshold]; n > 0 {
		notes = append(notes, rowsAre(n)+" a regression below the "+percent(s.Threshold)+
			" threshold: reported, but "+notFail(n)+" the gate.")
	}
	if n := s.Counts[Failed]; n > 0 {
		notes = append(notes, rowsAre(n)+" a failed benchmark (ok:false): never read as a timing; under "+
			"-fail-on-regression, "+failsThe(n)+" the gate.")
	}
	if n := s.Counts[Missing]; n > 0 {
		notes = append(notes, rowsAre(n)+" in the baseline but not in the current run.")
	}
	if n := s.Counts[Underpowered]; n > 0 {
		notes = append(notes, rowsAre(n)+" underpowered: a side has fewer than "+
			strconv.Itoa(stats.MinSamples)+" samples, so no verdict is claimed.")
	}
	changed := 0
	for _, r := range s.Rows {
		if r.Comparison != nil && r.Status != Failed && r.Verdict != r.Comparison.Verdict {
			changed++
		}
	}
	if note := multipleNote(s.Adjust, s.Tests, changed, "the reference calls"); note != "" {
		notes = append(notes, note)
	}
	switch {
	case s.Compared() == 0:
		notes = append(notes, "No row could be compared: the reports share no row that both measured and neither flagged.")
	case s.Judged() == 0:
		notes = append(notes, "No row has a verdict: every row compared is underpowered.")
	}
	return notes
}

// rowsAre is "1 row is" or "3 rows are".
func rowsAre(n int) string {
	if n == 1 {
		return "1 row is"
	}
	return format.Count(n) + " rows are"
}

// failsThe is "it fails" or "they fail" after a count of rows.
func failsThe(n int) string {
	if n == 1 {
		return "it fails"
	}
	return "they fail"
}

// notFail is "does not fail" or "do not fail" after a count of rows.
func notFail(n int) string {
	if n == 1 {
		return "it does not fail"
	}
	return "they do not fail"
}
