package e2e

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	harness "github.com/benchview/benchview/e2e/internal/browser"
)

// tb is what the helpers need of a test or a benchmark.
type tb = testing.TB

// binary is the benchview binary under test (see harness.Binary).
func binary(t tb) string {
	t.Helper()
	return harness.Binary(t)
}

// serve starts bin/benchview on a loopback port (harness.Serve) and
// returns the URL it prints.
func serve(t tb, args ...string) *url.URL {
	t.Helper()
	return harness.Serve(t, args...)
}

// browser is a tab of the shared harness (e2e/internal/browser) showing
// pages of one origin: every request anywhere else is refused before it
// leaves the browser, and when the test ends a refused request or a
// problem of the page (an exception, a console.error, a Go panic, a policy
// violation, a dialog, in the page or its workers) fails it, unless the
// test expects it (b.Expect).
type browser struct {
	*harness.Browser
	ctx    context.Context // the tab's, for the tests' own chromedp calls
	origin string          // scheme://host:port of the pages, or file://
}

// open starts Chromium and a tab for pages of origin.
func open(t tb, origin *url.URL) *browser {
	t.Helper()
	o := origin.Scheme + "://" + origin.Host
	return start(t, origin.Hostname(), o, harness.SameOrigin(o))
}

// openFile starts Chromium for one file on disk, a page that must make no
// request but for itself: anything else is refused and fails the test.
func openFile(t tb, path string) (b *browser, page string) {
	t.Helper()
	page = (&url.URL{Scheme: "file", Path: path}).String()
	return start(t, "", "file://", func(u string) bool { return u == page || strings.HasPrefix(u, "data:") }), page
}

// start starts the harness's browser, in which only host resolves and
// only what allow passes is requested.
func start(t tb, host, origin string, allow func(string) bool) *browser {
	t.Helper()
	b := harness.Start(t, harness.Options{Allow: allow, Host: host, Origin: "the origin " + origin})
	return &browser{Browser: b, ctx: b.Ctx, origin: origin}
}

// do runs actions, within a minute.
func (b *browser) do(t tb, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	b.Do(t, actions...)
}

// eval evaluates a JavaScript expression (awaiting a promise) into T.
func eval[T any](t tb, b *browser, expr string) T {
	t.Helper()
	return harness.Eval[T](t, b.Browser, expr)
}

// waitFor waits until the expression is truthy, up to a minute.
func (b *browser) waitFor(t tb, what, expr string) {
	t.Helper()
	b.WaitFor(t, what, expr, time.Minute)
}

// waitWithin waits until the expression is truthy, up to d.
func (b *browser) waitWithin(t tb, d time.Duration, what, expr string) {
	t.Helper()
	b.WaitFor(t, what, expr, d)
}

// ready is the page's promise that every row is computed and every chart
// drawn, with at least one table row shown.
const ready = `document.body.dataset.state === "ready" && document.querySelector("tr[data-row]") !== null`

// load opens the viewer and sets the two file inputs.
func (b *browser) load(t tb, base, cur string) {
	t.Helper()
	// The page by its name: the bare / of a server started with reports
	// opens on them.
	b.do(t, chromedp.Navigate(b.origin+"/index.html"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	b.setFiles(t, base, cur)
}

// setFiles sets #baseline-file and #current-file to the files, and waits
// until the page is ready with both.
func (b *browser) setFiles(t tb, base, cur string) {
	t.Helper()
	b.setFilesWithin(t, time.Minute, base, cur)
}

// setFilesWithin is setFiles, waiting up to d for ready.
func (b *browser) setFilesWithin(t tb, d time.Duration, base, cur string) {
	t.Helper()
	b.setFile(t, "#baseline-file", base)
	b.setFile(t, "#current-file", cur)
	b.waitForPair(t, d, base, cur)
}

// dropFiles drops the files at paths on the page at once, as a user
// drags them from a file manager: the browser's own drag and drop, with
// files from disk. It does not wait.
func (b *browser) dropFiles(t tb, paths ...string) {
	t.Helper()
	var files []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatalf("%v", err)
		}
		files = append(files, abs)
	}
	// Where to drop, and a note in the page once the drop reaches it: a
	// drop the page never saw fails here, not in a wait for ready.
	at := eval[[]float64](t, b, `(() => {
		window.__dropSeen = false;
		document.addEventListener("drop", () => { window.__dropSeen = true; }, {capture: true, once: true});
		const r = document.querySelector("main").getBoundingClientRect();
		return [r.x + r.width / 2, r.y + Math.min(r.height / 2, 200)];
	})()`)
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: files, DragOperationsMask: 1} // copy
	for _, kind := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
		_, err := chromedp.Call(ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: kind, X: at[0], Y: at[1], Data: data})
		cancel()
		if err != nil {
			t.Fatalf("the drag event %s of %v: %v", kind, paths, err)
		}
	}
	b.waitFor(t, "the page to see the drop", `window.__dropSeen === true`)
}

// dropFilesWithin drops base and cur at once (dropFiles), and waits up to
// d for the page ready with both. The page takes the older file for the
// baseline, so base must be older than cur, by a millisecond at least
// (File.lastModified).
func (b *browser) dropFilesWithin(t tb, d time.Duration, base, cur string) {
	t.Helper()
	var at [2]time.Time
	for i, p := range []string{base, cur} {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatalf("%v", err)
		}
		at[i] = info.ModTime()
	}
	if at[1].Sub(at[0]) < time.Millisecond {
		t.Fatalf("dropping %s as the baseline and %s as the current report: the page takes the older for the baseline, and it was modified at %v, the other at %v", base, cur, at[0], at[1])
	}
	b.dropFiles(t, base, cur)
	b.waitForPair(t, d, base, cur)
}

// waitForPair waits up to d for the page ready with base and cur.
func (b *browser) waitForPair(t tb, d time.Duration, base, cur string) {
	t.Helper()
	b.waitWithin(t, d, "both reports to be computed and drawn", ready+
		` && document.querySelector("label[for=baseline-file] .zone-file").textContent === `+jsString(filepath.Base(base))+
		` && document.querySelector("label[for=current-file] .zone-file").textContent === `+jsString(filepath.Base(cur)))
}

// setFile sets the file input sel to the file at path, and does not wait.
func (b *browser) setFile(t tb, sel, path string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	b.do(t, chromedp.SetUploadFiles(chromedp.CSS(sel), []string{abs}))
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pageRow is a row of the table as the page shows it.
type pageRow struct {
	Key, Verdict, State, Name string
	Selected                  bool
}

// status is the row's verdict, or for a row without one its state.
func (r pageRow) status() string {
	if r.Verdict != "" {
		return r.Verdict
	}
	return r.State
}

// tableRows reads the table's rows, in order.
func tableRows(t tb, b *browser) []pageRow {
	t.Helper()
	return eval[[]pageRow](t, b, `[...document.querySelectorAll("tr[data-row]")].map(tr => ({
		Key: tr.dataset.row, Verdict: tr.dataset.verdict ?? "", State: tr.dataset.state ?? "",
		Name: tr.querySelector(".row-name").textContent, Selected: tr.classList.contains("selected")}))`)
}

// emulateScheme emulates the system's colour scheme preference.
func (b *browser) emulateScheme(t tb, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatalf("emulating %s: %v", scheme, err)
	}
}

// screenshot writes a PNG of the viewport to dir/name and returns its path.
func (b *browser) screenshot(t tb, dir, name string) string {
	t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	return path
}

// stateChange is what the page showed when its body's data-state changed
// (a script that follows the state reads the page then), or in a frame.
type stateChange struct {
	State, Alert string
	Rows         []string // the data-row of every tr[data-row]
}

// watchStates has every page the tab opens from now on record what it
// shows (see states): on each change of document.body.dataset.state, and in
// each frame that shows something new. A MutationObserver runs as soon as
// the task that changed the state ends, before any later frame renders:
// what it sees is what a script reading the state sees at worst.
func (b *browser) watchStates(t tb) {
	t.Helper()
	b.runFirst(t, `window.__states = [];
		const snap = () => {
			if (!document.body) return;
			const s = {
				State: document.body.dataset.state ?? "",
				Alert: [...document.querySelectorAll("[role=alert]")].map((e) => e.textContent).join(" | "),
				Rows: [...document.querySelectorAll("tr[data-row]")].map((tr) => tr.dataset.row),
			};
			const last = window.__states.at(-1);
			if (!last || last.State !== s.State || last.Alert !== s.Alert || last.Rows.join("\n") !== s.Rows.join("\n")) {
				window.__states.push(s);
			}
		};
		new MutationObserver((records) => {
			if (records.some((r) => r.target === document.body)) snap();
		}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
		const frame = () => { snap(); requestAnimationFrame(frame); };
		requestAnimationFrame(frame);`)
}

// runFirst has every page the tab opens from now on run source before
// its own scripts.
func (b *browser) runFirst(t tb, source string) {
	t.Helper()
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: source}); err != nil {
		t.Fatalf("a script for every page: %v", err)
	}
}

// twoWorkers has every page the browser opens say that the machine has
// two cores, so that the viewer starts two workers (one a core) on any
// machine: a test of how the workers share a job needs two, and
// Chromium says 1 on a machine, or under a CPU affinity, of one core.
func (b *browser) twoWorkers(t tb) {
	t.Helper()
	b.runFirst(t, `Object.defineProperty(Navigator.prototype, "hardwareConcurrency", {get: () => 2});`)
}

// states is what the page recorded at each change of its state.
func states(t tb, b *browser) []stateChange {
	t.Helper()
	return eval[[]stateChange](t, b, `window.__states ?? []`)
}
