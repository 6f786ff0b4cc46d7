package store

import (
	"bytes"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/suitegen"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/wasm/actions"
)

// suite is a store with a generated pair of rows rows loaded, nothing
// computed yet.
func suite(t *testing.T, rows int) *Store {
	t.Helper()
	s := New()
	spec := suitegen.Spec{Rows: rows, Samples: 12, Seed: 3}
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		var b bytes.Buffer
		if err := suitegen.Write(&b, spec, suitegen.Side(side)); err != nil {
			t.Fatal(err)
		}
		s.Dispatch(&actions.ReportLoaded{Side: side, Report: readString(t, side.String()+".jsonl", b.String())})
	}
	return s
}

// Results arrive in batches; the counts are exact after each, and at the
// end they are the verdicts' counts.
func TestCountsAreExactBatchByBatch(t *testing.T) {
	s := suite(t, 500)
	jobs := s.Jobs()
	want := map[string]int{}
	var comparer stats.Comparer
	for len(jobs) > 0 {
		batch := jobs[:min(37, len(jobs))]
		jobs = jobs[len(batch):]
		before := s.Counts()
		started := &actions.RowsStarted{Review: s.ReviewID(), At: 1234}
		for _, j := range batch {
			started.Index = append(started.Index, j.Index)
		}
		s.Dispatch(started)
		s.Dispatch(&actions.RowProgress{Review: s.ReviewID(), Index: batch[0].Index, Done: 0.5})
		if r := s.Rows()[batch[0].Index]; r.Status != Pending || r.Started != 1234 || r.Progress != 0.5 {
			t.Fatalf("a row begun: status %q, started %v, progress %v", r.Status, r.Started, r.Progress)
		}
		a := &actions.RowsComputed{Review: s.ReviewID()}
		for _, j := range batch {
			c := comparer.CompareFloats(j.Base, j.Cur)
			a.Index = append(a.Index, j.Index)
			a.Comparisons = append(a.Comparisons, c)
			want[c.Verdict.String()]++
		}
		s.Dispatch(a)
		if r := s.Rows()[batch[0].Index]; r.Started != 0 || r.Progress != 0 {
			t.Fatalf("a row computed still says it started at %v, %v done", r.Started, r.Progress)
		}
		if before[Pending] != len(jobs)+len(batch) {
			t.Fatalf("counts taken before a batch changed with it: %v", before)
		}
		got := s.Counts()
		for v, n := range want {
			if got[v] != n {
				t.Fatalf("after a batch: %d %s, want %d", got[v], v, n)
			}
		}
		if got[Pending] != len(jobs) {
			t.Fatalf("after a batch: %d pending, want %d", got[Pending], len(jobs))
		}
	}
	if len(s.Counts()) != len(want) {
		t.Errorf("counts %v at the end, want %v", s.Counts(), want)
	}
}

// The page renders a window of a long table: the rows in view and a
// margin, whatever the scroll.
func TestTheWindowFollowsTheScroll(t *testing.T) {
	s := suite(t, 2000)
	compute(s)
	for _, c := range []struct{ top, visible int }{{0, 20}, {30, 20}, {500, 25}, {1990, 20}, {1000, 300}} {
		s.Dispatch(&actions.Scrolled{Top: c.top, Visible: c.visible})
		first, rows := s.Window()
		end := min(2000, c.top+c.visible)
		if first > max(0, c.top-Margin) || first+len(rows) < min(2000, end+Margin) {
			t.Errorf("in view %d+%d: window [%d, %d), want the view and %d rows each side", c.top, c.visible, first, first+len(rows), Margin)
		}
		if len(rows) > c.visible+2*Margin+2*windowStep {
			t.Errorf("in view %d+%d: %d rows rendered", c.top, c.visible, len(rows))
		}
		all := s.Rows()
		for i, r := range rows {
			if all[first+i].Key != r.Key {
				t.Fatalf("window row %d is %s, the table's row %d is %s", i, r.Key, first+i, all[first+i].Key)
			}
		}
	}
	// The bars are the rows in view.
	s.Dispatch(&actions.Scrolled{Top: 500, Visible: 13})
	if first, bars := s.Bars(); first != 500 || len(bars) != 13 || bars[0].Key != s.Rows()[500].Key {
		t.Errorf("in view 500+13: bars of rows [%d, %d)", first, first+len(bars))
	}
	s.Dispatch(&actions.Search{Text: "CASE199"})
	if first, rows := s.Window(); first != 0 || len(rows) != s.Shown() {
		t.Errorf("a search shows rows [%d, %d) of %d, want the table from its top", first, first+len(rows), s.Shown())
	}
	if first, bars := s.Bars(); first != 0 || len(bars) != s.Shown() {
		t.Errorf("a table of %d rows has bars of rows [%d, %d), want all of them", s.Shown(), first, first+len(bars))
	}
	// case199 and case1990-1999
	if s.Shown() != 1+10 {
		t.Errorf("%d rows match case199, want 11", s.Shown())
	}
	for _, r := range s.Rows() {
		if !strings.Contains(r.Key.String(), "case199") {
			t.Errorf("%s shown for the search case199", r.Key)
		}
	}
}

// The table keeps the report's order while results arrive, then takes
// tableview's default order, the exported page's.
func TestTheOrderIsTableviews(t *testing.T) {
	s := suite(t, 300)
	compute(s)
	want := tableview.New(s.Review().Rows, true).Default()
	for p, r := range s.Rows() {
		if r.Key != s.Review().Rows[want[p]].Key {
			t.Fatalf("row %d is %s, tableview puts %s there", p, r.Key, s.Review().Rows[want[p]].Key)
		}
	}
}

// When the last result lets the default order apply, every row moves: the
// table goes back to its top, as for a sort. A column the reader chose
// applied at once, and its rows do not move again.
func TestTheDefaultOrderStartsTheTableAgain(t *testing.T) {
	for _, sorted := range []bool{false, true} {
		s := suite(t, 300)
		if sorted {
			s.Dispatch(&actions.SortBy{Column: "delta"})
		}
		s.Dispatch(&actions.Scrolled{Top: 120, Visible: 20})
		before := s.Scrolled()
		compute(s)
		top, _ := s.InView()
		if moved := s.Scrolled() != before && top == 0; moved == sorted {
			t.Errorf("sorted %v: the last result moved the table to its top: %v (top %d)", sorted, moved, top)
		}
	}
}

// The interval bars show the rows in the table's view: results of rows
// out of it leave them as they are (the chart's generation), a result of
// one of them redraws them, and so does the last result, after which the
// table takes its default order.
func TestTheBarsRedrawForTheirOwnRows(t *testing.T) {
	s := suite(t, 1000)
	s.Dispatch(&actions.Scrolled{Top: 0, Visible: 20})
	jobs := s.Jobs()
	var comparer stats.Comparer
	result := func(js []Job) *actions.RowsComputed {
		a := &actions.RowsComputed{Review: s.ReviewID()}
		for _, j := range js {
			a.Index = append(a.Index, j.Index)
			a.Comparisons = append(a.Comparisons, comparer.CompareFloats(j.Base, j.Cur))
		}
		return a
	}
	first, bars := s.Bars()
	if first != 0 || len(bars) != 20 {
		t.Fatalf("bars of rows [%d, %d), want the 20 in view", first, first+len(bars))
	}
	shown := map[string]bool{}
	for _, r := range bars {
		shown[r.Key.String()] = true
	}
	var out, in []Job
	for _, j := range jobs {
		if shown[s.review.Rows[j.Index].Key.String()] {
			in = append(in, j)
		} else {
			out = append(out, j)
		}
	}
	if len(in) != 20 {
		t.Fatalf("%d rows to compute among the 20 bars", len(in))
	}
	gen := s.Gen(IntervalChart)
	s.Dispatch(result(out[:100]))
	if g := s.Gen(IntervalChart); g != gen {
		t.Errorf("100 rows out of the view computed: the bars' generation went from %d to %d", gen, g)
	}
	s.Dispatch(result(in[:1]))
	if g := s.Gen(IntervalChart); g == gen {
		t.Errorf("a row in view computed: the bars' generation stayed %d", g)
	}
	gen = s.Gen(IntervalChart)
	s.Dispatch(result(append(in[1:], out[100:]...)))
	if g := s.Gen(IntervalChart); g == gen {
		t.Errorf("the last rows computed: the bars' generation stayed %d", g)
	}
}
