package reviewtext

import (
	"strings"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/toolreport"
)

// The page's Copy as Markdown of another tool's review (one metric, from
// reviewtext.New as for cove-bench's) names each row as the page does: by
// its label, with no empty kind and backend.
func TestAToolsRowsAreNamedByTheirLabel(t *testing.T) {
	base, cur := readTool(t, "go/base.txt"), readTool(t, "go/cur.txt")
	m := toolreport.Metrics(base, cur)[0]
	rv := review.NewOf(base.AsReport(m.Name), cur.AsReport(m.Name), &m)
	for i := range rv.Rows {
		rv.Rows[i].Compute()
	}
	var b strings.Builder
	if err := New(rv, Options{}).Markdown(&b); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); !strings.Contains(md, "| `Append-2` |") || strings.Contains(md, "//") {
		t.Errorf("the Markdown does not name Append-2 by its label alone:\n%s", md)
	}
}
