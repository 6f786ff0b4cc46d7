package exporte2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// grid is what "Run order of every row" shows: its cards' rows in order,
// those shown, and those whose chart ECharts has drawn.
type grid struct {
	Cards, Shown, Drawn []string
	Hidden              bool
}

func readGrid(t *testing.T, b *browser) grid {
	t.Helper()
	return eval[grid](t, b, `(() => {
		const charts = Array.from(document.querySelectorAll('#run-order-grid .run-order-chart'));
		const drawn = (el) => { const c = echarts.getInstanceByDom(el); return !!c && c.getOption().series.length > 0; };
		return {
			Cards: charts.map((el) => el.dataset.row),
			Shown: charts.filter((el) => !el.parentElement.hidden).map((el) => el.dataset.row),
			Drawn: charts.filter(drawn).map((el) => el.dataset.row),
			Hidden: document.getElementById('run-order-grid').hidden,
		};
	})()`)
}

func TestEveryRowsRunOrderOnDemand(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	page := export(t, base, cur)
	b := openPage(t, page, 60*time.Second)
	if g := readGrid(t, b); !g.Hidden || len(g.Cards) != 0 {
		t.Fatalf("before it is asked for, the grid is hidden=%v with %d cards", g.Hidden, len(g.Cards))
	}
	withSamples := make(map[string]bool)
	for _, path := range []string{base, cur} {
		for _, k := range sampledKeys(t, path) {
			withSamples[k] = true
		}
	}

	b.do(t, chromedp.Click(chromedp.ID("show-all-run-order")))
	waitFor(t, b, "the cards", `document.querySelectorAll('#run-order-grid .run-order-chart').length > 0`, 10*time.Second)
	// One card per row with samples, in the table's order.
	var want []string
	for _, r := range table(t, b) {
		if withSamples[r.Key] {
			want = append(want, r.Key)
		}
	}
	g := readGrid(t, b)
	if !slices.Equal(g.Shown, want) {
		t.Fatalf("the cards are\n%q\nthe table's rows with samples\n%q", g.Shown, want)
	}
	// Lazy: the charts far below the screen are not drawn yet.
	if len(g.Drawn) == 0 || len(g.Drawn) == len(want) {
		t.Errorf("%d of %d charts drawn before scrolling, want some but not all", len(g.Drawn), len(want))
	}
	// Each is drawn once it comes near the screen.
	for _, k := range want {
		chart := `#run-order-grid .run-order-chart[data-row=` + js(k) + `]`
		b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector(`+js(chart)+`).scrollIntoView({block: 'center'})`))
		waitFor(t, b, "the run-order chart of "+k, `(() => { const c = echarts.getInstanceByDom(document.querySelector(`+js(chart)+`));
			return c && c.getOption().series.length > 0; })()`, 10*time.Second)
	}

	// The cards follow a sort and a search, as the table does.
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
	b.do(t, chromedp.SendKeys(chromedp.ID("search"), "frame"))
	want = want[:0]
	for _, r := range visible(table(t, b)) {
		if withSamples[r.Key] {
			want = append(want, r.Key)
		}
	}
	waitFor(t, b, "the cards to follow the table", `JSON.stringify(Array.from(document.querySelectorAll('#run-order-grid .card:not([hidden]) .run-order-chart')).map((el) => el.dataset.row)) === `+js(mustJSON(want)), 10*time.Second)

	// Unticked, the grid goes, and its charts with it.
	b.do(t, chromedp.Click(chromedp.ID("show-all-run-order")))
	waitFor(t, b, "the grid to go", `document.getElementById('run-order-grid').hidden`, 10*time.Second)
	if g := readGrid(t, b); len(g.Cards) != 0 {
		t.Errorf("unticked, the grid keeps %d cards", len(g.Cards))
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
