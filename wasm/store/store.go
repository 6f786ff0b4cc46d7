package store

import (
	"path"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/wasm/actions"
)

// Store is the viewer's state. The zero value is not ready; use New.
type Store struct {
	reports  [2]*report.Report     // by actions.Side; nil until loaded
	tools    [2]*toolreport.Report // what was read, for the reports of another tool (metric.go)
	metrics  []review.Metric       // the metrics of tools, time first
	toolRows []metricRows          // the rows of a metric of a tool, as made last (RowsOf)
	config   *configLines          // the configuration lines of tools, as made last (Config)
	loading  [2]string             // name of a report being read into a side
	read     [2][2]int64           // bytes read of a report being read, and of how many
	failed   [2]string             // why a side could not be read; "" when it could

	review   *review.Review
	reviewID int    // identifies review, so late results of an older one are dropped
	done     []bool // by row index of review
	ndone    int
	jobs     int                  // rows of review that need computing
	counts   map[string]int       // rows of review by status
	extras   []*reviewtext.Extras // by row index: what was measured beside each comparison
	geomean  *stats.Geomean       // the suite's shift; nil until computed
	adjusted []review.Row         // the rows with adjusted verdicts (View.Adjust), once made
	started  map[int]float64      // when a worker began each row not computed yet (RowsStarted)
	progress map[int]float64      // how far a long row not computed yet is (RowProgress)

	// What the table shows, computed when first asked for after a change:
	// table is nil once comparisons arrived since it was made, shown once
	// the rows shown or their order may have changed, byKey until a row is
	// selected in a new review.
	table *tableview.Table
	shown []int
	byKey map[string]int
	// The rows the table's viewport shows: visible of them from top
	// (Scrolled), and how often the table went back to its top.
	top, visible, viewGen int

	view    View
	dark    bool
	showAll bool

	copied actions.Copied // what the page last copied to the clipboard, or why it could not

	downloading bool   // the report page is being built
	downloadErr string // why the last one could not be; "" when it could

	// Charts redraw when the data they show changes; each change bumps the
	// generation of the charts that show it, and a chart reports which
	// generation it drew (ChartDrawn). The page is ready when every chart
	// shown drew the latest one.
	intervalGen, runGen int
	drawn               map[string]int

	listeners []func()
}

// New returns an empty store: nothing loaded, the default view.
func New() *Store { return &Store{drawn: map[string]int{}, visible: defaultVisible} }

// defaultVisible is how many rows the store takes the table's viewport to
// show until the page says (Scrolled).
const defaultVisible = 20

// Listen registers f to be called after every Dispatch.
func (s *Store) Listen(f func()) { s.listeners = append(s.listeners, f) }

// Dispatch applies action a and tells the listeners.
func (s *Store) Dispatch(a any) {
	switch a := a.(type) {
	case *actions.LoadStarted:
		s.loading[a.Side] = a.Name
		s.failed[a.Side] = ""
		s.read[a.Side] = [2]int64{}
	case *actions.LoadProgress:
		if s.loading[a.Side] != "" {
			s.read[a.Side] = [2]int64{a.Read, a.Size}
		}
	case *actions.ReportLoaded:
		s.loading[a.Side] = ""
		s.loaded(a)
		s.rebuildLoaded(a.Review)
	case *actions.LoadFailed:
		s.loading[a.Side] = ""
		s.reports[a.Side], s.tools[a.Side] = nil, nil
		s.failed[a.Side] = a.Name + ": " + a.Err
		s.rebuildLoaded(nil)
	case *actions.Swap:
		s.view.Swap = !s.view.Swap // the address keeps it (tableview.View.Swap)
		s.exchange()
	case *actions.SelectMetric:
		if s.view.Metric != a.Name {
			s.view.Metric = a.Name
			s.rebuild()
		}
	case *actions.RowsComputed:
		s.computed(a)
	case *actions.GeomeanComputed:
		if a.Review == s.reviewID {
			g := a.Geomean
			s.geomean = &g
			s.intervalGen++
		}
	case *actions.Adjust:
		s.view.Adjust = a.Method
		s.adjustChanged()
	case *actions.RowProgress:
		if a.Review == s.reviewID && a.Index >= 0 && a.Index < len(s.done) && !s.done[a.Index] {
			s.progress[a.Index] = a.Done
		}
	case *actions.RowsStarted:
		if a.Review == s.reviewID {
			for _, i := range a.Index {
				// The first start counts: a long row is begun when its
				// plan is, and again when it is compared with it.
				if i >= 0 && i < len(s.done) && !s.done[i] && s.started[i] == 0 {
					s.started[i] = a.At
				}
			}
		}
	case *actions.SortBy:
		s.view = s.view.SortBy(a.Column)
		s.viewChanged()
	case *actions.Filter:
		s.view.Filter = a.Status
		s.viewChanged()
	case *actions.Search:
		s.view.Search = a.Text
		s.viewChanged()
	case *actions.Scrolled:
		s.top, s.visible = max(0, a.Top), max(1, a.Visible)
	case *actions.Select:
		s.view.Selected = a.Key
		s.intervalGen++
	case *actions.ShowAllRunOrder:
		s.showAll = a.Show
	case *actions.ThemeChanged:
		s.dark = a.Dark
		s.intervalGen++
		s.runGen++
	case *actions.ChartDrawn:
		s.drawn[a.ID] = a.Gen
	case *actions.Copied:
		s.copied = *a
	case *actions.DownloadStarted:
		s.downloading, s.downloadErr = true, ""
	case *actions.DownloadDone:
		s.downloading, s.downloadErr = false, a.Err
	case *actions.Unswap:
		s.view.Swap = false
	case *actions.RestoreView:
		adjust := s.view.Adjust
		swapped := s.view.Swap
		metric := s.view.Metric
		s.view = tableview.ParseFragment(a.Fragment)
		s.viewChanged()
		switch {
		case s.view.Swap != swapped: // the back button, across a Swap
			s.exchange()
		case s.view.Metric != metric:
			s.rebuild()
		}
		if s.view.Adjust != adjust {
			s.adjustChanged()
		}
	}
	for _, f := range s.listeners {
		f()
	}
}

// viewChanged follows a new sort, filter or search: the table shows other
// rows, from its top, and the bars show them.
func (s *Store) viewChanged() {
	s.shown = nil
	s.top = 0
	s.viewGen++
	s.intervalGen++
}

// adjustChanged follows a switch between the reference's verdicts and
// adjusted ones: the rows' statuses, so their order, may change.
func (s *Store) adjustChanged() {
	s.adjusted = nil
	s.table = nil
	s.shown = nil
	s.intervalGen++
}

// rebuildLoaded rebuilds the review once no side is loading: of two
// reports dropped together, the first read is not shown alone (rows, then
// charts, laid out and thrown away) for the moment before the second is.
func (s *Store) rebuildLoaded(paired *review.Review) {
	if s.loading[actions.Baseline] == "" && s.loading[actions.Current] == "" {
		s.rebuildWith(paired)
	}
}

// rebuild pairs the loaded reports into a new review: both when both are
// loaded, either one alone as a view of its own.
func (s *Store) rebuild() { s.rebuildWith(nil) }

// rebuildWith is rebuild taking paired, a review paired ahead, when that
// is of the loaded reports.
func (s *Store) rebuildWith(paired *review.Review) {
	metric := s.metricRows()
	base, cur := s.reports[actions.Baseline], s.reports[actions.Current]
	s.reviewID++
	s.intervalGen++
	s.runGen++
	s.review, s.done, s.ndone, s.jobs = nil, nil, 0, 0
	s.extras, s.geomean, s.adjusted = nil, nil, nil
	s.copied = actions.Copied{}
	s.table, s.shown, s.byKey, s.top = nil, nil, nil, 0
	s.viewGen++
	s.counts = map[string]int{}
	s.started = map[int]float64{}
	s.progress = map[int]float64{}
	if base == nil && cur == nil {
		return
	}
	s.review = paired
	if s.review == nil || s.review.Base != base || s.review.Cur != cur || !sameMetric(s.review.Metric, metric) {
		s.review = review.NewOf(base, cur, metric) // one report alone: every row is only in it
	}
	s.done = make([]bool, len(s.review.Rows))
	s.extras = make([]*reviewtext.Extras, len(s.review.Rows))
	for i := range s.review.Rows {
		r := &s.review.Rows[i]
		if r.State == review.Compared {
			s.jobs++
		} else {
			s.done[i] = true
		}
		s.counts[tableview.Status(r)]++
	}
}

// sameMetric reports whether a and b are the same metric, or both nil
// (cove-bench's).
func sameMetric(a, b *review.Metric) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// computed records a batch of a worker's results for the current review.
func (s *Store) computed(a *actions.RowsComputed) {
	if a.Review != s.reviewID {
		return
	}
	for k, i := range a.Index {
		if i < 0 || i >= len(s.done) || s.done[i] || k >= len(a.Comparisons) {
			continue
		}
		c := a.Comparisons[k]
		s.review.Rows[i].Comparison = &c
		if k < len(a.Extras) {
			x := a.Extras[k]
			s.extras[i] = &x
			// A run-order chart shown draws a drifted side's trend.
			if (x.DriftBase.Drifted || x.DriftCur.Drifted) && (s.showAll || s.review.Rows[i].Key.String() == s.view.Selected) {
				s.runGen++
			}
		}
		s.done[i] = true
		delete(s.started, i)
		delete(s.progress, i)
		s.ndone++
		s.counts[Pending]--
		s.counts[c.Verdict.String()]++
	}
	if s.counts[Pending] == 0 {
		delete(s.counts, Pending)
	}
	s.table = nil
	s.adjusted = nil
	// The rows shown change with the statuses when the filter or a sort
	// reads them, and once the last result lets the default order apply:
	// then every row of the window moves, and the table starts again from
	// its top, rendering the rows in view first (components.Table), not
	// the whole window in one frame; unless a row is selected, which the
	// table keeps in view.
	if s.view.Filter != "" || s.view.Sort != "" || s.ndone == s.jobs {
		s.shown = nil
	}
	if s.barsHold(a.Index) {
		s.intervalGen++
	}
	if s.view.Sort == "" && s.ndone == s.jobs && s.view.Selected == "" {
		s.top = 0
		s.viewGen++
	}
}

// barsHold reports whether the interval bars may show one of the rows
// index: the rows they show are to be made anew (the rows shown changed
// with the results), or one of them is among those rows. A suite's rows
// arrive in batches of a hundred, mostly outside the table's view: each
// redraw of the same bars was a task of 15-60 ms, once a second while the
// page computed ten thousand rows.
func (s *Store) barsHold(index []int) bool {
	if s.shown == nil {
		return true
	}
	lo, hi := s.barsRange(len(s.shown))
	bars := s.shown[lo:hi]
	return slices.ContainsFunc(index, func(i int) bool { return slices.Contains(bars, i) })
}

// Job is one comparison for a worker to compute.
type Job struct {
	Review, Index int
	// Base and Cur are the row's samples in run order; BaseSorted and
	// CurSorted the same in ascending order, which the page has from
	// pairing (review.Row's summaries): a worker sorting them again took
	// some 4 µs a row.
	Base, Cur             []float64
	BaseSorted, CurSorted []float64
	// Metric is the review's: what Compare needs to read the rows'
	// direction (nil for cove-bench reports).
	Metric *review.Metric
	// Geomean is the row's place among GeomeanRows, which a worker adds
	// it to the suite's geomean by (stats.Comparer.AddFloats); -1 for a
	// row the geomean does not take.
	Geomean int
}

// Jobs lists the comparisons the current review still needs, in row order.
func (s *Store) Jobs() []Job {
	if s.review == nil {
		return nil
	}
	all, _ := JobsFrom(s.review, s.reviewID, 0, 0)
	jobs := all[:0]
	for _, j := range all {
		if !s.done[j.Index] {
			jobs = append(jobs, j)
		}
	}
	return jobs
}

// JobsFrom lists the comparisons of rv's rows from row from on, as Jobs
// lists them for rv numbered id (the store's review), with place the
// number of compared rows before row from; and returns the place after
// them. The page hands a review's rows to its workers while the rows are
// still being paired (pool.pairing), from this same list.
func JobsFrom(rv *review.Review, id, from, place int) ([]Job, int) {
	n := 0
	for i := from; i < len(rv.Rows); i++ {
		if rv.Rows[i].State == review.Compared {
			n++
		}
	}
	// Counted first: grown as they came, ten thousand jobs (128 bytes
	// each) were copied twice over, in the task the store takes a
	// review in.
	jobs := make([]Job, 0, n)
	for i := from; i < len(rv.Rows); i++ {
		if r := &rv.Rows[i]; r.State == review.Compared {
			jobs = append(jobs, Job{Review: id, Index: i, Base: r.BaseStats.Taken, Cur: r.CurStats.Taken, BaseSorted: r.BaseStats.Sorted, CurSorted: r.CurStats.Sorted, Metric: r.Metric, Geomean: place})
			place++ // the row's place among GeomeanRows
		}
	}
	return jobs, place
}

// GeomeanRows are the samples the suite's geomean is computed from: every
// compared row's; nil when two reports are not loaded, and empty, not
// nil, when they have no row to compare (their geomean covers no row).
// The page's workers add each row to it as they compare the row (see
// Job.Geomean), and the page dispatches GeomeanComputed with the last.
func (s *Store) GeomeanRows() []stats.FloatRow {
	if s.review == nil || !s.Compared() {
		return nil
	}
	rows := []stats.FloatRow{} // not nil: two reports with no row in common have a geomean too, of no row
	for _, r := range s.review.Rows {
		if r.State == review.Compared {
			// Sorted, not in run order: the geomean resamples each side's
			// samples sorted, so the bits are the same, and a worker sorts
			// twenty thousand series faster when they are in order already.
			rows = append(rows, stats.FloatRow{Baseline: r.BaseStats.Sorted, Current: r.CurStats.Sorted})
		}
	}
	return rows
}

// Geomean is the suite's shift over the compared rows, and whether it is
// computed yet; with one report alone there is none, and it never is.
func (s *Store) Geomean() (stats.Geomean, bool) {
	if s.geomean == nil {
		return stats.Geomean{}, false
	}
	if m := s.review.Metric; m != nil && m.Higher {
		return s.geomean.HigherIsBetter(), true
	}
	return *s.geomean, true
}

// Summary is the review as reviewtext summarises it for the command
// line, with the extras and the geomean the workers measured and the
// view's adjustment: its Markdown is `benchview compare -format markdown`'s
// (with -adjust when the view adjusts) for the same reports. Nil until
// the page is Ready.
func (s *Store) Summary() *reviewtext.Summary {
	if s.review == nil || s.Phase() != Ready {
		return nil
	}
	g, _ := s.Geomean() // in the metric's direction
	return reviewtext.New(s.review, reviewtext.Options{
		Extras: s.Compared(), Adjust: s.view.Adjust, Measured: s.extras, Geomean: &g,
	})
}

// ReviewID identifies the current review; it changes whenever the reports
// do, so a caller can tell when to send new Jobs.
func (s *Store) ReviewID() int { return s.reviewID }

// Progress is how many of the review's comparisons are computed, of how
// many.
func (s *Store) Progress() (done, total int) { return s.ndone, s.jobs }

// Report is the report loaded into side, or nil.
func (s *Store) Report(side actions.Side) *report.Report { return s.reports[side] }

// Read is how many bytes of the report being read into side are read, of
// how many (0 when the size is not known).
func (s *Store) Read(side actions.Side) (read, size int64) {
	return s.read[side][0], s.read[side][1]
}

// Loading is the name of the report being read into side, or "".
func (s *Store) Loading(side actions.Side) string { return s.loading[side] }

// Compared reports whether two reports are loaded, so rows have verdicts;
// a single report is a view of its rows alone.
func (s *Store) Compared() bool {
	return s.reports[actions.Baseline] != nil && s.reports[actions.Current] != nil
}

// View is the current sort, filter, search and selection.
func (s *Store) View() View { return s.view }

// Dark reports whether the page is in its dark theme.
func (s *Store) Dark() bool { return s.dark }

// Review is the review shown, with the comparisons computed so far; nil
// when no report is loaded. It is the store's: callers only read it.
func (s *Store) Review() *review.Review { return s.review }

// Downloading reports whether the report page is being built.
func (s *Store) Downloading() bool { return s.downloading }

// DownloadName is the file name a download of the review shown gets:
// review-BASE-vs-CUR.html, or review-NAME.html for one report alone, with
// each report's extension dropped and anything but letters, digits, '.',
// '_' and '-' made '-'.
func (s *Store) DownloadName() string {
	var names []string
	for _, r := range s.reports {
		if r != nil {
			names = append(names, fileSafe(strings.TrimSuffix(r.Name, path.Ext(r.Name))))
		}
	}
	return "review-" + strings.Join(names, "-vs-") + ".html"
}

func fileSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '-'
	}, s)
	if strings.Trim(s, ".") == "" {
		return "report"
	}
	return s
}

// DownloadErr is why the last report page could not be built, or "".
func (s *Store) DownloadErr() string { return s.downloadErr }

// CanDownload reports whether the review shown can be offered as a report
// page: every row is computed and every chart drawn, and no page is being
// built already.
func (s *Store) CanDownload() bool {
	return s.review != nil && !s.downloading && s.Phase() == Ready
}

// Copied is what the page last copied for the review shown (What is
// "markdown" or "link"; Err says why it could not), zero when nothing.
func (s *Store) Copied() actions.Copied { return s.copied }

// ShowAll reports whether every row's run-order chart is shown.
func (s *Store) ShowAll() bool { return s.showAll }
