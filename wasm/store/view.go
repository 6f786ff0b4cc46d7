package store

import "github.com/benchview/benchview/tableview"

// View is what a reader chose to look at (sort, filter, search and
// selection), as tableview defines it for the viewer and the exported
// page alike: it travels in the URL fragment.
type View = tableview.View

// Pair orders two files by age: the older (smaller lastModified) is the
// baseline. It returns the indexes of the baseline and the current file;
// files of the same age keep the order they came in.
func Pair(modified0, modified1 float64) (base, cur int) {
	if modified1 < modified0 {
		return 1, 0
	}
	return 0, 1
}
