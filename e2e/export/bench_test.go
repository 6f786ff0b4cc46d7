package exporte2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/benchview/benchview/internal/suitegen"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// probe records, in the page, when body[data-state] became ready and
// every long main-thread task (50 ms or more, the least the browser
// reports), in ms since the navigation began. It runs before the page's
// own script.
const probe = `
window.__bench = {ready: 0, tasks: []};
new PerformanceObserver((list) => {
	for (const e of list.getEntries()) __bench.tasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
new MutationObserver(() => {
	if (!__bench.ready && document.body && document.body.dataset.state === 'ready') __bench.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
`

// opening is what the probe saw of one opening of a page.
type opening struct {
	Ready float64
	Tasks [][2]float64
}

// interactive is when the page was ready and its main thread free: the
// later of ready and the end of the last long task that began by then
// (one that ran past ready held the page up as much).
func (o opening) interactive() float64 {
	at := o.Ready
	for _, t := range o.Tasks {
		if t[0] <= o.Ready {
			at = max(at, t[0]+t[1])
		}
	}
	return at
}

// longest is the longest main-thread task, in ms.
func (o opening) longest() float64 {
	var m float64
	for _, t := range o.Tasks {
		m = max(m, t[1])
	}
	return m
}

// suite writes the generated pair of rows rows with samples samples a
// side, exports it with bin/benchview and returns the page's file:// URL
// and the reports' paths.
func suite(t testing.TB, rows, samples int) (page, base, cur string) {
	t.Helper()
	base, cur, err := suitegen.WriteFiles(t.TempDir(), suitegen.Spec{Rows: rows, Samples: samples, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return export(t, base, cur), base, cur
}

// opens is how many times BenchmarkExportedPage opens the page: the
// machines this runs on are shared and noisy, so it reports medians.
const opens = 5

// BenchmarkExportedPage times the page `benchview export` writes for the
// generated 10,000-row pair of 30 samples a side, opened from disk in
// headless Chromium with no network: from navigation to interactive
// (ready, and no long task running), the longest main-thread task, and
// then, on the open page, how long a search, a verdict filter and a sort
// take from the input event to the frame that shows their result.
// Whatever b.N, each iteration opens the page opens times in one browser
// and times each interaction five times.
func BenchmarkExportedPage(b *testing.B) {
	page, _, _ := suite(b, 10_000, 30)
	if info, err := os.Stat(strings.TrimPrefix(page, "file://")); err == nil {
		b.Logf("the page of 10,000 rows: %.1f MB", float64(info.Size())/1e6)
	}
	var ready, interactive, longest []float64
	var search, filter, sort []float64
	for b.Loop() {
		br := newBrowser(b, func(u string) bool { return u == page })
		if _, err := chromedp.Call(br.ctx, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: probe}); err != nil {
			b.Fatal(err)
		}
		for range opens {
			br.do(b, chromedp.Navigate("about:blank"))
			br.within(b, 2*time.Minute, chromedp.Navigate(page))
			waitReady(b, br, 2*time.Minute)
			time.Sleep(300 * time.Millisecond) // for a long task running past ready to end
			o := eval[opening](b, br, `__bench`)
			ready, interactive, longest = append(ready, o.Ready), append(interactive, o.interactive()), append(longest, o.longest())
		}
		for i := range 5 {
			search = append(search, frameAfter(b, br, `(() => { const s = document.getElementById('search');
				s.value = `+js(fmt.Sprintf("suite%04d", 1000+i*7))+`; s.dispatchEvent(new Event('input', {bubbles: true})); })()`))
			search = append(search, frameAfter(b, br, `(() => { const s = document.getElementById('search');
				s.value = ''; s.dispatchEvent(new Event('input', {bubbles: true})); })()`))
			for _, f := range []string{"regression", ""} {
				filter = append(filter, frameAfter(b, br, `(() => { const s = document.getElementById('verdict-filter');
					s.value = `+js(f)+`; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
			}
			for _, col := range []string{"cur-median", "delta"} {
				sort = append(sort, frameAfter(b, br, `document.querySelector('th[data-col=`+col+`] button').click()`))
			}
		}
		noErrors(b, br)
	}
	b.ReportMetric(median(ready), "ms/open-to-ready")
	b.ReportMetric(median(interactive), "ms/open-to-interactive")
	b.ReportMetric(median(longest), "ms-longest-task")
	b.ReportMetric(median(search), "ms/search")
	b.ReportMetric(median(filter), "ms/filter")
	b.ReportMetric(median(sort), "ms/sort")
	b.Logf("10,000 rows: ready %s ms, interactive %s ms, longest task %s ms; search %s ms, filter %s ms, sort %s ms",
		list(ready), list(interactive), list(longest), list(search), list(filter), list(sort))
}

// frameAfter runs action (an expression that dispatches an input event)
// and returns the ms from just before it to the end of the next frame the
// page renders: the time until a reader sees the result.
func frameAfter(t testing.TB, b *browser, action string) float64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	took, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise((resolve) => {
		const start = performance.now();
		`+action+`;
		requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("timing %s: %v", action, err)
	}
	return took
}

// median is the middle of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// list is xs rounded to ms, for a log line.
func list(xs []float64) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprintf("%.0f", x))
	}
	return strings.Join(s, " ")
}
