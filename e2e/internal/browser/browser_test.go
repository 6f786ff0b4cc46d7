package browser

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// site serves a page at / under policy (a Content-Security-Policy; none
// when ""), and nothing else.
func site(t *testing.T, policy string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		if policy != "" {
			w.Header().Set("Content-Security-Policy", policy)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><html lang="en"><title>a page</title><main><h1>a page</h1></main>`))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// counter is a server on another port, counting the requests it gets,
// which any origin may read.
func counter(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Access-Control-Allow-Origin", "*")
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// fetchFrom is a JavaScript expression that fetches url from the page and
// from a worker it starts from a blob, and says of each "sent" or
// "refused".
func fetchFrom(url string) string {
	return `(async () => {
		const page = await fetch(` + quote(url+"?from=page") + `, {mode: "no-cors"}).then(() => "sent", () => "refused");
		const worker = await new Promise((resolve) => {
			const w = new Worker(URL.createObjectURL(new Blob([
				"fetch(" + ` + quote(quote(url+"?from=worker")) + ` + ", {mode: 'no-cors'}).then(() => postMessage('sent'), () => postMessage('refused'))"])));
			w.onmessage = (e) => resolve(e.data);
			w.onerror = (e) => resolve("worker error: " + e.message);
		});
		return [page, worker];
	})()`
}

// TestRequestsOffTheOriginAreBlocked checks the harness's wall: a request
// to another origin that resolves nothing (an IP address, another port),
// from the page or from its worker, must not leave the browser, and must
// still fail the test. The page has no Content-Security-Policy, so only
// the harness stands in the way, as it must if a page's policy ever let
// something through. A tab that made no request at all fails the test
// too: the check would pass vacuously.
func TestRequestsOffTheOriginAreBlocked(t *testing.T) {
	other, hits := counter(t)
	srv := site(t, "")
	b := Start(&Recorder{T: t}, Options{Allow: SameOrigin(srv.URL), Host: "127.0.0.1", Origin: "the origin " + srv.URL})
	none := &Recorder{T: t}
	b.CheckRequests(none)
	if said := none.Said(); !slices.ContainsFunc(said, func(e string) bool { return strings.Contains(e, "no request was seen at all") }) {
		t.Errorf("a tab that made no request passed the request check; it said %q", said)
	}

	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	leak := other.URL + "/leak"
	if got := Eval[[]string](t, b, fetchFrom(leak)); !slices.Equal(got, []string{"refused", "refused"}) {
		t.Errorf("a fetch of %s from the page and from a worker was %q, want refused twice", leak, got)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d request(s) reached %s: the harness let them leave the browser", n, other.URL)
	}
	check := &Recorder{T: t}
	b.CheckRequests(check)
	said := check.Said()
	for _, from := range []string{"page", "worker"} {
		if !slices.ContainsFunc(said, func(e string) bool { return strings.Contains(e, leak+"?from="+from) }) {
			t.Errorf("the harness did not fail the test for the request from the %s; it said %q", from, said)
		}
	}
	if slices.ContainsFunc(said, func(e string) bool { return !strings.Contains(e, leak) }) {
		t.Errorf("the harness failed the test for more than the leaks: %q", said)
	}
}

// TestCloseChecksAtOnce checks that a browser closed before its test ends
// (Close) is judged then, as the test's end would judge it, and is
// stopped: a leak it saw fails the test at Close, once.
func TestCloseChecksAtOnce(t *testing.T) {
	other, _ := counter(t)
	srv := site(t, "")
	end := &Recorder{T: t}
	// Registered first, run last: after the checks Start registered.
	t.Cleanup(func() {
		if said := end.Said(); len(said) > 0 {
			t.Errorf("the test's end judged the closed browser again: %q", said)
		}
	})
	b := Start(end, Options{Allow: SameOrigin(srv.URL), Host: "127.0.0.1", Origin: "the origin " + srv.URL})
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	leak := other.URL + "/leak"
	Eval[[]string](t, b, fetchFrom(leak))
	closing := &Recorder{T: t}
	b.Close(closing)
	if said := closing.Said(); !slices.ContainsFunc(said, func(e string) bool { return strings.Contains(e, leak) }) {
		t.Errorf("Close did not fail the test for the leak; it said %q", said)
	}
	if b.Ctx.Err() == nil {
		t.Errorf("the tab's context is still live after Close")
	}
	again := &Recorder{T: t}
	b.Close(again)
	if said := again.Said(); len(said) > 0 {
		t.Errorf("a second Close said %q, want nothing", said)
	}
}

// TestOtherHostNamesDoNotResolve checks the second wall, should the first
// ever leak: with every request allowed, a host name but the test's own
// (localhost, which would reach the other server) resolves to nothing.
func TestOtherHostNamesDoNotResolve(t *testing.T) {
	other, hits := counter(t)
	srv := site(t, "")
	b := Start(t, Options{Allow: func(string) bool { return true }, Host: "127.0.0.1", Origin: "anywhere"})
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	_, port, _ := strings.Cut(strings.TrimPrefix(other.URL, "http://"), ":")
	leak := "http://localhost:" + port + "/leak"
	if got := Eval[[]string](t, b, fetchFrom(leak)); !slices.Equal(got, []string{"refused", "refused"}) {
		t.Errorf("a fetch of %s from the page and from a worker was %q, want refused twice", leak, got)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d request(s) reached %s through the name localhost", n, other.URL)
	}
}

// TestAPageGoingWrongFailsTheTest checks the harness's other wall: a page
// that logs an error, fails an assertion, throws, leaves a rejection
// unhandled, breaks its Content-Security-Policy or opens a dialog fails
// the test, in whatever page the tab shows and in its workers (a Go
// panic, which wasm_exec.js logs with console.log, included); what the
// test said it expects does not, nor does a plain console.log.
func TestAPageGoingWrongFailsTheTest(t *testing.T) {
	srv := site(t, "default-src 'self'")
	b := Start(&Recorder{T: t}, Options{Allow: SameOrigin(srv.URL), Host: "127.0.0.1", Origin: "the origin " + srv.URL})
	b.Expect(`^console\.error: expected$`)
	b.Expect(`^a dialog \(confirm\): expected$`)
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	Eval[bool](t, b, `(() => {
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
			if _, _, problems := b.Seen(); slices.Contains(problems, w) {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("the harness never saw %q: that it did not fail the test for it proves nothing", w)
				break
			}
		}
	}

	// The next page is watched too.
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	Eval[bool](t, b, `(() => {
		const img = document.createElement("img");
		img.src = "http://example.invalid/second.png";
		document.body.append(img);
		return true;
	})()`)
	said = append(said, awaitProblems(t, b, []string{
		"a Content-Security-Policy violation: img-src refused http://example.invalid/second.png",
	})...)

	// And its workers: one from a blob, which only a page whose policy is
	// bypassed may start.
	if _, err := chromedp.Call(b.Ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatalf("bypassing the page's policy: %v", err)
	}
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	Eval[bool](t, b, `(() => {
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

// awaitProblems waits, up to ten seconds, until CheckProblems would fail
// the test for each of want (substrings), and returns what it would say;
// it fails t for each it would not.
func awaitProblems(t *testing.T, b *Browser, want []string) []string {
	t.Helper()
	said := func(errs []string, w string) bool {
		return slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, w) })
	}
	var errs []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		check := &Recorder{T: t}
		b.CheckProblems(check)
		errs = check.Said()
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

// TestWaitForUnderAStrictPolicy checks that WaitFor waits on a page whose
// policy forbids eval (the exported page's does), without making the page
// break it, and that when it gives up it says what the page showed and
// what went wrong in it.
func TestWaitForUnderAStrictPolicy(t *testing.T) {
	srv := site(t, "default-src 'none'")
	b := Start(t, Options{Allow: SameOrigin(srv.URL), Host: "127.0.0.1", Origin: "the origin " + srv.URL})
	b.Expect(`^console\.error: still waiting$`)
	b.Do(t, chromedp.Navigate(srv.URL+"/"))
	Eval[bool](t, b, `(setTimeout(() => { document.body.dataset.state = "ready"; }, 300), true)`)
	b.WaitFor(t, "the page to say ready", `document.body.dataset.state === "ready"`, 30*time.Second)

	Eval[bool](t, b, `(() => {
		const a = document.createElement("p");
		a.setAttribute("role", "alert");
		a.textContent = "an alert " + 6 * 7;
		document.body.append(a);
		console.error("still waiting");
		return true;
	})()`)
	rec := &Recorder{T: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.WaitFor(rec, "what never comes", `document.body.dataset.state === "never"`, 500*time.Millisecond)
	}()
	<-done
	said := strings.Join(rec.Said(), "\n")
	for _, w := range []string{"waiting 500ms for what never comes: still false", "ready | an alert 42", strconv.Quote("console.error: still waiting")} {
		if !strings.Contains(said, w) {
			t.Errorf("WaitFor, giving up, did not say %q; it said %q", w, said)
		}
	}
}

// TestABrowserThatDiesAsItStartsIsStartedAgain starts a "browser" that
// exits at once, as a Chromium may on a loaded machine, then the real
// one: the tab must have its request wall (the page loads, and a request
// off the origin is refused). Before, the failed start went unseen, the
// page's requests waited forever on a wall that was never built, and
// chromedp panicked on closing, closing one channel twice.
func TestABrowserThatDiesAsItStartsIsStartedAgain(t *testing.T) {
	Binary(t)
	dies := filepath.Join(t.TempDir(), "dies")
	if err := os.WriteFile(dies, []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var tries []int
	execPath = func(attempt int) string {
		tries = append(tries, attempt)
		if attempt == 1 {
			return dies
		}
		return Chromium
	}
	t.Cleanup(func() { execPath = func(int) string { return Chromium } })

	other, hits := counter(t)
	srv := site(t, "")
	r := &Recorder{T: t}
	b := Start(r, Options{Allow: SameOrigin(srv.URL), Host: "127.0.0.1", Origin: "the origin " + srv.URL})
	if !slices.Equal(tries, []int{1, 2}) {
		t.Fatalf("tries %v, want [1 2]", tries)
	}
	b.Within(t, 20*time.Second, chromedp.Navigate(srv.URL+"/"))
	if h := Eval[string](t, b, `document.querySelector("h1").textContent`); h != "a page" {
		t.Errorf("the page says %q", h)
	}
	Eval[[]string](t, b, fetchFrom(other.URL+"/"))
	if n := hits.Load(); n != 0 {
		t.Errorf("%d requests reached another port", n)
	}
	b.Close(r)
	if said := r.Said(); !slices.ContainsFunc(said, func(e string) bool { return strings.Contains(e, "a request left") }) {
		t.Errorf("the refused request did not fail the test; it said %q", said)
	}
}

// TestABrowserThatNeverStartsFailsTheTest: two failed starts fail the
// test, saying why, at once.
func TestABrowserThatNeverStartsFailsTheTest(t *testing.T) {
	Binary(t)
	execPath = func(int) string { return filepath.Join(t.TempDir(), "no-such-browser") }
	t.Cleanup(func() { execPath = func(int) string { return Chromium } })
	r := &Recorder{T: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Start(r, Options{Allow: func(string) bool { return true }})
		t.Error("Start returned a browser that never started")
	}()
	<-done
	if said := r.Said(); len(said) != 1 || !strings.Contains(said[0], "starting ") || !strings.Contains(said[0], "no-such-browser") {
		t.Errorf("Start said %q", said)
	}
}
