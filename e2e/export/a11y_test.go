package exporte2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	harness "github.com/benchview/benchview/e2e/internal/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestTheExportedPagePassesAxe audits the exported page of example b (its
// drift marks, the insights, a selected row's run order) with axe-core,
// light and dark: no violation of serious or critical impact. The others
// are logged, for the coordinator's note.
func TestTheExportedPagePassesAxe(t *testing.T) {
	page := export(t, golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl"))
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			doc := page
			b := newBrowser(t, func(u string) bool { return u == doc })
			prefer(t, b, scheme)
			key := sampledKeys(t, golden(t, "cur-b.jsonl"))[0]
			b.do(t, chromedp.Navigate(page+"#row="+js(key)[1:len(js(key))-1]))
			waitReady(t, b, 60*time.Second)
			audit := func(what string) {
				t.Helper()
				for _, v := range harness.Axe(t, b.Browser) {
					if v.Serious() {
						t.Errorf("%s: %s", what, v)
					} else {
						t.Logf("%s: left: %s", what, v)
					}
				}
			}
			audit("a row selected")
			// Holm's verdicts (outlined pills) and the shortcuts' dialog.
			eval[bool](t, b, `(() => { const s = document.getElementById('adjust'); s.value = 'holm'; s.dispatchEvent(new Event('change')); return true; })()`)
			b.do(t, chromedp.KeyEvent("?"))
			waitFor(t, b, "the shortcuts' dialog", `document.getElementById('shortcuts').open`, 10*time.Second)
			audit("adjusted, the shortcuts open")
			noErrors(t, b)
		})
	}
}

// shots is the folder screenshots go to, printed so that a person can
// look at them: BENCHVIEW_SHOTS, else a folder under the system's
// temporary one that outlives the test.
func shots(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BENCHVIEW_SHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "benchview-export-shots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// focus is where the keyboard's focus is: in the grid, the cell's row
// (its key, or "" in the header) and column, and whether that row is in
// view in the table's box.
type focus struct {
	InGrid, InView bool
	Row            string
	Col            int
	Index          int // the row's aria-rowindex
	Tag, ID        string
}

func focused(t *testing.T, b *browser) focus {
	t.Helper()
	return eval[focus](t, b, `(() => {
		const a = document.activeElement, cell = a && a.closest && a.closest('#results td, #results th');
		const f = {InGrid: !!cell, InView: false, Row: '', Col: -1, Index: -1, Tag: a ? a.tagName : '', ID: a ? a.id : ''};
		if (!cell) return f;
		const tr = cell.parentElement, box = document.getElementById('results-box').getBoundingClientRect(), r = tr.getBoundingClientRect();
		f.Row = tr.dataset.row || '';
		f.Col = cell.cellIndex;
		f.Index = +tr.getAttribute('aria-rowindex');
		f.InView = r.top >= box.top && r.bottom <= box.bottom + 1;
		return f;
	})()`)
}

// TestTheKeyboardAlone uses the exported page with the keyboard only: the
// table is one Tab stop; the arrows, Home/End and Page Up/Down move
// through it, the focused row always rendered and in view; Enter selects
// a row and shows its run order, Escape clears it; a column header sorts;
// the filter, / to search, j and k, and ? for the shortcuts. No mouse
// event reaches the page.
func TestTheKeyboardAlone(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	page := export(t, base, cur)
	b := openPage(t, page, 60*time.Second)
	eval[bool](t, b, `(() => { window.mouse = 0; for (const e of ['mousedown', 'pointerdown', 'mouseup']) addEventListener(e, () => window.mouse++, true); return true; })()`)
	press := func(key string, mods ...chromedp.Modifier) {
		t.Helper()
		var opts []chromedp.KeyOption
		for _, m := range mods {
			opts = append(opts, chromedp.KeyModifiers(m))
		}
		b.do(t, chromedp.KeyEvent(key, opts...))
	}
	rows := table(t, b)
	// A filter that would show no row is offered disabled, counted.
	if got := eval[[]string](t, b, `(() => { const o = document.querySelector('#verdict-filter option[value=underpowered]'); return [o.textContent, String(o.disabled)]; })()`); got[0] != "Underpowered (0)" || got[1] != "true" {
		t.Errorf("the underpowered filter of golden b reads %q, disabled %s; want Underpowered (0), disabled", got[0], got[1])
	}

	// Tab from the top reaches the grid; one more Tab leaves it.
	tabs := 0
	for ; tabs < 30 && !focused(t, b).InGrid; tabs++ {
		press(kb.Tab)
	}
	f := focused(t, b)
	if !f.InGrid || f.Row != rows[0].Key || f.Col != 0 {
		t.Fatalf("after %d Tabs the focus is %+v, want the first row's first cell", tabs, f)
	}
	press(kb.Tab)
	if f := focused(t, b); f.InGrid {
		t.Errorf("a second Tab stays in the grid: %+v (the grid must be one Tab stop)", f)
	}
	press(kb.Tab, chromedp.ModifierShift)
	if f := focused(t, b); !f.InGrid || f.Row != rows[0].Key {
		t.Errorf("Shift+Tab back: focus %+v, want the first row again", f)
	}

	// The arrows and Home/End move the active cell.
	press(kb.ArrowDown)
	press(kb.ArrowDown)
	press(kb.ArrowRight)
	if f := focused(t, b); f.Row != rows[2].Key || f.Col != 1 || f.Index != 5 || !f.InView {
		t.Errorf("down, down, right: focus %+v, want row %s (aria-rowindex 5), column 1, in view", f, rows[2].Key)
	}
	press(kb.End)
	if f := focused(t, b); f.Col < 11 {
		t.Errorf("End: column %d, want the last", f.Col)
	}
	press(kb.Home)
	if f := focused(t, b); f.Col != 0 {
		t.Errorf("Home: column %d, want 0", f.Col)
	}
	press(kb.End, chromedp.ModifierCtrl)
	if f := focused(t, b); f.Row != rows[len(rows)-1].Key || !f.InView {
		t.Errorf("Ctrl+End: focus %+v, want the last row %s, in view", f, rows[len(rows)-1].Key)
	}
	press(kb.PageUp)
	if f := focused(t, b); f.Row == rows[len(rows)-1].Key || !f.InView || f.Row == "" {
		t.Errorf("Page Up: focus %+v, want a row a screenful up, in view", f)
	}
	press(kb.Home, chromedp.ModifierCtrl)
	press(kb.PageDown)
	if f := focused(t, b); f.Row == rows[0].Key || !f.InView {
		t.Errorf("Page Down: focus %+v, want a row a screenful down, in view", f)
	}

	// Enter selects the row and shows its run order; Escape clears it.
	key := focused(t, b).Row
	press(kb.Enter)
	waitFor(t, b, "the run order of "+key, `document.getElementById('detail-name').textContent === `+js(key)+` && document.getElementById('detail-said').textContent.startsWith('Baseline: 60 samples')`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector('#detail .run-order-chart').dataset.row`); got != key {
		t.Errorf("Enter on %s draws the run order of %q", key, got)
	}
	press(kb.Escape)
	waitFor(t, b, "Escape to clear the selection", `!location.hash.includes('row=') && document.querySelector('#detail .run-order-chart').hidden`, 10*time.Second)

	// Up from the first row: the column headers; Enter on Δ% sorts by it,
	// largest first.
	press(kb.Home, chromedp.ModifierCtrl)
	press(kb.ArrowUp)
	press(kb.ArrowRight)
	press(kb.ArrowRight)
	if f := focused(t, b); f.Tag != "BUTTON" || f.Row != "" || f.Col != 2 {
		t.Fatalf("up from the first row, right twice: focus %+v, want the Δ%% header's button", f)
	}
	press(kb.Enter)
	waitFor(t, b, "the sort by Δ%, largest first", `document.querySelector('th[data-col=delta]').getAttribute('aria-sort') === 'descending'`, 10*time.Second)
	sorted := table(t, b)
	for i := 1; i < len(sorted); i++ {
		if number(sorted[i].Delta) > number(sorted[i-1].Delta) {
			t.Errorf("sorted by Δ%%, largest first: %s (%s) after %s (%s)", sorted[i].Key, sorted[i].Delta, sorted[i-1].Key, sorted[i-1].Delta)
		}
	}

	// / searches; Escape there clears the search.
	press("/")
	if f := focused(t, b); f.ID != "search" {
		t.Fatalf("/ focuses %+v, want the search box", f)
	}
	for _, k := range "frame" {
		press(string(k))
	}
	waitFor(t, b, "the search", `document.getElementById('shown').textContent.includes(' of 33 rows shown')`, 10*time.Second)
	for _, r := range table(t, b) {
		if !strings.Contains(r.Key, "frame") {
			t.Errorf("searching frame shows %s", r.Key)
		}
	}
	press(kb.Escape)
	waitFor(t, b, "Escape to clear the search", `document.getElementById('shown').textContent === '33 rows shown'`, 10*time.Second)

	// The filter, from the keyboard: Shift+Tab from the search to it, and
	// down to "Regressions".
	press(kb.Tab, chromedp.ModifierShift)
	if f := focused(t, b); f.ID != "verdict-filter" {
		t.Fatalf("Shift+Tab from the search: focus %+v, want the filter", f)
	}
	press(kb.ArrowDown)
	waitFor(t, b, "the filter to show regressions", `document.getElementById('verdict-filter').value === 'regression' && /^\d+ of 33 rows shown$/.test(document.getElementById('shown').textContent)`, 10*time.Second)
	for _, r := range table(t, b) {
		if r.Verdict != "regression" {
			t.Errorf("the filter for regressions shows %s (%s)", r.Key, r.Verdict)
		}
	}

	// j and k select the next and the previous row (out of a text box).
	press(kb.Tab)
	if f := focused(t, b); f.ID != "search" {
		t.Fatalf("Tab from the filter: focus %+v, want the search box", f)
	}
	press(kb.Tab)
	press("j")
	first := eval[[]string](t, b, `Array.from(document.querySelectorAll('#results tbody tr[data-row]'), (tr) => tr.dataset.row)`)
	waitFor(t, b, "j to select the first row", `new URLSearchParams(location.hash.slice(1)).get('row') === `+js(first[0]), 10*time.Second)
	press("j")
	waitFor(t, b, "j to select the second row", `new URLSearchParams(location.hash.slice(1)).get('row') === `+js(first[1]), 10*time.Second)
	press("k")
	waitFor(t, b, "k to select the first row again", `new URLSearchParams(location.hash.slice(1)).get('row') === `+js(first[0]), 10*time.Second)
	if f := focused(t, b); !f.InGrid || f.Row != first[0] {
		t.Errorf("after j j k: focus %+v, want the first row", f)
	}

	// Escape out of the table clears the selection too.
	press(kb.Tab, chromedp.ModifierShift)
	press(kb.Escape)
	waitFor(t, b, "Escape out of the table to clear the selection", `!location.hash.includes('row=')`, 10*time.Second)

	// ? lists the shortcuts; Escape closes the list.
	press("?")
	waitFor(t, b, "? to open the shortcuts", `document.getElementById('shortcuts').open`, 10*time.Second)
	if got := eval[string](t, b, `document.getElementById('shortcuts').textContent`); !strings.Contains(got, "Page Down") || !strings.Contains(got, "Escape") {
		t.Errorf("the shortcuts list %q", got)
	}
	press(kb.Escape)
	waitFor(t, b, "Escape to close the shortcuts", `!document.getElementById('shortcuts').open`, 10*time.Second)

	if n := eval[int](t, b, `window.mouse`); n != 0 {
		t.Errorf("%d mouse events reached the page", n)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}

// TestAPhoneSeesNameDeltaAndVerdict opens the exported page at 390×844, as
// a phone would, light and dark: the first rows' name, Δ% and verdict are
// in view without scrolling sideways (the page does not scroll sideways;
// the table's box is at its left edge). Screenshots of each scheme are
// written to the folder the test prints.
func TestAPhoneSeesNameDeltaAndVerdict(t *testing.T) {
	page := export(t, golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl"))
	dir := shots(t)
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			doc := page
			hb := harness.Start(t, harness.Options{Allow: func(u string) bool { return u == doc }, Origin: "the page's own file", Width: 390, Height: 844})
			b := &browser{Browser: hb, ctx: hb.Ctx}
			if _, err := chromedp.Call(b.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: 390, Height: 844, DeviceScaleFactor: 2, Mobile: true,
			}); err != nil {
				t.Fatal(err)
			}
			prefer(t, b, scheme)
			b.do(t, chromedp.Navigate(page))
			waitReady(t, b, 60*time.Second)
			screenshot := func() []byte {
				t.Helper()
				png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatalf("screenshot: %v", err)
				}
				return png
			}
			top := screenshot()
			b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('results-box').scrollIntoView({block: 'start'})`))
			time.Sleep(300 * time.Millisecond) // a frame or two for the sticky header
			type seen struct {
				Key                         string
				Name, Bench, Verdict, Delta [2]float64 // left, right
				Clipped                     []string
			}
			got := eval[struct {
				Width, PageWidth, ScrollLeft float64
				Rows                         []seen
			}](t, b, `(() => {
				const lr = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.right]; };
				const box = document.getElementById('results-box');
				const rows = Array.from(box.querySelectorAll('tbody tr[data-row]')).slice(0, 5).map((tr) => {
					const clipped = [];
					for (const el of [tr.querySelector('.bench'), tr.querySelector('.pill'), tr.querySelector('td.delta')]) {
						if (el.scrollWidth > el.clientWidth + 1) clipped.push(el.className + ' ' + el.textContent);
					}
					return {Key: tr.dataset.row, Name: lr(tr.cells[0]), Bench: lr(tr.querySelector('.bench')), Verdict: lr(tr.querySelector('.pill')),
						Delta: lr(tr.querySelector('td.delta')), Clipped: clipped};
				});
				return {Width: innerWidth, PageWidth: document.documentElement.scrollWidth, ScrollLeft: box.scrollLeft, Rows: rows};
			})()`)
			if got.PageWidth > got.Width || got.ScrollLeft != 0 {
				t.Errorf("the page is %v px wide in a window of %v (the table scrolled %v px sideways)", got.PageWidth, got.Width, got.ScrollLeft)
			}
			if len(got.Rows) == 0 {
				t.Fatal("no row rendered")
			}
			for _, r := range got.Rows {
				for _, part := range []struct {
					what string
					lr   [2]float64
				}{{"name", r.Name}, {"benchmark", r.Bench}, {"verdict", r.Verdict}, {"Δ%", r.Delta}} {
					if part.lr[0] < 0 || part.lr[1] > got.Width || part.lr[1] <= part.lr[0] {
						t.Errorf("row %s: its %s spans %v–%v px, outside the window's %v", r.Key, part.what, part.lr[0], part.lr[1], got.Width)
					}
				}
				if len(r.Clipped) > 0 {
					t.Errorf("row %s: cut off: %q", r.Key, r.Clipped)
				}
			}
			shot := screenshot()
			for name, png := range map[string][]byte{"top": top, "table": shot} {
				path := filepath.Join(dir, "export-phone-"+scheme+"-"+name+".png")
				if err := os.WriteFile(path, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("screenshot: %s", path)
			}
			noErrors(t, b)
		})
	}
}

// TestTheProvenanceIsShownAndEscaped exports two reports whose file names
// are hostile markup with a bidirectional control, and whose modification
// times are set: the page names each file as text, shown as the command
// line shows it (the control escaped), with its time, says what the
// reports carry of their machine, and names the benchview that wrote it,
// as `benchview --version` says it. Nothing in the names runs or becomes
// an element.
func TestTheProvenanceIsShownAndEscaped(t *testing.T) {
	dir := t.TempDir()
	names := []string{`<img src=x onerror=alert(1)>&amp;.jsonl`, "cur\u202egnp.jsonl"}
	when := []time.Time{time.Date(2026, 11, 30, 8, 15, 0, 0, time.UTC), time.Date(2026, 12, 1, 17, 45, 30, 0, time.UTC)}
	var paths []string
	for i, src := range []string{golden(t, "base-a.jsonl"), golden(t, "cur-a.jsonl")} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, names[i])
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, when[i], when[i]); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	version := strings.TrimSpace(benchview(t, "--version"))
	page := export(t, paths...)
	b := openPage(t, page, 60*time.Second)
	got := eval[struct {
		Title, Header, Footer string
		Images, Codes         int
	}](t, b, `({
		Title: document.title, Header: document.querySelector('header .provenance').textContent,
		Footer: document.querySelector('footer').textContent,
		Images: document.querySelectorAll('img').length, Codes: document.querySelectorAll('header .provenance code').length})`)
	shown := []string{`<img src=x onerror=alert(1)>&amp;.jsonl`, `cur\u202egnp.jsonl`} // visible.String's
	for i, want := range []string{
		"Baseline " + shown[0] + " (modified 2026-11-30 08:15:00 UTC) · ",
		"current " + shown[1] + " (modified 2026-12-01 17:45:30 UTC) · ",
	} {
		if !strings.Contains(got.Header, want) {
			t.Errorf("the header says %q, lacking %q (report %d)", got.Header, want, i)
		}
	}
	if want := "benchview: " + shown[0] + " → " + shown[1]; got.Title != want {
		t.Errorf("the title is %q, want %q", got.Title, want)
	}
	if !strings.Contains(got.Footer, "Written by "+version+".") || !strings.Contains(got.Footer, "cove-bench report carries no line") {
		t.Errorf("the footer says %q; want it to name %q and say what the reports carry of their machine", got.Footer, version)
	}
	if got.Images != 0 || got.Codes != 2 {
		t.Errorf("the names made %d img elements and %d code elements in the header, want 0 and 2", got.Images, got.Codes)
	}
	html, err := os.ReadFile(strings.TrimPrefix(page, "file://"))
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"<img", "\u202e"} {
		if strings.Contains(string(html), raw) {
			t.Errorf("the page's source holds %q raw", raw)
		}
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}

// TestAnotherToolsExportedPagePassesAxe audits the page of a go test
// -bench pair, light and dark: its metric line, its list of the other
// metrics and its configuration lines are what a cove-bench page lacks.
func TestAnotherToolsExportedPagePassesAxe(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "formats", "go")
	page := export(t, filepath.Join(dir, "base.txt"), filepath.Join(dir, "cur.txt"))
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			b := newBrowser(t, func(u string) bool { return u == page })
			prefer(t, b, scheme)
			b.do(t, chromedp.Navigate(page))
			waitReady(t, b, 60*time.Second)
			if !strings.Contains(eval[string](t, b, `document.body.textContent`), "goos: linux") {
				t.Fatal("the page does not show the reports' configuration")
			}
			for _, v := range harness.Axe(t, b.Browser) {
				if v.Serious() {
					t.Errorf("%s", v)
				} else {
					t.Logf("left: %s", v)
				}
			}
			noErrors(t, b)
		})
	}
}
