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
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
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

// browser is one headless Chromium with a fresh profile, the requests its
// pages made, and what went wrong in them.
type browser struct {
	ctx     context.Context
	origin  string
	allowed func(url string) bool // the requests its pages may make

	mu       sync.Mutex
	requests []string         // every request seen
	blocked  []string         // the ones refused before they left the browser
	problems []string         // see watchProblems
	expected []*regexp.Regexp // the problems the test said it expects (see expect)
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
	b.watchProblems(t)
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: 1280, Height: 800, DeviceScaleFactor: 1,
	}); err != nil {
		t.Fatalf("viewport: %v", err)
	}
	t.Cleanup(func() { b.checkOrigin(t) })
	t.Cleanup(func() { b.checkProblems(t) })
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
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.mu.Lock()
		b.requests = append(b.requests, e.Request.URL)
		b.mu.Unlock()
	case *runtime.EventExceptionThrown, *runtime.EventConsoleAPICalled:
		b.runtimeEvent("", ev)
	case *runtime.EventBindingCalled:
		if e.Name == problemBinding {
			b.problem("%s", e.Payload)
		}
	case *page.EventJavascriptDialogOpening:
		b.problem("a dialog (%s): %s", e.Type, e.Message)
	case *target.EventAttachedToTarget:
		if e.TargetInfo.Type == "worker" {
			go b.watchWorker(e.TargetInfo.TargetID)
		}
	}
}

// runtimeEvent records an uncaught exception, a console.error, a failed
// console.assert, or a Go program's crash, of the page or (where says
// which) of a worker.
func (b *browser) runtimeEvent(where string, ev any) {
	switch e := ev.(type) {
	case *runtime.EventExceptionThrown:
		msg := e.ExceptionDetails.Text
		if x := e.ExceptionDetails.Exception; x != nil && x.Description != "" {
			msg += " " + x.Description
		} else if x != nil {
			msg += " " + string(x.Value)
		}
		if d := e.ExceptionDetails; d.URL != "" {
			msg += fmt.Sprintf(" (%s:%d)", d.URL, d.LineNumber+1)
		}
		b.problem("%san uncaught exception: %s", where, msg)
	case *runtime.EventConsoleAPICalled:
		var args []string
		for _, a := range e.Args {
			var s string
			if json.Unmarshal(a.Value, &s) == nil {
				args = append(args, s)
			} else if a.Description != "" {
				args = append(args, a.Description)
			} else {
				args = append(args, string(a.Value))
			}
		}
		text := strings.Join(args, " ")
		// wasm_exec.js writes the Go program's standard error with
		// console.log: a panic is only there, and the page may go on
		// (a worker that dies has its jobs handed to another).
		goCrash := e.Type == runtime.ConsoleAPICalledTypeLog &&
			(strings.HasPrefix(text, "panic: ") || strings.HasPrefix(text, "fatal error: "))
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert || goCrash {
			b.problem("%sconsole.%s: %s", where, e.Type, text)
		}
	}
}

// watchWorker records what a dedicated worker of the page does wrong
// (see runtimeEvent): the page's own session does not hear a worker's
// console or exceptions. The browser lists the worker as the page's
// auto-attached target; a session of the harness's own attaches to it, and
// enabling its Runtime replays what the worker logged before. A worker gone
// before that is not an error of the page's. The session must outlive
// this call to hear the worker; it ends with b.ctx, its parent.
func (b *browser) watchWorker(id target.ID) {
	ctx, _ := chromedp.NewContext(b.ctx, chromedp.WithTargetID(id), chromedp.WithListener(func(ev any) {
		b.runtimeEvent("in a worker: ", ev)
	}))
	chromedp.Do(ctx)
}

// problemBinding is the function through which a page tells the harness of
// a policy violation (see watchProblems).
const problemBinding = "__benchviewHarnessProblem"

// watchProblems has the browser record what a page does wrong, whatever
// page the tab shows, or one of its workers: an uncaught exception (or
// unhandled rejection), a console.error or console.assert that fails, a Go
// program's panic (which wasm_exec.js logs), a securitypolicyviolation
// event (what the page's Content-Security-Policy refuses never reaches the
// network, so the request check cannot see it), and a dialog — alert,
// confirm, prompt, beforeunload — which is dismissed at once, or the page
// would stall. The viewer's own alerts are role="alert" elements, never
// dialogs. Each fails the test when it ends unless the test expects it
// (see expect). The browser's own log (a 404 says "Failed to load
// resource") is not a page's doing: the tests that cause one check what
// the page says of it.
func (b *browser) watchProblems(t tb) {
	t.Helper()
	dialogs := chromedp.Events(b.ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			chromedp.Call(b.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	if _, err := chromedp.Call(b.ctx, runtime.AddBinding, runtime.AddBindingParams{Name: problemBinding}); err != nil {
		t.Fatalf("adding the harness's binding: %v", err)
	}
	// The binding is kept in a closure, as the page may replace globals.
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `(() => {
			const tell = globalThis.` + problemBinding + `;
			document.addEventListener("securitypolicyviolation", (e) => tell("a Content-Security-Policy violation: " +
				e.effectiveDirective + " refused " + (e.blockedURI || "(inline)") + (e.sourceFile ? " at " + e.sourceFile + ":" + e.lineNumber : "") +
				(e.sample ? " (" + e.sample + ")" : "")));
		})();`,
	}); err != nil {
		t.Fatalf("watching for policy violations: %v", err)
	}
}

func (b *browser) problem(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if len(s) > 500 {
		s = strings.ToValidUTF8(s[:500], "") + "…"
	}
	b.mu.Lock()
	b.problems = append(b.problems, s)
	b.mu.Unlock()
}

// expect tells the harness that the test expects the problems (see
// watchProblems) whose description matches pattern: a console message the
// test provokes on purpose, or a dialog (`^a dialog \(alert\): …`).
// Say it before the page can go wrong.
func (b *browser) expect(pattern string) {
	re := regexp.MustCompile(pattern)
	b.mu.Lock()
	b.expected = append(b.expected, re)
	b.mu.Unlock()
}

// checkProblems fails t for every problem a page had that the test did not
// expect.
func (b *browser) checkProblems(t tb) {
	// A round trip first: the events the page sent before its answer have
	// been recorded by then (Listen sees them in order). A page that no
	// longer answers has nothing more to say.
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	chromedp.Run(ctx, chromedp.Evaluate[bool](`true`))
	cancel()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		if !slices.ContainsFunc(b.expected, func(re *regexp.Regexp) bool { return re.MatchString(p) }) {
			t.Errorf("the page went wrong: %s", p)
		}
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
	b.waitWithin(t, time.Minute, what, expr)
}

// waitWithin waits until the expression is truthy, up to d.
func (b *browser) waitWithin(t tb, d time.Duration, what, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d)
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
	for _, f := range []struct{ sel, path string }{{"#baseline-file", base}, {"#current-file", cur}} {
		abs, err := filepath.Abs(f.path)
		if err != nil {
			t.Fatalf("%v", err)
		}
		b.do(t, chromedp.SetUploadFiles(chromedp.CSS(f.sel), []string{abs}))
	}
	b.waitWithin(t, d, "both reports to be computed and drawn", ready+
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

// TestAPageGoingWrongFailsTheTest checks the harness's other wall: a page
// that logs an error, fails an assertion, throws, leaves a rejection
// unhandled, breaks its Content-Security-Policy or opens a dialog fails
// the test, in whatever page the tab shows; what the test said it expects
// does not.
func TestAPageGoingWrongFailsTheTest(t *testing.T) {
	srv := serve(t)
	rec := &recorder{T: t}
	b := open(rec, srv)
	b.expect(`^console\.error: expected$`)
	b.expect(`^a dialog \(confirm\): expected$`)
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	eval[bool](t, b, `(() => {
		console.error("logged", 42);
		console.error("expected");
		console.assert(false, "asserted");
		setTimeout(() => { throw new Error("thrown"); });
		Promise.reject(new Error("rejected"));
		const img = document.createElement("img");
		img.src = "http://example.invalid/pixel.png";
		document.body.append(img);
		setTimeout(() => alert("opened"));
		setTimeout(() => confirm("expected"));
		return true;
	})()`)
	said := awaitProblems(t, b, []string{
		"console.error: logged 42",
		"console.assert: asserted",
		"an uncaught exception: Uncaught Error: thrown",
		"an uncaught exception: Uncaught (in promise) Error: rejected",
		"a Content-Security-Policy violation: img-src refused http://example.invalid/pixel.png",
		"a dialog (alert): opened",
	})
	// The expected ones were seen, and passed over.
	for _, w := range []string{"console.error: expected", "a dialog (confirm): expected"} {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			b.mu.Lock()
			seen := slices.Contains(b.problems, w)
			b.mu.Unlock()
			if seen {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("the harness never saw %q: that it did not fail the test for it proves nothing", w)
				break
			}
		}
	}
	// The next page is watched too.
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start again", `document.body.dataset.state === "idle"`)
	eval[bool](t, b, `(() => {
		const img = document.createElement("img");
		img.src = "http://example.invalid/second.png";
		document.body.append(img);
		return true;
	})()`)
	said = append(said, awaitProblems(t, b, []string{
		"a Content-Security-Policy violation: img-src refused http://example.invalid/second.png",
	})...)
	// And its workers: a worker from a blob, which only a page whose policy
	// is bypassed may start, as the viewer's own start too fast to be made
	// to go wrong.
	if _, err := chromedp.Call(b.ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatalf("bypassing the page's policy: %v", err)
	}
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start a third time", `document.body.dataset.state === "idle"`)
	eval[bool](t, b, `(() => {
		new Worker(URL.createObjectURL(new Blob(['console.error("from a worker"); console.log("a log line is fine");' +
			'console.log("panic: as wasm_exec.js writes a Go panic"); setTimeout(() => { throw new Error("worker thrown"); });'])));
		return true;
	})()`)
	said = append(said, awaitProblems(t, b, []string{
		"in a worker: console.error: from a worker",
		"in a worker: an uncaught exception: Uncaught Error: worker thrown",
		"in a worker: console.log: panic: as wasm_exec.js writes a Go panic",
	})...)
	if slices.ContainsFunc(said, func(e string) bool { return strings.Contains(e, "a log line is fine") }) {
		t.Errorf("the harness failed the test for a console.log: %q", said)
	}
	for _, e := range said {
		if strings.Contains(e, "expected") {
			t.Errorf("the harness failed the test for a problem it was told to expect: %s", e)
		}
	}
}

// awaitProblems waits, up to ten seconds, until checkProblems would fail
// the test for each of want (substrings), and returns what it would say;
// it fails t for each it would not.
func awaitProblems(t *testing.T, b *browser, want []string) []string {
	t.Helper()
	said := func(errs []string, w string) bool {
		return slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, w) })
	}
	var errs []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		check := &recorder{T: t}
		b.checkProblems(check)
		errs = check.errors
		if !slices.ContainsFunc(want, func(w string) bool { return !said(errs, w) }) || time.Now().After(deadline) {
			break
		}
	}
	for _, w := range want {
		if !said(errs, w) {
			t.Errorf("the harness did not fail the test for %q; it said %q", w, errs)
		}
	}
	return errs
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
