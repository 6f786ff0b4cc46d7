package a11y

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/e2e/internal/browser"
)

// serve starts bin/benchview on a loopback port (browser.Serve).
func serve(t *testing.T, args ...string) *url.URL {
	t.Helper()
	return browser.Serve(t, args...)
}

// viewer is a browser on a served viewer.
type viewer struct {
	*browser.Browser
	origin string
}

// open starts a browser of width×height (the harness' default when 0)
// for the server at u: every request elsewhere is refused and fails the
// test.
func open(t *testing.T, u *url.URL, width, height int64) *viewer {
	t.Helper()
	o := u.Scheme + "://" + u.Host
	b := browser.Start(t, browser.Options{
		Allow: browser.SameOrigin(o),
		Host:  u.Hostname(), Origin: o, Width: width, Height: height,
	})
	return &viewer{Browser: b, origin: o}
}

// ready is the page's promise that every row is computed and every chart
// drawn, with at least one table row shown.
const ready = `document.body.dataset.state === "ready" && document.querySelector("tr[data-row]") !== null`

// navigate opens path on the server and waits until expr holds.
func (v *viewer) navigate(t *testing.T, path, what, expr string) {
	t.Helper()
	v.Do(t, chromedp.Navigate(v.origin+path))
	v.WaitFor(t, what, expr, 3*time.Minute)
}

// example opens the viewer on the bundled example named label ("a", "b",
// "c") by its address, and waits until it is ready.
func (v *viewer) example(t *testing.T, label string) {
	t.Helper()
	v.navigate(t, "/?baseline=examples/base-"+label+".jsonl&current=examples/cur-"+label+".jsonl",
		"example "+label+" to be ready", ready)
}

// setFiles sets the two file inputs to the files (absolute, or from the
// module root), and waits until expr holds.
func (v *viewer) setFiles(t *testing.T, base, cur, what, expr string) {
	t.Helper()
	for _, f := range []struct{ sel, path string }{{"#baseline-file", base}, {"#current-file", cur}} {
		path := f.path
		if !filepath.IsAbs(path) {
			path = filepath.Join("..", "..", path)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			t.Fatal(err)
		}
		v.Do(t, chromedp.SetUploadFiles(chromedp.CSS(f.sel), []string{abs}))
	}
	v.WaitFor(t, what, expr, 3*time.Minute)
}

// scheme emulates the system's colour scheme preference ("light" or
// "dark").
func (v *viewer) scheme(t *testing.T, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(v.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatalf("emulating %s: %v", scheme, err)
	}
}

// screenshots is the folder screenshots go to: $BENCHVIEW_SCREENSHOTS, or
// a folder of the test's own. The test prints it.
func screenshots(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BENCHVIEW_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// screenshot writes a PNG of the viewport to dir/name and logs its path.
func (v *viewer) screenshot(t *testing.T, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(v.Ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// eval is browser.Eval on v.
func eval[T any](t *testing.T, v *viewer, expr string) T {
	t.Helper()
	return browser.Eval[T](t, v.Browser, expr)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// jsonOf is v in JSON.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
