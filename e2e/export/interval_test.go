package exporte2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// bars is what the interval chart draws: its rows' keys, top to bottom,
// and the one drawn highlighted (its border wider than the others').
type bars struct {
	Keys     []string
	Selected []string
}

func readBars(t *testing.T, b *browser) bars {
	t.Helper()
	return eval[bars](t, b, `(() => {
		const data = echarts.getInstanceByDom(document.getElementById('interval-chart')).getOption().series[0].data;
		const width = (d) => (d.itemStyle || {}).borderWidth || 0;
		const usual = Math.min(...data.map(width));
		return {Keys: data.map((d) => d.name), Selected: data.filter((d) => width(d) > usual).map((d) => d.name)};
	})()`)
}

// shownVerdicts are the keys of the rows the table shows with a verdict,
// in its order: the rows the interval chart must draw.
func shownVerdicts(rows []tableRow) []string {
	var keys []string
	for _, r := range visible(rows) {
		if r.Verdict != "" {
			keys = append(keys, r.Key)
		}
	}
	return keys
}

// waitBars waits until the interval chart draws the rows the table shows.
func waitBars(t *testing.T, b *browser, what string) bars {
	t.Helper()
	want := shownVerdicts(table(t, b))
	waitFor(t, b, "the interval chart to follow the table "+what,
		`JSON.stringify(echarts.getInstanceByDom(document.getElementById('interval-chart')).getOption().series[0].data.map((d) => d.name)) === `+js(mustJSON(want)), 10*time.Second)
	got := readBars(t, b)
	if !slices.Equal(got.Keys, want) {
		t.Fatalf("%s: the chart draws %q, the table shows %q", what, got.Keys, want)
	}
	return got
}

func TestTheIntervalChartFollowsTheTable(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	page := export(t, base, cur)
	b := openPage(t, page, 60*time.Second)
	first := waitBars(t, b, "as it opens")
	if len(first.Keys) < 10 || len(first.Selected) != 0 {
		t.Fatalf("the chart opens with %d bars, %q highlighted", len(first.Keys), first.Selected)
	}

	b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
	sorted := waitBars(t, b, "sorted by Δ")
	if slices.Equal(sorted.Keys, first.Keys) {
		t.Error("sorting by Δ left the bars in the verdict order")
	}
	b.do(t, chromedp.SendKeys(chromedp.ID("search"), "vm"))
	filtered := waitBars(t, b, "searched for vm")
	if len(filtered.Keys) == 0 || len(filtered.Keys) == len(sorted.Keys) {
		t.Errorf("searching for vm leaves %d of %d bars", len(filtered.Keys), len(sorted.Keys))
	}
	height := eval[int](t, b, `document.getElementById('interval-chart').clientHeight`)

	// A row selected in the table is highlighted on the chart.
	key := filtered.Keys[len(filtered.Keys)/2]
	b.do(t, chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll('#results tbody tr')).find((tr) => tr.dataset.row === `+js(key)+`).querySelector('td.verdict').click()`))
	waitFor(t, b, "the selected bar", `location.hash.includes('row=')`, 10*time.Second)
	if got := waitBars(t, b, "with a selection").Selected; !slices.Equal(got, []string{key}) {
		t.Errorf("the chart highlights %q, the table selected %s", got, key)
	}

	// A click on a bar selects its row.
	other := filtered.Keys[0]
	at := eval[[]float64](t, b, `(() => {
		const el = document.getElementById('interval-chart');
		const c = echarts.getInstanceByDom(el);
		const data = c.getOption().series[0].data;
		const i = data.findIndex((d) => d.name === `+js(other)+`);
		const [x, y] = c.convertToPixel({seriesIndex: 0}, [data[i].value[2], i]);
		el.closest('.chart-scroll').scrollIntoView({block: 'start'});
		const r = el.getBoundingClientRect();
		return [r.left + x, r.top + y];
	})()`)
	b.do(t, chromedp.MouseClickXY(at[0], at[1]))
	waitFor(t, b, "the clicked bar's row to be selected", `(document.querySelector('tr.selected') || {dataset: {}}).dataset.row === `+js(other), 10*time.Second)
	if got := waitBars(t, b, "after a click on a bar").Selected; !slices.Equal(got, []string{other}) {
		t.Errorf("the chart highlights %q after a click on %s", got, other)
	}

	// A filter that leaves no compared row leaves no bar, and says so.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('verdict-filter');
		s.value = 'other'; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
	waitFor(t, b, "the chart to say no compared row is shown", `!document.getElementById('interval-empty').hidden`, 10*time.Second)
	// And one that leaves fewer rows makes the chart shorter.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('verdict-filter');
		s.value = 'improvement'; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
	few := waitBars(t, b, "filtered to improvements")
	if h := eval[int](t, b, `document.getElementById('interval-chart').clientHeight`); len(few.Keys) < len(filtered.Keys) && h >= height {
		t.Errorf("%d bars are %d pixels high, %d bars were %d", len(few.Keys), h, len(filtered.Keys), height)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
