package e2e

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/internal/suitegen"
)

// probe records, in the page, when the files were set (the drop of both,
// or the first change event of the two inputs), when the page became
// ready with both, when it first became idle (usable), when each Web Worker said its module runs, every long task of
// the main thread, and every long animation
// frame with the scripts that ran in it (what a long task was made of). It
// runs before the page's own scripts.
const probe = `
window.__bench = {changes: 0, changed: 0, ready: 0, idle: 0, state: "", workers: [], tasks: [], frames: [], events: []};
if (window.Worker) window.Worker = class extends Worker {
	constructor(...args) {
		super(...args);
		this.addEventListener("message", e => {
			const d = e.data, at = performance.now();
			if (!d || typeof d !== "object") return;
			if (d.index === undefined && d.error === undefined && d.page === undefined) __bench.workers.push(at);
			else if (d.c !== undefined) {
				if (!__bench.firstResult) __bench.firstResult = at;
				__bench.lastResult = at;
			}
		});
	}
};
new PerformanceObserver(list => {
	for (const e of list.getEntries()) __bench.tasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
try {
	new PerformanceObserver(list => {
		for (const e of list.getEntries()) __bench.frames.push({
			start: e.startTime, duration: e.duration,
			render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
			styleAndLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
			scripts: e.scripts.map(s => ({invoker: s.invoker, source: s.sourceURL.replace(/^.*\//, ""), duration: s.duration, forced: s.forcedStyleAndLayoutDuration})),
		});
	}).observe({type: "long-animation-frame", buffered: true});
} catch (e) {} // a browser without the Long Animation Frames API: no frames
document.addEventListener("change", () => { if (!__bench.changes++) __bench.changed = performance.now(); }, true);
// Both files dropped at once (dropFiles): one event sets both.
document.addEventListener("drop", () => { if (!__bench.changes) { __bench.changes = 2; __bench.changed = performance.now(); } }, true);
new MutationObserver(() => {
	const s = document.body && document.body.dataset.state;
	if (s === "idle" && !__bench.idle) __bench.idle = performance.now();
	if (__bench.changes === 2 && s !== __bench.state) __bench.events.push([s, performance.now()]);
	// The last ready after both files changed: a page showing the first
	// report alone may say ready just after the second change, before it
	// has read it.
	if (__bench.changes === 2 && s !== __bench.state) __bench.ready = s === "ready" ? performance.now() : 0;
	__bench.state = s;
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-state"]});
`

// timings is what the probe recorded.
type timings struct {
	Changed, Ready, Idle float64
	Workers              []float64 // when each worker said it was ready
	// FirstResult and LastResult are when the first and the last batch
	// of results reached the page (the geomean comes with the last);
	// Events, each state the page said after both files were set.
	FirstResult, LastResult float64
	Events                  [][2]any
	Tasks                   [][2]float64
	Frames                  []frame
	// Trace is the viewer's timing log (components.Span), when tracing.
	Trace []span
	// CPU is what the browser's threads used from just before the drop
	// until the harness saw ready (cpuTimes.since), when dropWithin
	// dropped.
	CPU string `json:"-"`
}

// span is an entry of the viewer's timing log: what ran, when and for
// how long, and how many collections ran meanwhile and for how long (ms).
type span struct {
	Name         string
	Start, Dur   float64
	Cycles, GCms float64
}

// traceProbe starts the viewer's timing log, and adds to it every
// animation-frame callback and every timer, as "raf" and "timeout" spans.
const traceProbe = `
window.benchviewTrace = [];
for (const [fn, name] of [["requestAnimationFrame", "raf"], ["setTimeout", "timeout"]]) {
	const orig = window[fn].bind(window);
	window[fn] = (cb, ...rest) => orig((...args) => {
		const t0 = performance.now();
		try { return cb(...args); } finally { benchviewTrace.push([name, t0, performance.now() - t0, 0, 0]); }
	}, ...rest);
}
`

// tracing reports whether the benchmarks have the viewer keep its timing
// log (BENCHVIEW_TRACE=1), and log what it says of each drop. The log
// costs the page time: figures taken with it are not the page's.
func tracing() bool { return os.Getenv("BENCHVIEW_TRACE") != "" }

// traceReport says what the viewer's timing log holds between from and
// to: every span of each name (count, total and longest ms, collections),
// then each main-thread task of 50 ms or more and the spans in it. With
// BENCHVIEW_TRACE_RAW set too, it first lists every span of a millisecond
// or more in the order they began ("RAW start duration name", from the
// drop): what ran when, which the totals cannot say.
func (t timings) traceReport(from, to float64) string {
	var b strings.Builder
	type agg struct {
		n             int
		total, most   float64
		cycles, gcSec float64
		first, last   float64 // the first span's start, the last one's end
	}
	by := map[string]*agg{}
	var names []string
	for _, s := range t.Trace {
		if s.Start+s.Dur < from || s.Start > to {
			continue
		}
		a := by[s.Name]
		if a == nil {
			a = &agg{first: s.Start}
			by[s.Name] = a
			names = append(names, s.Name)
		}
		a.n++
		a.total += s.Dur
		a.most = max(a.most, s.Dur)
		a.cycles += s.Cycles
		a.gcSec += s.GCms
		a.last = max(a.last, s.Start+s.Dur)
	}
	slices.SortFunc(names, func(x, y string) int { return int(by[y].total*1000 - by[x].total*1000) })
	for _, n := range names {
		a := by[n]
		fmt.Fprintf(&b, "\n\t%-34s %4d× total %6.1f ms, longest %5.1f, GC %2.0f× %5.1f ms, from %.0f to %.0f",
			n, a.n, a.total, a.most, a.cycles, a.gcSec, a.first-t.Changed, a.last-t.Changed)
	}
	if os.Getenv("BENCHVIEW_TRACE_RAW") != "" {
		for _, s := range t.Trace {
			if s.Start >= from && s.Start <= to && s.Dur >= 1 {
				fmt.Fprintf(&b, "\n\tRAW %7.1f %6.1f %s", s.Start-t.Changed, s.Dur, s.Name)
			}
		}
	}
	b.WriteString("\n\tfrom the last result to ready:")
	for _, s := range t.Trace {
		if s.Start >= t.LastResult && s.Start <= to && (s.Dur >= 3 || s.Cycles > 0) {
			fmt.Fprintf(&b, " %s %.1f@%.0f;", s.Name, s.Dur, s.Start-t.Changed)
		}
	}
	for _, task := range t.Tasks {
		if task[0]+task[1] < from || task[0] > to {
			continue
		}
		fmt.Fprintf(&b, "\n\ttask %.0f ms at %.0f:", task[1], task[0]-t.Changed)
		if f, ok := t.longestFrame(task[0], task[0]+task[1]); ok {
			fmt.Fprintf(&b, " [frame %.0f: rendering %.0f, style and layout %.0f", f.Duration, f.Render, f.StyleAndLayout)
			for _, s := range f.Scripts {
				fmt.Fprintf(&b, "; %s %.0f", s.Invoker, s.Duration)
				if s.Forced >= 1 {
					fmt.Fprintf(&b, " (forced layout %.0f)", s.Forced)
				}
			}
			b.WriteString("]")
		}
		// The spans of 2 ms or more one by one, the shorter ones summed
		// by name: a task of a hundred short renders says so.
		small := map[string][2]float64{}
		for _, s := range t.Trace {
			if s.Start < task[0] || s.Start >= task[0]+task[1] {
				continue
			}
			if s.Dur < 2 && s.Cycles == 0 {
				small[s.Name] = [2]float64{small[s.Name][0] + 1, small[s.Name][1] + s.Dur}
				continue
			}
			fmt.Fprintf(&b, " %s %.1f@%.0f", s.Name, s.Dur, s.Start-task[0])
			if s.Cycles > 0 {
				fmt.Fprintf(&b, "[GC %.0f× %.1f]", s.Cycles, s.GCms)
			}
			b.WriteString(";")
		}
		for _, n := range slices.Sorted(maps.Keys(small)) {
			if small[n][1] >= 1 {
				fmt.Fprintf(&b, " %.0f× %s %.1f;", small[n][0], n, small[n][1])
			}
		}
	}
	return b.String()
}

// frame is a long animation frame: how long it took, how much of its end
// went to rendering (animation-frame callbacks, style, layout, paint) and to
// style and layout alone, and the scripts that ran in it.
type frame struct {
	Start, Duration, Render, StyleAndLayout float64
	Scripts                                 []struct {
		Invoker, Source string
		Duration        float64
		Forced          float64 // of Duration, style and layout the script forced
	}
}

// timeline says, in ms from the files set, when the page said each state,
// when the first and the last results reached it, and
// what the longest frame in between was made of: where a drop's time went.
func (t timings) timeline() string {
	var b strings.Builder
	at := func(ms float64) string { return fmt.Sprintf("%.0f", ms-t.Changed) }
	for _, e := range t.Events {
		name, _ := e[0].(string)
		ms, _ := e[1].(float64)
		fmt.Fprintf(&b, "%s at %s, ", name, at(ms))
	}
	if t.FirstResult > 0 {
		fmt.Fprintf(&b, "results from %s to %s, ", at(t.FirstResult), at(t.LastResult))
	}
	fmt.Fprintf(&b, "longest task %.0f ms", t.longest(t.Changed, t.Ready))
	if f, ok := t.longestFrame(t.Changed, t.Ready); ok {
		fmt.Fprintf(&b, "; longest frame %v", f)
	}
	if t.CPU != "" {
		fmt.Fprintf(&b, "; %s", t.CPU)
	}
	return b.String()
}

// String says what the frame was made of, in ms.
func (f frame) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.0f ms at %.0f (rendering %.0f, of it style and layout %.0f)", f.Duration, f.Start, f.Render, f.StyleAndLayout)
	for _, s := range f.Scripts {
		fmt.Fprintf(&b, "; %s %.0f", s.Invoker, s.Duration)
	}
	return b.String()
}

// longestFrame is the longest animation frame that overlaps [from, to].
func (t timings) longestFrame(from, to float64) (frame, bool) {
	var m frame
	for _, f := range t.Frames {
		if f.Start < to && f.Start+f.Duration > from && f.Duration > m.Duration {
			m = f
		}
	}
	return m, m.Duration > 0
}

// longest is the longest main-thread task that overlaps [from, to], in ms.
func (t timings) longest(from, to float64) float64 {
	var m float64
	for _, task := range t.Tasks {
		if task[0] < to && task[0]+task[1] > from {
			m = max(m, task[1])
		}
	}
	return m
}

// withProbe opens a browser whose pages all run the probe first; with
// BENCHVIEW_TRACE set, the viewer's timing log too (tracing).
func withProbe(b *testing.B) *browser {
	return withProbeAt(b, serve(b))
}

// withProbeAt is withProbe on a server already started.
func withProbeAt(b *testing.B, origin *url.URL) *browser {
	br := open(b, origin)
	source := probe
	if tracing() {
		source += traceProbe
	}
	br.runFirst(b, source)
	return br
}

// warmDrops is how many drops BenchmarkDropToReady times after the first.
const warmDrops = 5

// BenchmarkDropToReady times a pair of 100-row reports with 200 samples a
// side from the drop of both files to the page's ready state, and the
// longest main-thread task in that time, in two cases. Cold: the first drop
// in a fresh browser, right after the page says it is idle, as a user's
// first visit (nothing compiled or cached yet). Warm: warmDrops more, each on
// the page opened anew in the same browser, which has the WebAssembly and
// JavaScript compiled in its caches. Whatever b.N, each iteration is one
// cold drop and warmDrops warm ones; the machines this runs on are shared
// and noisy, so it reports medians, and the worst warm longest task (0: no
// task took 50 ms, the least the browser reports as long). It
// logs the longest animation frame of each cold drop, with the scripts in
// it: what a long task was made of.
func BenchmarkDropToReady(b *testing.B) {
	base, cur := writeSuite(b, b.TempDir(), suitegen.Spec{Rows: 100, Samples: 200, Seed: 1})
	var coldReady, coldLongest, warmReady, warmLongest []float64
	for b.Loop() {
		br := withProbe(b)
		for i := range 1 + warmDrops {
			ready, longest, t := drop(b, br, base, cur)
			if i > 0 {
				warmReady, warmLongest = append(warmReady, ready), append(warmLongest, longest)
				continue
			}
			coldReady, coldLongest = append(coldReady, ready), append(coldLongest, longest)
			if f, ok := t.longestFrame(t.Changed, t.Ready); ok {
				b.Logf("cold drop: idle at %.0f, files set at %.0f, workers ready at %.0f; longest task %.0f ms; longest frame %v",
					t.Idle, t.Changed, t.Workers, longest, f)
			}
		}
	}
	b.ReportMetric(median(coldReady), "ms/drop-to-ready-cold")
	b.ReportMetric(median(coldLongest), "ms-longest-task-cold")
	b.ReportMetric(median(warmReady), "ms/drop-to-ready-warm")
	b.ReportMetric(median(warmLongest), "ms-longest-task-warm")
	b.ReportMetric(slices.Max(warmLongest), "ms-longest-task-warm-worst")
}

// drop opens the viewer anew, drops both files on it as soon as it is
// idle, as a user does (dropFiles), and returns the time from the drop to
// ready and the longest
// main-thread task in between, in ms, with all the probe recorded.
func drop(b *testing.B, br *browser, base, cur string) (ready, longest float64, t timings) {
	return dropWithin(b, br, base, cur, time.Minute)
}

// profileDrops has BENCHVIEW_PROFILE=FILE profile the main thread from
// each drop to ready and write the functions that took the most of it
// (self time, summed over the drops) to FILE; a page built without -s
// names the WebAssembly functions.
func profileDrops(b *testing.B, br *browser, d func()) {
	path := os.Getenv("BENCHVIEW_PROFILE")
	if path == "" {
		d()
		return
	}
	if _, err := chromedp.Call(br.ctx, profiler.Enable, cdp.Empty{}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(br.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(br.ctx, profiler.Start, cdp.Empty{}); err != nil {
		b.Fatal(err)
	}
	d()
	res, err := chromedp.Call(br.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	p := res.Profile
	self := map[string]float64{}
	byID := map[int64]string{}
	for _, n := range p.Nodes {
		byID[n.ID] = n.CallFrame.FunctionName + " " + strings.TrimPrefix(n.CallFrame.URL, br.origin)
	}
	for i, id := range p.Samples {
		if i < len(p.TimeDeltas) {
			self[byID[id]] += float64(p.TimeDeltas[i]) / 1000
		}
	}
	var text strings.Builder
	names := slices.Collect(maps.Keys(self))
	slices.SortFunc(names, func(x, y string) int { return int(self[y]*1000 - self[x]*1000) })
	for _, n := range names[:min(60, len(names))] {
		fmt.Fprintf(&text, "%8.1f ms  %s\n", self[n], n)
	}
	text.WriteString("--\n")
	appendFile(b, path, text.String())
}

// appendFile adds text to the end of the file name.
func appendFile(b *testing.B, name, text string) {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = f.WriteString(text)
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		b.Fatal(err)
	}
}

// probed is what the probe recorded, with the viewer's timing log.
func probed(b *testing.B, br *browser) timings {
	return eval[timings](b, br, `({...__bench, trace: (window.benchviewTrace || []).map(e => ({name: e[0], start: e[1], dur: e[2], cycles: e[3], gcms: e[4]}))})`)
}

// median is the middle of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// BenchmarkOpenToInteractive times a first visit (nothing cached) from
// navigation to the page's idle state: WASM compiled, UI rendered, drop
// zones usable. Each iteration opens the page opensPerRun times in a
// fresh browser, and the median of all opens is reported, beside the
// median of the first open of each browser: the first of a fresh browser
// also pays for its own start (its processes, its first compile), and a
// second of benchtime left room for one open only, which then stood for
// the page.
func BenchmarkOpenToInteractive(b *testing.B) {
	const opensPerRun = 5
	var all, first []float64
	for b.Loop() {
		br := withProbe(b)
		if _, err := chromedp.Call(br.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			b.Fatal(err)
		}
		for i := range opensPerRun {
			br.do(b, chromedp.Navigate(br.origin+"/"))
			br.waitFor(b, "the viewer to start", `window.__bench && __bench.idle > 0`)
			ms := eval[float64](b, br, `__bench.idle`)
			all = append(all, ms)
			if i == 0 {
				first = append(first, ms)
			}
		}
	}
	b.ReportMetric(median(all), "ms/open-to-interactive")
	b.ReportMetric(median(first), "ms/open-to-interactive-fresh-browser")
}

// BenchmarkDownload times Download report on golden b, from the click to
// the file offered, and the longest main-thread task meanwhile: the page
// itself is built in a worker.
func BenchmarkDownload(b *testing.B) {
	br := withProbe(b)
	if _, err := chromedp.CallBrowser(br.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: b.TempDir(),
	}); err != nil {
		b.Fatalf("allowing downloads: %v", err)
	}
	base, cur := filepath.Join("..", "testdata", "base-b.jsonl"), filepath.Join("..", "testdata", "cur-b.jsonl")
	br.load(b, base, cur)
	var took, longest []float64
	for b.Loop() {
		t := eval[[]float64](b, br, `new Promise(resolve => {
			const button = document.getElementById("download");
			const start = performance.now();
			new MutationObserver((_, obs) => {
				if (button.getAttribute("aria-busy") === "false" && !button.disabled) {
					obs.disconnect();
					resolve([start, performance.now()]);
				}
			}).observe(button, {attributes: true});
			button.click();
		})`)
		took = append(took, t[1]-t[0])
		longest = append(longest, eval[timings](b, br, `__bench`).longest(t[0], t[1]))
	}
	b.ReportMetric(median(took), "ms/download")
	b.ReportMetric(median(longest), "ms-longest-task-median")
}
