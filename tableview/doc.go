// Package tableview is the results table's view of a review, the one
// source of truth for the viewer (wasm/store) and the exported page
// (export): which status a row shows, the table's columns, its default
// order ("regressions first": status rank, then the largest shift, then
// the name), its order by any column (ties broken by the default order,
// rows without a number last in either direction), the filter, the search
// (every word a substring of the row's name, ignoring case), and the view
// as it travels in the URL fragment.
//
// The exported page cannot run Go, so it receives what this package
// computes: the rows in the default order and, per column, each row's
// Ranks, from which ordering the rows either way is a walk through
// buckets, not a sort (see Ranks).
//
// It is pure Go over core/review: no syscall/js, no DOM, no formatting;
// it compiles natively and for GOOS=js GOARCH=wasm.
package tableview
