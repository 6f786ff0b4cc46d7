package store

import (
	"net/url"
	"strings"
)

// View is what a reader chose to look at: it travels in the URL fragment,
// so a link opens on exactly what its sender saw.
type View struct {
	// Sort is the column the table is sorted by; "" is the default, by
	// verdict with regressions first.
	Sort string
	// Desc reverses the column's order.
	Desc bool
	// Filter is the status the table shows ("" for every row, Other for the
	// rows that are not comparisons).
	Filter string
	// Search is the text a row's name must contain, word by word.
	Search string
	// Selected is the data-row key of the selected row, or "".
	Selected string
}

// column is the column the table is sorted by.
func (v View) column() string {
	if v.Sort == "" {
		return ColVerdict
	}
	return v.Sort
}

// Sorted reports the direction of column col: 0 when the table is not
// sorted by it, 1 ascending, -1 descending.
func (v View) Sorted(col string) int {
	switch {
	case v.column() != col:
		return 0
	case v.Desc:
		return -1
	}
	return 1
}

// sortBy sorts by col, reversing the order when it already is.
func (v *View) sortBy(col string) {
	if v.column() == col {
		v.Desc = !v.Desc
		return
	}
	v.Sort, v.Desc = col, false
	if col == ColVerdict {
		v.Sort = ""
	}
}

// Fragment is the view as a URL fragment (without '#'): only what differs
// from the default, in a fixed order, "" for the default view.
func (v View) Fragment() string {
	var parts []string
	add := func(k, val string) {
		if val != "" {
			parts = append(parts, k+"="+url.QueryEscape(val))
		}
	}
	add("sort", v.Sort)
	if v.Desc {
		add("desc", "1")
	}
	add("filter", v.Filter)
	add("q", v.Search)
	add("row", v.Selected)
	return strings.Join(parts, "&")
}

// ParseFragment reads a view from a URL fragment, with or without its '#'.
// What it does not understand it leaves at the default.
func ParseFragment(f string) View {
	q, _ := url.ParseQuery(strings.TrimPrefix(f, "#"))
	return View{
		Sort:     q.Get("sort"),
		Desc:     q.Get("desc") == "1",
		Filter:   q.Get("filter"),
		Search:   q.Get("q"),
		Selected: q.Get("row"),
	}
}

// Pair orders two files by age: the older (smaller lastModified) is the
// baseline. It returns the indexes of the baseline and the current file;
// files of the same age keep the order they came in.
func Pair(modified0, modified1 float64) (base, cur int) {
	if modified1 < modified0 {
		return 1, 0
	}
	return 0, 1
}
