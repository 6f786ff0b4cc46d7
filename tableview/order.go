package tableview

import (
	"cmp"
	"math"
	"math/bits"
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
	// names is Key.String() of each row, made the first time a name is
	// asked for (naming): the default order compares names only between
	// rows of equal status and shift, and ten thousand names were a third
	// of New's time under WebAssembly.
	names  []string
	naming sync.Once
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
		rank:    make([]int, len(rows)),
		shift:   make([]float64, len(rows)),
		shifted: make([]bool, len(rows)),
	}
	for i := range rows {
		t.status[i] = Status(&rows[i])
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
		t.byDefault = t.sortDefault()
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
	return strings.Compare(t.Name(i), t.Name(j))
}

// compareDefaultByIndex is compareDefault, then the rows' indexes: the
// default order with no two rows equal.
func (t *Table) compareDefaultByIndex(i, j int) int {
	return cmp.Or(t.compareDefault(i, j), cmp.Compare(i, j))
}

// sortDefault is the rows' indexes in the default order; rows that
// compare equal keep their order by index, as a stable sort's.
//
// A sort that called compareDefault for each pair took 14 ms of
// WebAssembly at ten thousand rows (some 3 ms natively), after the last
// row was computed and before the table showed: the call a comparison
// is dear there. So each row becomes one number, its status's rank, then
// its shift's order, then its index, and the numbers are sorted as they
// are. The shift's order keeps only its high bits: rows whose shifts
// differ below them, and rows without a shift, tie on all but the index,
// and each such run is sorted again by compareDefault. A table with a
// status some of whose rows have a shift and others not (no review has
// one), or a rank beyond four bits, is sorted by compareDefault alone.
func (t *Table) sortDefault() []int {
	n := len(t.rows)
	idxBits := bits.Len(uint(n))
	const rankBits = 4
	compareOnly := idxBits > 32 // no room left for the shift
	var shifted, plain [1 << rankBits]bool
	for i, r := range t.rank {
		if r >= 1<<rankBits {
			compareOnly = true
			break
		}
		shifted[r] = shifted[r] || t.shifted[i]
		plain[r] = plain[r] || !t.shifted[i]
		compareOnly = compareOnly || shifted[r] && plain[r]
	}
	if compareOnly {
		idx := t.identity()
		slices.SortFunc(idx, t.compareDefaultByIndex)
		return idx
	}
	orderBits := 64 - rankBits - idxBits
	keys := make([]uint64, n)
	for i := range keys {
		var order uint64 // 0 for a row without a shift: the run sorts it
		if t.shifted[i] {
			// The largest shift first, NaN last (as cmp.Compare has it):
			// the shift is not negative, and its bits grow with it.
			order = math.MaxUint64
			if s := t.shift[i]; !math.IsNaN(s) {
				order -= 1 + math.Float64bits(s)
			}
		}
		keys[i] = uint64(t.rank[i])<<(64-rankBits) | order>>(64-orderBits)<<idxBits | uint64(i)
	}
	slices.Sort(keys)
	idx := make([]int, n)
	mask := uint64(1)<<idxBits - 1
	for p, k := range keys {
		idx[p] = int(k & mask)
	}
	for start := 0; start < n; {
		end := start + 1
		for end < n && keys[end]>>idxBits == keys[start]>>idxBits {
			end++
		}
		if end-start > 1 {
			slices.SortFunc(idx[start:end], t.compareDefaultByIndex)
		}
		start = end
	}
	return idx
}

// Status is row i's status.
func (t *Table) Status(i int) string { return t.status[i] }

// Name is row i's name, its data-row key.
func (t *Table) Name(i int) string {
	t.naming.Do(func() {
		t.names = make([]string, len(t.rows))
		for i := range t.rows {
			t.names[i] = t.rows[i].Key.String()
		}
	})
	return t.names[i]
}

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
		compare = func(i, j int) int { return strings.Compare(t.Name(i), t.Name(j)) }
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
		t.denseRanks(ranks, func(i, j int) int { return strings.Compare(t.Name(i), t.Name(j)) })
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
