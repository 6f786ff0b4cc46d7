package export

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/tableview"
)

// Each adjusted view a page ships is tableview's table of the rows with
// that view's verdicts (reviewtext's): its default order and verdict
// ranks, the statuses it changes, and those rows' bars drawn in their new
// verdict's colours, as chart.Interval draws them.
func TestTheAdjustedViewsAreTableviewsOfTheAdjustedRows(t *testing.T) {
	rv := insightReview(t)
	if err := compute(rv); err != nil {
		t.Fatal(err)
	}
	parts := readParts(t, page(t, rv))
	byPage, _ := ordered(rv.Rows, true) // the page's rows, in its order
	place := map[*review.Row]int{}
	for p, r := range byPage {
		place[r] = p
	}
	for _, m := range adjustMethods {
		v := parts.data.Adjusted[m]
		if v == nil {
			t.Fatalf("%s: no view shipped", m)
		}
		rows := adjustedRows(rv, m)
		tab := tableview.New(rows, true)
		var want []int
		for _, i := range tab.Default() {
			want = append(want, place[&rv.Rows[i]])
		}
		if !slices.Equal(v.Order, want) {
			t.Errorf("%s: order %v, want tableview's %v", m, v.Order, want)
		}
		ranks := tab.Ranks(tableview.ColVerdict)
		changed := 0
		for i := range rows {
			p := place[&rv.Rows[i]]
			if v.Verdict[p] != ranks[i] {
				t.Errorf("%s: row %s has verdict rank %d, want %d", m, rows[i].Key, v.Verdict[p], ranks[i])
			}
			s, ref := status(&rows[i]), status(&rv.Rows[i])
			if got, ok := v.Status[p]; ok != (s != ref) || ok && got != s {
				t.Errorf("%s: row %s ships status %q (%v), want %q (the reference's %q)", m, rows[i].Key, got, ok, s, ref)
			}
			if s == ref {
				continue
			}
			changed++
			if s != stats.InsideTheNoise.String() {
				t.Errorf("%s: row %s adjusted to %q", m, rows[i].Key, s)
			}
			// The bar as this view colours it: the reference's bar of a row
			// inside the noise has the same colours.
			var bar, refBar barJSON
			if err := json.Unmarshal([]byte(parts.bars[v.Bar[p]]), &bar); err != nil {
				t.Fatalf("%s: row %s: bar line %d: %v", m, rows[i].Key, v.Bar[p], err)
			}
			if err := json.Unmarshal([]byte(parts.bars[parts.data.Rows[p].Bar]), &refBar); err != nil {
				t.Fatal(err)
			}
			if colour(t, bar.Item[0]) == colour(t, refBar.Item[0]) {
				t.Errorf("%s: row %s keeps its colour %s", m, rows[i].Key, colour(t, bar.Item[0]))
			}
			if noise := noiseColour(t, parts); colour(t, bar.Item[0]) != noise {
				t.Errorf("%s: row %s drawn %s, inside the noise is %s", m, rows[i].Key, colour(t, bar.Item[0]), noise)
			}
		}
		if changed == 0 && m == stats.Holm { // BH, the milder, keeps them all here
			t.Errorf("%s changes no row of the test's review", m)
		}
	}
}

// colour is a bar item's border colour.
func colour(t *testing.T, item json.RawMessage) string {
	t.Helper()
	var i struct{ ItemStyle struct{ BorderColor string } }
	if err := json.Unmarshal(item, &i); err != nil {
		t.Fatal(err)
	}
	return i.ItemStyle.BorderColor
}

// noiseColour is the colour of the reference's bars inside the noise.
func noiseColour(t *testing.T, parts pageParts) string {
	t.Helper()
	for _, r := range parts.data.Rows {
		if r.Status == stats.InsideTheNoise.String() && r.Bar >= 0 {
			var bar barJSON
			if err := json.Unmarshal([]byte(parts.bars[r.Bar]), &bar); err != nil {
				t.Fatal(err)
			}
			return colour(t, bar.Item[0])
		}
	}
	t.Fatal("no row inside the noise")
	return ""
}
