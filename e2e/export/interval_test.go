package exporte2e

import (
	"fmt"
	"slices"
	"strings"
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

// inViewVerdicts are the keys of the rows with a verdict in view in the
// table, in its order: the rows the interval chart must draw. A row is in
// view when any of it shows between the sticky header and the table's
// bottom edge.
func inViewVerdicts(t *testing.T, b *browser) []string {
	t.Helper()
	return eval[[]string](t, b, `(() => {
		const box = document.getElementById('results-box');
		const top = box.querySelector('thead tr:last-child th').getBoundingClientRect().bottom; // the sticky header's
		const bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
		return Array.from(box.querySelectorAll('#results tbody tr[data-verdict]')).filter((tr) => {
			const r = tr.getBoundingClientRect();
			return r.bottom > top && r.top < bottom;
		}).map((tr) => tr.dataset.row);
	})()`)
}

// maxBars is how many bars the chart draws at most: the first rows in
// view with a bar, as many as keep their labels 17 px apart in its 240
// (export's height.MaxBars).
const maxBars = 10

// waitBars waits until the interval chart draws the compared rows in view
// in the table: maxBars of them at most, the first, or those up to the
// selected row.
func waitBars(t *testing.T, b *browser, what string) bars {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		want := inViewVerdicts(t, b)
		if len(want) > maxBars {
			selected := eval[string](t, b, `(document.querySelector('#results tr.selected') || {dataset: {}}).dataset.row || ''`)
			from := max(0, slices.Index(want, selected)-maxBars+1)
			want = want[from : from+maxBars]
		}
		got := readBars(t, b)
		if slices.Equal(got.Keys, want) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the chart draws %q, the table has %q in view", what, got.Keys, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestTheIntervalChartFollowsTheTable(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	page := export(t, base, cur)
	b := openPage(t, page, 60*time.Second)
	first := waitBars(t, b, "as it opens")
	if len(first.Keys) < 5 || len(first.Selected) != 0 {
		t.Fatalf("the chart opens with %d bars, %q highlighted", len(first.Keys), first.Selected)
	}
	// The chart follows the table as it scrolls, and says what it shows.
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('results-box').scrollTop += 200`))
	scrolled := waitBars(t, b, "scrolled")
	if slices.Equal(scrolled.Keys, first.Keys) {
		t.Error("scrolling the table left the bars as they were")
	}
	if note := eval[string](t, b, `document.getElementById('interval-note').textContent`); !strings.Contains(note, " of 33 rows") {
		t.Errorf("the chart's note says %q, want it to count the 33 rows", note)
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('results-box').scrollTop = 0`))

	// Δ% sorts the largest first, which is the verdict order of these
	// rows (regressions, the largest first): twice, the smallest first.
	b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
	b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
	sorted := waitBars(t, b, "sorted by Δ, the smallest first")
	if slices.Equal(sorted.Keys, first.Keys) {
		t.Error("sorting by Δ left the bars in the verdict order")
	}
	b.do(t, chromedp.SendKeys(chromedp.ID("search"), "vm"))
	filtered := waitBars(t, b, "searched for vm")
	if len(filtered.Keys) == 0 {
		t.Error("searching for vm leaves no bar")
	}
	for _, k := range filtered.Keys {
		if !strings.Contains(k, "vm") {
			t.Errorf("searching for vm leaves the bar of %s", k)
		}
	}
	height := eval[int](t, b, `document.getElementById('interval-chart').clientHeight`)

	// A row selected in the table is highlighted on the chart.
	key := filtered.Keys[len(filtered.Keys)/2]
	b.do(t, chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll('#results tbody tr[data-row]')).find((tr) => tr.dataset.row === `+js(key)+`).querySelector('td.verdict').click()`))
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
		el.scrollIntoView({block: 'nearest'});
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

// TestATallWindowDrawsTheBarsItsLabelsFit: in a window where the table
// shows more rows than the chart has room for at a readable pitch, the
// chart draws the bars of the first rows in view, far enough apart for
// their labels, and says which they are.
func TestATallWindowDrawsTheBarsItsLabelsFit(t *testing.T) {
	page := export(t, golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl"))
	b := openPageIn(t, page, 1280, 1600, 60*time.Second)
	inView := inViewVerdicts(t, b)
	if len(inView) <= maxBars {
		t.Fatalf("%d rows with a bar in view in a window 1,600 px high: too few to test the chart's limit", len(inView))
	}
	got := waitBars(t, b, "in a tall window")
	if len(got.Keys) != maxBars {
		t.Errorf("the chart draws %d bars of the %d rows in view, want %d", len(got.Keys), len(inView), maxBars)
	}
	// Where ECharts puts each bar: the labels beside them are 12 px high.
	ys := eval[[]float64](t, b, `(() => {
		const c = echarts.getInstanceByDom(document.getElementById('interval-chart'));
		const data = c.getOption().series[0].data;
		return data.map((d, i) => c.convertToPixel({seriesIndex: 0}, [d.value[2], i])[1]);
	})()`)
	for i := 1; i < len(ys); i++ {
		if ys[i]-ys[i-1] < 17 {
			t.Errorf("bars %d and %d are %.1f px apart, want 17 at least", i-1, i, ys[i]-ys[i-1])
		}
	}
	note := eval[string](t, b, `document.getElementById('interval-note').textContent`)
	if want := fmt.Sprintf("The first %d of the %d rows with a bar in view in the table, of 33 rows", maxBars, len(inView)); !strings.HasPrefix(note, want) {
		t.Errorf("the chart's note says %q, want it to begin %q", note, want)
	}

	// A row selected below the first maxBars in view has its bar drawn,
	// the last, highlighted.
	key := inView[maxBars+4]
	b.do(t, chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll('#results tbody tr[data-row]')).find((tr) => tr.dataset.row === `+js(key)+`).querySelector('td.verdict').click()`))
	waitFor(t, b, "the row selected", `location.hash.includes('row=')`, 10*time.Second)
	if got := waitBars(t, b, "with a row selected further down"); !slices.Equal(got.Selected, []string{key}) || got.Keys[len(got.Keys)-1] != key {
		t.Errorf("with %s selected, the chart draws %q, %q highlighted; want it the last, highlighted", key, got.Keys, got.Selected)
	}
	note = eval[string](t, b, `document.getElementById('interval-note').textContent`)
	inView = inViewVerdicts(t, b) // fewer: the run order now shown makes the charts taller
	if want := fmt.Sprintf("The %d up to the selected one, of the %d rows with a bar in view", maxBars, len(inView)); !strings.HasPrefix(note, want) {
		t.Errorf("the chart's note says %q, want it to begin %q", note, want)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
