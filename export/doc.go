// Package export turns a review into something that can be shared without
// benchview: one self-contained HTML page (Page), and the few files a static
// site needs beside the viewer (SiteIndex, SiteReportNames).
//
// A page carries everything it shows: the table rendered as HTML, the
// numbers and the charts' ECharts options as JSON, a small script for
// sorting, filtering and selection, and the ECharts library itself. Its
// Content-Security-Policy allows exactly its own inline scripts, by hash, and
// fetches nothing, so the file opens from disk, offline, years later.
//
// The package computes (through core) and renders; it never reads or writes
// files, never imports os or syscall/js, and compiles both natively (the
// command line) and for GOOS=js GOARCH=wasm (the viewer's "Download report"
// button). Everything a report names is data: names reach the page escaped by
// html/template, and the JSON blocks escape <, > and & so that no name can
// close the script element that holds it.
package export
