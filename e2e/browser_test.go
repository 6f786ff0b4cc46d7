package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// chromium is Debian's Chromium, the browser the tests are written against.
const chromium = "/usr/bin/chromium"

// tb is what the helpers need of a test or a benchmark.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
	Skipf(format string, args ...any)
	Logf(format string, args ...any)
	Cleanup(func())
	TempDir() string
}

// binary is the benchview binary under test.
func binary(t tb) string {
	t.Helper()
	bin := os.Getenv("BENCHVIEW_BIN")
	if bin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("BENCHVIEW_BIN is not set: the browser tests need the built binary (make e2e sets it)")
		}
		t.Skipf("SKIPPING the browser tests: BENCHVIEW_BIN is not set (run `make e2e`, or set it to an absolute path of bin/benchview)")
	}
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: %v", chromium, err)
		}
		t.Skipf("SKIPPING the browser tests: %s is missing (apt-get install chromium)", chromium)
	}
	return bin
}

// serve starts `benchview -addr 127.0.0.1:0 args...` and returns the URL it
// prints.
func serve(t tb, args ...string) *url.URL {
	t.Helper()
	bin := binary(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("%v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			if m := regexp.MustCompile(`http://\S+`).FindString(s.Text()); m != "" {
				found <- m
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case raw := <-found:
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("the server printed %q: %v", raw, err)
		}
		return u
	case <-time.After(20 * time.Second):
		t.Fatalf("%s printed no URL in 20s", bin)
	}
	return nil
}

// browser is one headless Chromium with a fresh profile, and the requests
// its pages made.
type browser struct {
	ctx     context.Context
	origin  string
	allowed func(url string) bool // the requests its pages may make

	mu       sync.Mutex
	requests []string // every request seen
	blocked  []string // the ones refused before they left the browser
}

// open starts Chromium and a tab for pages of origin. Every request the
// tab (or its workers) makes anywhere else is refused before it leaves the
// browser, and fails the test when it ends.
func open(t tb, origin *url.URL) *browser {
	t.Helper()
	o := origin.Scheme + "://" + origin.Host
	return start(t, origin.Hostname(), o, func(u string) bool {
		// data: and the page's own blob: URLs never leave the page.
		return strings.HasPrefix(u, o+"/") || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:"+o+"/")
	})
}

// openFile starts Chromium for one file on disk, a page that must make no
// request but for itself: anything else is refused and fails the test.
func openFile(t tb, path string) (b *browser, page string) {
	t.Helper()
	page = (&url.URL{Scheme: "file", Path: path}).String()
	return start(t, "", "file://", func(u string) bool { return u == page || strings.HasPrefix(u, "data:") }), page
}

// start starts Chromium. Every request its tab makes is paused (the Fetch
// domain) and goes on only if allowed passes it; the rest fail as blocked
// by the client, and fail t when it ends. Host names but host do not even
// resolve, a second wall should the first ever leak.
func start(t tb, host, origin string, allowed func(string) bool) *browser {
	t.Helper()
	rules := "MAP * ~NOTFOUND"
	if host != "" {
		rules += ", EXCLUDE " + host
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("host-resolver-rules", rules),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b := &browser{ctx: ctx, origin: origin, allowed: allowed}
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	if err := chromedp.Listen(ctx, b.event); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	go b.intercept(paused)
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{}); err != nil {
		t.Fatalf("fetch.enable: %v", err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatalf("network.enable: %v", err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: 1280, Height: 800, DeviceScaleFactor: 1,
	}); err != nil {
		t.Fatalf("viewport: %v", err)
	}
	t.Cleanup(func() { b.checkOrigin(t) })
	return b
}

// intercept lets the paused requests that are allowed go on and fails the
// others, until the browser closes.
func (b *browser) intercept(paused iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range paused {
		if err != nil {
			return
		}
		if b.allowed(ev.Request.URL) {
			chromedp.Call(b.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
			continue
		}
		b.mu.Lock()
		b.blocked = append(b.blocked, ev.Request.URL)
		b.mu.Unlock()
		chromedp.Call(b.ctx, fetch.FailRequest, fetch.FailRequestParams{
			RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	}
}

func (b *browser) event(ev any) {
	if e, ok := ev.(*network.EventRequestWillBeSent); ok {
		b.mu.Lock()
		b.requests = append(b.requests, e.Request.URL)
		b.mu.Unlock()
	}
}

// checkOrigin fails t for every request that was not allowed.
func (b *browser) checkOrigin(t tb) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.requests) == 0 {
		t.Errorf("no request was seen at all: the origin check would pass vacuously")
	}
	for _, r := range b.blocked {
		t.Errorf("a request left the origin %s (refused): %s", b.origin, r)
	}
	for _, r := range b.requests {
		if !b.allowed(r) && !slices.Contains(b.blocked, r) {
			t.Errorf("a request left the origin %s: %s", b.origin, r)
		}
	}
}

// do runs actions, failing t on error.
func (b *browser) do(t tb, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		t.Fatalf("%v", err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) into T.
func eval[T any](t tb, b *browser, expr string) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", short(expr), err)
	}
	return v
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// waitFor waits until the expression is truthy, up to a minute.
func (b *browser) waitFor(t tb, what, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		state, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body.dataset.state + " | " + (document.querySelector("[role=alert]")?.textContent ?? "no alert")`))
		t.Fatalf("waiting for %s: %v (page state: %s)", what, err, state)
	}
}

// ready is the page's promise that every row is computed and every chart
// drawn, with at least one table row shown.
const ready = `document.body.dataset.state === "ready" && document.querySelector("tr[data-row]") !== null`

// load opens the viewer and sets the two file inputs.
func (b *browser) load(t tb, base, cur string) {
	t.Helper()
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	b.setFiles(t, base, cur)
}

// setFiles sets #baseline-file and #current-file to the files, and waits
// until the page is ready with both.
func (b *browser) setFiles(t tb, base, cur string) {
	t.Helper()
	for _, f := range []struct{ sel, path string }{{"#baseline-file", base}, {"#current-file", cur}} {
		abs, err := filepath.Abs(f.path)
		if err != nil {
			t.Fatalf("%v", err)
		}
		b.do(t, chromedp.SetUploadFiles(chromedp.CSS(f.sel), []string{abs}))
	}
	b.waitFor(t, "both reports to be computed and drawn", ready+
		` && document.querySelector("label[for=baseline-file] .zone-file").textContent === `+jsString(filepath.Base(base))+
		` && document.querySelector("label[for=current-file] .zone-file").textContent === `+jsString(filepath.Base(cur)))
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

// recorder is a tb whose errors are kept for the test to read, not failed.
type recorder struct {
	*testing.T
	mu     sync.Mutex
	errors []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// TestRequestsOffTheOriginAreBlocked checks the harness's wall: a request
// to another origin that resolves nothing (an IP address, another port)
// must not leave the browser, and must still fail the test. The page's
// Content-Security-Policy is bypassed, so only the harness stands in the
// way, as it must if the policy ever let something through.
func TestRequestsOffTheOriginAreBlocked(t *testing.T) {
	var hits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Access-Control-Allow-Origin", "*")
	}))
	defer other.Close()
	srv := serve(t)
	rec := &recorder{T: t}
	b := open(rec, srv)
	if _, err := chromedp.Call(b.ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatalf("bypassing the page's policy: %v", err)
	}
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	leak := other.URL + "/leak"
	got := eval[string](t, b, `fetch(`+jsString(leak+"?from=page")+`, {mode: "no-cors"}).then(() => "sent", (e) => "refused")`)
	if got != "refused" {
		t.Errorf("a fetch of %s from the page was %s, want refused", leak, got)
	}
	got = eval[string](t, b, `new Promise((resolve) => {
		const w = new Worker(URL.createObjectURL(new Blob([
			"fetch(" + `+jsString(jsString(leak+"?from=worker"))+` + ", {mode: 'no-cors'}).then(() => postMessage('sent'), () => postMessage('refused'))"])));
		w.onmessage = (e) => resolve(e.data);
		w.onerror = (e) => resolve("worker error: " + e.message);
	})`)
	if got != "refused" {
		t.Errorf("a fetch of %s from a worker was %s, want refused", leak, got)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d request(s) reached %s: the harness let them leave the browser", n, other.URL)
	}
	check := &recorder{T: t}
	b.checkOrigin(check)
	for _, from := range []string{"page", "worker"} {
		if !slices.ContainsFunc(check.errors, func(e string) bool { return strings.Contains(e, leak+"?from="+from) }) {
			t.Errorf("the harness did not fail the test for the request from the %s; it said %q", from, check.errors)
		}
	}
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
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__states = [];
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
		requestAnimationFrame(frame);`,
	}); err != nil {
		t.Fatalf("watching the page's state: %v", err)
	}
}

// states is what the page recorded at each change of its state.
func states(t tb, b *browser) []stateChange {
	t.Helper()
	return eval[[]stateChange](t, b, `window.__states ?? []`)
}
