// Package keyse2e holds the end-to-end tests of the viewer's keyboard
// model and of what a reload keeps: they run the built binary
// (BENCHVIEW_BIN) as a server and drive its page in headless Chromium
// through the shared harness (e2e/internal/browser), with real key events
// (Input.dispatchKeyEvent) and real files set on the page's file inputs.
package keyse2e
