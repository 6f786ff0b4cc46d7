package exporte2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// binary is the benchview binary under test, from BENCHVIEW_BIN. Without it
// the test is skipped, loudly, except under CI=true, where it fails.
func binary(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("BENCHVIEW_BIN")
	if bin == "" {
		msg := "BENCHVIEW_BIN is not set: SKIPPING the export end-to-end tests (run them through `make test`, or set BENCHVIEW_BIN to an absolute path of a binary built by make)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return bin
}

// benchview runs the binary with args and returns its standard output; it
// fails the test unless the binary exits with status 0.
func benchview(t testing.TB, args ...string) string {
	t.Helper()
	return benchviewExit(t, 0, args...)
}

// benchviewExit runs the binary with args, wanting the exit status code.
func benchviewExit(t testing.TB, code int, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	got := 0
	if exit, ok := err.(*exec.ExitError); ok {
		got = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("benchview %s: %v", strings.Join(args, " "), err)
	}
	if got != code {
		t.Fatalf("benchview %.200s: exit status %d, want %d\n%.2000s", strings.Join(args, " "), got, code, stderr.String())
	}
	return string(out)
}

// chromium is where Debian installs the browser.
const chromium = "/usr/bin/chromium"

// browser is one headless Chromium tab whose every request passes through
// allow: a request allow refuses fails before it leaves the browser, and is
// recorded. What the page does wrong is recorded too: exceptions it throws,
// errors it logs, and dialogs (alert, confirm, prompt), which are dismissed.
type browser struct {
	ctx context.Context

	mu       sync.Mutex
	requests []string // every request the page made
	blocked  []string // the ones refused
	errors   []string
}

func newBrowser(t testing.TB, allow func(url string) bool) *browser {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("no browser: %v", err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1024),
	)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	b := &browser{ctx: ctx}

	// Subscribe before anything loads; the first Call starts the browser,
	// with no timeout, as chromedp requires.
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	sent := chromedp.Events(ctx, network.RequestWillBeSent)
	thrown := chromedp.Events(ctx, runtime.ExceptionThrown)
	logged := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{}); err != nil {
		t.Fatalf("intercepting requests: %v", err)
	}
	// What the page's own Content-Security-Policy refuses never reaches
	// the network, so the interception cannot see it: count it here.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__violations = []; document.addEventListener('securitypolicyviolation',
			(e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`,
	}); err != nil {
		t.Fatalf("watching for policy violations: %v", err)
	}
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			if allow(ev.Request.URL) {
				chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
				continue
			}
			b.record(&b.blocked, ev.Request.URL)
			chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{
				RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}
	}()
	go func() {
		for ev, err := range sent {
			if err != nil {
				return
			}
			b.record(&b.requests, ev.Request.URL)
		}
	}()
	go func() {
		for ev, err := range thrown {
			if err != nil {
				return
			}
			msg := ev.ExceptionDetails.Text
			if e := ev.ExceptionDetails.Exception; e != nil {
				msg += " " + e.Description
			}
			b.record(&b.errors, msg)
		}
	}()
	go func() {
		for ev, err := range logged {
			if err != nil {
				return
			}
			if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
				continue
			}
			msg := "console." + string(ev.Type) + ":"
			for _, a := range ev.Args {
				var v any
				if json.Unmarshal(a.Value, &v) == nil {
					msg += " " + fmt.Sprint(v)
				} else {
					msg += " " + a.Description
				}
			}
			b.record(&b.errors, msg)
		}
	}()
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			b.record(&b.errors, "a dialog opened ("+string(ev.Type)+"): "+ev.Message)
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	return b
}

func (b *browser) record(list *[]string, s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	*list = append(*list, s)
}

// seen returns copies of what was recorded.
func (b *browser) seen() (requests, blocked, errs []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.requests...), append([]string(nil), b.blocked...),
		append([]string(nil), b.errors...)
}

// do runs steps with a time limit.
func (b *browser) do(t testing.TB, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	b.within(t, 60*time.Second, steps...)
}

// within runs steps with the time limit given.
func (b *browser) within(t testing.TB, limit time.Duration, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, limit)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("browser (limit %v): %v", limit, err)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
// DevTools evaluation is not subject to the page's Content-Security-Policy,
// which is why the tests never use chromedp.Poll: its page-side helper
// builds a function with new Function, which the exported page forbids.
func eval[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// evalAwait evaluates a JavaScript expression whose value is a promise,
// and decodes what the promise resolves to.
func evalAwait[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %.200s: %v", expr, err)
	}
	return v
}

// waitFor evaluates expr until it is true, for at most limit.
func waitFor(t testing.TB, b *browser, what, expr string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errors.New("still false")
			}
			state, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string]("document.body ? document.body.dataset.state + ' ' + (document.querySelector('[role=alert]')||{}).textContent : 'no body'"))
			_, blocked, errs := b.seen()
			t.Fatalf("waiting %v for %s: %v (page state %q; blocked %q; errors %q)", limit, what, err, state, blocked, errs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitReady waits for body[data-state=ready] and fails on error.
func waitReady(t testing.TB, b *browser, limit time.Duration) {
	t.Helper()
	waitFor(t, b, "body[data-state=ready]", `document.body && document.body.dataset.state === 'ready'`, limit)
}

// noViolations fails when the page tried something its policy refuses.
func noViolations(t testing.TB, b *browser) {
	t.Helper()
	if v := eval[[]string](t, b, `window.__violations || ['the watcher did not run']`); len(v) > 0 {
		t.Errorf("the page broke its Content-Security-Policy: %q", v)
	}
}

// noErrors fails when the page threw, logged an error or opened a dialog.
func noErrors(t testing.TB, b *browser) {
	t.Helper()
	if _, _, errs := b.seen(); len(errs) > 0 {
		t.Errorf("the page went wrong: %q", errs)
	}
}

// js quotes s as a JavaScript string literal (JSON's are).
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
