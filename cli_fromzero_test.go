package main

import (
	"strings"
	"testing"
)

// TestCompareJudgesARiseFromZero runs compare on reviewtext's real go test
// pair whose Format benchmark went from 0 to 1 allocs/op and 0 to 16 B/op
// (reviewtext/testdata/fromzero/README.md): the command line judges those
// rows regressions, as the pages do (stats.CompareMetric), its JSON stays
// JSON with delta_pct null and from_zero true, its text shows +∞%, and
// -fail-on-regression fails on them alone (-threshold 1000 lets Format's
// time, some +190%, pass as below the threshold).
func TestCompareJudgesARiseFromZero(t *testing.T) {
	pair := []string{"reviewtext/testdata/fromzero/base.txt", "reviewtext/testdata/fromzero/cur.txt"}
	out, errs, err := runCLI(t, append([]string{"compare"}, pair...)...)
	if err != nil {
		t.Fatalf("err = %v\n%s", err, errs)
	}
	fromZero := map[string]bool{}
	for _, row := range jsonRows(t, out) {
		if row["kind"] == "geomean" {
			continue
		}
		name := row["benchmark"].(string) + " " + row["unit"].(string)
		if row["from_zero"] == true {
			fromZero[name] = true
			if row["delta_pct"] != nil || row["verdict"] != "regression" || row["baseline_median"] != 0.0 {
				t.Errorf("%s: %v", name, row)
			}
		}
	}
	if len(fromZero) != 2 || !fromZero["Format-2 B/op"] || !fromZero["Format-2 allocs/op"] {
		t.Errorf("rows from zero: %v; want Format-2's B/op and allocs/op", fromZero)
	}
	if strings.Contains(errs, "median of zero") {
		t.Errorf("stderr calls a row underpowered for its zero baseline:\n%s", errs)
	}
	text, _, err := runCLI(t, append([]string{"compare", "-format", "text"}, pair...)...)
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, l := range lines(text) {
		if strings.HasPrefix(l, "Format-2 [B/op]") || strings.HasPrefix(l, "Format-2 [allocs/op]") {
			shown++
			if !strings.Contains(l, "+∞%  [+∞%, +∞%]") {
				t.Errorf("text row: %s", l)
			}
		}
	}
	if shown != 2 {
		t.Errorf("%d text rows of Format-2's B/op and allocs/op, want 2:\n%s", shown, text)
	}
	_, errs, err = runCLI(t, append([]string{"compare", "-fail-on-regression", "-threshold", "1000"}, pair...)...)
	if exitCode(err) != 3 {
		t.Errorf("-fail-on-regression: exit %d, want 3\n%s", exitCode(err), errs)
	}
}
