// Package a11y holds the viewer's end-to-end accessibility tests: axe-core
// audits of its states, light and dark, the phone-sized layout, and the
// small things a reader of the page meets (counts, titles, tooltips). They
// run the real bin/benchview on loopback in headless Chromium, through the
// shared harness (e2e/internal/browser), and are skipped without
// BENCHVIEW_BIN.
package a11y
