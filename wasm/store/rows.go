package store

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// Pending is the status of a compared row whose comparison has not arrived.
const Pending = "pending"

// Other is the filter that shows the rows that are not comparisons.
const Other = "other"

// Row is one row of the table as the components show it.
type Row struct {
	review.Row
	// Status is the row's verdict ("regression", "improvement", "inside the
	// noise", "underpowered") when it is computed, Pending before, or its
	// review.State when it is not a comparison.
	Status string
}

// Verdict reports whether Status is a verdict (the page's data-verdict)
// rather than a state (data-state).
func (r Row) Verdict() bool { return r.State == review.Compared && r.Comparison != nil }

func status(r review.Row) string {
	switch {
	case r.State != review.Compared:
		return string(r.State)
	case r.Comparison == nil:
		return Pending
	}
	return r.Comparison.Verdict.String()
}

// Rank orders statuses the way the table starts: regressions first, then
// improvements, then the rest by how much they say.
var rank = map[string]int{
	"regression":                  0,
	"improvement":                 1,
	"inside the noise":            2,
	"underpowered":                3,
	Pending:                       4,
	string(review.NotOK):          5,
	string(review.Unsupported):    6,
	string(review.OnlyInCurrent):  7,
	string(review.OnlyInBaseline): 8,
}

// Rows is the table: the review's rows that pass the filter and the search,
// in the view's order (see below for the order while computing).
func (s *Store) Rows() []Row {
	if s.review == nil {
		return nil
	}
	words := strings.Fields(strings.ToLower(s.view.Search))
	var rows []Row
	for _, r := range s.review.Rows {
		row := Row{Row: r, Status: status(r)}
		if s.view.shows(row, words) {
			rows = append(rows, row)
		}
	}
	// While comparisons arrive, the default order (by verdict) waits for the
	// last of them: rows keep the report's order instead of jumping around
	// under the reader with every result. A column the reader chose applies
	// at once.
	if s.view.Sort != "" || s.ndone == s.jobs {
		s.view.sort(rows)
	}
	return rows
}

// Counts is how many rows of the review have each status.
func (s *Store) Counts() map[string]int {
	n := map[string]int{}
	if s.review != nil {
		for _, r := range s.review.Rows {
			n[status(r)]++
		}
	}
	return n
}

// Selected is the selected row, if the review has it.
func (s *Store) Selected() (Row, bool) {
	if s.review == nil || s.view.Selected == "" {
		return Row{}, false
	}
	for _, r := range s.review.Rows {
		if r.Key.String() == s.view.Selected {
			return Row{Row: r, Status: status(r)}, true
		}
	}
	return Row{}, false
}

// shows reports whether row passes the filter and contains every word.
func (v View) shows(row Row, words []string) bool {
	switch v.Filter {
	case "":
	case Other:
		if row.State == review.Compared {
			return false
		}
	default:
		if row.Status != v.Filter {
			return false
		}
	}
	name := strings.ToLower(row.Key.String())
	for _, w := range words {
		if !strings.Contains(name, w) {
			return false
		}
	}
	return true
}

// Columns the table sorts by. Each names what a cell shows; a side's
// "spread" column sorts by its p25.
const (
	ColName       = "name"
	ColVerdict    = "verdict"
	ColDelta      = "delta"
	ColInterval   = "interval"
	ColBaseMedian = "base-median"
	ColBaseSpread = "base-spread"
	ColBaseIQR    = "base-iqr"
	ColBaseN      = "base-n"
	ColCurMedian  = "cur-median"
	ColCurSpread  = "cur-spread"
	ColCurIQR     = "cur-iqr"
	ColCurN       = "cur-n"
)

// key is the number a row sorts by in column col; ok is false when the row
// has none (it then sorts last in either direction).
func key(r Row, col string) (v float64, ok bool) {
	side := func(s *stats.Stats, f func(stats.Stats) float64) (float64, bool) {
		if s == nil {
			return 0, false
		}
		return f(*s), true
	}
	c := r.Comparison
	switch col {
	case ColDelta:
		if c != nil {
			return c.Delta, true
		}
	case ColInterval:
		if c != nil && !math.IsNaN(c.Lo) {
			return c.Lo, true
		}
	case ColBaseMedian:
		return side(r.BaseStats, stats.Stats.Median)
	case ColBaseSpread:
		return side(r.BaseStats, stats.Stats.P25)
	case ColBaseIQR:
		return side(r.BaseStats, stats.Stats.IQR)
	case ColBaseN:
		return side(r.BaseStats, count)
	case ColCurMedian:
		return side(r.CurStats, stats.Stats.Median)
	case ColCurSpread:
		return side(r.CurStats, stats.Stats.P25)
	case ColCurIQR:
		return side(r.CurStats, stats.Stats.IQR)
	case ColCurN:
		return side(r.CurStats, count)
	}
	return 0, false
}

func count(s stats.Stats) float64 { return float64(len(s.Sorted)) }

// sort orders rows by the view's column, and breaks ties (and orders the
// default view) by status rank, then the largest shift first, then name.
func (v View) sort(rows []Row) {
	col := v.column()
	slices.SortStableFunc(rows, func(a, b Row) int {
		var c int
		switch col {
		case ColName:
			c = strings.Compare(a.Key.String(), b.Key.String())
		case ColVerdict:
			c = cmp.Compare(rank[a.Status], rank[b.Status])
		default:
			x, okx := key(a, col)
			y, oky := key(b, col)
			switch {
			case okx != oky: // rows without the number go last either way
				if okx {
					return -1
				}
				return 1
			case okx:
				c = cmp.Compare(x, y)
			}
		}
		if v.Desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return fallback(a, b)
	})
}

// fallback is the default order: status rank, then the largest shift, then
// the name.
func fallback(a, b Row) int {
	if c := cmp.Compare(rank[a.Status], rank[b.Status]); c != 0 {
		return c
	}
	if a.Comparison != nil && b.Comparison != nil {
		if c := cmp.Compare(math.Abs(b.Comparison.Delta), math.Abs(a.Comparison.Delta)); c != 0 {
			return c
		}
	}
	return strings.Compare(a.Key.String(), b.Key.String())
}
