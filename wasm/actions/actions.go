// Package actions lists what a user (or the page acting for them) can do to
// the viewer: one struct per intent. The store is the only reader; the
// components and main.go only create them.
//
// An action says what happened, never how to render it, and holds plain
// data: no DOM values, no callbacks.
package actions

import (
	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/toolreport"
)

// Side is which report of a review something is about.
type Side int

const (
	Baseline Side = iota
	Current
)

// String is the side as the page names it.
func (s Side) String() string {
	if s == Baseline {
		return "Baseline"
	}
	return "Current"
}

// LoadStarted: a report named Name began loading into Side (a file was
// picked or dropped, or a URL is being fetched).
type LoadStarted struct {
	Side Side
	Name string
}

// LoadProgress: Read bytes of the report loading into Side are read, of
// Size (0 when not known).
type LoadProgress struct {
	Side       Side
	Read, Size int64
}

// ReportLoaded: the report for Side was read; bad lines are in its Problems.
// Review, when not nil, is the review of the reports the store holds once
// Report is in (review.New's rows, paired ahead a few at a time so that
// the dispatch does not hold the page); the store pairs them itself when
// it is nil or of other reports.
//
// Tool, for the report of another tool than cove-bench, is what was read;
// Report is then nil, and the store makes the rows of the metric the view
// shows from Tool (toolreport.Report.AsReport), on arrival and whenever
// the metric changes.
type ReportLoaded struct {
	Side   Side
	Report *report.Report
	Review *review.Review
	Tool   *toolreport.Report
}

// LoadFailed: the report for Side could not be read at all (a network or
// file error); Err says why.
type LoadFailed struct {
	Side Side
	Name string
	Err  string
}

// SelectMetric shows the rows of the metric named Name, of reports whose
// tool measures several ("" for their first, their time).
type SelectMetric struct{ Name string }

// Swap exchanges Baseline and Current.
type Swap struct{}

// RowsComputed: a worker finished the comparisons of rows Index of
// review Review, Comparisons[k] being row Index[k]'s and Extras[k] what
// was measured beside it (reviewtext.Measure, for a 1% shift). Results
// for an older review are stale and ignored.
type RowsComputed struct {
	Review      int
	Index       []int
	Comparisons []stats.Comparison
	Extras      []reviewtext.Extras
}

// GeomeanComputed: a worker computed the geomean of review Review's
// compared rows.
type GeomeanComputed struct {
	Review  int
	Geomean stats.Geomean
}

// Adjust shows the verdicts adjusted for the number of rows compared by
// Method (stats.Holm or stats.BH), or the reference's verdicts ("").
type Adjust struct{ Method string }

// Copied: the page copied what the reader asked for (What: "markdown" or
// "link") to the clipboard, or could not (Err says why).
type Copied struct{ What, Err string }

// RowsStarted: a worker began computing rows Index of review Review at
// At, in the page's milliseconds (performance.now()); said of a batch
// with a long row, not of every batch.
type RowsStarted struct {
	Review int
	Index  []int
	At     float64
}

// RowProgress: the worker computing row Index of review Review has done
// Done (0 to 1) of its work: a long row's resampling plan.
type RowProgress struct {
	Review, Index int
	Done          float64
}

// SortBy sorts the table by Column; choosing the column already sorted by
// reverses the order.
type SortBy struct{ Column string }

// Filter shows only rows whose status is Status ("" shows every row).
type Filter struct{ Status string }

// Search shows only rows whose name contains every word of Text.
type Search struct{ Text string }

// Select makes the row with data-row key Key the selected one ("" selects
// none).
type Select struct{ Key string }

// Scrolled: the table's viewport shows Visible rows from its row Top (in
// the table's order).
type Scrolled struct{ Top, Visible int }

// ShowAllRunOrder shows (or hides) the run-order chart of every row.
type ShowAllRunOrder struct{ Show bool }

// ThemeChanged: the system switched between light and dark.
type ThemeChanged struct{ Dark bool }

// ChartDrawn: the chart with ID finished drawing the data of generation Gen.
type ChartDrawn struct {
	ID  string
	Gen int
}

// RestoreView sets sort, filter, search and selection from the state a
// URL fragment carries (a shared link, or the back button).
type RestoreView struct{ Fragment string }

// DownloadStarted: the page began building the report page of the review
// shown, to offer it as a file.
type DownloadStarted struct{}

// DownloadDone: the report page was offered, or, when Err is not "", could
// not be built; Err says why.
type DownloadDone struct{ Err string }
