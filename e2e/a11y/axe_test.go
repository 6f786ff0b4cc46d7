package a11y

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/e2e/internal/browser"
)

// audit runs axe-core on the page as it is: a violation of serious or
// critical impact fails the test; the others are logged, for the notes.
func audit(t *testing.T, v *viewer, state string) {
	t.Helper()
	for _, x := range browser.Axe(t, v.Browser) {
		if x.Serious() {
			t.Errorf("%s: %v", state, x)
		} else {
			t.Logf("%s: %v", state, x)
		}
	}
}

// TestAxeOnTheViewer audits the viewer, light and dark, in each state a
// reader meets: the first screen, an example loaded (with a row selected,
// so that its run-order chart shows), and a report that cannot be read.
func TestAxeOnTheViewer(t *testing.T) {
	u := serve(t)
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			v := open(t, u, 0, 0)
			v.scheme(t, scheme)
			v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
			audit(t, v, "first screen")

			v.example(t, "b")
			audit(t, v, "example b")

			v.navigate(t, "/?baseline=examples/base-a.jsonl&current=examples/cur-a.jsonl#row="+
				"benches%2Flowering%2Fvm", "example a with a row selected", ready+` && document.querySelector(".run-order-chart")`)
			audit(t, v, "example a, a row selected")

			v.Do(t, chromedp.Click(chromedp.CSS("#show-all-run-order")))
			v.WaitFor(t, "every row's run order", ready+` && document.querySelectorAll(".run-order-grid .run-order-chart").length > 10`, 3*time.Minute)
			audit(t, v, "example a, every row's run order")

			v.Expect(`nothing\.jsonl`)
			v.navigate(t, "/?baseline=examples/base-a.jsonl&current=nothing.jsonl", "the error state",
				`document.body.dataset.state === "error" && document.querySelector("[role=alert]")`)
			audit(t, v, "error, a report not found")

			v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
			v.setFiles(t, "testdata/base-a.jsonl", damaged(t), "a damaged report's problems",
				`document.body.dataset.state === "ready" && document.querySelector("[role=alert] li")`)
			audit(t, v, "a damaged report")

			// Another tool's reports: the metric switch and the
			// configuration line.
			v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
			v.setFiles(t, "testdata/formats/go/base.txt", "testdata/formats/go/cur.txt", "a go test -bench pair",
				ready+` && document.querySelector("select#metric") && document.querySelector("#config")`)
			audit(t, v, "a go test -bench pair")
		})
	}
}

// damaged is a copy of testdata/cur-a.jsonl with one line cut short, as
// a run killed while writing leaves it, and a line that is no JSON.
func damaged(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "cur-a.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	lines[3] = lines[3][:len(lines[3])/2] + "\n"
	lines = append(lines[:5], append([]string{"not json at all\n"}, lines[5:]...)...)
	path := filepath.Join(t.TempDir(), "cur-damaged.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
