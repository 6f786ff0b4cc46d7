package export

import (
	"encoding/json"
	"fmt"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/tableview"
)

// The adjusted view (insights.js's switch, adjust= in the fragment) shows
// Holm's or Benjamini–Hochberg's verdicts in place of the reference's: the
// pills, and everything read off a verdict, as the viewer's store does
// with its adjusted rows: the filter, the order by verdict (the default
// one), the summary's counts and the interval bars' colours. Go computes
// each view's rows with reviewtext's adjusted verdicts and ships what
// differs from the reference's view; page.js swaps it in.

// viewJSON is one adjusted view's table, by page index (a row's place
// in the reference's default order, as pageJSON's rows).
type viewJSON struct {
	// Order is every row in this view's default order: page.js walks a
	// column's ranks in it, so that ties fall as tableview orders them.
	Order []int `json:"order"`
	// Verdict is each row's rank in the verdict column of this view.
	Verdict []int `json:"verdict"`
	// Status holds the rows whose status this view changes, and their
	// status in it (the filter's).
	Status map[int]string `json:"status"`
	// Bar holds, for the same rows, the line of the bars block with
	// their parts of the interval chart as this view colours them.
	Bar map[int]int `json:"bar"`
	// Summary is the header's count of rows by status in this view.
	Summary string `json:"summary"`
}

// adjustedRows is rows with the verdicts method gives them (reviewtext's,
// as compare -adjust prints them): a row whose verdict changes has a
// Comparison of its own; the others are rows' own.
func adjustedRows(rv *review.Review, method string) []review.Row {
	adj := reviewtext.New(rv, reviewtext.Options{Adjust: method})
	out := make([]review.Row, len(rv.Rows))
	copy(out, rv.Rows)
	for i := range out {
		r := &out[i]
		if r.State != review.Compared || r.Comparison == nil || adj.Rows[i].Verdict == r.Comparison.Verdict {
			continue
		}
		c := *r.Comparison
		c.Verdict = adj.Rows[i].Verdict
		r.Comparison = &c
	}
	return out
}

// adjustedView is the view of rows (rv.Rows with another view's
// verdicts) as page.js needs it; place[i] is rv.Rows[i]'s page index,
// ref the reference's rows in page order, and bars the block the changed
// rows' bar parts are added to.
func adjustedView(rows []review.Row, place []int, ref []*review.Row, paired bool, bars *lines) (*viewJSON, error) {
	n := len(rows)
	t := tableview.New(rows, paired)
	v := &viewJSON{Order: make([]int, n), Verdict: make([]int, n), Status: map[int]string{}, Bar: map[int]int{}}
	byDefault := t.Default()
	inOrder := make([]*review.Row, n)
	for p, i := range byDefault {
		v.Order[p] = place[i]
		inOrder[p] = &rows[i]
	}
	ranks := t.Ranks(tableview.ColVerdict)
	var changed []review.Row
	var at []int
	for i := range rows {
		v.Verdict[place[i]] = ranks[i]
		if s := status(&rows[i]); s != status(ref[place[i]]) {
			v.Status[place[i]] = s
			if compared(&rows[i]) {
				changed = append(changed, rows[i])
				at = append(at, place[i])
			}
		}
	}
	v.Summary = summary(inOrder)
	if len(changed) == 0 {
		return v, nil
	}
	_, parts, err := intervalParts(changed)
	if err != nil {
		return nil, fmt.Errorf("export: adjusted interval chart: %w", err)
	}
	for j, p := range at {
		line, err := json.Marshal(parts[j])
		if err != nil {
			return nil, err
		}
		v.Bar[p] = bars.add(line)
	}
	return v, nil
}
