package tableview

import (
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/query"
)

// View is what a reader chose to look at: it travels in the URL fragment,
// so a link opens on exactly what its sender saw.
type View struct {
	// Sort is the column the table is sorted by; "" is the default, by
	// verdict with regressions first.
	Sort string
	// Desc reverses the column's order.
	Desc bool
	// Filter is the status the table shows ("" for every row, Other for
	// the rows that are not comparisons).
	Filter string
	// Search is the text a row's name must contain, word by word,
	// ignoring case.
	Search string
	// Selected is the data-row key of the selected row, or "".
	Selected string
	// Adjust is "" for the reference's verdicts, or stats.Holm or
	// stats.BH: the verdicts shown are adjusted for the number of rows
	// compared.
	Adjust string
	// Swap: the reports are shown the other way round from how the page
	// was given them (the address's baseline as Current, and its current
	// as Baseline; for files, the sides they were kept in), so that a
	// reload or a link keeps the Swap a reader pressed.
	Swap bool
	// Metric is the name of the metric the rows show, for the reports of
	// a tool that measures several (Go's B/op beside its sec/op, say);
	// "" is the reports' first, their time.
	Metric string
}

// Column is the column the table is sorted by.
func (v View) Column() string {
	if v.Sort == "" {
		return ColVerdict
	}
	return v.Sort
}

// Sorted reports the direction of column col: 0 when the table is not
// sorted by it, 1 ascending, -1 descending.
func (v View) Sorted(col string) int {
	switch {
	case v.Column() != col:
		return 0
	case v.Desc:
		return -1
	}
	return 1
}

// SortBy is v after the reader asks to sort by col: col in its first
// order (Descending: the shift descending, the others ascending), or the
// other way round when the table is sorted by col already. Sorting by
// verdict ascending is the default view (Sort "").
func (v View) SortBy(col string) View {
	if v.Column() == col {
		v.Desc = !v.Desc
		return v
	}
	v.Sort, v.Desc = col, Descending(col)
	if col == ColVerdict {
		v.Sort = ""
	}
	return v
}

// Fragment is the view as a URL fragment (without '#'): only what differs
// from the default, in a fixed order (sort, desc, filter, q, row, adjust,
// swap, metric), each value escaped by query.Escape (url.QueryEscape); "" for the default
// view.
func (v View) Fragment() string {
	var parts []string
	add := func(k, val string) {
		if val != "" {
			parts = append(parts, k+"="+query.Escape(val))
		}
	}
	add("sort", v.Sort)
	if v.Desc {
		add("desc", "1")
	}
	add("filter", v.Filter)
	add("q", v.Search)
	add("row", v.Selected)
	add("adjust", v.Adjust)
	if v.Swap {
		add("swap", "1")
	}
	add("metric", v.Metric)
	return strings.Join(parts, "&")
}

// ParseFragment reads a view from a URL fragment, with or without its
// '#'. What it does not understand it leaves at the default.
func ParseFragment(f string) View {
	q, _ := query.Parse(strings.TrimPrefix(f, "#"))
	return View{
		Sort:     q.Get("sort"),
		Desc:     q.Get("desc") == "1",
		Filter:   q.Get("filter"),
		Search:   q.Get("q"),
		Selected: q.Get("row"),
		Adjust:   adjustOf(q.Get("adjust")),
		Swap:     q.Get("swap") == "1",
		Metric:   q.Get("metric"),
	}
}

// adjustOf is method when stats.Adjust knows it, else "": a link with
// another leaves the reference's verdicts.
func adjustOf(method string) string {
	if stats.AdjustMethod(method) {
		return method
	}
	return ""
}

// Words are the search's words, lowercased: a row is shown when its
// lowercased name contains every one.
func (v View) Words() []string { return strings.Fields(strings.ToLower(v.Search)) }

// Shows reports whether row i of t passes the filter and the search
// (whose Words the caller computed once).
func (v View) Shows(t *Table, i int, words []string) bool {
	switch v.Filter {
	case "":
	case Other:
		if t.rows[i].State == review.Compared {
			return false
		}
	default:
		if t.status[i] != v.Filter {
			return false
		}
	}
	if len(words) == 0 {
		return true
	}
	name := strings.ToLower(t.Name(i))
	for _, w := range words {
		if !strings.Contains(name, w) {
			return false
		}
	}
	return true
}

// Rows is the indexes of t's rows that v shows, in v's order.
func (v View) Rows(t *Table) []int {
	words := v.Words()
	var out []int
	for _, i := range t.Order(v.Column(), v.Desc) {
		if v.Shows(t, i, words) {
			out = append(out, i)
		}
	}
	return out
}
