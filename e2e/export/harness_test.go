package exporte2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	harness "github.com/benchview/benchview/e2e/internal/browser"
)

// TestTheHarnessSeesEveryRequest checks the checker: a file:// page with no
// policy that asks for an image from the web, a file beside it, a script
// and a fetch must have all four refused and fail the test (a page that
// opens years later with nothing beside it asks for no neighbour either),
// and its console.error and alert fail it too, or the other tests'
// "nothing was fetched" and "nothing went wrong" mean nothing.
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
	// What the harness fails the test for when it ends goes to a recorder:
	// the test reads it instead.
	b := newBrowser(&harness.Recorder{T: t}, func(u string) bool { return u == doc })
	b.do(t, chromedp.Navigate(doc))
	want := []string{"http://example.invalid/pixel.png", "file://" + filepath.Dir(page) + "/neighbour.png",
		"https://example.invalid/lib.js", "http://127.0.0.1:9/data.json"}
	wantErrors := []string{"console.error: logged", "a dialog (alert): opened"}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		check := &harness.Recorder{T: t}
		b.CheckRequests(check)
		b.CheckProblems(check)
		said := strings.Join(check.Said(), "\n")
		missing := slices.DeleteFunc(slices.Concat(want, wantErrors), func(w string) bool { return strings.Contains(said, w) })
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the harness does not fail the test for %q; it says\n%s", missing, said)
		}
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
