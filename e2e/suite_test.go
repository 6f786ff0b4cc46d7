package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	harness "github.com/benchview/benchview/e2e/internal/browser"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/internal/suitegen"
)

// writeSuite writes the pair spec describes (internal/suitegen) to a
// temporary folder.
func writeSuite(t tb, dir string, spec suitegen.Spec) (base, cur string) {
	t.Helper()
	base, cur, err := suitegen.WriteFiles(dir, spec)
	if err != nil {
		t.Fatalf("writing a %d×%d pair: %v", spec.Rows, spec.Samples, err)
	}
	return base, cur
}

// idleViewer is a browser on the viewer, served anew, once it says idle.
func idleViewer(t *testing.T) *browser {
	t.Helper()
	return idleViewerWith(t, func(*browser) {})
}

// idleViewerWith is idleViewer, with set up run on the browser before it
// opens the viewer.
func idleViewerWith(t *testing.T, setUp func(*browser)) *browser {
	t.Helper()
	b := open(t, serve(t))
	setUp(b)
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	return b
}

// suiteTimeout is how long a drop of a suite-sized pair may take to be
// ready before a test or benchmark gives up.
const suiteTimeout = 10 * time.Minute

// verdictCounts counts compare's verdicts.
func verdictCounts(cs []comparison) map[string]int {
	n := map[string]int{}
	for _, c := range cs {
		n[c.Verdict]++
	}
	return n
}

// chipCounts reads the summary's chips: the count each says, by status.
func chipCounts(t tb, b *browser) map[string]int {
	t.Helper()
	raw := eval[map[string]string](t, b, `Object.fromEntries([...document.querySelectorAll(".summary .chip")].map(c => [c.dataset.status, c.dataset.count]))`)
	n := map[string]int{}
	for k, v := range raw {
		c, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("the %s chip says %q", k, v)
		}
		n[k] = c
	}
	return n
}

// A review of ten thousand rows: ready with compare's verdict counts in
// its summary, a table that holds only a window of its rows, a search that
// finds one row, and that row's run order drawn in view once selected.
func TestATenThousandRowSuite(t *testing.T) {
	spec := suitegen.Spec{Rows: 10_000, Samples: 30, Seed: 9}
	base, cur := writeSuite(t, t.TempDir(), spec)
	want := compare(t, base, cur)
	b := idleViewer(t)
	// Every write of the body's data-state is a mutation, whether or not
	// it changes the value: the page writes it only when it changes.
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.__stateWrites = {same: 0, all: 0};
		new MutationObserver((records) => {
			for (const r of records) {
				__stateWrites.all++;
				if (r.oldValue === document.body.getAttribute("data-state")) __stateWrites.same++;
			}
		}).observe(document.body, {attributes: true, attributeFilter: ["data-state"], attributeOldValue: true})`))
	// While the rows compute, the bars of a table longer than they show
	// wait, and say so: drawn then, they were of rows the table, ordered
	// once every row is computed, no longer shows in its view.
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.__barsWaited = {said: false, drawn: false};
		(function look() {
			const summary = document.getElementById("interval-summary");
			if (document.body.dataset.state === "computing" && summary?.textContent.includes("drawn once every row is computed")) {
				__barsWaited.said = true;
				const chart = echarts.getInstanceByDom(document.getElementById("interval-chart"));
				if ((chart?.getOption()?.series || []).length > 0) __barsWaited.drawn = true;
			}
			if (document.body.dataset.state !== "ready") requestAnimationFrame(look);
		})()`))
	b.setFilesWithin(t, suiteTimeout, base, cur)
	if w := eval[map[string]int](t, b, `__stateWrites`); w["all"] < 2 || w["same"] > 0 {
		t.Errorf("the page wrote its state %d times on the way to ready, %d of them the state it had", w["all"], w["same"])
	}
	if w := eval[map[string]bool](t, b, `__barsWaited`); !w["said"] || w["drawn"] {
		t.Errorf("while the rows computed, the interval panel said the bars wait: %v; bars were drawn: %v", w["said"], w["drawn"])
	}

	// The page is cross-origin isolated, and its first worker waited for
	// it while it paired the reports and took the review (the viewer's
	// gate.go): the rows above are the command line's all the same.
	if held := eval[float64](t, b, `crossOriginIsolated ? benchviewHeld() : -1`); held <= 0 {
		t.Errorf("a worker waited %.1f ms for the page while the rows were computed, want some (-1: the page is not cross-origin isolated)", held)
	}
	// The workers began on the rows while the page paired them (the
	// viewer's ahead.go): the rows above are the command line's, and the
	// geomean below too, all the same. (All of them, when the last slice
	// of pairing only passed over the baseline's keys paired already.)
	if ahead := eval[int](t, b, `benchviewAhead()`); ahead <= 0 || ahead > 10_000 {
		t.Errorf("the workers were given %d of the rows while they were paired, want some", ahead)
	}

	got, counts := chipCounts(t, b), verdictCounts(want)
	for _, v := range []string{"regression", "improvement", "inside the noise", "underpowered"} {
		if got[v] != counts[v] {
			t.Errorf("the summary says %d %s, benchview compare %d", got[v], v, counts[v])
		}
	}
	// The chips count in words as the table's count does, thousands
	// grouped; their data-count stays plain digits for a machine.
	chips := eval[map[string]string](t, b, `Object.fromEntries([...document.querySelectorAll(".summary .chip")].map(c => [c.dataset.status, c.textContent]))`)
	if w := format.Count(counts["inside the noise"]) + " inside the noise"; chips["inside the noise"] != w {
		t.Errorf("the inside-the-noise chip says %q, want %q", chips["inside the noise"], w)
	}
	// The geomean, computed in parts by the page's workers (parts of
	// 1,000 resamples, each worker taking the rows in once, joined on
	// the page), is the command line's.
	sameGeomean(t, b, base, cur)
	if n := len(tableRows(t, b)); n == 0 || n > 200 {
		t.Errorf("%d rows in the document of a table of %d, want a window of them", n, spec.Rows)
	}
	if shown := eval[string](t, b, `document.getElementById("shown").textContent`); shown != "10,000 rows" {
		t.Errorf("the count says %q", shown)
	}
	// The bars are the rows the table's box shows: as many as fit in it,
	// not the one row it held when it was first measured.
	inBox := eval[int](t, b, `(() => {
		const box = document.getElementById("results-scroll").getBoundingClientRect();
		return [...document.querySelectorAll("tr[data-row]")].filter(r => {
			const y = r.getBoundingClientRect();
			return y.bottom > box.top && y.top < box.bottom;
		}).length;
	})()`)
	note := eval[string](t, b, `document.getElementById("interval-note").textContent`)
	var bars int
	if _, err := fmt.Sscanf(note, "%d of 10,000 rows", &bars); err != nil || inBox < 10 || bars < inBox-1 || bars > inBox+1 {
		t.Errorf("the table's box shows %d rows; the bars say %q", inBox, note)
	}

	// Row 4321 is in the middle of the table, far out of the window.
	bench, kind, backend := suitegen.Name(4321)
	key := bench + "/" + kind + "/" + backend
	b.do(t, chromedp.SendKeys(chromedp.CSS("#search"), kind))
	b.waitFor(t, "the search for "+kind, ready+` && document.querySelectorAll("tr[data-row]").length === 1 && document.querySelector("tr[data-row]").dataset.row === `+jsString(key))
	if shown := eval[string](t, b, `document.getElementById("shown").textContent`); shown != "1 of 10,000 rows match" {
		t.Errorf("the count says %q for the search %q", shown, kind)
	}
	selectInView(t, b, key, spec.Samples)
}

// selectInView clicks the name of the row key, and checks that its run
// order, of samples samples a side, is drawn, and in the viewport.
func selectInView(t *testing.T, b *browser, key string, samples int) {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+key+`"] .row-name`)))
	b.waitFor(t, "the run order of "+key, ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(key))
	ch := readRunOrderChart(t, b, key)
	if ch.Width == 0 || ch.Height == 0 || len(ch.Series) != 2 || len(ch.Series[0].Data) != samples {
		t.Errorf("the run order of %s: %d×%d canvas, %d series", key, ch.Width, ch.Height, len(ch.Series))
	}
	inView := eval[bool](t, b, `(() => {
		const r = document.querySelector(".run-order-chart").getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
	})()`)
	if !inView {
		t.Errorf("the run order of %s is drawn out of the viewport", key)
	}
}

// While the workers read a suite's reports, the page says how much of
// them is read, as it goes: a progress bar between empty and full, under
// "Reading" and the files' names.
func TestReadingASuiteShowsHowFarItIs(t *testing.T) {
	spec := suitegen.Spec{Rows: 30_000, Samples: 30, Seed: 3}
	base, cur := writeSuite(t, t.TempDir(), spec)
	b := idleViewer(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.__progress = [];
		new MutationObserver(() => {
			const bar = document.querySelector(".progress progress[aria-label='bytes read']");
			if (bar) __progress.push([document.querySelector(".progress span").textContent, +bar.value, +bar.max]);
		}).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true})`))
	b.setFilesWithin(t, suiteTimeout, base, cur)
	seen := eval[[][3]any](t, b, `__progress`)
	partly := 0
	for _, p := range seen {
		text, _ := p[0].(string)
		value, _ := p[1].(float64)
		limit, _ := p[2].(float64)
		if !strings.HasPrefix(text, "Reading ") || !strings.Contains(text, "base.jsonl") && !strings.Contains(text, "cur.jsonl") {
			t.Errorf("the bar of bytes read is under %q", text)
		}
		if value > 0 && value < limit {
			partly++
		}
	}
	if partly == 0 {
		t.Errorf("the page never showed a report partly read: %v", seen)
	}
	if shown := eval[string](t, b, `document.getElementById("shown").textContent`); shown != "30,000 rows" {
		t.Errorf("the count says %q", shown)
	}
	// Each report is ten megabytes, which a worker reads from the file a
	// few megabytes at a time: every sample of every row must come through,
	// and the geomean depends on all of them.
	sameGeomean(t, b, base, cur)
}

// sameGeomean checks that the page's geomean line is the one benchview
// compare -format json gives for base and cur.
func sameGeomean(t *testing.T, b *browser, base, cur string) {
	t.Helper()
	_, g := compareJSON(t, base, cur)
	want := fmt.Sprintf("geomean %s [%s, %s] over %s: %s", signed(g.Delta), signed(g.Lo), signed(g.Hi), format.Rows(g.Rows), g.Verdict)
	if got := eval[string](t, b, `document.getElementById("geomean").textContent`); got != want {
		t.Errorf("the page's geomean %q, compare -format json's %q", got, want)
	}
}

// suitePairs are the pairs BenchmarkSuite times: a hundred rows of 200
// samples, ten thousand rows of 30 (a language runtime's suite), and a
// soak run's three rows of 100,000. drops is how many drops it times, the
// first on a fresh browser.
var suitePairs = []struct {
	name  string
	spec  suitegen.Spec
	drops int
}{
	{"100x200", suitegen.Spec{Rows: 100, Samples: 200, Seed: 1}, 4},
	{"10000x30", suitegen.Spec{Rows: 10_000, Samples: 30, Seed: 1}, 5},
	{"3x100000", suitegen.Spec{Rows: 3, Samples: 100_000, Seed: 1}, 1},
}

// BenchmarkSuite times each of suitePairs on the command line (native
// benchview compare, the whole process) and in the viewer (from the drop
// of both files, as a user drags them from a file manager, to ready, in
// headless Chromium), and reports their
// ratio, the longest main-thread task from the drop to ready, and the
// JavaScript heap and the page's WebAssembly memory at ready. It also
// times compare -format text, the review a person reads in a terminal,
// which like the viewer measures each row's drift, outliers and samples
// needed and the suite's geomean: plain compare writes the reference's
// lines, which need none of those, some 40% of what the viewer computes
// for a row of 30 samples a side (core benchmarks under Node). On the
// 10,000-row pair it also times a search, the verdict filter and a sort,
// each from the input event to the frame whose table shows the result; on
// the soak run's, a click on each row, from the click to its run order
// drawn, and the longest main-thread task meanwhile.
// Medians of the drops, and of as many runs of each compare, one before
// each drop; the first drop of each pair is a fresh browser's (a user's
// first visit: nothing compiled to its fastest yet), and is also reported
// alone (-cold), beside the median of the others (-warm).
func BenchmarkSuite(b *testing.B) {
	for _, p := range suitePairs {
		b.Run(p.name, func(b *testing.B) {
			base, cur := writeSuite(b, b.TempDir(), p.spec)
			var native, nativeText, ready, longest, heap, wasm []float64
			var cold, warm, coldLongest, warmLongest []float64
			var search, filter, sort []float64
			var selectDrawn, selectLongest []float64
			var held []float64
			for b.Loop() {
				br := withProbe(b)
				for i := range p.drops {
					// Native compare before each drop: on a shared machine
					// one run of it swung by a third from minute to minute,
					// and the ratio with it.
					native = append(native, timeCompare(b, base, cur))
					nativeText = append(nativeText, timeCompare(b, base, cur, "-format", "text"))
					var r, l float64
					var t timings
					profileDrops(b, br, func() { r, l, t = dropWithin(b, br, base, cur, suiteTimeout) })
					ready, longest = append(ready, r), append(longest, l)
					held = append(held, eval[float64](b, br, `window.benchviewHeld ? benchviewHeld() : 0`))
					if i == 0 {
						cold, coldLongest = append(cold, r), append(coldLongest, l)
					} else {
						warm, warmLongest = append(warm, r), append(warmLongest, l)
					}
					b.Logf("%s: ready after %.0f ms: %s", p.name, r, t.timeline())
					if tracing() {
						b.Logf("trace:%s", t.traceReport(t.Changed, t.Ready))
						// The log of a benchmark is cut short; the whole
						// report of each drop is added to a file too.
						if name := os.Getenv("BENCHVIEW_TRACE_FILE"); name != "" {
							appendFile(b, name, fmt.Sprintf("%s: ready after %.0f ms:%s\n", p.name, r, t.traceReport(t.Changed, t.Ready)))
						}
					}
				}
				m := eval[[]float64](b, br, `[performance.memory ? performance.memory.usedJSHeapSize : 0, globalThis.benchviewMemory ? benchviewMemory() : 0]`)
				heap, wasm = append(heap, m[0]/1e6), append(wasm, m[1]/1e6)
				if p.spec.Rows >= 10_000 {
					s, f, o := interactions(b, br)
					search, filter, sort = append(search, s), append(filter, f), append(sort, o)
				}
				if p.spec.Samples >= 100_000 {
					for _, c := range selections(b, br) {
						selectDrawn, selectLongest = append(selectDrawn, c[0]), append(selectLongest, c[1])
					}
				}
			}
			reportDrops(b, native, ready, longest)
			b.ReportMetric(median(nativeText), "ms/compare-native-text")
			b.ReportMetric(median(ready)/median(nativeText), "x-of-native-text")
			b.ReportMetric(median(held), "ms-worker-held")
			b.ReportMetric(median(cold)/median(native), "x-of-native-cold")
			b.ReportMetric(median(coldLongest), "ms-longest-task-cold")
			if len(warm) > 0 {
				b.ReportMetric(median(warm)/median(native), "x-of-native-warm")
				b.ReportMetric(median(warmLongest), "ms-longest-task-warm")
			}
			b.ReportMetric(median(heap), "MB-js-heap")
			b.ReportMetric(median(wasm), "MB-wasm-memory")
			if len(selectDrawn) > 0 {
				b.ReportMetric(median(selectDrawn), "ms/select-to-drawn")
				b.ReportMetric(median(selectLongest), "ms-select-longest-task")
			}
			if len(search) > 0 {
				b.ReportMetric(median(search), "ms/search")
				b.ReportMetric(median(filter), "ms/filter")
				b.ReportMetric(median(sort), "ms/sort")
			}
		})
	}
}

// firstDrops is how many fresh browsers BenchmarkFirstDrop drops the
// 10,000-row pair in.
const firstDrops = 8

// BenchmarkFirstDrop drops the generated 10,000×30 pair in firstDrops
// fresh browsers, one after another, each as soon as its page says idle:
// a user's first visit at its hardest, when nothing is compiled to its
// fastest yet and the browser compiles the hottest code as the rows are
// computed. BenchmarkSuite has one such drop a pair (its -cold figures);
// a single drop says little of how often a first visit has a long task,
// which varies from drop to drop on a busy two-core machine.
//
// It reports the median drop-to-ready and its ratio to native compare
// (timed before each drop), the median and the worst longest task, and
// how many of the drops had a main-thread task over 50 ms. The log lists
// each drop's timeline, with the CPU each kind of the browser's threads
// used (cpuTimes), and each drop's longest task; with BENCHVIEW_TRACE
// set, each drop's trace report too (see BenchmarkSuite).
func BenchmarkFirstDrop(b *testing.B) {
	base, cur := writeSuite(b, b.TempDir(), suitegen.Spec{Rows: 10_000, Samples: 30, Seed: 1})
	origin := serve(b)
	var native, ready, longest []float64
	for b.Loop() {
		for range firstDrops {
			native = append(native, timeCompare(b, base, cur))
			br := withProbeAt(b, origin)
			r, l, t := dropWithin(b, br, base, cur, suiteTimeout)
			br.Close(b)
			b.Logf("ready after %.0f ms: %s", r, t.timeline())
			ready, longest = append(ready, r), append(longest, l)
			if tracing() {
				report := fmt.Sprintf("first drop: ready after %.0f ms:%s", r, t.traceReport(t.Changed, t.Ready))
				b.Log(report)
				if name := os.Getenv("BENCHVIEW_TRACE_FILE"); name != "" {
					appendFile(b, name, report+"\n")
				}
			}
		}
	}
	over := 0
	for _, l := range longest {
		if l > 50 {
			over++
		}
	}
	b.Logf("longest task of each drop, ms (0: none of 50 ms or more): %v", longest)
	reportDrops(b, native, ready, longest)
	b.ReportMetric(float64(over), "drops-with-task-over-50ms")
	b.ReportMetric(float64(len(longest)), "drops")
}

// reportDrops reports what BenchmarkSuite and BenchmarkFirstDrop both
// say of their drops: the medians of native compare and of drop-to-ready,
// their ratio, and the median and the worst longest task (ms; 0: none of
// 50 ms or more).
func reportDrops(b *testing.B, native, ready, longest []float64) {
	b.ReportMetric(median(native), "ms/compare-native")
	b.ReportMetric(median(ready), "ms/drop-to-ready")
	b.ReportMetric(median(ready)/median(native), "x-of-native")
	b.ReportMetric(median(longest), "ms-longest-task")
	b.ReportMetric(slices.Max(longest), "ms-longest-task-worst")
}

// timeCompare runs benchview compare on the pair, with flags before it,
// and returns how long the whole process took, in ms.
//
// A run that has not ended after compareLimit is stopped with SIGQUIT, and
// the benchmark fails with what the Go runtime then says of every
// goroutine: one run in some hundred hung in a benchmark, and none of
// hundreds by hand.
func timeCompare(b *testing.B, base, cur string, flags ...string) float64 {
	args := append(append([]string{"compare"}, flags...), base, cur)
	cmd := exec.Command(binary(b), args...)
	var said strings.Builder
	cmd.Stderr = &said
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatalf("benchview %s: %v", strings.Join(args, " "), err)
	}
	stop := time.AfterFunc(compareLimit, func() { cmd.Process.Signal(syscall.SIGQUIT) })
	err := cmd.Wait()
	took := time.Since(start)
	stop.Stop()
	if err != nil {
		b.Fatalf("benchview %s, after %v: %v\n%s", strings.Join(args, " "), took, err, said.String())
	}
	return float64(took.Microseconds()) / 1e3
}

// compareLimit is how long timeCompare lets a compare run.
const compareLimit = time.Minute

// dropWithin is drop, waiting up to d for ready.
func dropWithin(b *testing.B, br *browser, base, cur string, d time.Duration) (ready, longest float64, t timings) {
	br.do(b, chromedp.Navigate(br.origin+"/"))
	br.waitFor(b, "the viewer to start", `document.body.dataset.state === "idle"`)
	pid := -1 // none: cpuNow then reads nothing, and says so
	if proc := chromedp.FromContext(br.ctx).Browser.Process(); proc != nil {
		pid = proc.Pid
	}
	before := cpuNow(pid)
	br.dropFilesWithin(b, d, base, cur)
	t = probed(b, br)
	t.CPU = cpuNow(pid).since(before)
	if t.Ready == 0 || t.Changed == 0 {
		b.Fatalf("the probe saw no change or no ready: %+v", t)
	}
	return t.Ready - t.Changed, t.longest(t.Changed, t.Ready), t
}

// selections clicks each row of a review shown in full, a soak run's, and
// returns for each the time from the click to its run order drawn and the
// page ready, and the longest main-thread task meanwhile, in ms.
func selections(b *testing.B, br *browser) [][2]float64 {
	keys := eval[[]string](b, br, `[...document.querySelectorAll("tr[data-row]")].map(r => r.dataset.row)`)
	var out [][2]float64
	for _, key := range keys {
		t0 := eval[float64](b, br, `performance.now()`)
		br.do(b, chromedp.Click(chromedp.CSS(`tr[data-row="`+key+`"] .row-name`)))
		br.waitWithin(b, suiteTimeout, "the run order of "+key, ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(key))
		t1 := eval[float64](b, br, `performance.now()`)
		out = append(out, [2]float64{t1 - t0, probed(b, br).longest(t0, t1)})
	}
	return out
}

// interactions times, on a review shown in full, a search for one row,
// the verdict filter (regressions) and a sort (by Δ), each undone before
// the next, in ms from the input event to the animation frame in which
// the table shows the result in its view (the rest of its window follows
// a frame later: components.Table's grow).
func interactions(b *testing.B, br *browser) (search, filter, sort float64) {
	bench, kind, backend := suitegen.Name(4321)
	key := bench + "/" + kind + "/" + backend
	const measure = `async (act, done) => {
		const t0 = performance.now();
		act();
		for (let i = 0; i < 600 && !done(); i++) await new Promise(r => requestAnimationFrame(r));
		if (!done()) throw new Error("the table never showed the result");
		return performance.now() - t0;
	}`
	const rows = `[...document.querySelectorAll("tr[data-row]")]`
	run := func(what, act, done string) float64 {
		b.Helper()
		v := eval[float64](b, br, `(`+measure+`)(() => {`+act+`}, () => `+done+`)`)
		br.waitFor(b, what+" to be ready", ready)
		return v
	}
	input := func(sel, value, event string) string {
		return `const el = document.querySelector(` + jsString(sel) + `); el.value = ` + jsString(value) + `; el.dispatchEvent(new Event(` + jsString(event) + `, {bubbles: true}));`
	}
	all := `document.getElementById("shown").textContent === "10,000 rows" && ` + rows + `.length >= 10`
	search = run("the search", input("#search", kind, "input"),
		rows+`.length === 1 && `+rows+`[0].dataset.row === `+jsString(key)+` && document.getElementById("shown").textContent.startsWith("1 of")`)
	run("the cleared search", input("#search", "", "input"), all)
	filter = run("the filter", input("#verdict-filter", "regression", "change"),
		rows+`.length > 0 && `+rows+`.every(r => r.dataset.verdict === "regression") && document.getElementById("shown").textContent.includes(" of ")`)
	run("the cleared filter", input("#verdict-filter", "", "change"), all)
	sort = run("the sort", `document.querySelector("th[data-col=delta] button").click();`,
		`document.querySelector("th[data-col=delta]").getAttribute("aria-sort") === "descending" && (() => {
			const d = `+rows+`.map(r => r.querySelector("td.delta")?.textContent);
			if (d.length < 10 || d.some(x => x === undefined)) return false;
			const n = d.map(x => parseFloat(x.replace("−", "-")));
			return n.every((x, i) => i === 0 || n[i-1] >= x);
		})()`)
	return search, filter, sort
}

// A soak run's rows (100,000 samples a side) take seconds each: while one
// is computed its row says how far it is and for how long, the page
// answers input, and at ready the verdicts are compare's.
func TestASoakRowShowsItsProgress(t *testing.T) {
	spec := suitegen.Spec{Rows: 3, Samples: 100_000, Seed: 5}
	base, cur := writeSuite(t, t.TempDir(), spec)
	b := idleViewer(t)
	b.setFile(t, "#baseline-file", base)
	b.setFile(t, "#current-file", cur)
	b.waitWithin(t, suiteTimeout, "a row saying how far it is and for how long it has been computed",
		`[...document.querySelectorAll("tr[data-row] .pill")].some(p => /^computing… [1-9][0-9]?%, [0-9]+ s$/.test(p.textContent))`)
	// The page answers while the workers compute: a search filters at once.
	b.do(t, chromedp.SendKeys(chromedp.CSS("#search"), "case1/"))
	b.waitFor(t, "the search to filter while computing", `document.querySelectorAll("tr[data-row]").length === 1`)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		const s = document.getElementById("search");
		s.value = "";
		s.dispatchEvent(new Event("input", {bubbles: true}));
	})()`))
	b.waitWithin(t, suiteTimeout, "the soak rows computed", ready+` && document.querySelectorAll("tr[data-row]").length === 3`)
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
	// Its sample counts are written for people, as every count is.
	if n := eval[[]string](t, b, `[...document.querySelectorAll("tr[data-row] td.n")].map(td => td.textContent)`); len(n) != 6 || slices.ContainsFunc(n, func(s string) bool { return s != "100,000" }) {
		t.Errorf("the soak rows' sample counts read %q, want 100,000 on each side of each row", n)
	}
	// A soak row's run order is drawn whole, its last samples as its
	// first: ECharts draws a long run a chunk a frame, and a chart caught
	// halfway shows the first tenth of the run, the rest blank but for the
	// median lines and the edges' triangles.
	key := eval[string](t, b, `document.querySelector("tr[data-row]").dataset.row`)
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+key+`"] .row-name`)))
	b.waitFor(t, "the run order of "+key, ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(key))
	// What the screen shows: ECharts draws a long run on canvases of
	// their own, and the page's pixels are the test.
	if !eval[bool](t, b, `ArrayBuffer.isView(echarts.getInstanceByDom(document.querySelector(".run-order-chart")).getOption().series[0].data)`) {
		t.Errorf("the run order of %s reached ECharts as an array of numbers, not a typed array", key)
	}
	harness.DrawnWhole(t, b.Browser, ".run-order-chart")
	// Hovering a sample names it, as in a short run (the page hands a
	// long run to ECharts apart from the option, with a tooltip of its
	// own).
	if got := harness.HoverSample(t, b.Browser, ".run-order-chart"); !soakTip.MatchString(got) {
		t.Errorf("hovering a sample of %s shows %q", key, got)
	}
	// Of its 100,000 samples a side, one is drawn a spot of the plot
	// (chart.RunOrderApart): a narrower chart draws fewer, anew.
	const drawn = `echarts.getInstanceByDom(document.querySelector(".run-order-chart")).getOption().series[0].data.length / 2`
	wide := eval[float64](t, b, drawn)
	if wide >= 100_000/2 || wide < 1000 {
		t.Errorf("the run order of %s draws %.0f points of 100,000 samples, want one a spot of the plot", key, wide)
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector(".run-order-chart").style.width = "40%"`))
	b.waitFor(t, "the run order drawn anew, narrower", drawn+` < `+strconv.FormatFloat(0.6*wide, 'f', 0, 64))
	harness.DrawnWhole(t, b.Browser, ".run-order-chart")
}

// soakTip is what hovering a sample of a soak row's run order shows.
var soakTip = regexp.MustCompile(`^(Baseline|Current), sample [0-9]+ of 100,000: [0-9.]+ (ns|µs|ms|s)$`)

// Two reports read together show as a pair, never the first one in alone
// for a moment; and a report shown alone stays in view while the report
// that pairs with it is read.
func TestAReportWaitsForThePartnerBeingRead(t *testing.T) {
	small, _ := writeSuite(t, t.TempDir(), suitegen.Spec{Rows: 100, Samples: 30, Seed: 4})
	_, big := writeSuite(t, t.TempDir(), suitegen.Spec{Rows: 20_000, Samples: 30, Seed: 4})
	// What the page showed at each change: a table of one report alone
	// (no Baseline and Current groups in its header), and whether the
	// table went away once it was there.
	const watch = `window.__alone = 0; window.__gone = 0; window.__seen = false;
		new MutationObserver(() => {
			const table = document.getElementById("results");
			if (table && !table.querySelector("th.group.base")) __alone++;
			if (table) __seen = true; else if (__seen) __gone++;
		}).observe(document.body, {subtree: true, childList: true})`

	b := idleViewer(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](watch))
	b.setFilesWithin(t, suiteTimeout, small, big)
	if n := eval[int](t, b, `__alone`); n > 0 {
		t.Errorf("the first report read showed alone, in %d changes, while the other was read", n)
	}

	b = idleViewer(t)
	b.setFile(t, "#baseline-file", small)
	b.waitFor(t, "the baseline alone", ready)
	b.do(t, chromedp.Evaluate[chromedp.Void](watch))
	b.setFile(t, "#current-file", big)
	b.waitWithin(t, suiteTimeout, "the pair", ready+` && document.querySelector("th.group.base") !== null`)
	if n := eval[int](t, b, `__gone`); n > 0 {
		t.Errorf("the baseline's table went away, in %d changes, while the current report was read", n)
	}
	if n := eval[int](t, b, `document.querySelectorAll("th.group.base").length`); n != 1 {
		t.Errorf("the pair's table has %d Baseline groups, want 1", n)
	}
}

// A long row does not hold the others up: its plan is drawn on every
// worker at once, after the short rows, whose verdicts show while it has
// hardly begun. The long row comes first in the reports, where it would
// have been drawn first.
func TestALongRowDoesNotHoldTheOthersUp(t *testing.T) {
	dir := t.TempDir()
	shortBase, shortCur := writeSuite(t, t.TempDir(), suitegen.Spec{Rows: 40, Samples: 30, Seed: 6})
	longBase, longCur := writeSuite(t, t.TempDir(), suitegen.Spec{Rows: 1, Samples: 30_000, Seed: 7})
	// The long pair's one row is named as the short pair's first; it is
	// renamed so that the two pairs' rows join into one pair of reports.
	join := func(name, long, short string) string {
		l, err := os.ReadFile(long)
		if err != nil {
			t.Fatal(err)
		}
		s, err := os.ReadFile(short)
		if err != nil {
			t.Fatal(err)
		}
		renamed := strings.Replace(string(l), `"kind":"case0"`, `"kind":"long"`, 1)
		if renamed == string(l) {
			t.Fatalf("%s: no row named case0 to rename", long)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, append([]byte(renamed), s...), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base, cur := join("base.jsonl", longBase, shortBase), join("cur.jsonl", longCur, shortCur)
	b := idleViewer(t)
	b.setFile(t, "#baseline-file", base)
	b.setFile(t, "#current-file", cur)
	b.waitWithin(t, suiteTimeout, "the short rows' verdicts while the long row's plan is less than half drawn", `(() => {
		const rows = [...document.querySelectorAll("tr[data-row]")];
		const long = rows.find(r => r.dataset.row === "suite0000/long/vm");
		if (!long || long.dataset.verdict) return false;
		const drawn = /([0-9]+)%/.exec(long.querySelector(".pill")?.textContent || "");
		return rows.filter(r => r.dataset.verdict).length === 40 && (!drawn || +drawn[1] < 50);
	})()`)
	b.waitWithin(t, suiteTimeout, "the long row computed", ready+` && document.querySelector('tr[data-row="suite0000/long/vm"][data-verdict]') !== null`)
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}

// A plan is of sizes, not of a review: swapping the reports while a soak
// row's plan is drawn goes on drawing it, and the swapped review's row
// says how far it is.
func TestASwapKeepsTheLongRowsProgress(t *testing.T) {
	base, cur := writeSuite(t, t.TempDir(), suitegen.Spec{Rows: 3, Samples: 100_000, Seed: 5})
	b := idleViewerWith(t, func(b *browser) { b.twoWorkers(t) }) // the plan is drawn in parts, one a worker
	b.setFile(t, "#baseline-file", base)
	b.setFile(t, "#current-file", cur)
	drawing := `[...document.querySelectorAll("tr[data-row] .pill")].some(p => /^computing… [1-9][0-9]?%, [0-9]+ s$/.test(p.textContent))`
	b.waitWithin(t, suiteTimeout, "a long row's plan being drawn", drawing)
	b.do(t, chromedp.Click(chromedp.ID("swap")))
	b.waitWithin(t, time.Minute, "the swapped review's long row saying how far its plan is",
		`document.querySelector("label[for=baseline-file] .zone-file").textContent === "cur.jsonl" && `+drawing)
	b.waitWithin(t, suiteTimeout, "the swapped soak rows computed", ready+` && document.querySelectorAll("tr[data-row]").length === 3`)
	checkVerdicts(t, tableRows(t, b), compare(t, cur, base))
}
