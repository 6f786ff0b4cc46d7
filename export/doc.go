// Package export turns a review into something that can be shared without
// benchview: one self-contained HTML page (Page), and the few files a static
// site needs beside the viewer (SiteReportNames, SiteQuery, SiteRedirect).
//
// A page carries everything it shows: the table rendered as HTML (complete
// without script; with script, the source of the rows page.js puts in
// view), the orders of every column (from tableview, shared with the
// viewer), the charts' ECharts options as JSON in a light and a dark theme
// that follow the reader's prefers-color-scheme, a small script for the
// virtual table, sorting, filtering, search and selection (the interval
// chart draws the rows in view and follows the table, a row's run order is
// drawn when it is selected or scrolled to), and the ECharts library
// itself, the data and the library gzipped in base64 and inflated by the
// browser. Its
// Content-Security-Policy allows exactly its own script and ECharts, by
// hash, and fetches nothing, so the file opens from disk, offline, years
// later.
//
// A page is built to be read by anyone: its content sits in landmarks
// (header, main, footer); the table is a WAI-ARIA grid, one Tab stop that
// the arrows, Home/End, Page Up/Down, Enter and Escape drive, with / j k
// and ? as shortcuts; each chart is also told in words (its extremes, in
// Go's sentences); a phone sees a row's name, verdict and Δ% at once; and
// the page says what was measured where (PageWith, Provenance: the files'
// names and modification times, what the reports say of their machine,
// the benchview that wrote it). A review of another tool's reports
// (review.NewOf) is of one of their metrics: the page says which, in
// which unit and which way is better, names the others
// (Provenance.Metrics), and shows the configuration the reports share
// (Source.Config, ConfigLines) once.
//
// Beside the reference's verdicts, and never instead of them, a page of
// two reports carries what the command line says with -format (insights.go,
// shown by insights.js, the policy's third script): each row's drift,
// outliers and samples-needed advice, the drifted sides' trends, the
// chance-verdict note, Holm's and Benjamini–Hochberg's verdicts for the
// adjusted-view switch (whose table, adjusted.go, page.js swaps in: the
// order, the filter, the counts and the bars' colours follow it), the
// suite's geomean, and the exact text of
// `benchview compare -format markdown` for Copy as Markdown. Every
// sentence is reviewtext's or written here, in Go.
//
// The package computes (through core) and renders; it never reads or writes
// files, never imports os or syscall/js, and compiles both natively (the
// command line) and for GOOS=js GOARCH=wasm (the viewer's "Download report"
// button), without linking anything the viewer's WebAssembly cannot afford:
// no crypto package (internal/sha256 hashes the scripts) and no template
// execution (markup.go writes the page). Everything a report names is data:
// names reach the page escaped as they are written, or inside base64, which
// no HTML parser reads as markup.
package export
