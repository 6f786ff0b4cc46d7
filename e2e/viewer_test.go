package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/visible"
)

// golden is the repository's copy of a golden report pair.
func golden(set string) (base, cur string) {
	return filepath.Join("..", "testdata", "base-"+set+".jsonl"), filepath.Join("..", "testdata", "cur-"+set+".jsonl")
}

// comparison is a line `benchview compare` prints.
type comparison struct {
	Benchmark, Of, Backend, Verdict string
	Delta                           float64  `json:"delta_pct"`
	Lo                              *float64 `json:"ci_low_pct"`
	Hi                              *float64 `json:"ci_high_pct"`
}

func (c comparison) key() string { return c.Benchmark + "/" + c.Of + "/" + c.Backend }

// compare runs `benchview compare base cur` and returns its lines, in order.
// Its exit status is not checked: a report with bad lines still compares
// the good ones, which is what the page must show too.
func compare(t tb, base, cur string) []comparison {
	t.Helper()
	cmd := exec.Command(binary(t), "compare", base, cur)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	var cs []comparison
	s := bufio.NewScanner(bytes.NewReader(out))
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		var c comparison
		if err := json.Unmarshal(s.Bytes(), &c); err != nil {
			t.Fatalf("benchview compare printed %q: %v", s.Text(), err)
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		t.Fatalf("benchview compare %s %s printed nothing (stderr: %s)", base, cur, stderr.String())
	}
	return cs
}

// checkVerdicts checks that the rows with a data-verdict are exactly the
// rows benchview compare prints, with its verdicts.
func checkVerdicts(t *testing.T, rows []pageRow, want []comparison) {
	t.Helper()
	got := map[string]string{}
	for _, r := range rows {
		if r.Verdict != "" {
			got[r.Key] = r.Verdict
		}
		if (r.Verdict == "") == (r.State == "") {
			t.Errorf("row %s has data-verdict %q and data-state %q: want exactly one", r.Key, r.Verdict, r.State)
		}
	}
	for _, c := range want {
		if got[c.key()] != c.Verdict {
			t.Errorf("row %s: data-verdict %q, benchview compare says %q", c.key(), got[c.key()], c.Verdict)
		}
		delete(got, c.key())
	}
	for k, v := range got {
		t.Errorf("row %s has data-verdict %q, but benchview compare has no such row", k, v)
	}
}

// intervalChart is what ECharts holds for #interval-chart.
type intervalChart struct {
	Bars []struct {
		Name  string
		Value []float64
	}
	Marks []struct {
		Name  string
		Value []float64
	}
	Geomean       []float64 // the suite's bar, drawn first: [lo, lo, Δ, hi, hi]
	Width, Height int       // of the canvas ECharts drew into
}

func readIntervalChart(t tb, b *browser) intervalChart {
	t.Helper()
	return eval[intervalChart](t, b, `(() => {
		const el = document.getElementById("interval-chart");
		const o = echarts.getInstanceByDom(el).getOption();
		const canvas = el.querySelector("canvas");
		return {
			Bars: o.series[0].data.filter(d => d.name !== "geomean").map(d => ({Name: d.name, Value: d.value ?? null})),
			Geomean: o.series[0].data.find(d => d.name === "geomean")?.value ?? null,
			Marks: (o.series[1].data ?? []).map(d => ({Name: d.name, Value: d.value})),
			Width: canvas ? canvas.width : 0, Height: canvas ? canvas.height : 0,
		};
	})()`)
}

func TestGoldenReportsShowTheVerdictsOfCompare(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	for _, set := range []string{"a", "b", "c"} {
		t.Run(set, func(t *testing.T) {
			base, cur := golden(set)
			b.load(t, base, cur)
			want := compare(t, base, cur)
			rows := tableRows(t, b)
			checkVerdicts(t, rows, want)
			if rows[0].Verdict != "regression" && strings.Contains(strings.Join(verdicts(want), ","), "regression") {
				t.Errorf("the table starts with %s (%s), want the regressions first", rows[0].Key, rows[0].Verdict)
			}
			checkIntervalChart(t, b, rows, want)
		})
	}
}

func verdicts(cs []comparison) []string {
	var v []string
	for _, c := range cs {
		v = append(v, c.Verdict)
	}
	return v
}

// checkIntervalChart checks the bars ECharts drew: one per row with a
// verdict, in the table's order, each at benchview compare's Δ and interval
// (which it prints to two decimals).
func checkIntervalChart(t *testing.T, b *browser, rows []pageRow, want []comparison) {
	t.Helper()
	ch := readIntervalChart(t, b)
	if ch.Width == 0 || ch.Height == 0 {
		t.Errorf("the interval chart's canvas is %d×%d", ch.Width, ch.Height)
	}
	byKey := map[string]comparison{}
	for _, c := range want {
		byKey[c.key()] = c
	}
	var order []string
	for _, r := range rows {
		if r.Verdict != "" {
			order = append(order, r.Key)
		}
	}
	if len(ch.Bars) != len(order) {
		t.Fatalf("%d bars for %d compared rows", len(ch.Bars), len(order))
	}
	marks := map[string][]float64{} // the underpowered rows' Δ, at their line
	for _, m := range ch.Marks {
		marks[m.Name] = m.Value
	}
	near := func(got float64, want float64) bool { return math.Abs(got-want) <= 0.005+1e-9 }
	for i, key := range order {
		bar, c := ch.Bars[i], byKey[key]
		if bar.Name != key {
			t.Errorf("bar %d is %q, the table's row %d is %q", i, bar.Name, i, key)
			continue
		}
		if c.Lo == nil {
			m, ok := marks[key]
			if bar.Value != nil || !ok || !near(m[0], c.Delta) || int(m[1]) != i {
				t.Errorf("%s is %s: bar %v and mark %v, want no bar and a mark at Δ %.2f on line %d", key, c.Verdict, bar.Value, m, c.Delta, i)
			}
			continue
		}
		if len(bar.Value) != 5 || !near(bar.Value[0], *c.Lo) || !near(bar.Value[4], *c.Hi) || !near(bar.Value[2], c.Delta) {
			t.Errorf("%s: bar %v, want [%.2f … %.2f … %.2f]", key, bar.Value, *c.Lo, c.Delta, *c.Hi)
		}
	}
}

// samples reads every row's samples from a report, by key.
func samples(t tb, path string) map[string][]uint64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	m := map[string][]uint64{}
	for _, line := range strings.Split(string(data), "\n") {
		var r struct {
			Benchmark, Kind, Backend string
			Wall                     struct{ Samples []uint64 } `json:"wall_ns"`
		}
		if json.Unmarshal([]byte(line), &r) == nil && r.Wall.Samples != nil {
			m[r.Benchmark+"/"+r.Kind+"/"+r.Backend] = r.Wall.Samples
		}
	}
	return m
}

// runOrderChart is what ECharts holds for a .run-order-chart.
type runOrderChart struct {
	Unit   string
	Series []struct {
		Name   string
		Data   []float64
		Median float64
	}
	Width, Height int
}

var units = map[string]float64{"ns": 1, "µs": 1e3, "ms": 1e6, "s": 1e9}

func readRunOrderChart(t tb, b *browser, key string) runOrderChart {
	t.Helper()
	return eval[runOrderChart](t, b, `(() => {
		const el = [...document.querySelectorAll(".run-order-chart")].find(e => e.dataset.row === `+jsString(key)+`);
		const o = echarts.getInstanceByDom(el).getOption();
		const canvas = el.querySelector("canvas");
		return {
			Unit: o.yAxis[0].name,
			Series: o.series.filter(s => s.type === "scatter").map(s => ({Name: s.name, Data: s.data, Median: s.markLine.data[0].yAxis})),
			Width: canvas ? canvas.width : 0, Height: canvas ? canvas.height : 0,
		};
	})()`)
}

// When the workers fail to start, the page computes the rows itself and
// still shows compare's verdicts.
func TestWithoutWorkersThePageComputes(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	b.runFirst(t, `
		window.Worker = class {
			constructor() { setTimeout(() => this.onerror && this.onerror(new Event("error")), 10); }
			postMessage() {}
		};`)
	base, cur := golden("a")
	b.load(t, base, cur)
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}

// The workers read the reports; one that fails while it reads loses no
// report: the page reads that side itself, and the review is compare's,
// its bad lines named, whichever side's worker failed.
func TestAWorkerFailingWhileItReadsLosesNoReport(t *testing.T) {
	for _, failing := range []string{"benchview-0", "benchview-1"} {
		t.Run(failing, func(t *testing.T) {
			b := open(t, serve(t))
			b.twoWorkers(t) // one read each
			b.runFirst(t, `
				window.__readsFailed = 0;
				window.Worker = class extends Worker {
					constructor(url, options) { super(url, options); this.fails = options && options.name === `+jsString(failing)+`; }
					postMessage(m, transfer) {
						if (this.fails && m && m.read) {
							__readsFailed++;
							setTimeout(() => this.onerror && this.onerror(new Event("error")), 5);
							return;
						}
						super.postMessage(m, transfer);
					}
				};`)
			base := filepath.Join("..", "testdata", "base-a.jsonl")
			cur := filepath.Join("testdata", "bad-cur.jsonl")
			b.load(t, base, cur)
			if n := eval[int](t, b, `__readsFailed`); n != 1 {
				t.Fatalf("%d reads failed in %s, want one", n, failing)
			}
			checkBadLinesNamed(t, b, base, cur)
		})
	}
}

func TestClickingARowShowsItsRunOrder(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	base, cur := golden("b")
	b.load(t, base, cur)
	rows := tableRows(t, b)
	key := rows[len(rows)/2].Key
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+key+`"] .row-name`)))
	b.waitFor(t, "the run-order chart of "+key, ready+` && [...document.querySelectorAll(".run-order-chart")].some(e => e.dataset.row === `+jsString(key)+`)`)
	for _, r := range tableRows(t, b) {
		if r.Selected != (r.Key == key) {
			t.Errorf("row %s selected = %v after clicking %s", r.Key, r.Selected, key)
		}
	}
	ch := readRunOrderChart(t, b, key)
	if ch.Width == 0 || ch.Height == 0 {
		t.Errorf("the run-order chart's canvas is %d×%d", ch.Width, ch.Height)
	}
	scale, ok := units[ch.Unit]
	if !ok {
		t.Fatalf("the y axis is in %q", ch.Unit)
	}
	want := map[string][]uint64{"Baseline": samples(t, base)[key], "Current": samples(t, cur)[key]}
	if len(ch.Series) != 2 {
		t.Fatalf("%d series, want Baseline and Current", len(ch.Series))
	}
	for _, s := range ch.Series {
		w := want[s.Name]
		if len(s.Data) != len(w) {
			t.Errorf("%s: %d points, the report has %d samples", s.Name, len(s.Data), len(w))
			continue
		}
		for i := range w {
			if got := s.Data[i] * scale; math.Abs(got-float64(w[i])) > 1e-6*float64(w[i]) {
				t.Errorf("%s point %d is %v %s, sample %d of the run is %d ns", s.Name, i+1, s.Data[i], ch.Unit, i+1, w[i])
			}
		}
	}

	// Clicking a bar selects its row in the table too: a real mouse click at
	// the pixel where ECharts drew the row's Δ, inside its bar.
	other := rows[0].Key
	at := eval[[]float64](t, b, `(() => {
		const el = document.getElementById("interval-chart");
		const c = echarts.getInstanceByDom(el);
		const data = c.getOption().series[0].data;
		const i = data.findIndex(d => d.name === `+jsString(other)+`);
		const [x, y] = c.convertToPixel({seriesIndex: 0}, [data[i].value[2], i]);
		const box = el.closest(".chart-scroll"); // the bars scroll inside it
		box.scrollIntoView({block: "start"});
		box.scrollTop = y - box.clientHeight / 2;
		const r = el.getBoundingClientRect();
		return [r.left + x, r.top + y];
	})()`)
	b.do(t, chromedp.MouseClickXY(at[0], at[1]))
	b.waitFor(t, "the clicked bar's row to be selected", `document.querySelector("tr.selected")?.dataset.row === `+jsString(other))

	// On demand, every row with samples gets its run-order chart.
	b.do(t, chromedp.Click(chromedp.ID("show-all-run-order")))
	b.waitFor(t, "every run-order chart", ready+` && document.querySelectorAll(".run-order-chart").length > 1`)
	drawn := eval[[]string](t, b, `[...document.querySelectorAll(".run-order-chart")].filter(e => echarts.getInstanceByDom(e)?.getOption().series.length > 0).map(e => e.dataset.row)`)
	withSamples := 0
	for _, r := range tableRows(t, b) {
		if samples(t, base)[r.Key] != nil || samples(t, cur)[r.Key] != nil {
			withSamples++
		}
	}
	if len(drawn) != withSamples {
		t.Errorf("%d run-order charts drawn, want one for each of the %d rows with samples", len(drawn), withSamples)
	}
}

func TestABadLineIsNamedAndTheGoodRowsStay(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	base := filepath.Join("..", "testdata", "base-a.jsonl")
	cur := filepath.Join("testdata", "bad-cur.jsonl")
	b.load(t, base, cur)
	checkBadLinesNamed(t, b, base, cur)
}

// checkBadLinesNamed checks that the page, with base and bad-cur.jsonl
// loaded, names the two bad lines in its alert and shows compare's
// verdicts for the rest.
func checkBadLinesNamed(t *testing.T, b *browser, base, cur string) {
	t.Helper()
	alert := eval[string](t, b, `document.querySelector("[role=alert]")?.textContent ?? ""`)
	for _, line := range []string{"bad-cur.jsonl:2:", "bad-cur.jsonl:5:"} {
		if !strings.Contains(alert, line) {
			t.Errorf("the alert %q does not name %s", alert, line)
		}
	}
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}

func TestHostileNamesAreText(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	base, cur := filepath.Join("testdata", "hostile-base.jsonl"), filepath.Join("testdata", "hostile-cur.jsonl")
	b.load(t, base, cur)
	names := map[string]bool{}
	for key := range samples(t, cur) {
		names[key] = true
	}
	rows := tableRows(t, b)
	for _, r := range rows {
		if !names[r.Name] || r.Name != r.Key {
			t.Errorf("a row shows %q (data-row %q), not one of the report's names as text", r.Name, r.Key)
		}
	}
	// Show every tooltip of the interval bars and select each row, so that
	// every place a name is written has been written.
	for _, r := range rows {
		b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+strings.ReplaceAll(strings.ReplaceAll(r.Key, `\`, `\\`), `"`, `\"`)+`"] .row-name`)))
		b.waitFor(t, "the selection of "+r.Key, ready+` && document.querySelector("tr.selected")?.dataset.row === `+jsString(r.Key))
	}
	tips := eval[[]string](t, b, `(() => {
		const el = document.getElementById("interval-chart");
		const c = echarts.getInstanceByDom(el);
		const texts = [];
		c.getOption().series[0].data.forEach((d, i) => {
			c.dispatchAction({type: "showTip", seriesIndex: 0, dataIndex: i});
			const tip = [...el.children].find(e => e.querySelector("strong"));
			texts.push(tip ? tip.querySelector("strong").textContent : "");
		});
		return texts;
	})()`)
	for _, tip := range tips {
		if strings.HasPrefix(tip, "geomean over ") { // the suite's bar, which no report names
			continue
		}
		if !names[tip] {
			t.Errorf("a tooltip names %q, not one of the report's names as text", tip)
		}
	}
	time.Sleep(500 * time.Millisecond) // an injected image would have failed to load by now
	if pwned := eval[string](t, b, `String(window.__pwned)`); pwned != "undefined" {
		t.Errorf("a name ran as script: window.__pwned = %s", pwned)
	}
	if n := eval[int](t, b, `document.querySelectorAll("img, script:not([src]), b").length`); n != 0 {
		t.Errorf("%d elements made from a name (img, inline script, b)", n)
	}
}

func TestReportsNamedInTheAddressLoad(t *testing.T) {
	base, cur := golden("a")
	srv := serve(t, base, cur)
	if srv.Query().Get("baseline") == "" || srv.Query().Get("current") == "" {
		t.Fatalf("the server printed %s, with no ?baseline=…&current=…", srv)
	}
	b := open(t, srv)
	b.do(t, chromedp.Navigate(srv.String()))
	b.waitFor(t, "the named reports", ready)
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))

	// A relative URL, as a static site names its reports, loads too.
	b.do(t, chromedp.Navigate(b.origin+"/?baseline=examples/base-c.jsonl&current=examples/cur-c.jsonl"))
	b.waitFor(t, "the bundled example c", ready+` && document.querySelector("label[for=current-file] .zone-file").textContent === "cur-c.jsonl"`)
	base, cur = golden("c")
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}

func TestAReportThatCannotBeLoadedIsAnError(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	exampleA := rowKeys(t, filepath.Join("..", "web", "examples", "base-a.jsonl"))
	const foreign = "only reports from this page's own origin"
	// Another origin, however it is spelled, is refused before any request
	// is made (the browser's origin check would fail the test otherwise).
	cases := []struct{ query, alert string }{
		{"?baseline=examples/missing.jsonl", "missing.jsonl: HTTP 404"},
		{"?baseline=http://example.com/base.jsonl", foreign},
	}
	for _, ref := range []string{
		"//example.com/base.jsonl",
		"https://" + srv.Host + "/examples/base-a.jsonl",
		"http://" + srv.Hostname() + ":1/base.jsonl",
		"http://" + srv.Host + "@example.com/base.jsonl",
		"data:application/json,{}",
		"javascript:alert(1)",
	} {
		cases = append(cases, struct{ query, alert string }{"?baseline=" + url.QueryEscape(ref), foreign})
	}
	cases = append(cases, struct{ query, alert string }{"?baseline=examples/base-a.jsonl&current=" + url.QueryEscape("http://example.com/cur.jsonl"), foreign})
	b.watchStates(t)
	for _, c := range cases {
		b.do(t, chromedp.Navigate(b.origin+"/"+c.query))
		b.waitFor(t, "the error state for "+c.query, `document.body.dataset.state === "error"`)
		// A while more: the page's warm-up goes on after an error.
		eval[bool](t, b, `new Promise((resolve) => setTimeout(() => resolve(true), 300))`)
		// The alert is there as soon as the state says error, and the
		// rows are the page's own: no other row, such as the warm-up's
		// made-up ones, is in the document while it says so.
		var shown []stateChange
		for _, s := range states(t, b) {
			if s.State == "error" {
				shown = append(shown, s)
			}
		}
		if len(shown) == 0 {
			t.Fatalf("%s: the page says error, but nothing was recorded then", c.query)
		}
		for _, s := range shown {
			if !strings.Contains(s.Alert, c.alert) {
				t.Errorf("%s: when the page said error, the alert said %q, want it to say %q", c.query, s.Alert, c.alert)
			}
			if i := slices.IndexFunc(s.Rows, func(key string) bool {
				return !strings.HasPrefix(c.query, "?baseline=examples/base-a.jsonl") || !exampleA[key]
			}); i >= 0 {
				t.Errorf("%s: when the page said error, it showed rows %q, and no report loaded has %s", c.query, s.Rows, s.Rows[i])
			}
		}
	}
}

// rowKeys is the keys of the rows of the report at path.
func rowKeys(t tb, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	keys := map[string]bool{}
	for line := range strings.Lines(string(data)) {
		var r struct{ Benchmark, Kind, Backend string }
		if json.Unmarshal([]byte(line), &r) == nil && r.Benchmark != "" {
			keys[r.Benchmark+"/"+r.Kind+"/"+r.Backend] = true
		}
	}
	return keys
}

func TestOneReportAloneIsAView(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	_, cur := golden("b")
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	b.setFile(t, "#current-file", cur)
	b.waitFor(t, "the lone report", ready)
	rows := tableRows(t, b)
	want := samples(t, cur)
	if len(rows) != len(want) {
		t.Errorf("%d rows, the report has %d rows with samples", len(rows), len(want))
	}
	for _, r := range rows {
		if r.Verdict != "" || r.State != "only-in-current" {
			t.Errorf("row %s: data-verdict %q, data-state %q; a lone current report has rows only in it", r.Key, r.Verdict, r.State)
		}
	}
	key := rows[0].Key
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+key+`"] .row-name`)))
	b.waitFor(t, "the lone row's run order", ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(key))
	ch := readRunOrderChart(t, b, key)
	if len(ch.Series) != 1 || ch.Series[0].Name != "Current" || len(ch.Series[0].Data) != len(want[key]) {
		t.Errorf("the run order of a lone report's row has series %+v", ch.Series)
	}
}

func TestTheViewLivesInTheFragment(t *testing.T) {
	base, cur := golden("a")
	srv := serve(t, base, cur)
	b := open(t, srv)
	want := compare(t, base, cur)
	// The link sorts, filters, searches and selects: the rows inside the
	// noise whose name has "er", by Δ descending, one of them selected.
	const search = "er"
	var noise, found []string
	for _, c := range want {
		if c.Verdict == "inside the noise" {
			noise = append(noise, c.key())
			if strings.Contains(c.key(), search) {
				found = append(found, c.key())
			}
		}
	}
	if len(found) < 3 || len(found) == len(noise) {
		t.Fatalf("golden a has %d rows inside the noise, %d with %q; the test needs three, and some without", len(noise), len(found), search)
	}
	first, second := found[0], found[1]
	b.do(t, chromedp.Navigate(srv.String()+"#sort=delta&desc=1&filter=inside+the+noise&q="+search+"&row="+urlQuery(first)))
	b.waitFor(t, "the restored view", ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(first))

	if v := eval[string](t, b, `document.getElementById("verdict-filter").value`); v != "inside the noise" {
		t.Errorf("the filter shows %q", v)
	}
	if v := eval[string](t, b, `document.getElementById("search").value`); v != search {
		t.Errorf("the search box holds %q, the link says %q", v, search)
	}
	if v := eval[string](t, b, `document.querySelector("th[data-col=delta]").getAttribute("aria-sort")`); v != "descending" {
		t.Errorf("the Δ column is sorted %q, the link says descending", v)
	}
	rows := tableRows(t, b)
	var keys []string
	for _, r := range rows {
		keys = append(keys, r.Key)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, slices.Sorted(slices.Values(found))) {
		t.Errorf("rows shown %q, want the rows inside the noise with %q: %q", keys, search, found)
	}
	deltas := eval[[]string](t, b, `[...document.querySelectorAll("tr[data-row] td.delta")].map(td => td.textContent)`)
	for i := 1; i < len(deltas); i++ {
		if parsePercent(deltas[i-1]) < parsePercent(deltas[i]) {
			t.Errorf("Δ column %v is not descending", deltas)
			break
		}
	}
	for _, r := range rows {
		if r.Selected != (r.Key == first) {
			t.Errorf("row %s selected = %v, the fragment selects %s", r.Key, r.Selected, first)
		}
	}

	// A new selection is a history entry; typing a search is not.
	length := eval[int](t, b, `history.length`)
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+second+`"] .row-name`)))
	b.waitFor(t, "the second selection in the address", `location.hash.includes(`+jsString("row="+urlQuery(second))+`)`)
	b.do(t, chromedp.SendKeys(chromedp.CSS("#search"), "v"))
	b.waitFor(t, "the search in the address", `location.hash.includes("q=`+search+`v")`)
	if n := eval[int](t, b, `history.length`); n != length+1 {
		t.Errorf("history grew by %d for one selection and one search, want 1", n-length)
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`history.back()`))
	b.waitFor(t, "back to undo the selection", ready+` && document.querySelector("tr.selected")?.dataset.row === `+jsString(first))
	if v := eval[string](t, b, `document.getElementById("search").value`); v != search {
		t.Errorf("after Back, the search box holds %q, want the link's %q", v, search)
	}
}

func urlQuery(s string) string {
	r := strings.NewReplacer("/", "%2F", " ", "+")
	return r.Replace(s)
}

func parsePercent(s string) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(s, "+"), "%"), 64)
	return f
}

func TestSwapAndDropBothAtOnce(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	base, cur := golden("a")
	b.load(t, base, cur)
	b.do(t, chromedp.Click(chromedp.ID("swap")))
	b.waitFor(t, "the swapped review", ready+` && document.querySelector("label[for=baseline-file] .zone-file").textContent === "cur-a.jsonl"`)
	checkVerdicts(t, tableRows(t, b), compare(t, cur, base))

	// Two files dropped at once anywhere: the older is the baseline,
	// whatever order they come in.
	eval[bool](t, b, `(async () => {
		const text = async (u) => (await fetch(u)).text();
		const dt = new DataTransfer();
		dt.items.add(new File([await text("examples/cur-b.jsonl")], "cur-b.jsonl", {lastModified: 2000000000000}));
		dt.items.add(new File([await text("examples/base-b.jsonl")], "base-b.jsonl", {lastModified: 1000000000000}));
		document.querySelector("main").dispatchEvent(new DragEvent("drop", {bubbles: true, cancelable: true, dataTransfer: dt}));
		return true;
	})()`)
	b.waitFor(t, "the dropped pair", ready+` && document.querySelector("label[for=baseline-file] .zone-file").textContent === "base-b.jsonl"`+
		` && document.querySelector("label[for=current-file] .zone-file").textContent === "cur-b.jsonl"`)
	base, cur = golden("b")
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}

// TestScreenshots writes the page with golden a loaded, light and dark, at
// 1280×800; golden b with its drifting row selected; and a bad file's
// alert. BENCHVIEW_SCREENSHOT=1 also copies the light one to
// docs/screenshot.png.
func TestScreenshots(t *testing.T) {
	base, cur := golden("a")
	srv := serve(t, base, cur)
	b := open(t, srv)
	dir := filepath.Join(os.TempDir(), "benchview-screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b.emulateScheme(t, "light")
	b.do(t, chromedp.Navigate(srv.String()))
	b.waitFor(t, "golden a", ready)
	first := tableRows(t, b)[0].Key
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="`+first+`"] .row-name`)))
	b.waitFor(t, "the selected row's chart", ready+` && document.querySelector(".run-order-chart") !== null`)
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	// The review's parts appear a frame each; each must land in its place.
	order := eval[[]string](t, b, `[...document.querySelector(".review").children].filter(e => !e.hidden).map(e => e.className)`)
	if want := []string{"summary", "toolbar", "charts", "results"}; !slices.Equal(order, want) {
		t.Errorf("the review's parts are %q, want %q", order, want)
	}
	light := b.screenshot(t, dir, "light.png")
	t.Logf("screenshot (light): %s", light)

	b.emulateScheme(t, "dark")
	b.waitFor(t, "the dark theme drawn", ready+` && echarts.getInstanceByDom(document.getElementById("interval-chart")).getOption().tooltip[0].backgroundColor === "#1d222b"`)
	dark := b.screenshot(t, dir, "dark.png")
	t.Logf("screenshot (dark): %s", dark)

	// Golden b (the bundled example): three backends, 60 samples;
	// chars/interpreter/ast is a current run that drifted, its last
	// quarter 55% slower than its first.
	b.emulateScheme(t, "light")
	drift := "chars/interpreter/ast"
	b.do(t, chromedp.Navigate(b.origin+"/?baseline=examples/base-b.jsonl&current=examples/cur-b.jsonl#row="+urlQuery(drift)))
	b.waitFor(t, "golden b with "+drift, ready+` && document.querySelector(".run-order-chart")?.dataset.row === `+jsString(drift))
	t.Logf("screenshot (golden b, a drifting row): %s", b.screenshot(t, dir, "b-drift.png"))

	b.load(t, filepath.Join("..", "testdata", "base-a.jsonl"), filepath.Join("testdata", "bad-cur.jsonl"))
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	t.Logf("screenshot (a bad file): %s", b.screenshot(t, dir, "bad-file.png"))

	if os.Getenv("BENCHVIEW_SCREENSHOT") == "1" {
		png, err := os.ReadFile(light)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join("..", "docs"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "docs", "screenshot.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestThePageSaysIdleOnlyOnceItsCodeIsWarm(t *testing.T) {
	// The cold first drop stays short because the viewer renders a
	// made-up review out of sight before it says idle (wasm/cmd/viewer's
	// warmReview): that hidden, inert review must enter the document, and
	// leave it, before the state first says idle.
	srv := serve(t)
	b := open(t, srv)
	b.runFirst(t, `
		window.__warm = {added: false, removed: false, idleFirst: false};
		new MutationObserver(records => {
			for (const r of records) {
				for (const n of r.addedNodes) {
					if (n.nodeType === 1 && n.inert && n.getAttribute("aria-hidden") === "true" && n.querySelector("main")) {
						window.__warm.added = true;
					}
				}
				for (const n of r.removedNodes) {
					if (n.nodeType === 1 && n.inert && window.__warm.added) window.__warm.removed = true;
				}
				if (r.type === "attributes" && document.body && document.body.dataset.state === "idle" && !window.__warm.removed) {
					window.__warm.idleFirst = true;
				}
			}
		}).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["data-state"]});`)
	b.do(t, chromedp.Navigate(b.origin+"/"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	warm := eval[map[string]bool](t, b, `window.__warm`)
	if !warm["added"] || !warm["removed"] {
		t.Errorf("the warm-up review never came and went before idle (added %v, removed %v)", warm["added"], warm["removed"])
	}
	if warm["idleFirst"] {
		t.Error("the page said idle while the warm-up review was still in it")
	}
}

// A bidirectional control in a name is shown, never obeyed: U+202E would
// reverse the rest of the row's name ("rtl<U+202E>dcba" reads as "rtlabcd"), so
// one row could pose as another. The table's name cell, the run-order
// panel's title and the row's card show the control as the command line
// does (visible.String: \u202e) in an isolated element, and the interval
// chart's axis labels and tooltips hold no raw bidi control. The
// repository's hostile reports (testdata/README.md) have such a name, and
// ESC, BEL, CR and LF, shown escaped the same way.
func TestBidiControlsInNamesAreShownAndIsolated(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	base, cur := filepath.Join("..", "testdata", "hostile-base.jsonl"), filepath.Join("..", "testdata", "hostile-cur.jsonl")
	b.load(t, base, cur)
	keys := []string{"rtl\u202edcba/vm/vm", "esc\x1b[2J\x1b]0;pwned\x07/interpreter/ast", "new\nline\r/interpreter/ast"}
	b.do(t, chromedp.Click(chromedp.ID("show-all-run-order")))
	b.waitFor(t, "every run-order card", ready+` && document.querySelectorAll(".card-name").length > 1`)
	type shown struct {
		Cell, Title, Card          string
		CellIso, TitleIso, CardIso bool
	}
	for _, key := range keys {
		b.do(t, chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("tr[data-row]")].find(tr => tr.dataset.row === `+jsString(key)+`).querySelector(".row-name").click()`))
		b.waitFor(t, "the selection of "+key, ready+` && document.querySelector("tr.selected")?.dataset.row === `+jsString(key)+` && document.querySelector(".run-order-name code") !== null`)
		got := eval[shown](t, b, `(() => {
			const cell = document.querySelector("tr.selected .row-name");
			const title = document.querySelector(".run-order-name code");
			const card = [...document.querySelectorAll(".card-name")].find(c => c.parentElement.querySelector(".run-order-chart")?.dataset.row === `+jsString(key)+`);
			const iso = (el) => !!el && (el.tagName === "BDI" || getComputedStyle(el).unicodeBidi === "isolate");
			return {Cell: cell.textContent, Title: title.textContent, Card: card ? card.textContent : "(no card)",
				CellIso: iso(cell) && [...cell.children].every(iso), TitleIso: iso(title), CardIso: iso(card)};
		})()`)
		want := visible.String(key)
		if got.Cell != want || got.Title != want || got.Card != want {
			t.Errorf("%+q shows as cell %+q, title %+q, card %+q; want the controls escaped: %q", key, got.Cell, got.Title, got.Card, want)
		}
		if !got.CellIso || !got.TitleIso || !got.CardIso {
			t.Errorf("%+q: isolated: cell %v, title %v, card %v; want all", key, got.CellIso, got.TitleIso, got.CardIso)
		}
	}
	texts := eval[[]string](t, b, `(() => {
		const el = document.getElementById("interval-chart");
		const c = echarts.getInstanceByDom(el);
		const o = c.getOption();
		const texts = o.yAxis[0].data.map(String);
		o.series[0].data.forEach((d, i) => {
			c.dispatchAction({type: "showTip", seriesIndex: 0, dataIndex: i});
			const tip = [...el.children].find(e => e.querySelector("strong"));
			texts.push(tip ? tip.querySelector("strong").textContent : "(no tooltip)");
		});
		return texts;
	})()`)
	for _, s := range texts {
		if strings.IndexFunc(s, visible.Unsafe) >= 0 {
			t.Errorf("an interval chart label or tooltip holds a raw control: %+q", s)
		}
	}
	if want := visible.String(keys[0]); !slices.Contains(texts, want) {
		t.Errorf("no interval chart label or tooltip reads %q: %+q", want, texts)
	}
}

// TestDropTwoFilesFromDisk drops two reports at once through the
// browser's own drag and drop, with files from disk, as a user drags
// them from a file manager: the older is the baseline.
func TestDropTwoFilesFromDisk(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	dir := t.TempDir()
	base, cur := golden("b")
	older, newer := filepath.Join(dir, "base-b.jsonl"), filepath.Join(dir, "cur-b.jsonl")
	for _, f := range []struct {
		from, to string
		at       time.Time
	}{{base, older, time.Unix(1_000_000_000, 0)}, {cur, newer, time.Unix(2_000_000_000, 0)}} {
		data, err := os.ReadFile(f.from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.to, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(f.to, f.at, f.at); err != nil {
			t.Fatal(err)
		}
	}
	b.do(t, chromedp.Navigate(b.origin+"/index.html"))
	b.waitFor(t, "the viewer to start", `document.body.dataset.state === "idle"`)
	// Given newest first, as a file manager may: the page orders them.
	b.dropFiles(t, newer, older)
	b.waitForPair(t, time.Minute, older, newer)
	checkVerdicts(t, tableRows(t, b), compare(t, base, cur))
}
