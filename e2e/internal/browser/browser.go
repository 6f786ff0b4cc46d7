// Package browser is the end-to-end tests' harness: one headless Chromium
// (Debian's) per test, with a fresh profile, whose every request passes
// through a wall the test sets and whose pages' every misstep is recorded,
// both failing the test when it ends.
//
// It is the union of the checks the viewer's tests (package e2e) and the
// exported page's (e2e/export) had grown apart: requests off the allowed
// set are refused before they leave the browser, and host names but the
// test's own do not even resolve; an uncaught exception or rejection, a
// console.error or failed console.assert, a Go program's panic as
// wasm_exec.js logs it, a Content-Security-Policy violation and a dialog
// are problems, in the page and in its dedicated workers; the binary and
// the browser are skipped without, and fail under CI=true. Waiting never
// uses chromedp.Poll, whose page-side helper builds a function with new
// Function, which a strict Content-Security-Policy (the exported page's)
// forbids: DevTools evaluation is not subject to the page's policy.
//
// It only drives the browser: it knows no page of benchview's.
package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
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

// Chromium is Debian's Chromium, the browser the tests are written against.
const Chromium = "/usr/bin/chromium"

// Binary is the benchview binary under test, from BENCHVIEW_BIN. Without
// it, or without Chromium, the test is skipped, loudly, except under
// CI=true, where it fails.
func Binary(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("BENCHVIEW_BIN")
	if bin == "" {
		missing(t, "BENCHVIEW_BIN is not set: the browser tests need the built binary (run `make e2e`, or set it to an absolute path of bin/benchview)")
	}
	if _, err := os.Stat(Chromium); err != nil {
		missing(t, fmt.Sprintf("%s is missing (apt-get install chromium): %v", Chromium, err))
	}
	return bin
}

func missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip("SKIPPING the browser tests: " + why)
}

// Options say what a browser may do.
type Options struct {
	// Allow reports whether a page may request url; the rest are refused.
	Allow func(url string) bool
	// Host is the one host name that resolves ("" for none: pages from
	// disk); Origin names what the pages may reach, in messages.
	Host, Origin string
	// Width and Height are the viewport's, in CSS pixels; 1280×800 when 0.
	Width, Height int64
}

// SameOrigin allows what a page served from origin (scheme://host[:port])
// may request: its origin's URLs, and data: URLs and its own blob: URLs,
// which never leave the page.
func SameOrigin(origin string) func(url string) bool {
	return func(u string) bool {
		return strings.HasPrefix(u, origin+"/") || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:"+origin+"/")
	}
}

// Browser is one headless Chromium tab, the requests its pages made, and
// what went wrong in them.
type Browser struct {
	// Ctx is the tab's chromedp context.
	Ctx    context.Context
	o      Options
	stop   func() // closes the tab and Chromium
	closed bool   // Close ran: the test's end checks nothing more

	mu       sync.Mutex
	requests []string         // every request seen
	blocked  []string         // the ones refused before they left the browser
	offside  []string         // the ones seen that Allow refuses, refused or not
	problems []string         // see watchProblems
	said     []string         // the program's own log: its lines that begin "benchview:"
	expected []*regexp.Regexp // the problems the test expects (see Expect)
}

// Start starts Chromium with a fresh profile. Every request its tab makes
// is paused and goes on only if o.Allow passes it; the rest fail as
// blocked by the client. When t ends, every refused request and every
// problem the test did not Expect fails it.
func Start(t testing.TB, o Options) *Browser {
	t.Helper()
	Binary(t)
	if o.Width == 0 {
		o.Width, o.Height = 1280, 800
	}
	var b *Browser
	for attempt := 1; ; attempt++ {
		path := execPath(attempt)
		var err error
		if b, err = launch(t, o, path); err == nil {
			break
		}
		if attempt == 2 {
			t.Fatalf("starting %s: %v", path, err)
		}
		// A Chromium that dies as it starts happens on a loaded
		// machine. Another process, from a fresh allocator, is a
		// clean start.
		t.Logf("starting %s failed; starting another: %v", path, err)
	}
	t.Cleanup(b.stop)
	b.watchProblems(t)
	if _, err := chromedp.Call(b.Ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: o.Width, Height: o.Height, DeviceScaleFactor: 1,
	}); err != nil {
		t.Fatalf("viewport: %v", err)
	}
	t.Cleanup(func() {
		if !b.closed {
			b.CheckRequests(t)
		}
	})
	t.Cleanup(func() {
		if !b.closed {
			b.CheckProblems(t)
		}
	})
	return b
}

// execPath is the browser Start runs at its attempt'th try; a test may
// make a try fail.
var execPath = func(attempt int) string { return Chromium }

// launch starts one browser at path with a fresh profile and its tab,
// intercepting every request. Every step is checked before the next: a
// chromedp context whose start failed must not be used again, as its next
// use would start a second browser that chromedp then closes twice.
func launch(t testing.TB, o Options, path string) (*Browser, error) {
	rules := "MAP * ~NOTFOUND"
	if o.Host != "" {
		rules += ", EXCLUDE " + o.Host
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("host-resolver-rules", rules),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(int(o.Width), int(o.Height)),
	)
	ctx, cancel := chromedp.NewContext(actx)
	b := &Browser{Ctx: ctx, o: o, stop: func() {
		cancel()
		cancelAlloc()
	}}
	err := func() error {
		// The browser and its tab, first and alone: Events would hide
		// a failure here in the iterator it returns.
		if err := chromedp.Do(ctx); err != nil {
			return err
		}
		if err := chromedp.Listen(ctx, b.event); err != nil {
			return err
		}
		go b.intercept(chromedp.Events(ctx, fetch.RequestPaused))
		if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{}); err != nil {
			return fmt.Errorf("intercepting requests: %w", err)
		}
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return fmt.Errorf("watching requests: %w", err)
		}
		return nil
	}()
	if err != nil {
		b.stop()
		return nil, err
	}
	return b, nil
}

// Close checks what the end of the test would (CheckProblems,
// CheckRequests) and stops Chromium now, for a test that starts browsers
// one after another: the ones it is done with then take no memory or
// time from the next.
func (b *Browser) Close(t testing.TB) {
	t.Helper()
	if b.closed {
		return
	}
	b.CheckProblems(t)
	b.CheckRequests(t)
	b.closed = true
	b.stop()
}

// intercept lets the paused requests that are allowed go on and fails the
// others, until the browser closes.
func (b *Browser) intercept(paused iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range paused {
		if err != nil {
			// Without the wall every request waits forever: say why
			// the page hangs, unless the browser is closing.
			if b.Ctx.Err() == nil {
				b.problem("the harness stopped seeing requests: %v", err)
			}
			return
		}
		if b.o.Allow(ev.Request.URL) {
			chromedp.Call(b.Ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
			continue
		}
		b.record(&b.blocked, ev.Request.URL)
		chromedp.Call(b.Ctx, fetch.FailRequest, fetch.FailRequestParams{
			RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	}
}

// record appends s to list, cut to 500 bytes: a data: URL may be
// megabytes long. Whatever is judged of s is judged before.
func (b *Browser) record(list *[]string, s string) {
	if len(s) > 500 {
		s = strings.ToValidUTF8(s[:500], "") + "…"
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	*list = append(*list, s)
}

func (b *Browser) problem(format string, args ...any) {
	b.record(&b.problems, fmt.Sprintf(format, args...))
}

func (b *Browser) event(ev any) {
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.record(&b.requests, e.Request.URL)
		if !b.o.Allow(e.Request.URL) {
			b.record(&b.offside, e.Request.URL)
		}
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
func (b *Browser) runtimeEvent(where string, ev any) {
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
			switch {
			case json.Unmarshal(a.Value, &s) == nil:
			case a.Description != "":
				s = a.Description
			default:
				s = string(a.Value)
			}
			args = append(args, s)
		}
		text := strings.Join(args, " ")
		// wasm_exec.js writes a Go program's standard error with
		// console.log: a panic is only there.
		goCrash := e.Type == runtime.ConsoleAPICalledTypeLog &&
			(strings.HasPrefix(text, "panic: ") || strings.HasPrefix(text, "fatal error: "))
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert || goCrash {
			b.problem("%sconsole.%s: %s", where, e.Type, text)
		}
		// The program says on its standard error what it cannot show
		// (a chart it could not build, a worker lost): a test that waits
		// in vain says it (WaitFor).
		if e.Type == runtime.ConsoleAPICalledTypeLog && strings.HasPrefix(text, "benchview:") {
			b.record(&b.said, where+text)
		}
	}
}

// watchWorker records what a dedicated worker of the page does wrong: the
// page's own session does not hear a worker's console or exceptions. A
// session of the harness's own attaches to it; enabling its Runtime
// replays what the worker logged before. It ends with b.Ctx, its parent.
func (b *Browser) watchWorker(id target.ID) {
	ctx, _ := chromedp.NewContext(b.Ctx, chromedp.WithTargetID(id), chromedp.WithListener(func(ev any) {
		b.runtimeEvent("in a worker: ", ev)
	}))
	chromedp.Do(ctx)
}

// problemBinding is the function through which a page tells the harness of
// a policy violation (see watchProblems).
const problemBinding = "__benchviewHarnessProblem"

// watchProblems has the browser record, in every page the tab shows, a
// securitypolicyviolation event (what the page's own policy refuses never
// reaches the network, so the request wall cannot see it) and dismiss
// every dialog at once, or the page would stall. The page's own alerts are
// role="alert" elements, never dialogs.
func (b *Browser) watchProblems(t testing.TB) {
	t.Helper()
	dialogs := chromedp.Events(b.Ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			chromedp.Call(b.Ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	if _, err := chromedp.Call(b.Ctx, runtime.AddBinding, runtime.AddBindingParams{Name: problemBinding}); err != nil {
		t.Fatalf("adding the harness's binding: %v", err)
	}
	// The binding is kept in a closure, as the page may replace globals.
	if _, err := chromedp.Call(b.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
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

// Expect tells the harness that the test expects the problems whose
// description matches pattern: a console message the test provokes on
// purpose, or a dialog (`^a dialog \(alert\): …`). Say it before the page
// can go wrong.
func (b *Browser) Expect(pattern string) {
	re := regexp.MustCompile(pattern)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.expected = append(b.expected, re)
}

// Seen returns copies of every request seen, those refused, and every
// problem, expected or not.
func (b *Browser) Seen() (requests, blocked, problems []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.requests), slices.Clone(b.blocked), slices.Clone(b.problems)
}

// CheckProblems fails t for every problem a page had that the test did not
// expect. Start has it run when t ends; a test may call it sooner.
func (b *Browser) CheckProblems(t testing.TB) {
	t.Helper()
	// A round trip first: the events the page sent before its answer have
	// been recorded by then. A page that no longer answers has nothing
	// more to say.
	ctx, cancel := context.WithTimeout(b.Ctx, 5*time.Second)
	chromedp.Run(ctx, chromedp.Evaluate[bool](`true`))
	cancel()
	_, _, problems := b.Seen()
	b.mu.Lock()
	expected := slices.Clone(b.expected)
	b.mu.Unlock()
	for _, p := range problems {
		if !slices.ContainsFunc(expected, func(re *regexp.Regexp) bool { return re.MatchString(p) }) {
			t.Errorf("the page went wrong: %s", p)
		}
	}
}

// CheckRequests fails t for every request that was not allowed, and when
// no request was seen at all (the check would pass vacuously). Start has
// it run when t ends.
func (b *Browser) CheckRequests(t testing.TB) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.requests) == 0 {
		t.Errorf("no request was seen at all: the request check would pass vacuously")
	}
	for _, r := range b.blocked {
		t.Errorf("a request left %s (refused): %s", b.o.Origin, r)
	}
	for _, r := range b.offside {
		if !slices.Contains(b.blocked, r) {
			t.Errorf("a request left %s: %s", b.o.Origin, r)
		}
	}
}

// Do runs actions, within a minute.
func (b *Browser) Do(t testing.TB, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	b.Within(t, time.Minute, actions...)
}

// Within runs actions within limit.
func (b *Browser) Within(t testing.TB, limit time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, limit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("browser (limit %v): %v", limit, err)
	}
}

// Eval evaluates a JavaScript expression in the page, awaiting it if it
// is a promise, and decodes its value, within five minutes.
func Eval[T any](t testing.TB, b *Browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 5*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", short(expr), err)
	}
	return v
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// pageState is what WaitFor says of a page it waited on in vain: its
// state, its alert, its charts (each element's row, and how many series
// ECharts drew in it), and, from a viewer, what it says it waits for
// (window.benchviewWaiting).
const pageState = `(() => {
	if (!document.body) return "no body";
	const charts = [...document.querySelectorAll("#interval-chart, .run-order-chart")].map(e => {
		const c = window.echarts?.getInstanceByDom(e);
		return (e.dataset.row ?? e.id) + ": " + (c ? c.getOption()?.series?.length ?? 0 : "no chart");
	});
	const waiting = typeof window.benchviewWaiting === "function" ? " | waiting for: " + (window.benchviewWaiting() || "nothing") : "";
	return document.body.dataset.state + " | " + (document.querySelector("[role=alert]")?.textContent ?? "no alert") + " | charts [" + charts.join(", ") + "]" + waiting;
})()`

// WaitFor evaluates expr until it is truthy, for at most limit; then it
// fails t, saying the page's state, its alert and what went wrong.
func (b *Browser) WaitFor(t testing.TB, what, expr string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errors.New("still false")
			}
			state, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](pageState))
			_, blocked, problems := b.Seen()
			b.mu.Lock()
			said := slices.Clone(b.said)
			b.mu.Unlock()
			t.Fatalf("waiting %v for %s: %v (page: %s; blocked %q; problems %q; the program said %q)", limit, what, err, state, blocked, problems, said)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
