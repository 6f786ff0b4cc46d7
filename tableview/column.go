package tableview

import (
	"math"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// Columns the table sorts by. Each names what a cell shows; a side's
// spread column sorts by its p25, the interval by its low end.
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

// Column is a sortable column of the table: ID is its name in the
// fragment (sort=ID), Label its header, Title what the header's tooltip
// says it sorts by. Desc is the order a first click on its header sorts
// in: descending for the shift (the largest regression first, what a
// reader looks for), ascending for the others.
type Column struct {
	ID, Label, Title string
	Desc             bool
}

// The table's columns, in groups as a header shows them: the row's name
// and verdict, the shift (two reports only), the baseline's four numbers
// (two reports only) and the current's (or, for one report alone, that
// report's).
var (
	HeadColumns = []Column{
		{ColName, "Row", "benchmark / kind / backend", false},
		{ColVerdict, "Verdict", "what the 95% interval says", false},
	}
	ShiftColumns = []Column{
		{ColDelta, "Δ%", "shift of the median, in percent of the baseline's", true},
		{ColInterval, "95% interval", "bootstrap interval of the shift", true},
	}
	BaseColumns = []Column{
		{ColBaseMedian, "median", "baseline median", false},
		{ColBaseSpread, "p25–p75", "baseline middle half", false},
		{ColBaseIQR, "IQR", "baseline interquartile range", false},
		{ColBaseN, "n", "baseline samples", false},
	}
	CurColumns = []Column{
		{ColCurMedian, "median", "current median", false},
		{ColCurSpread, "p25–p75", "current middle half", false},
		{ColCurIQR, "IQR", "current interquartile range", false},
		{ColCurN, "n", "current samples", false},
	}
)

// Descending reports whether a first click on column col sorts it
// descending (Column.Desc).
func Descending(col string) bool {
	for _, g := range [][]Column{HeadColumns, ShiftColumns, BaseColumns, CurColumns} {
		for _, c := range g {
			if c.ID == col {
				return c.Desc
			}
		}
	}
	return false
}

// AllColumns are the IDs of every sortable column.
func AllColumns() []string {
	var ids []string
	for _, g := range [][]Column{HeadColumns, ShiftColumns, BaseColumns, CurColumns} {
		for _, c := range g {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// Shown is the series a table's last four columns describe: the current
// one, or for one report alone (paired false), whichever side r has.
func Shown(r *review.Row, paired bool) *stats.FloatStats {
	if !paired && r.CurStats == nil {
		return r.BaseStats
	}
	return r.CurStats
}

// Key is the number r sorts by in the numeric column col (any column but
// ColName and ColVerdict); ok is false when r has none (no comparison, no
// series, or NaN), and such rows sort last in either direction. paired is
// false for a table of one report alone, whose current columns show
// whichever side a row has (Shown).
func Key(r *review.Row, col string, paired bool) (v float64, ok bool) {
	side := func(s *stats.FloatStats, f func(stats.FloatStats) float64) (float64, bool) {
		if s == nil {
			return 0, false
		}
		return f(*s), true
	}
	c := r.Comparison
	switch col {
	case ColDelta:
		if c != nil {
			v, ok = c.Delta, true
		}
	case ColInterval:
		if c != nil {
			v, ok = c.Lo, true
		}
	case ColBaseMedian:
		v, ok = side(r.BaseStats, stats.FloatStats.Median)
	case ColBaseSpread:
		v, ok = side(r.BaseStats, stats.FloatStats.P25)
	case ColBaseIQR:
		v, ok = side(r.BaseStats, stats.FloatStats.IQR)
	case ColBaseN:
		v, ok = side(r.BaseStats, count)
	case ColCurMedian:
		v, ok = side(Shown(r, paired), stats.FloatStats.Median)
	case ColCurSpread:
		v, ok = side(Shown(r, paired), stats.FloatStats.P25)
	case ColCurIQR:
		v, ok = side(Shown(r, paired), stats.FloatStats.IQR)
	case ColCurN:
		v, ok = side(Shown(r, paired), count)
	}
	if math.IsNaN(v) {
		return 0, false
	}
	return v, ok
}

func count(s stats.FloatStats) float64 { return float64(len(s.Sorted)) }
