package tableview

import (
	"cmp"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/suitegen"
)

func readString(t testing.TB, name, text string) *report.Report {
	t.Helper()
	r, err := report.Read(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// suitePair is the pair spec describes (internal/suitegen), read.
func suitePair(t testing.TB, spec suitegen.Spec) (base, cur *report.Report) {
	t.Helper()
	var side [2]*report.Report
	for i, s := range []suitegen.Side{suitegen.Baseline, suitegen.Current} {
		var b strings.Builder
		if err := suitegen.Write(&b, spec, s); err != nil {
			t.Fatal(err)
		}
		side[i] = readString(t, "suite.jsonl", b.String())
	}
	return side[0], side[1]
}

// computed is the review of base against cur with every row computed.
func computed(base, cur *report.Report) []review.Row {
	rv := review.New(base, cur)
	for i := range rv.Rows {
		rv.Rows[i].Compute()
	}
	return rv.Rows
}

const mixed = `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"d","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102]}}
{"benchmark":"e","kind":"unsupported","backend":"vm","what":"a spawn","ok":false}
`

const mixedCur = `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[150,151,152,153,154,155,156,157]}}
{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[50,51,52,53,54,55,56,57]}}
{"benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105,106,107]}}
{"benchmark":"d","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102]}}
{"benchmark":"e","kind":"unsupported","backend":"vm","what":"a spawn","ok":false}
{"benchmark":"f","kind":"vm","backend":"vm","wall_ns":{"samples":[120,121,122,123,124,125,126,127]}}
{"benchmark":"g","kind":"vm","backend":"vm","wall_ns":{"samples":[300,310,320,330,340,350,360,370]}}
{"benchmark":"g2","kind":"vm","backend":"vm","wall_ns":{"samples":[300,310,320,330,340,350,360,370]}}
`

// mixedTable is a computed review of mixed against mixedCur: a regression
// (a, +50%), an improvement (b, -50%), inside the noise (c), underpowered
// (d), unsupported (e) and three rows only in current (f, g, g2).
func mixedTable(t *testing.T) *Table {
	rows := computed(readString(t, "base.jsonl", mixed), readString(t, "cur.jsonl", mixedCur))
	return New(rows, true)
}

// names is the benchmarks of t's rows idx, space-separated.
func names(t *Table, idx []int) string {
	var n []string
	for _, i := range idx {
		n = append(n, t.rows[i].Key.Benchmark)
	}
	return strings.Join(n, " ")
}

func TestTheTableStartsWithRegressions(t *testing.T) {
	tab := mixedTable(t)
	rows := tab.Default()
	if tab.Status(rows[0]) != "regression" || tab.Name(rows[0]) != "a/vm/vm" {
		t.Errorf("first row %s (%s), want the regression a", tab.Name(rows[0]), tab.Status(rows[0]))
	}
	var ranks []int
	for _, i := range rows {
		ranks = append(ranks, Rank(tab.Status(i)))
	}
	if !slices.IsSorted(ranks) {
		t.Errorf("statuses in order %v, want regressions, improvements, noise, underpowered, then the rest", ranks)
	}
	// Only in current (f, g, g2) come after the comparisons, by name.
	if got := names(tab, rows); got != "a b c d e f g g2" {
		t.Errorf("order %q", got)
	}
	if got := names(tab, View{}.Rows(tab)); got != "a b c d e f g g2" {
		t.Errorf("the default view: %q", got)
	}
}

func TestSortByAnyColumn(t *testing.T) {
	tab := mixedTable(t)
	var v View
	for _, c := range []struct{ col, want string }{
		// a +50%, b -50%, c 0, d (underpowered) 0: the first click sorts
		// by Δ descending, the regression first; rows with no Δ (e, f,
		// g, g2) last, in the default order.
		{ColDelta, "a c d b e f g g2"},
		{ColDelta, "b c d a e f g g2"}, // ascending: rows without a Δ stay last
		{ColCurMedian, "b d c f a g g2 e"},
		{ColName, "a b c d e f g g2"},
		{ColName, "g2 g f e d c b a"},
		{ColVerdict, "a b c d e f g g2"},
		// Descending by verdict: the only-in-current rows first, each
		// status's rows still in the default order.
		{ColVerdict, "f g g2 e d c b a"},
		// n: 3 for d, 8 for the rest but e, which has none.
		{ColBaseN, "d a b c e f g g2"},
		{ColBaseN, "a b c d e f g g2"},
	} {
		v = v.SortBy(c.col)
		if got := names(tab, v.Rows(tab)); got != c.want {
			t.Errorf("by %s (desc %v): %q, want %q", c.col, v.Desc, got, c.want)
		}
	}
	if v = v.SortBy(ColDelta); v.Sorted(ColDelta) != -1 || v.Sorted(ColName) != 0 {
		t.Errorf("Sorted = %d, %d", v.Sorted(ColDelta), v.Sorted(ColName))
	}
	if v = v.SortBy(ColVerdict); v.Sort != "" || v.Desc {
		t.Errorf("sorting by verdict is the default view, got %+v", v)
	}
}

func TestFilterAndSearch(t *testing.T) {
	tab := mixedTable(t)
	for _, c := range []struct{ filter, search, want string }{
		{"regression", "", "a"},
		{"improvement", "", "b"},
		{"inside the noise", "", "c"},
		{"underpowered", "", "d"},
		{Other, "", "e f g g2"},
		{"", "G", "g g2"},
		{"", "g2 vm", "g2"},
		{"", "nothing", ""},
		{Other, "vm", "e f g g2"},
		{Other, "vm/vm", "f g g2"}, // e is e/unsupported/vm
		{"", "/VM/V", "a b c d f g g2"},
	} {
		v := View{Filter: c.filter, Search: c.search}
		if got := names(tab, v.Rows(tab)); got != c.want {
			t.Errorf("filter %q search %q: %q, want %q", c.filter, c.search, got, c.want)
		}
	}
}

// A row still computing is Pending: ranked after the verdicts, compared
// (not Other).
func TestPendingRows(t *testing.T) {
	rv := review.New(readString(t, "base.jsonl", mixed), readString(t, "cur.jsonl", mixedCur))
	rv.Rows[0].Compute() // a only
	tab := New(rv.Rows, true)
	if got := names(tab, tab.Default()); got != "a b c d e f g g2" {
		t.Errorf("order %q", got)
	}
	if got := tab.Status(1); got != Pending {
		t.Errorf("b's status is %q, want %q", got, Pending)
	}
	if got := names(tab, View{Filter: Other}.Rows(tab)); got != "e f g g2" {
		t.Errorf("not compared: %q", got)
	}
}

// One report alone: its "current" columns show, and sort by, whichever
// side a row has.
func TestOneReportSortsByTheSideItShows(t *testing.T) {
	rows := computed(readString(t, "base.jsonl", mixed), nil)
	tab := New(rows, false)
	if got := names(tab, View{Sort: ColCurN}.Rows(tab)); got != "d a b c e" {
		t.Errorf("by n: %q", got)
	}
}

// reference is the order as the viewer's store wrote it before this
// package: one comparison function over whole rows, written out plainly.
func reference(rows []review.Row, col string, desc, paired bool) []int {
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	fallback := func(a, b *review.Row) int {
		if c := cmp.Compare(Rank(Status(a)), Rank(Status(b))); c != 0 {
			return c
		}
		if a.Comparison != nil && b.Comparison != nil {
			if c := cmp.Compare(math.Abs(b.Comparison.Delta), math.Abs(a.Comparison.Delta)); c != 0 {
				return c
			}
		}
		return strings.Compare(a.Key.String(), b.Key.String())
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := &rows[i], &rows[j]
		var c int
		switch col {
		case ColName:
			c = strings.Compare(a.Key.String(), b.Key.String())
		case ColVerdict:
			c = cmp.Compare(Rank(Status(a)), Rank(Status(b)))
		default:
			x, okx := Key(a, col, paired)
			y, oky := Key(b, col, paired)
			switch {
			case okx != oky:
				if okx {
					return -1
				}
				return 1
			case okx:
				c = cmp.Compare(x, y)
			}
		}
		if desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return fallback(a, b)
	})
	return idx
}

// fromRanks orders the rows as the exported page does (export/page.js):
// rows in the default order, walked rank by rank, with no comparison.
func fromRanks(byDefault, ranks []int, desc bool) []int {
	var buckets [][]int
	var none []int
	for _, i := range byDefault {
		r := ranks[i]
		if r < 0 {
			none = append(none, i)
			continue
		}
		for len(buckets) <= r {
			buckets = append(buckets, nil)
		}
		buckets[r] = append(buckets[r], i)
	}
	if desc {
		slices.Reverse(buckets)
	}
	return append(slices.Concat(buckets...), none...)
}

// Every column, both ways, on the golden pairs and a generated suite: the
// order equals the plain comparison's, and walking the ranks gives it.
func TestOrderAndRanksAgreeWithThePlainComparison(t *testing.T) {
	var cases []struct {
		name string
		rows []review.Row
	}
	for _, set := range []string{"a", "b", "c"} {
		cases = append(cases, struct {
			name string
			rows []review.Row
		}{set, computed(readFile(t, "base-"+set+".jsonl"), readFile(t, "cur-"+set+".jsonl"))})
	}
	base, cur := suitePair(t, suitegen.Spec{Rows: 600, Samples: 12, Seed: 3})
	cases = append(cases, struct {
		name string
		rows []review.Row
	}{"suitegen", computed(base, cur)})

	for _, c := range cases {
		for _, paired := range []bool{true, false} {
			tab := New(c.rows, paired)
			for _, col := range AllColumns() {
				for _, desc := range []bool{false, true} {
					want := reference(c.rows, col, desc, paired)
					if got := tab.Order(col, desc); !slices.Equal(got, want) {
						t.Errorf("%s by %s desc=%v paired=%v: Order differs from the plain comparison", c.name, col, desc, paired)
					}
					if got := fromRanks(tab.Default(), tab.Ranks(col), desc); !slices.Equal(got, want) {
						t.Errorf("%s by %s desc=%v paired=%v: the rank walk differs from the plain comparison", c.name, col, desc, paired)
					}
				}
			}
		}
	}
}

func readFile(t *testing.T, name string) *report.Report {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := report.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSortDefaultIsTheComparisons checks the default order sortDefault
// makes from numbers against a sort by compareDefault, over tables with
// every status, shifts that tie exactly or differ only in their last
// bits, NaN and infinite shifts, rows without a shift, and names that
// repeat.
func TestSortDefaultIsTheComparisons(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	verdicts := []stats.Verdict{stats.Regression, stats.Improvement, stats.InsideTheNoise, stats.Underpowered}
	states := []review.State{review.NotOK, review.Unsupported, review.OnlyInCurrent, review.OnlyInBaseline}
	for round := range 300 {
		n := 1 + rng.IntN(400)
		rows := make([]review.Row, n)
		for i := range rows {
			r := &rows[i]
			r.Key = report.Key{Benchmark: "b" + strconv.Itoa(rng.IntN(n/2+1)), Kind: "k", Backend: "vm"}
			switch rng.IntN(10) {
			case 0:
				r.State = states[rng.IntN(len(states))]
				if round%3 == 0 && rng.IntN(4) == 0 {
					// A state that has a shift for some rows, not for
					// others (no review makes one): sorted the slow way.
					r.Comparison = &stats.Comparison{Delta: rng.Float64()}
				}
			case 1: // compared, not computed yet: pending
			default:
				shift := float64(rng.IntN(20)) // exact ties
				switch rng.IntN(6) {
				case 0:
					shift = math.Nextafter(shift, 100) // a tie but for the last bit
				case 1:
					shift = math.NaN()
				case 2:
					shift = math.Inf(1 - 2*rng.IntN(2))
				case 3:
					shift = rng.Float64() * 50
				}
				if rng.IntN(2) == 0 {
					shift = -shift
				}
				r.Comparison = &stats.Comparison{Delta: shift, Verdict: verdicts[rng.IntN(len(verdicts))]}
			}
		}
		tab := New(rows, true)
		want := tab.identity()
		slices.SortFunc(want, tab.compareDefaultByIndex)
		if got := tab.sortDefault(); !slices.Equal(got, want) {
			t.Fatalf("round %d, %d rows: sortDefault\n%v\nwant\n%v", round, n, got, want)
		}
	}
}
