package keyse2e

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/benchview/benchview/internal/suitegen"
)

// The bare address of a server started with two reports opens on them;
// in their table of 400 rows, of which only a window is in the document,
// the keyboard reaches the last row and back, each in view; a Swap
// survives a reload, in the address; and Tab enters the grid on a row a
// link selected.
func TestTheServersReportsSwapAndAReload(t *testing.T) {
	spec := suitegen.Spec{Rows: 400, Samples: 20, Seed: 13}
	base, cur, err := suitegen.WriteFiles(t.TempDir(), spec)
	if err != nil {
		t.Fatal(err)
	}
	addr := serve(t, base, cur)
	p := open(t, addr)
	p.Do(t, navigate(p.origin+"/"))
	p.waitFor(t, "the server's reports at /", ready+` && document.querySelectorAll("#results tr[data-row]").length > 0`)
	zones := func() []string {
		return eval[[]string](t, p, `[...document.querySelectorAll(".zone .zone-file")].map(z => z.textContent)`)
	}
	baseName, curName := lastPart(base), lastPart(cur)
	if z := zones(); len(z) != 2 || z[0] != baseName || z[1] != curName {
		t.Fatalf("/ shows %q, want %s and %s", z, baseName, curName)
	}
	if got := eval[string](t, p, `location.search`); got != "?"+addr.RawQuery {
		t.Errorf("/ went to %q, want the printed address's query %q", got, "?"+addr.RawQuery)
	}

	// The keyboard in a virtualized table.
	if n := eval[int](t, p, `document.querySelectorAll("#results tr[data-row]").length`); n >= spec.Rows {
		t.Fatalf("all %d rows are in the document: the table is not virtualized, the test proves nothing", n)
	}
	p.tabTo(t, "the results grid", `document.getElementById("results").contains(el)`, false, 60)
	p.press(t, kb.End, kb.ModifierCtrl)
	p.waitFor(t, "the last row focused", `document.activeElement.closest("tr")?.getAttribute("aria-rowindex") === "`+itoa(spec.Rows+2)+`"`)
	lastRow := p.inViewCell(t)
	if !lastRow.InView || lastRow.Row == "" {
		t.Errorf("Ctrl+End: the last row %q is focused but not in view: %s", lastRow.Row, eval[string](t, p, geometry))
	}
	p.press(t, kb.PageUp)
	c := p.inViewCell(t)
	if c.Index >= spec.Rows+2 || c.Index < spec.Rows-40 || !c.InView {
		t.Errorf("Page Up from the last row: row %d (in view: %v), want a screenful up, in view", c.Index, c.InView)
	}
	p.press(t, kb.Home, kb.ModifierCtrl)
	p.waitFor(t, "the first row focused", `document.activeElement.closest("tr")?.getAttribute("aria-rowindex") === "3"`)
	if c := p.inViewCell(t); !c.InView {
		t.Errorf("Ctrl+Home: the first row %q is focused but not in view", c.Row)
	}
	if n := eval[int](t, p, `document.querySelectorAll('#results [tabindex="0"]').length`); n != 1 {
		t.Errorf("after the moves, the grid has %d elements with tabindex 0, want 1", n)
	}

	// Swap, then reload: the same swapped review.
	p.tabTo(t, "Swap", `el.id === "swap"`, true, 60)
	p.press(t, kb.Enter)
	p.waitFor(t, "the swapped review", ready+` && location.hash.includes("swap=1") && document.querySelector(".zone .zone-file").textContent === `+jsString(curName))
	p.waitFor(t, "the swapped table's window", settledRows)
	swapped := eval[string](t, p, rowsAndVerdicts)
	p.Do(t, chromedp.Reload())
	p.waitFor(t, "the review after a reload", ready+` && `+settledRows)
	if z := zones(); len(z) != 2 || z[0] != curName || z[1] != baseName {
		t.Errorf("after a reload the zones hold %q, want the swap kept: %s then %s", z, curName, baseName)
	}
	if got := eval[string](t, p, rowsAndVerdicts); got != swapped {
		t.Errorf("after a reload the swapped review became\n%.2000s\nwant\n%.2000s", got, swapped)
	}
	// And back.
	p.tabTo(t, "Swap", `el.id === "swap"`, false, 60)
	p.press(t, kb.Enter)
	p.waitFor(t, "the review swapped back", ready+` && !location.hash.includes("swap") && document.querySelector(".zone .zone-file").textContent === `+jsString(baseName))

	// A row selected by a link, far out of the first window: Tab enters
	// the grid on it.
	p.Do(t, navigate(p.origin+"/?"+addr.RawQuery+"#row="+url.QueryEscape(lastRow.Row)))
	p.waitFor(t, "the linked row selected", ready+` && document.querySelector('tr[aria-selected="true"]')?.dataset.row === `+jsString(lastRow.Row))
	p.tabTo(t, "the results grid", `document.getElementById("results").contains(el)`, false, 60)
	if c := p.inViewCell(t); c.Row != lastRow.Row || !c.InView {
		t.Errorf("Tab entered the grid on %q (in view: %v), want the selected row %q", c.Row, c.InView, lastRow.Row)
	}
	p.noPointer(t)
}

func lastPart(path string) string { return path[strings.LastIndexAny(path, `/\`)+1:] }

// geometry describes where the focused row is, for messages.
const geometry = `(() => { const tr = document.activeElement.closest("tr"), box = document.getElementById("results-scroll");
	const r = tr.getBoundingClientRect(), b = box.getBoundingClientRect();
	return JSON.stringify({row: [r.top, r.bottom], box: [b.top, b.bottom, box.clientHeight, box.scrollTop, box.scrollHeight], head: box.querySelector("thead").offsetHeight, window: [scrollY, innerHeight]}); })()`
