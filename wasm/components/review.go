//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/store"
)

// Review is the <main> that shows the reports loaded: the summary, the
// toolbar, the charts and the table.
//
// A review appears part by part, a frame each: its summary and toolbar,
// then its charts, then its table. The first time, each part runs code the
// page has not run yet and has the browser style and lay out what it has
// not laid out yet; all of them in one frame made a task of 130 ms or more
// when a user's first reports arrived.
type Review struct {
	vecty.Core
	Store *store.Store `vecty:"prop"`
	Host  Host         `vecty:"prop"`

	parts    int  // how many of the parts show
	partsDue bool // a frame will show one more
}

// Render lays the parts shown out.
func (r *Review) Render() vecty.ComponentOrHTML {
	defer Span("render Review")()
	s := r.Store
	first, rows := s.Window()
	barsFirst, bars := s.Bars()
	total := s.Shown()
	top, visible := s.InView()
	done, jobs := s.Progress()
	selected, hasSelected := s.Selected()
	view := s.View()
	runGen := s.Gen(store.RunOrderChart(view.Selected)) // every run-order chart shares one generation
	// The workers compute rows (live), or the geomean once the rows are in.
	live, meanDue := done < jobs, done == jobs && s.Compared() && geomeanOf(s) == nil
	all := 0
	if rv := s.Review(); rv != nil {
		all = len(rv.Rows)
	}
	children := []vecty.MarkupOrChild{
		vecty.Markup(vecty.Class("review")),
		r.summary(done == jobs),
		&Toolbar{Host: r.Host, View: view, ShowAll: s.ShowAll(), Shown: total, All: all, Named: s.Metric() != nil},
		elem.Div(
			vecty.Markup(vecty.Class("charts")),
			&IntervalPanel{
				Host: r.Host, Rows: bars, First: barsFirst, Total: total,
				Selected: view.Selected, Dark: s.Dark(),
				Gen: s.Gen(store.IntervalChart), Compared: s.Compared(), Live: live, MeanDue: meanDue,
				Geomean: geomeanOf(s), Common: common(s),
			},
		),
		vecty.If(s.ShowAll(), &RunOrderGrid{Host: r.Host, Rows: rows, Selected: view.Selected, Dark: s.Dark(), Gen: runGen}),
		&Table{
			Host: r.Host, Rows: rows, First: first, Total: total, Top: top - first, InView: top + visible - first,
			View: view, Compared: s.Compared(), Busy: live || meanDue,
			Reset: s.Scrolled(), At: s.Position(), HasDetails: hasSelected,
			Details: &RunOrderPanel{
				Host: r.Host, Row: selected, HasRow: hasSelected, Dark: s.Dark(),
				Gen: runGen, ShowAll: s.ShowAll(),
			},
		},
	}
	// The parts, by where each ends in children: summary and toolbar,
	// charts, table. A part not shown yet is an empty element, not nil:
	// vecty inserts a child that was nil after the last sibling it
	// rendered, and a toolbar that skipped its render is not one, so the
	// charts and the table went in above it.
	ends := [...]int{3, 4, len(children)}
	r.parts = min(r.parts+1, len(ends))
	if r.parts < len(ends) {
		for i := ends[r.parts-1]; i < len(children); i++ {
			children[i] = elem.Div(vecty.Markup(vecty.Attribute("hidden", true)))
		}
		r.showMore()
	} else {
		settle(r)
	}
	return elem.Main(children...)
}

// summary is the review's Summary.
func (r *Review) summary(done bool) *Summary {
	s := r.Store
	g, hasMean := s.Geomean()
	metric := ""
	if m := s.Metric(); m != nil {
		metric = m.Name
	}
	return &Summary{Host: r.Host, Counts: s.Counts(), Filter: s.View().Filter, Compared: s.Compared(),
		Geomean: g, HasMean: hasMean, Tests: s.Tests(), Adjust: s.View().Adjust, Done: done,
		Metrics: s.Metrics(), Metric: metric, Config: s.Config()}
}

// showMore has the review show one more part in the next frame.
func (r *Review) showMore() { renderAgain(r, &r.partsDue) }

// Unmount forgets a review that is gone.
func (r *Review) Unmount() { settle(r) }

// common is how many rows the reports have in common: the rows with a
// verdict or computing one, filtered out or not.
func common(s *store.Store) int {
	n := 0
	for status, count := range s.Counts() {
		if isVerdict(status) || status == store.Pending {
			n += count
		}
	}
	return n
}

// geomeanOf is the geomean the interval chart draws: nil until computed.
func geomeanOf(s *store.Store) *stats.Geomean {
	if g, ok := s.Geomean(); ok {
		return &g
	}
	return nil
}
