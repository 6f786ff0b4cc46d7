// Package e2e drives the real viewer in headless Chromium: it starts the
// built binary ($BENCHVIEW_BIN) on a loopback port, loads real report files
// into the page and reads what the page shows: the table's data-verdict and
// data-state, the charts' data as ECharts holds it, the alert for a bad
// file, the view state in the address. Every request off the server's
// origin is refused before it leaves the browser, and fails the test; so
// do an uncaught exception, a console.error, a Go panic (on the page or in
// a worker), a Content-Security-Policy violation and a dialog, unless the
// test says it expects one (b.Expect).
//
// Without BENCHVIEW_BIN the tests skip with a loud message, except when
// CI=true, where they fail. The benchmarks time a drop of two 100-row
// reports to the ready state and the longest main-thread task meanwhile,
// cold (the first drop in a fresh browser) and warm (medians over drops that
// follow: the machines are shared; a longest task of 0 means none took 50 ms,
// the least the browser reports), the time from opening
// the page to using it, and Download report on golden b.
package e2e
