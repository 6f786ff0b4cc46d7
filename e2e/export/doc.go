// Package exporte2e holds the end-to-end tests of `benchview export`: they
// run the built binary (BENCHVIEW_BIN), open what it writes in headless
// Chromium with the network blocked, and read the page the way a reader or a
// script would, through its contract (data-row, data-verdict, data-state,
// #interval-chart, .run-order-chart, body[data-state]).
//
// The package has no code of its own; it does not test the viewer's page
// (package e2e does) beyond opening a static site on the reports it names.
package exporte2e
