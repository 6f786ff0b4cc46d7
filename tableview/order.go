package tableview

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/review"
)

// Table is the rows of a review as the table orders them: it computes
// each row's status, name and default place once, so that ordering ten
// thousand rows by any column sorts numbers, not rows.
type Table struct {
	rows   []review.Row
	paired bool
	status []string
	names  []string // Key.String() of each row
	// byDefault is every row's index in the default order; place[i] is row
	// i's position in it.
	byDefault, place []int
}

// New prepares rows for ordering; paired is false for one report alone
// (see Key). The table reads rows when its methods are called: a caller
// that changes a row (a comparison arriving) makes a new Table.
func New(rows []review.Row, paired bool) *Table {
	t := &Table{
		rows:   rows,
		paired: paired,
		status: make([]string, len(rows)),
		names:  make([]string, len(rows)),
	}
	for i := range rows {
		t.status[i] = Status(&rows[i])
		t.names[i] = rows[i].Key.String()
	}
	t.byDefault = t.identity()
	slices.SortStableFunc(t.byDefault, t.compareDefault)
	t.place = make([]int, len(rows))
	for p, i := range t.byDefault {
		t.place[i] = p
	}
	return t
}

func (t *Table) identity() []int {
	idx := make([]int, len(t.rows))
	for i := range idx {
		idx[i] = i
	}
	return idx
}

// compareDefault is the default order: status rank, then the largest
// shift first (between rows that both have one), then the name.
func (t *Table) compareDefault(i, j int) int {
	if c := cmp.Compare(Rank(t.status[i]), Rank(t.status[j])); c != 0 {
		return c
	}
	a, b := t.rows[i].Comparison, t.rows[j].Comparison
	if a != nil && b != nil {
		if c := cmp.Compare(math.Abs(b.Delta), math.Abs(a.Delta)); c != 0 {
			return c
		}
	}
	return strings.Compare(t.names[i], t.names[j])
}

// Status is row i's status.
func (t *Table) Status(i int) string { return t.status[i] }

// Name is row i's name, its data-row key.
func (t *Table) Name(i int) string { return t.names[i] }

// Default is the rows' indexes in the default order.
func (t *Table) Default() []int { return slices.Clone(t.byDefault) }

// Order is the rows' indexes ordered by col, descending when desc; ties
// are in the default order, and rows without a number in col come last
// in either direction.
func (t *Table) Order(col string, desc bool) []int {
	ranks := t.Ranks(col)
	idx := t.identity()
	slices.SortFunc(idx, func(i, j int) int {
		a, b := ranks[i], ranks[j]
		if (a < 0) != (b < 0) {
			return cmp.Compare(b, a) // the one without a number (-1) last
		}
		c := cmp.Compare(a, b)
		if desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return cmp.Compare(t.place[i], t.place[j])
	})
	return idx
}

// Ranks is, for column col, each row's place among the column's distinct
// values in ascending order (0, 1, 2, … with equal values sharing one), or
// -1 for a row that has no number there. Order(col, desc) is the rows
// taken rank by rank, ascending or descending, each rank's rows in the
// default order, then the rows of rank -1 in the default order: how the
// exported page orders its rows without comparing any.
func (t *Table) Ranks(col string) []int {
	ranks := make([]int, len(t.rows))
	switch col {
	case ColName:
		t.denseRanks(ranks, func(i, j int) int { return strings.Compare(t.names[i], t.names[j]) })
	case ColVerdict:
		t.denseRanks(ranks, func(i, j int) int { return cmp.Compare(Rank(t.status[i]), Rank(t.status[j])) })
	default:
		keys := make([]float64, len(t.rows))
		var have []int
		for i := range t.rows {
			var ok bool
			if keys[i], ok = Key(&t.rows[i], col, t.paired); ok {
				have = append(have, i)
			} else {
				ranks[i] = -1
			}
		}
		rankOf(ranks, have, func(i, j int) int { return cmp.Compare(keys[i], keys[j]) })
	}
	return ranks
}

// denseRanks ranks every row by compare.
func (t *Table) denseRanks(ranks []int, compare func(i, j int) int) {
	rankOf(ranks, t.identity(), compare)
}

// rankOf sets ranks[i] for every i in idx: its place among the distinct
// values compare tells apart, ascending.
func rankOf(ranks, idx []int, compare func(i, j int) int) {
	slices.SortFunc(idx, compare)
	r := -1
	for p, i := range idx {
		if p == 0 || compare(idx[p-1], i) != 0 {
			r++
		}
		ranks[i] = r
	}
}
