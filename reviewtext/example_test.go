package reviewtext_test

import (
	"os"
	"strings"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/reviewtext"
)

// The viewer's "Copy as Markdown" and `benchview compare -format markdown`
// both come down to this: pair the reports, compute the rows, summarise,
// write.
func ExampleSummary_Markdown() {
	base, _ := report.Read(strings.NewReader(
		`{"benchmark":"parse","kind":"vm","backend":"vm","wall_ns":{"samples":[100,102,101,99,100,101,100,102]}}`+"\n"+
			`{"benchmark":"a|b <script>","kind":"vm","backend":"vm","wall_ns":{"samples":[50,51,50,52,50,51,50,49]}}`+"\n"), "base.jsonl")
	cur, _ := report.Read(strings.NewReader(
		`{"benchmark":"parse","kind":"vm","backend":"vm","wall_ns":{"samples":[120,121,119,122,120,121,120,123]}}`+"\n"), "cur.jsonl")
	v := review.New(base, cur)
	for i := range v.Rows {
		v.Rows[i].Compute()
	}
	reviewtext.New(v, reviewtext.Options{Extras: true}).Markdown(os.Stdout)
	// Output:
	// **benchview:** 1 regression, 1 missing; geomean +19.90% [+18.23%, +21.50%] over 1 row: regression (`base.jsonl` → `cur.jsonl`)
	//
	// - 1 row is in the baseline but not in the current run.
	//
	// | row | baseline | current | Δ% | 95% interval | verdict |
	// |:--|--:|--:|--:|:--|:--|
	// | `parse/vm/vm` | 100.5 ns | 120.5 ns | +19.90% | [+18.23%, +21.50%] | regression |
	// | `a\|b <script>/vm/vm` | 50 ns | — | — | — | missing from the current run |
}
