package export

import (
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/tableview"
)

// The table has the viewer's columns, labels and cell texts
// (wasm/components/table.go), so that a page and the viewer read alike.

// group is a header cell over several columns.
type group struct {
	Label, Class string
	Span         int
}

// cell is a numeric cell.
type cell struct{ Text, Class string }

// rowView is one table row, formatted.
type rowView struct {
	Key, Bench, KB string
	// Verdict is set for a compared row (data-verdict), State otherwise
	// (data-state); Status is whichever is set.
	Verdict, State, Status string
	Class, Label           string
	Cells                  []cell
}

// tableView is the table: its header and rows.
type tableView struct {
	Groups  []group
	Columns []tableview.Column
	Rows    []rowView
}

// tableOf lays out rows; paired is false for one report alone, whose table
// has one side's numbers, whichever side it is.
func tableOf(rows []*review.Row, paired bool) tableView {
	t := tableView{Columns: append([]tableview.Column{}, tableview.HeadColumns...)}
	if paired {
		t.Groups = []group{{"", "", 4}, {"Baseline", "base", 4}, {"Current", "cur", 4}}
		t.Columns = append(t.Columns, tableview.ShiftColumns...)
		t.Columns = append(t.Columns, tableview.BaseColumns...)
	} else {
		t.Groups = []group{{"", "", 2}, {"Samples", "", 4}}
	}
	t.Columns = append(t.Columns, tableview.CurColumns...)
	for _, r := range rows {
		t.Rows = append(t.Rows, rowOf(r, paired))
	}
	return t
}

// rowOf formats r: one unit for the row's durations, chosen by its medians.
func rowOf(r *review.Row, paired bool) rowView {
	s := status(r)
	v := rowView{
		Key:    r.Key.String(),
		Bench:  r.Key.Benchmark,
		KB:     strings.TrimPrefix(r.Key.Label(), r.Key.Benchmark),
		Status: s,
		Class:  format.StatusClass(s),
		Label:  format.Status(r, s),
	}
	if compared(r) {
		v.Verdict = s
	} else {
		v.State = s
	}
	unit := format.RowUnit(r)
	if paired {
		delta, interval := format.None, format.None
		if c := r.Comparison; c != nil {
			delta, interval = format.Percent(c.Delta), format.Interval(c.Lo, c.Hi)
		}
		v.Cells = append(v.Cells, cell{delta, "delta"}, cell{interval, "interval"})
		v.Cells = append(v.Cells, side(r.BaseStats, unit)...)
	}
	v.Cells = append(v.Cells, side(tableview.Shown(r, paired), unit)...)
	return v
}

// side is the four cells of one series, as the viewer writes them
// (sideHTML in wasm/components/table.go): every duration with its unit.
func side(s *stats.FloatStats, unit format.Unit) []cell {
	if s == nil {
		return []cell{{format.None, "median"}, {format.None, ""}, {format.None, ""}, {format.None, "n"}}
	}
	return []cell{
		{unit.Format(s.Median()), "median"},
		{unit.Span(s.P25(), s.P75()), "spread"},
		{unit.Format(s.IQR()), "iqr"},
		{format.Count(len(s.Sorted)), "n"},
	}
}
