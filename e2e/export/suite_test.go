package exporte2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	harness "github.com/benchview/benchview/e2e/internal/browser"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/internal/suitegen"
)

// TestASuiteOf10000Rows exports the generated 10,000-row pair (30 samples
// a side), opens it from disk, and checks what a reader checks: the
// summary counts are compare's, the verdict filter counts them too, a
// search finds one row, and selecting it draws its run order where the
// reader can see it. Not timed: BenchmarkExportedPage times the same page.
func TestASuiteOf10000Rows(t *testing.T) {
	const rows = 10_000
	page, base, cur := suite(t, rows, 30)
	want := compare(t, base, cur)
	counts := make(map[string]int)
	for _, c := range want {
		counts[c.Verdict]++
	}
	if len(want) != rows || counts["regression"] == 0 || counts["improvement"] == 0 {
		t.Fatalf("compare: %d rows, verdicts %v; the pair should have every row compared, with regressions and improvements", len(want), counts)
	}
	b := openPage(t, page, 3*time.Minute)

	summary := eval[string](t, b, `document.querySelector('header p').textContent`)
	if !strings.Contains(summary, " · 10,000 rows · ") {
		t.Errorf("the header %q does not count 10,000 rows", summary)
	}
	// page.js counts as Go does, thousands grouped whatever the locale.
	if every := eval[string](t, b, `document.querySelector('#verdict-filter option[value=""]').textContent`); every != "Every row (10,000)" {
		t.Errorf("the filter's first choice says %q, want %q", every, "Every row (10,000)")
	}
	for verdict, n := range counts {
		word := verdict
		if n != 1 && (verdict == "regression" || verdict == "improvement") {
			word += "s"
		}
		if !strings.Contains(summary, format.Count(n)+" "+word) {
			t.Errorf("the summary %q does not say %d %s", summary, n, word)
		}
	}
	if n := eval[int](t, b, `document.querySelectorAll('#results tbody tr[data-row]').length`); n == 0 || n > 200 {
		t.Errorf("%d rows in the document, want those in view and a margin", n)
	}
	for _, verdict := range []string{"regression", "improvement"} {
		b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('verdict-filter');
			s.value = `+js(verdict)+`; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
		shown := eval[string](t, b, `document.getElementById('shown').textContent`)
		if w := format.Count(counts[verdict]) + " of 10,000 rows shown"; shown != w {
			t.Errorf("filtered to %s: %q, want %q", verdict, shown, w)
		}
		for _, r := range rendered(t, b) {
			if r.Verdict != verdict {
				t.Errorf("filtered to %s, the table shows %s (%s%s)", verdict, r.Key, r.Verdict, r.State)
			}
		}
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('verdict-filter');
		s.value = ''; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))

	bench, kind, backend := suitegen.Name(7331)
	key := bench + "/" + kind + "/" + backend
	b.do(t, chromedp.SendKeys(chromedp.ID("search"), kind+"/"))
	waitFor(t, b, "the search to find one row", `document.getElementById('shown').textContent === '1 of 10,000 rows shown'`, 10*time.Second)
	found := rendered(t, b)
	if len(found) != 1 || found[0].Key != key || found[0].Verdict != want[key].Verdict {
		t.Fatalf("searching for %s/ shows %+v, want %s (%s)", kind, found, key, want[key].Verdict)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`#results tbody tr[data-row] td.verdict`)))
	chart := `#detail .run-order-chart[data-row=` + js(key) + `]`
	waitFor(t, b, "the run-order chart of "+key, `document.querySelector(`+js(chart+` canvas`)+`) && echarts.getInstanceByDom(document.querySelector(`+js(chart)+`)).getOption().series.length > 0`, time.Minute)
	inView := func(selector string) bool {
		return eval[bool](t, b, `(() => { const r = document.querySelector(`+js(selector)+`).getBoundingClientRect();
			return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`)
	}
	if !inView(chart) {
		t.Errorf("the run-order chart of %s is drawn out of view", key)
	}

	// Cleared, the search shows every row again; the selection stays, and
	// selecting another row far down the table, by keyboard, scrolls to it
	// with its chart still in view.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('search');
		s.value = ''; s.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('results-box').scrollTop = 150000`))
	waitFor(t, b, "the table to render rows far down", `Array.from(document.querySelectorAll('#results tbody tr[data-row]')).some((tr) => tr.getBoundingClientRect().top > 0)`, 10*time.Second)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const box = document.getElementById('results-box'), top = box.getBoundingClientRect().top + 80;
		const button = Array.from(document.querySelectorAll('#results tbody tr[data-row]')).find((tr) => tr.getBoundingClientRect().top > top).querySelector('.row-name');
		button.focus();
		button.click();
	})()`))
	first := eval[string](t, b, `new URLSearchParams(location.hash.slice(1)).get('row') || ''`)
	b.do(t, chromedp.KeyEvent("j")) // the next row, selected (the arrows only move the grid's focus)
	waitFor(t, b, "the keyboard to select the next row", `new URLSearchParams(location.hash.slice(1)).get('row') !== `+js(first), 10*time.Second)
	next := eval[string](t, b, `new URLSearchParams(location.hash.slice(1)).get('row')`)
	chart = `#detail .run-order-chart[data-row=` + js(next) + `]`
	waitFor(t, b, "the run-order chart of "+next, `document.querySelector(`+js(chart+` canvas`)+`)`, time.Minute)
	// The row's name cell: the row itself may be wider than the window
	// (the table scrolls sideways, the name staying at its left).
	if row := `#results tbody tr[data-row=` + js(next) + `] th.name`; !inView(chart) || !inView(row) {
		t.Errorf("after the keyboard selected %s: its row in view %v, its chart %v; the row at %s", next, inView(row), inView(chart),
			eval[string](t, b, `(() => { const tr = document.querySelector(`+js(row)+`); const r = tr ? tr.getBoundingClientRect() : null, x = document.getElementById('results-box').getBoundingClientRect();
				return r ? 'top ' + r.top + ' bottom ' + r.bottom + ', box ' + x.top + '–' + x.bottom + ', window ' + innerHeight + ' scrolled ' + scrollY : 'not rendered'; })()`))
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}

// TestASoakRowsRunOrder exports a soak run's pair (three rows of 100,000
// samples a side), opens it from disk and selects each row: its run order
// is drawn to its last sample, and hovering a sample names it. The page
// hands a long run to ECharts as a typed array, with a tooltip of its own.
func TestASoakRowsRunOrder(t *testing.T) {
	page, _, _ := suite(t, 3, 100_000)
	b := openPage(t, page, 3*time.Minute)
	tip := regexp.MustCompile(`^(Baseline|Current), sample [0-9]+ of 100,000: [0-9.]+ (ns|µs|ms|s)$`)
	for i, r := range table(t, b) {
		b.do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#results tbody tr:nth-child(%d) td.verdict`, i+1))))
		chart := `#detail .run-order-chart[data-row=` + js(r.Key) + `]`
		waitFor(t, b, "the run-order chart of "+r.Key, `document.querySelector(`+js(chart+` canvas`)+`) && echarts.getInstanceByDom(document.querySelector(`+js(chart)+`)).getOption().series.length > 0`, time.Minute)
		if !eval[bool](t, b, `ArrayBuffer.isView(echarts.getInstanceByDom(document.querySelector(`+js(chart)+`)).getOption().series[0].data)`) {
			t.Errorf("the run order of %s reached ECharts as an array of numbers, not a typed array", r.Key)
		}
		harness.DrawnWhole(t, b.Browser, chart)
		if got := harness.HoverSample(t, b.Browser, chart); !tip.MatchString(got) {
			t.Errorf("hovering a sample of %s shows %q", r.Key, got)
		}
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
