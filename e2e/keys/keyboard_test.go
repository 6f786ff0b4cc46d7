package keyse2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// The keyboard alone: from the first screen, open an example, move
// through the rows, sort, filter, search, select a row and find its run
// order drawn and in view, swap, and list the shortcuts, with no mouse
// event at all. The table is one Tab stop.
func TestTheKeyboardAlone(t *testing.T) {
	p := open(t, serve(t))
	p.Do(t, navigate(p.origin+"/"))
	p.waitFor(t, "the first screen", `document.body.dataset.state === "idle"`)

	// Open example a, the first link to one.
	p.tabTo(t, "the first example", `el.matches("a.example")`, false, 30)
	p.press(t, kb.Enter)
	p.waitFor(t, "example a", ready+` && document.querySelectorAll("#results tr[data-row]").length > 10`)
	if got := eval[string](t, p, `location.search`); !strings.Contains(got, "base-a.jsonl") {
		t.Errorf("the address is %q after Enter on example a", got)
	}

	// The grid is one Tab stop: Tab enters it on its first row's name,
	// and the next Tab leaves it.
	if n := eval[int](t, p, `document.querySelectorAll('#results [tabindex="0"]').length`); n != 1 {
		t.Errorf("the grid has %d elements with tabindex 0, want 1", n)
	}
	if n := eval[int](t, p, `[...document.querySelectorAll("#results button, #results a, #results input")].filter(e => e.tabIndex >= 0).length`); n != 1 {
		t.Errorf("%d controls in the grid are Tab stops, want 1", n)
	}
	p.tabTo(t, "the results grid", `document.getElementById("results").contains(el)`, false, 40)
	first := p.focusedCell(t)
	if first.Index != 3 || first.Col != 0 {
		t.Errorf("Tab entered the grid at row %d, cell %d; want the first row's name (aria-rowindex 3, cell 0)", first.Index, first.Col)
	}
	p.press(t, kb.Tab)
	if eval[bool](t, p, `document.getElementById("results").contains(document.activeElement)`) {
		t.Errorf("a second Tab stays in the grid, on %s", eval[string](t, p, focusedDescription))
	}
	p.press(t, kb.Tab, kb.ModifierShift)
	if c := p.focusedCell(t); c.Index != first.Index || c.Col != first.Col {
		t.Errorf("Shift+Tab came back to row %d cell %d, want where the grid was left (%d, %d)", c.Index, c.Col, first.Index, first.Col)
	}

	// Arrows: down three rows, right two cells, and back.
	rows := eval[[]string](t, p, `[...document.querySelectorAll("#results tr[data-row]")].map(r => r.dataset.row)`)
	for i := 1; i <= 3; i++ {
		p.press(t, kb.ArrowDown)
		c := p.inViewCell(t)
		if c.Row != rows[i] || !c.InView {
			t.Errorf("ArrowDown %d: the focus is on %q (in view: %v), want %q in view", i, c.Row, c.InView, rows[i])
		}
	}
	p.press(t, kb.ArrowRight+kb.ArrowRight)
	if c := p.focusedCell(t); c.Col != 2 || c.Row != rows[3] {
		t.Errorf("ArrowRight twice: cell %d of %q, want cell 2 of %q", c.Col, c.Row, rows[3])
	}
	p.press(t, kb.End)
	last := eval[int](t, p, `document.querySelector("#results tr[data-row]").cells.length - 1`)
	if c := p.focusedCell(t); c.Col != last {
		t.Errorf("End: cell %d, want the last, %d", c.Col, last)
	}
	p.press(t, kb.Home)
	if c := p.focusedCell(t); c.Col != 0 {
		t.Errorf("Home: cell %d, want 0", c.Col)
	}
	p.press(t, kb.End, kb.ModifierCtrl)
	if c := p.inViewCell(t); c.Row != rows[len(rows)-1] || !c.InView {
		t.Errorf("Ctrl+End: %q (in view: %v), want the last row %q in view", c.Row, c.InView, rows[len(rows)-1])
	}
	p.press(t, kb.Home, kb.ModifierCtrl)
	if c := p.inViewCell(t); c.Row != rows[0] || c.Col != 0 || !c.InView {
		t.Errorf("Ctrl+Home: %q cell %d (in view: %v), want the first row's first cell", c.Row, c.Col, c.InView)
	}

	// Sort: up into the header, right to Δ%, Enter.
	p.press(t, kb.ArrowUp)
	if c := p.focusedCell(t); c.Row != "" || c.Index != 2 {
		t.Fatalf("ArrowUp from the first row: row %d %q, want the header row", c.Index, c.Row)
	}
	delta := eval[int](t, p, `[...document.querySelector('#results thead tr[aria-rowindex="2"]').cells].findIndex(c => c.dataset.col === "delta")`)
	for range delta {
		p.press(t, kb.ArrowRight)
	}
	p.press(t, kb.Enter)
	p.waitFor(t, "the table sorted by Δ%", ready+` && document.querySelector('#results th[data-col="delta"]').getAttribute("aria-sort") !== "none"`)
	if c := p.focusedCell(t); c.Row != "" || c.Col != delta {
		t.Errorf("after sorting, the focus is on row %q cell %d, want the Δ%% header (%d)", c.Row, c.Col, delta)
	}
	if got := eval[string](t, p, `location.hash`); !strings.Contains(got, "sort=delta") {
		t.Errorf("after sorting by Δ%%, the address says %q", got)
	}

	// Filter: / goes to the search, Shift+Tab to the filter before it,
	// ArrowDown picks its next choice.
	p.press(t, "/")
	if id := eval[string](t, p, `document.activeElement.id`); id != "search" {
		t.Fatalf("/ focused %q, want the search", id)
	}
	p.press(t, kb.Tab, kb.ModifierShift)
	p.press(t, kb.ArrowDown)
	p.waitFor(t, "a filter", ready+` && document.getElementById("verdict-filter").value !== "" && / of /.test(document.getElementById("shown").textContent)`)
	filter := eval[string](t, p, `document.getElementById("verdict-filter").value`)
	if bad := eval[int](t, p, `[...document.querySelectorAll("#results tr[data-row]")].filter(r => (r.dataset.verdict || r.dataset.state) !== `+jsString(filter)+`).length`); bad != 0 {
		t.Errorf("with the filter %q, %d rows of another status show", filter, bad)
	}
	p.press(t, kb.ArrowUp)
	p.waitFor(t, "every row again", ready+` && document.getElementById("verdict-filter").value === ""`)

	// Search: type a word of the second row's name; Escape clears it.
	word := strings.Split(rows[1], "/")[0]
	p.press(t, "/")
	p.press(t, word)
	p.waitFor(t, "the search for "+word, ready+` && document.querySelectorAll("#results tr[data-row]").length < `+itoa(len(rows)))
	if bad := eval[int](t, p, `[...document.querySelectorAll("#results tr[data-row]")].filter(r => !r.dataset.row.toLowerCase().includes(`+jsString(strings.ToLower(word))+`)).length`); bad != 0 {
		t.Errorf("searching %q shows %d rows without it", word, bad)
	}
	p.press(t, kb.Escape)
	p.waitFor(t, "the search cleared by Escape", ready+` && document.getElementById("search").value === "" && document.querySelectorAll("#results tr[data-row]").length === `+itoa(len(rows)))

	// Select: j goes back into the grid (the header, where it was left),
	// j again to the first row, Enter selects it and shows its run order.
	p.press(t, kb.Tab) // out of the search: j and k are letters there
	p.press(t, "j")
	p.press(t, "j")
	c := p.focusedCell(t)
	if c.Row == "" {
		t.Fatalf("j j: the focus is still on the header")
	}
	p.press(t, "j")
	p.press(t, "k")
	if again := p.focusedCell(t); again.Row != c.Row {
		t.Errorf("j then k: the focus is on %q, want %q again", again.Row, c.Row)
	}
	// The focused cell is the same node once the row is selected: had
	// the row's cells been rebuilt, the focus would have fallen to the
	// body until the grid put it back, and a screen reader says so.
	if !eval[bool](t, p, `(window.__focusedBeforeEnter = document.activeElement) !== document.body`) {
		t.Fatalf("before Enter, the focus is on the body")
	}
	p.press(t, kb.Enter)
	p.waitFor(t, "the run order of "+c.Row, ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(c.Row)+
		` && document.querySelector('tr[aria-selected="true"]')?.dataset.row === `+jsString(c.Row))
	chart := eval[[]float64](t, p, `(() => { const el = document.querySelector(".run-order-chart"), r = el.getBoundingClientRect(), canvas = el.querySelector("canvas");
		return [r.top, r.bottom, innerHeight, canvas ? canvas.width : 0, canvas ? canvas.height : 0]; })()`)
	if chart[3] == 0 || chart[4] == 0 {
		t.Errorf("the run order of %s has no canvas drawn (%v×%v)", c.Row, chart[3], chart[4])
	}
	if chart[0] < 0 || chart[1] > chart[2] {
		t.Errorf("the run order of %s is out of view: top %v, bottom %v, window %v", c.Row, chart[0], chart[1], chart[2])
	}
	if got := p.inViewCell(t); got.Row != c.Row || !got.InView {
		t.Errorf("after Enter, the focus is on %q (in view: %v), want %q in view", got.Row, got.InView, c.Row)
	}
	if !eval[bool](t, p, `document.activeElement === window.__focusedBeforeEnter && document.activeElement.isConnected`) {
		t.Errorf("selecting %s replaced the focused cell: the focus left it", c.Row)
	}
	if label := eval[string](t, p, `document.getElementById("interval-keyboard")?.textContent ?? ""`); !strings.Contains(label, "table stands in") {
		t.Errorf("the interval chart does not say the table stands in for its bars: %q", label)
	}
	// Escape clears the selection.
	p.press(t, kb.Escape)
	p.waitFor(t, "the selection cleared by Escape", `!document.querySelector('tr[aria-selected="true"]') && !document.querySelector(".run-order-chart")`)

	// The shortcuts' list: ? opens it, focus inside; Escape closes it and
	// gives the focus back.
	before := p.focusedCell(t)
	p.press(t, "?")
	p.waitFor(t, "the shortcuts dialog", `document.getElementById("shortcuts").open && document.getElementById("shortcuts").contains(document.activeElement)`)
	if text := eval[string](t, p, `document.getElementById("shortcuts").textContent`); !strings.Contains(text, "Search rows by name") {
		t.Errorf("the shortcuts dialog says %q", text)
	}
	p.press(t, kb.Escape)
	p.waitFor(t, "the dialog to close", `!document.getElementById("shortcuts").open`)
	if after := p.focusedCell(t); after != before {
		t.Errorf("after the dialog, the focus is on %+v, want it back on %+v", after, before)
	}

	// Swap: back to the Swap button, Enter.
	p.tabTo(t, "Swap", `el.id === "swap"`, true, 60)
	p.press(t, kb.Enter)
	p.waitFor(t, "the swapped review", ready+` && document.querySelector(".zone .zone-file").textContent === "cur-a.jsonl" && location.hash.includes("swap=1")`)

	p.noPointer(t)
}

// Enter on a drop zone opens the file chooser, as Space does.
func TestEnterOnADropZoneOpensTheFileChooser(t *testing.T) {
	p := open(t, serve(t))
	p.Do(t, navigate(p.origin+"/"))
	p.waitFor(t, "the first screen", `document.body.dataset.state === "idle"`)
	opened := chooserOpened(t, p)
	p.tabTo(t, "the baseline's file input", `el.id === "baseline-file"`, false, 20)
	p.press(t, kb.Enter)
	waitChooser(t, opened, "baseline-file")
	p.noPointer(t)
}

// TestTabbingOutOfTheGridStaysOut: a render while the focus is in the
// grid has the grid put the focus back, in the next frame, on the active
// cell should its element have left the document with its row's cells.
// When the reader moves the focus out meanwhile (a Tab past the grid, the
// last stop of the page, leaves it on the body), the focus stays out.
// On CI's loaded machine a Tab pressed between a render and that frame
// found itself back in the grid. Here Enter selects the active row (a
// render whose cells stay in place), and the focus leaves the grid in
// the frame of that render, before the next.
func TestTabbingOutOfTheGridStaysOut(t *testing.T) {
	p := open(t, serve(t))
	p.Do(t, navigate(p.origin+"/?baseline=examples/base-a.jsonl&current=examples/cur-a.jsonl"))
	p.waitFor(t, "example a", ready+` && document.querySelectorAll("#results tr[data-row]").length > 10`)
	got := eval[string](t, p, `new Promise((resolve) => {
		const stop = document.querySelector('#results [tabindex="0"]');
		stop.focus();
		if (document.activeElement !== stop) return resolve("the grid's stop took no focus");
		const row = stop.closest("tr[data-row]")?.dataset.row;
		stop.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true}));
		requestAnimationFrame(() => {
			document.activeElement.blur();
			let frames = 0;
			const wait = () => {
				if (++frames < 6) return requestAnimationFrame(wait);
				const selected = document.querySelector(".run-order-chart")?.dataset.row;
				if (selected !== row) return resolve("Enter did not select " + row + " (the run order shows " + selected + ")");
				const a = document.activeElement;
				resolve(a === document.body ? "body" : a.tagName + " " + (a.textContent || "").slice(0, 60));
			};
			requestAnimationFrame(wait);
		});
	})`)
	if got != "body" {
		t.Errorf("after the focus left the grid in the frame of a render, it is on %s, want the body", got)
	}
	p.noPointer(t)
}
