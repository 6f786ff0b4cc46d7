package keyse2e

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	harness "github.com/benchview/benchview/e2e/internal/browser"
)

// serve starts bin/benchview on a loopback port (browser.Serve).
func serve(t *testing.T, args ...string) *url.URL {
	t.Helper()
	return harness.Serve(t, args...)
}

// tab is a tab of the shared harness on a server's origin.
type tab struct {
	*harness.Browser
	origin string
}

// open starts a browser whose pages may reach origin alone (and their own
// data: and blob: URLs), and counts, in every document it opens, the
// pointer events a mouse (or a touch) made: keyboard tests check none did.
func open(t *testing.T, addr *url.URL) *tab {
	t.Helper()
	o := addr.Scheme + "://" + addr.Host
	b := harness.Start(t, harness.Options{Host: addr.Hostname(), Origin: o, Width: 1280, Height: 900,
		Allow: harness.SameOrigin(o)})
	// A click the keyboard makes (Enter on a link or a button) has no
	// pointer type and no click count; a mouse's has both.
	if _, err := chromedp.Call(b.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
			globalThis.__pointer = [];
			const note = (e) => { if (e.isTrusted) globalThis.__pointer.push(e.type); };
			for (const type of ["mousedown", "mouseup", "mousemove", "pointerdown", "pointerup", "pointermove", "wheel", "dblclick", "contextmenu", "touchstart"]) {
				addEventListener(type, note, true);
			}
			addEventListener("click", (e) => { if (e.isTrusted && (e.detail > 0 || (e.pointerType ?? "") !== "")) note(e); }, true);
		})();`}); err != nil {
		t.Fatalf("counting pointer events: %v", err)
	}
	return &tab{Browser: b, origin: o}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, p *tab, expr string) T {
	t.Helper()
	return harness.Eval[T](t, p.Browser, expr)
}

// waitFor waits up to a minute for expr to be true.
func (p *tab) waitFor(t *testing.T, what, expr string) {
	t.Helper()
	p.WaitFor(t, what, expr, time.Minute)
}

// ready is true once the page says it shows every row computed and every
// chart drawn.
const ready = `document.body.dataset.state === "ready"`

// press sends keys as real key events to whatever has the focus.
func (p *tab) press(t *testing.T, keys string, mods ...kb.Modifier) {
	t.Helper()
	p.Do(t, chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// tabTo presses Tab (Shift+Tab when back) until expr, evaluated with the
// focused element as el, is true; it fails after limit presses.
func (p *tab) tabTo(t *testing.T, what, expr string, back bool, limit int) {
	t.Helper()
	check := `(() => { const el = document.activeElement; return !!(el && (` + expr + `)); })()`
	for range limit {
		if eval[bool](t, p, check) {
			return
		}
		if back {
			p.press(t, kb.Tab, kb.ModifierShift)
		} else {
			p.press(t, kb.Tab)
		}
	}
	if !eval[bool](t, p, check) {
		t.Fatalf("%d presses of Tab did not reach %s; the focus is on %s", limit, what, eval[string](t, p, focusedDescription))
	}
}

// focusedDescription describes the focused element, for messages.
const focusedDescription = `(() => { const el = document.activeElement; if (!el) return "nothing";
	return el.tagName + (el.id ? "#" + el.id : "") + " " + JSON.stringify((el.textContent || "").trim().slice(0, 60)) +
		(el.closest("tr") ? " in row " + el.closest("tr").getAttribute("aria-rowindex") : ""); })()`

// focusedCell is where the focus is in the results grid: the row's
// aria-rowindex, its data-row ("" for the header), the cell's column.
type focusedCell struct {
	Index  int    `json:"index"`
	Row    string `json:"row"`
	Col    int    `json:"col"`
	InView bool   `json:"inView"` // the whole row shows in the table's box, below its header, and in the window
}

// inViewCell is focusedCell once the focused row shows, waiting up to
// five seconds: the table renders at most once a frame, so on a loaded
// machine a row focused a moment ago may still be scrolling in. A row
// that never comes into view is returned as it is, for the test to fail.
func (p *tab) inViewCell(t *testing.T) focusedCell {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c := p.focusedCell(t)
		if c.InView || time.Now().After(deadline) {
			return c
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *tab) focusedCell(t *testing.T) focusedCell {
	t.Helper()
	var c focusedCell
	raw := eval[string](t, p, `(() => {
		const el = document.activeElement, grid = document.getElementById("results");
		if (!el || !grid || !grid.contains(el)) return "null";
		const cell = el.closest("td, th"), tr = cell.parentElement, box = document.getElementById("results-scroll");
		const b = box.getBoundingClientRect(), r = tr.getBoundingClientRect(), head = box.querySelector("thead").offsetHeight;
		const top = b.top + box.clientTop + (tr.dataset.row ? head : 0), bottom = b.top + box.clientTop + box.clientHeight;
		const inView = r.top >= top - 1 && r.bottom <= bottom + 1 && r.top >= -1 && r.bottom <= innerHeight + 1;
		return JSON.stringify({index: +tr.getAttribute("aria-rowindex"), row: tr.dataset.row || "", col: cell.cellIndex, inView});
	})()`)
	if raw == "null" {
		t.Fatalf("the focus is not in the results grid: it is on %s", eval[string](t, p, focusedDescription))
	}
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// noPointer fails t when a mouse or touch event reached the page.
func (p *tab) noPointer(t *testing.T) {
	t.Helper()
	if got := eval[[]string](t, p, `globalThis.__pointer ?? ["(the counter is missing)"]`); len(got) > 0 {
		t.Errorf("pointer events reached the page: %q", got)
	}
}

// copyExamples copies web/examples/NAMES into a temporary folder, as a
// user's own files, and returns their paths.
func copyExamples(t *testing.T, names ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("..", "..", "web", "examples", n))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, n)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	return paths
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// rowsAndVerdicts is every row of the table in its order, with its
// verdict or state: what a review shows.
const rowsAndVerdicts = `[...document.querySelectorAll("#results tr[data-row]")].map(r => r.dataset.row + " " + (r.dataset.verdict || r.dataset.state)).join("\n")`

// settledRows is true once the table shows rows and showed as many at the
// last look (waitFor looks every 50 ms or more): the table fills its
// window a frame or more after ready (components.Table's grow), later on a
// loaded machine, and a list of its rows read before then is a part.
const settledRows = `(() => {
	const n = document.querySelectorAll("#results tr[data-row]").length;
	const same = n > 0 && n === window.__settledRows;
	window.__settledRows = n;
	return same;
})()`

// navigate opens url in the tab.
func navigate(url string) chromedp.Action[chromedp.Void] { return chromedp.Navigate(url) }

func itoa(n int) string { return strconv.Itoa(n) }

// chooserOpened has the browser report file choosers instead of showing
// them, and returns the channel that receives each one's mode.
func chooserOpened(t *testing.T, p *tab) <-chan string {
	t.Helper()
	opened := make(chan string, 4)
	chromedp.Listen(p.Ctx, func(ev any) {
		if e, ok := ev.(*page.EventFileChooserOpened); ok {
			select {
			case opened <- string(e.Mode):
			default:
			}
		}
	})
	if _, err := chromedp.Call(p.Ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
		t.Fatalf("intercepting file choosers: %v", err)
	}
	return opened
}

// waitChooser waits for a file chooser to open.
func waitChooser(t *testing.T, opened <-chan string, what string) {
	t.Helper()
	select {
	case mode := <-opened:
		if mode != "selectSingle" {
			t.Errorf("the file chooser of %s opened in mode %q, want selectSingle", what, mode)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("no file chooser opened for %s", what)
	}
}
