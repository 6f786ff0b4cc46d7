package export

import (
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/tableview"
)

// The page's order is the viewer's: both take it from tableview. The page
// lists its rows in the default order ("regressions first") and carries,
// per column, the ranks from which page.js orders them either way without
// comparing any (tableview.Table.Ranks).

// status is a row's data-verdict or data-state value.
func status(r *review.Row) string { return tableview.Status(r) }

// compared reports whether r shows a verdict (data-verdict) rather than a
// state (data-state).
func compared(r *review.Row) bool { return tableview.HasVerdict(r) }

// ordered returns pointers to rows in the default order, and the table
// that ordered them.
func ordered(rows []review.Row, paired bool) ([]*review.Row, *tableview.Table) {
	t := tableview.New(rows, paired)
	idx := t.Default()
	out := make([]*review.Row, len(idx))
	for p, i := range idx {
		out[p] = &rows[i]
	}
	return out, t
}
