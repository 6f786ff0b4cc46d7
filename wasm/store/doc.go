// Package store holds everything the viewer shows and applies actions to it
// in one switch: the loaded reports and the review built from them, which
// rows are computed, the sort, filter, search and selection, the problems
// to tell, and which charts are drawn. Components read it; only Dispatch
// changes it.
//
// It is pure Go and runs under native go test. It does not read files,
// start workers or touch the DOM (main.go does), and it computes no
// statistic: comparisons arrive in batches as RowsComputed actions from the
// workers. The table's order, filter and search are tableview's, which the
// exported page shares.
package store
