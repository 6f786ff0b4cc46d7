package store

import (
	"maps"
	"math"
	"slices"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/tableview"
)

// Pending is the status of a compared row whose comparison has not arrived.
const Pending = tableview.Pending

// Other is the filter that shows the rows that are not comparisons.
const Other = tableview.Other

// Row is one row of the table as the components show it.
type Row struct {
	review.Row
	// Status is the row's verdict ("regression", "improvement", "inside the
	// noise", "underpowered") when it is computed, Pending before, or its
	// review.State when it is not a comparison.
	Status string
	// Started is when a worker began computing a Pending row, in the
	// page's milliseconds; 0 when none has yet, or none said so: a
	// worker says it only for a batch with a long row (the viewer's
	// pool.told), whose time computing is worth showing.
	Started float64
	// Progress is how far a long Pending row is, from 0 to 1: its worker
	// says as it plans the row's resampling.
	Progress float64
	// Extras is what was measured beside the comparison; nil until then.
	Extras *reviewtext.Extras
	// Reference is the reference's verdict when the view adjusts
	// verdicts and the adjustment changed this row's ("" otherwise).
	Reference string
	// Advice is the samples-needed advice for a row inside the noise or
	// underpowered: "about 140 samples a side would resolve a 1% shift";
	// "" for others, or when it cannot be estimated.
	Advice string
}

// Verdict reports whether Status is a verdict (the page's data-verdict)
// rather than a state (data-state).
func (r Row) Verdict() bool { return tableview.HasVerdict(&r.Row) }

func (s *Store) row(i int) Row {
	r := s.rows()[i]
	row := Row{Row: r, Status: tableview.Status(&r), Started: s.started[i], Progress: s.progress[i]}
	if s.extras != nil {
		row.Extras = s.extras[i]
	}
	if ref := s.review.Rows[i].Comparison; ref != nil && r.Comparison != nil && ref.Verdict != r.Comparison.Verdict {
		row.Reference = ref.Verdict.String()
	}
	if x := row.Extras; x != nil && r.State == review.Compared && r.Comparison != nil {
		switch r.Comparison.Verdict {
		case stats.InsideTheNoise, stats.Underpowered:
			row.Advice = reviewtext.Advice(x.SamplesNeeded, AdviceShift)
		}
	}
	return row
}

// AdviceShift is the shift, in percent, the samples-needed advice is for:
// the command line's without -threshold. The workers measure for it.
const AdviceShift = 1

// rows is the review's rows as the view shows them: with the verdicts
// adjusted (see stats.Adjust) once every row is computed, when the view
// adjusts them, else the reference's. An adjusted row has a Comparison of
// its own, made once, so that a row that did not change is not redrawn.
func (s *Store) rows() []review.Row {
	if s.view.Adjust == "" || s.ndone < s.jobs {
		return s.review.Rows
	}
	if s.adjusted != nil {
		return s.adjusted
	}
	var ps []float64
	for _, r := range s.review.Rows {
		if r.State == review.Compared && r.Comparison != nil {
			ps = append(ps, r.Comparison.P)
		}
	}
	significant := stats.Adjust(ps, s.view.Adjust, reviewtext.Alpha)
	s.adjusted = slices.Clone(s.review.Rows)
	k := 0
	for i := range s.adjusted {
		r := &s.adjusted[i]
		if r.State != review.Compared || r.Comparison == nil {
			continue
		}
		if v := r.Comparison.Adjusted(significant[k]); v != r.Comparison.Verdict {
			c := *r.Comparison
			c.Verdict = v
			r.Comparison = &c
		}
		k++
	}
	return s.adjusted
}

// Shown is how many rows the table shows: the review's rows that pass the
// filter and the search.
func (s *Store) Shown() int { return len(s.shownRows()) }

// Rows is the whole table: every row Shown counts, in the view's order
// (see shownRows for the order while computing). The page renders only a
// Window of it.
func (s *Store) Rows() []Row {
	idx := s.shownRows()
	rows := make([]Row, len(idx))
	for p, i := range idx {
		rows[p] = s.row(i)
	}
	return rows
}

// shownRows is the indexes of the review's rows the table shows, in its
// order, computed when the view or the rows it depends on changed.
//
// While comparisons arrive, the default order (by verdict) waits for the
// last of them: rows keep the report's order instead of jumping around
// under the reader with every result. A column the reader chose applies
// at once.
func (s *Store) shownRows() []int {
	if s.review == nil {
		return nil
	}
	if s.shown != nil {
		return s.shown
	}
	v := s.view
	var order []int
	switch {
	case v.Sort == "" && s.ndone < s.jobs:
		order = make([]int, len(s.review.Rows))
		for i := range order {
			order[i] = i
		}
	case v.Sort == "":
		order = s.orderTable().Default()
	default:
		order = s.orderTable().Order(v.Sort, v.Desc)
	}
	words := v.Words()
	if v.Filter == "" && len(words) == 0 {
		s.shown = order
		return s.shown
	}
	t := s.orderTable()
	s.shown = make([]int, 0, len(order))
	for _, i := range order {
		if v.Shows(t, i, words) {
			s.shown = append(s.shown, i)
		}
	}
	return s.shown
}

// OrderDue reports whether the rows the table shows, in its order, are
// to be computed anew when next asked for (Shown, Window): at ten
// thousand rows the default order takes tens of milliseconds, which the
// page spends in a task of its own rather than in a render.
func (s *Store) OrderDue() bool { return s.review != nil && s.shown == nil }

// PrepareOrder does the first half of the work OrderDue says is due: it
// gathers what the order compares (each row's status, name and shift),
// and leaves the sort to Shown. At ten thousand rows each half is some
// ten milliseconds, so the page does them in two tasks.
func (s *Store) PrepareOrder() {
	if s.review != nil {
		s.orderTable()
	}
}

// orderTable is the review's rows as tableview orders and filters them,
// made anew once comparisons arrived since the last.
func (s *Store) orderTable() *tableview.Table {
	if s.table == nil {
		s.table = tableview.New(s.rows(), s.Compared())
	}
	return s.table
}

// Margin is how many rows beyond those in view the table renders on each
// side, at least; windowStep is what the window's ends are rounded to, so
// that scrolling moves the window (and redraws what it shows) every
// windowStep rows, not every row.
const (
	Margin     = 12
	windowStep = 24
	// minWindow is the fewest rows a window has when the table has them:
	// a review of up to that many rows is rendered whole. Every row in
	// the document is laid out again when the table changes (a column is
	// as wide as its widest cell): a window of a hundred rows, for a view
	// of some fifteen, made frames of tens of milliseconds of style and
	// layout alone.
	minWindow = 48
	// wholeBars is how many rows the interval chart draws all of, in the
	// table's order; past that, it draws the rows in the table's view.
	// ECharts draws every bar on one canvas: a hundred bars made a canvas
	// some 2,700 px tall, whose every draw (40–60 ms) was one of the
	// page's longest tasks, for a view of some fifteen rows.
	wholeBars = 64
)

// Window is the part of the table the page renders: rows [first,
// first+len(rows)) of Rows, the rows in view (see Scrolled) and at least
// Margin more on each side, or the whole table when it has no more than
// minWindow rows.
func (s *Store) Window() (first int, rows []Row) {
	idx := s.shownRows()
	lo, hi := s.windowRange(len(idx))
	rows = make([]Row, hi-lo)
	for p, i := range idx[lo:hi] {
		rows[p] = s.row(i)
	}
	return lo, rows
}

func (s *Store) windowRange(n int) (lo, hi int) {
	lo = max(0, (s.top-Margin)/windowStep*windowStep)
	hi = (s.top + s.visible + Margin + windowStep - 1) / windowStep * windowStep
	hi = min(n, max(hi, lo+minWindow))
	lo = max(0, min(lo, hi-minWindow))
	return lo, hi
}

// Bars is the rows the interval chart shows: the whole table when it has
// no more than wholeBars rows, else the rows in the table's view, never
// thousands of bars. first is Rows[0]'s place in the
// table.
func (s *Store) Bars() (first int, rows []Row) {
	idx := s.shownRows()
	lo, hi := s.barsRange(len(idx))
	rows = make([]Row, hi-lo)
	for p, i := range idx[lo:hi] {
		rows[p] = s.row(i)
	}
	return lo, rows
}

// barsRange is the places, in a table of n rows shown, of the rows the
// interval chart shows (see Bars).
func (s *Store) barsRange(n int) (lo, hi int) {
	if n <= wholeBars {
		return 0, n
	}
	top, visible := s.InView()
	return top, top + visible
}

// InView is the rows the table's viewport shows, as the page last
// reported them (Scrolled): from top, visible of them, clipped to the
// table.
func (s *Store) InView() (top, visible int) {
	n := s.Shown()
	top = min(s.top, max(0, n-1))
	return top, max(0, min(s.visible, n-top))
}

// Scrolled is how often the table was scrolled back to its top because
// the rows it shows changed (a search, a filter, a sort, the default
// order applying once every row is computed): the table compares it with
// what it saw last.
func (s *Store) Scrolled() int { return s.viewGen }

// Counts is how many rows of the review have each status, the adjusted
// verdicts' when the view shows them: a copy, which later results leave
// as it is.
func (s *Store) Counts() map[string]int {
	if s.review == nil || s.view.Adjust == "" || s.ndone < s.jobs {
		return maps.Clone(s.counts)
	}
	counts := map[string]int{}
	rows := s.rows()
	for i := range rows {
		counts[tableview.Status(&rows[i])]++
	}
	return counts
}

// Tests is how many rows have a verdict read off a p-value: the rows
// that chance alone calls wrongly about 5% of the time.
func (s *Store) Tests() int {
	n := 0
	if s.review != nil {
		for _, r := range s.review.Rows {
			if r.State == review.Compared && r.Comparison != nil && !math.IsNaN(r.Comparison.P) {
				n++
			}
		}
	}
	return n
}

// Selected is the selected row, if the review has it.
func (s *Store) Selected() (Row, bool) {
	if s.review == nil || s.view.Selected == "" {
		return Row{}, false
	}
	if s.byKey == nil {
		s.byKey = make(map[string]int, len(s.review.Rows))
		for i, r := range s.review.Rows {
			s.byKey[r.Key.String()] = i
		}
	}
	i, ok := s.byKey[s.view.Selected]
	if !ok {
		return Row{}, false
	}
	return s.row(i), true
}

// Position is where the selected row is in Rows, or -1 when it is not
// shown.
func (s *Store) Position() int {
	if _, ok := s.Selected(); !ok {
		return -1
	}
	i := s.byKey[s.view.Selected]
	for p, j := range s.shownRows() {
		if j == i {
			return p
		}
	}
	return -1
}
