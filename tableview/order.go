package tableview

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

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
	// rank is each row's status's Rank, shift the size of its shift and
	// shifted whether it has one: what the default order compares.
	rank    []int
	shift   []float64
	shifted []bool
	// byDefault is every row's index in the default order; place[i] is row
	// i's position in it. Both are sorted once, by the first method that
	// needs them (ordered).
	byDefault, place []int
	ordering         sync.Once
}

// New prepares rows for ordering; paired is false for one report alone
// (see Key). The table reads rows when its methods are called: a caller
// that changes a row (a comparison arriving) makes a new Table.
func New(rows []review.Row, paired bool) *Table {
	t := &Table{
		rows:    rows,
		paired:  paired,
		status:  make([]string, len(rows)),
		names:   make([]string, len(rows)),
		rank:    make([]int, len(rows)),
		shift:   make([]float64, len(rows)),
		shifted: make([]bool, len(rows)),
	}
	for i := range rows {
		t.status[i] = Status(&rows[i])
		t.names[i] = rows[i].Key.String()
		t.rank[i] = Rank(t.status[i])
		if c := rows[i].Comparison; c != nil {
			t.shift[i], t.shifted[i] = math.Abs(c.Delta), true
		}
	}
	return t
}

// ordered sorts the rows into the default order, the first time it is
// called. New leaves it for later, so that a page can prepare a table of
// ten thousand rows in one task and sort it in the next (under
// WebAssembly some 9 and 6 ms, each doubled on a busy machine) rather
// than in one.
func (t *Table) ordered() {
	t.ordering.Do(func() {
		t.byDefault = t.identity()
		// Rows that compare equal keep their order by index: a stable
		// sort's order, from a sort that at ten thousand rows takes a
		// third of the time (the stable one merged in place).
		slices.SortFunc(t.byDefault, func(i, j int) int { return cmp.Or(t.compareDefault(i, j), cmp.Compare(i, j)) })
		t.place = make([]int, len(t.rows))
		for p, i := range t.byDefault {
			t.place[i] = p
		}
	})
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
	if c := cmp.Compare(t.rank[i], t.rank[j]); c != 0 {
		return c
	}
	if t.shifted[i] && t.shifted[j] {
		if c := cmp.Compare(t.shift[j], t.shift[i]); c != 0 {
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
func (t *Table) Default() []int {
	t.ordered()
	return slices.Clone(t.byDefault)
}

// Order is the rows' indexes ordered by col, descending when desc; ties
// are in the default order, and rows without a number in col come last
// in either direction. It is the order Ranks describes, in one sort.
func (t *Table) Order(col string, desc bool) []int {
	t.ordered()
	compare, has := t.by(col)
	idx := t.identity()
	slices.SortFunc(idx, func(i, j int) int {
		if has[i] != has[j] {
			if has[i] {
				return -1 // the one without a number last
			}
			return 1
		}
		c := 0
		if has[i] {
			c = compare(i, j)
		}
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

// by is how column col compares two rows that both have a value there,
// ascending, and which rows do.
func (t *Table) by(col string) (compare func(i, j int) int, has []bool) {
	has = make([]bool, len(t.rows))
	switch col {
	case ColName:
		compare = func(i, j int) int { return strings.Compare(t.names[i], t.names[j]) }
	case ColVerdict:
		compare = func(i, j int) int { return cmp.Compare(t.rank[i], t.rank[j]) }
	default:
		keys := make([]float64, len(t.rows))
		for i := range t.rows {
			keys[i], has[i] = Key(&t.rows[i], col, t.paired)
		}
		return func(i, j int) int { return cmp.Compare(keys[i], keys[j]) }, has
	}
	for i := range has {
		has[i] = true
	}
	return compare, has
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
