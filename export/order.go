package export

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/review"
)

// The page sorts as the viewer does (wasm/store): its first order is
// "regressions first", and every sort breaks ties by that order.

// rank orders statuses the way the viewer's table starts: regressions
// first, then improvements, then the rest by how much they say. page.js
// receives each row's rank; it keeps no table of its own.
var rank = map[string]int{
	"regression":                  0,
	"improvement":                 1,
	"inside the noise":            2,
	"underpowered":                3,
	string(review.NotOK):          5, // 4 is the viewer's "pending", which a page never has
	string(review.Unsupported):    6,
	string(review.OnlyInCurrent):  7,
	string(review.OnlyInBaseline): 8,
}

// status is a row's verdict when it was compared, its state otherwise: the
// value of its data-verdict or data-state attribute.
func status(r *review.Row) string {
	if compared(r) {
		return r.Comparison.Verdict.String()
	}
	return string(r.State)
}

// compared reports whether r shows a verdict (data-verdict) rather than a
// state (data-state).
func compared(r *review.Row) bool {
	return r.State == review.Compared && r.Comparison != nil
}

// ordered returns pointers to rows in the page's first order: by rank, then
// the largest shift first, then by name.
func ordered(rows []review.Row) []*review.Row {
	out := make([]*review.Row, len(rows))
	for i := range rows {
		out[i] = &rows[i]
	}
	slices.SortStableFunc(out, func(a, b *review.Row) int {
		if c := cmp.Compare(rank[status(a)], rank[status(b)]); c != 0 {
			return c
		}
		if a.Comparison != nil && b.Comparison != nil {
			if c := cmp.Compare(math.Abs(b.Comparison.Delta), math.Abs(a.Comparison.Delta)); c != 0 {
				return c
			}
		}
		return strings.Compare(a.Key.String(), b.Key.String())
	})
	return out
}

// nameOrder is each row's place when rows are sorted by name, compared as
// Go compares strings: page.js sorts the name column by it, so that it
// needs no collation of its own and agrees with the viewer.
func nameOrder(rows []*review.Row) []int {
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		return strings.Compare(rows[i].Key.String(), rows[j].Key.String())
	})
	place := make([]int, len(rows))
	for p, i := range idx {
		place[i] = p
	}
	return place
}
