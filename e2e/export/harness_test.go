package exporte2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTheHarnessSeesEveryRequest checks the checker: a file:// page with no
// policy that asks for an image from the web, a file beside it, a script
// and a fetch must have all four refused and recorded (a page that opens
// years later with nothing beside it asks for no neighbour either), and its
// console.error and alert recorded, or the other tests' "nothing was
// fetched" and "nothing went wrong" mean nothing.
func TestTheHarnessSeesEveryRequest(t *testing.T) {
	binary(t) // an end-to-end test: it runs where the others run
	page := filepath.Join(t.TempDir(), "leaky.html")
	html := `<!doctype html><title>leaky</title>
<img src="http://example.invalid/pixel.png">
<img src="neighbour.png">
<script src="https://example.invalid/lib.js"></script>
<script>fetch('http://127.0.0.1:9/data.json').catch(() => {}); console.error('logged'); alert('opened');
document.body.dataset.state = 'ready';</script>`
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := "file://" + page
	b := newBrowser(t, func(u string) bool { return u == doc })
	b.do(t, chromedp.Navigate(doc))
	want := []string{"http://example.invalid/pixel.png", "file://" + filepath.Dir(page) + "/neighbour.png",
		"https://example.invalid/lib.js", "http://127.0.0.1:9/data.json"}
	wantErrors := []string{"console.error: logged", "a dialog opened (alert): opened"}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, blocked, errs := b.seen()
		missing := 0
		for _, w := range want {
			if !slices.Contains(blocked, w) {
				missing++
			}
		}
		for _, w := range wantErrors {
			if !slices.Contains(errs, w) {
				missing++
			}
		}
		if missing == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("blocked %q, want all of %q; errors %q, want all of %q", blocked, want, errs, wantErrors)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// mustJSON is v in JSON.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
