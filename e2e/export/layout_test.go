package exporte2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAShortWindowScrollsThePage: in a window too short for the charts
// and the table, nothing is drawn over anything. The page scrolls, the
// footer below the table; it scrolls no further than the footer; and the
// table's header stays over the rows scrolled under it, their names
// included.
func TestAShortWindowScrollsThePage(t *testing.T) {
	page := export(t, golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl"))
	b := openPageIn(t, page, 1280, 700, 60*time.Second)

	type box struct{ Top, Bottom float64 }
	got := eval[struct {
		Window                float64
		Charts, Table, Footer box
		Page, PageAfterFooter float64
	}](t, b, `(() => {
		const at = (el) => { const r = el.getBoundingClientRect(); return {Top: r.top + scrollY, Bottom: r.bottom + scrollY}; };
		const footer = document.querySelector('body > footer');
		return {
			Window: innerHeight,
			Charts: at(document.querySelector('.charts')),
			Table: at(document.getElementById('results-box')),
			Footer: at(footer),
			Page: document.documentElement.scrollHeight,
			PageAfterFooter: at(footer).Bottom + parseFloat(getComputedStyle(document.body).paddingBottom),
		};
	})()`)
	if got.Page <= got.Window {
		t.Fatalf("the page is %.0f px high in a window of %.0f: not too short for it, nothing tested", got.Page, got.Window)
	}
	if got.Table.Top < got.Charts.Bottom {
		t.Errorf("the table (from %.0f px) is over the charts (to %.0f)", got.Table.Top, got.Charts.Bottom)
	}
	if got.Table.Bottom-got.Table.Top < 240 {
		t.Errorf("the table's box is %.0f px high, want 240 at least", got.Table.Bottom-got.Table.Top)
	}
	if got.Footer.Top < got.Table.Bottom {
		t.Errorf("the footer (from %.0f px) is over the table (to %.0f)", got.Footer.Top, got.Table.Bottom)
	}
	// What is visually hidden in the table's rows below its view is in
	// the table's box, not below the page's end.
	if got.Page > got.PageAfterFooter+1 {
		t.Errorf("the page scrolls to %.0f px, past its footer's end at %.0f", got.Page, got.PageAfterFooter)
	}

	// The table scrolled, the rows under its header: at the header's
	// left, its own cells show, not a row's sticky name.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		document.getElementById('results-box').scrollIntoView({block: 'end'});
		document.getElementById('results-box').scrollTop = 100;
	})()`))
	time.Sleep(300 * time.Millisecond) // a frame or two for the rows under the header
	over := eval[[]string](t, b, `(() => {
		const out = [];
		for (const tr of document.querySelectorAll('#results thead tr')) {
			const r = tr.cells[0].getBoundingClientRect(); // sticky, where the row is not
			const el = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
			if (!el || !el.closest('thead')) out.push(tr.className + ': ' + (el ? el.outerHTML.slice(0, 120) : 'nothing'));
		}
		return out;
	})()`)
	for _, o := range over {
		t.Errorf("over the header's row %s", o)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
