package exporte2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	harness "github.com/benchview/benchview/e2e/internal/browser"
	"github.com/chromedp/chromedp"
)

// binary is the benchview binary under test (see harness.Binary).
func binary(t testing.TB) string {
	t.Helper()
	return harness.Binary(t)
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

// browser is a tab of the shared harness (e2e/internal/browser): every
// request passes through allow, and when the test ends, a request refused
// or a problem of the page (an exception, a console.error, a policy
// violation, a dialog, in the page or its workers) fails it.
type browser struct {
	*harness.Browser
	ctx context.Context
}

// newBrowser starts a browser for pages from disk: no host name resolves.
func newBrowser(t testing.TB, allow func(url string) bool) *browser {
	t.Helper()
	return newBrowserFor(t, "", allow)
}

// newBrowserFor starts a browser in which host alone resolves.
func newBrowserFor(t testing.TB, host string, allow func(url string) bool) *browser {
	t.Helper()
	return newBrowserIn(t, host, allow, 1280, 1024)
}

// newBrowserIn is newBrowserFor with a window of width×height CSS pixels.
func newBrowserIn(t testing.TB, host string, allow func(url string) bool, width, height int64) *browser {
	t.Helper()
	b := harness.Start(t, harness.Options{Allow: allow, Host: host, Origin: "the page's own files", Width: width, Height: height})
	return &browser{Browser: b, ctx: b.Ctx}
}

// seen returns copies of what was recorded: every request, those refused,
// and the page's problems.
func (b *browser) seen() (requests, blocked, problems []string) { return b.Seen() }

// do runs steps within a minute.
func (b *browser) do(t testing.TB, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	b.Do(t, steps...)
}

// within runs steps with the time limit given.
func (b *browser) within(t testing.TB, limit time.Duration, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	b.Within(t, limit, steps...)
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	return harness.Eval[T](t, b.Browser, expr)
}

// evalAwait is eval for an expression whose value is a promise.
func evalAwait[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	return harness.Eval[T](t, b.Browser, expr)
}

// waitFor evaluates expr until it is true, for at most limit.
func waitFor(t testing.TB, b *browser, what, expr string, limit time.Duration) {
	t.Helper()
	b.WaitFor(t, what, expr, limit)
}

// waitReady waits for body[data-state=ready].
func waitReady(t testing.TB, b *browser, limit time.Duration) {
	t.Helper()
	waitFor(t, b, "body[data-state=ready]", `document.body && document.body.dataset.state === 'ready'`, limit)
}

// noErrors fails now, rather than when the test ends, when the page went
// wrong (see harness.Browser.CheckProblems).
func noErrors(t testing.TB, b *browser) {
	t.Helper()
	b.CheckProblems(t)
}

// js quotes s as a JavaScript string literal (JSON's are).
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
