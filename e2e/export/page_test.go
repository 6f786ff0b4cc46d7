package exporte2e

import (
	"bufio"
	"encoding/json"
	"fmt"
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

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/tableview"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// comparison is one line of `benchview compare`.
type comparison struct {
	Benchmark, Of, Backend, Verdict string
	Delta                           json.Number `json:"delta_pct"`
	Lo                              json.Number `json:"ci_low_pct"`
	Hi                              json.Number `json:"ci_high_pct"`
}

func (c comparison) key() string { return c.Benchmark + "/" + c.Of + "/" + c.Backend }

// compare runs `benchview compare` and returns its lines by row.
func compare(t testing.TB, base, cur string) map[string]comparison {
	t.Helper()
	return compareExit(t, 0, base, cur)
}

// compareExit is compare wanting the exit status code (see the README's
// exit-status table).
func compareExit(t testing.TB, code int, base, cur string) map[string]comparison {
	t.Helper()
	out := make(map[string]comparison)
	for _, line := range strings.Split(strings.TrimSpace(benchviewExit(t, code, "compare", base, cur)), "\n") {
		var c comparison
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("compare printed %q: %v", line, err)
		}
		out[c.key()] = c
	}
	return out
}

// golden is the path of a report of the repository's golden set.
func golden(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// export runs `benchview export -o` into a new folder and returns the
// page's file:// URL.
func export(t testing.TB, reports ...string) string {
	t.Helper()
	return exportExit(t, 0, reports...)
}

// exportExit is export wanting the exit status code.
func exportExit(t testing.TB, code int, reports ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "review.html")
	benchviewExit(t, code, append([]string{"export", "-o", out}, reports...)...)
	return "file://" + out
}

// openPage opens an exported page (with fragment, if any) in a browser that
// lets through no request but the page's own document, and waits until the
// page says it is ready: limit bounds the whole, loading included (a big
// page's load event comes late).
func openPage(t testing.TB, link string, limit time.Duration) *browser {
	t.Helper()
	return openPageIn(t, link, 1280, 1024, limit)
}

// openPageIn is openPage in a window of width×height CSS pixels.
func openPageIn(t testing.TB, link string, width, height int64, limit time.Duration) *browser {
	t.Helper()
	start := time.Now()
	doc, _, _ := strings.Cut(link, "#")
	b := newBrowserIn(t, "", func(u string) bool { return u == doc }, width, height)
	b.within(t, limit, chromedp.Navigate(link))
	waitReady(t, b, max(limit-time.Since(start), time.Second))
	return b
}

// onlyTheDocument fails when the page asked for anything but itself (the
// harness fails the test for a request it refused, and for what the
// page's own policy refused, when the test ends).
func onlyTheDocument(t testing.TB, b *browser, link string) {
	t.Helper()
	doc, _, _ := strings.Cut(link, "#")
	requests, _, _ := b.seen()
	for _, r := range requests {
		if r != doc {
			t.Errorf("the page requested %q", r)
		}
	}
}

// tableRow is a row of the page's table as a reader sees it.
type tableRow struct {
	Key, Verdict, State string
	Name                string // the row's name as its first cell shows it
	Delta, Interval     string
	Hidden, Selected    bool
}

// readRow is a JavaScript function of a tr that reads it as a tableRow.
const readRow = `(tr) => ({
	Key: tr.dataset.row, Verdict: tr.dataset.verdict || '', State: tr.dataset.state || '', Name: tr.cells[0].textContent,
	Delta: tr.querySelector('td.delta').textContent, Interval: tr.querySelector('td.interval').textContent,
	Hidden: tr.hidden, Selected: tr.getAttribute('aria-selected') === 'true'})`

// table reads the table's rows in their displayed order. The table is
// virtual (only the rows in view and a margin either side are in the
// document), so it reads it as a reader would, scrolling it from top to
// bottom, then back to where it was.
func table(t testing.TB, b *browser) []tableRow {
	t.Helper()
	return evalAwait[[]tableRow](t, b, `(async () => {
		const box = document.getElementById('results-box');
		const read = `+readRow+`;
		const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
		const seen = new Map(), start = box.scrollTop;
		const collect = () => {
			for (const tr of box.querySelectorAll('#results tbody tr[data-row]')) if (!seen.has(tr.dataset.row)) seen.set(tr.dataset.row, read(tr));
		};
		box.scrollTop = 0;
		await frame();
		collect();
		// Each step scrolls the rows rendered below the view into it: no
		// row goes unread.
		const room = Math.max(1, box.clientHeight - box.querySelector('thead').offsetHeight);
		const below = () => {
			const rows = box.querySelectorAll('#results tbody tr[data-row]');
			const bottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
			return rows.length ? rows[rows.length - 1].getBoundingClientRect().bottom - bottom : 0;
		};
		while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
			const was = box.scrollTop;
			box.scrollTop = was + Math.max(room, below());
			await frame();
			collect();
			if (box.scrollTop === was) break;
		}
		box.scrollTop = start;
		await frame();
		return Array.from(seen.values());
	})()`)
}

// rendered reads the rows of the table that are in the document, in
// their order: those in view and a margin.
func rendered(t testing.TB, b *browser) []tableRow {
	t.Helper()
	return eval[[]tableRow](t, b, `Array.from(document.querySelectorAll('#results tbody tr[data-row]'), `+readRow+`)`)
}

func visible(rows []tableRow) []tableRow {
	var out []tableRow
	for _, r := range rows {
		if !r.Hidden {
			out = append(out, r)
		}
	}
	return out
}

// number reads a percentage as the page shows it ("+3.79%") in the form
// compare prints it ("3.79"); NaN when the cell has none.
func number(cell string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(cell, "+"), "%"), 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

// sameNumber reports whether the page's cell shows compare's number.
func sameNumber(cell string, printed json.Number) bool {
	if printed == "" {
		return number(cell) != number(cell) // both absent
	}
	want, err := printed.Float64()
	return err == nil && number(cell) == want
}

// sampledKeys are the rows of a report that carry samples.
func sampledKeys(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var keys []string
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<24)
	for s.Scan() {
		var l struct {
			Benchmark, Kind, Backend string
			Wall                     struct{ Samples []uint64 } `json:"wall_ns"`
		}
		if json.Unmarshal(s.Bytes(), &l) == nil && len(l.Wall.Samples) > 0 {
			keys = append(keys, l.Benchmark+"/"+l.Kind+"/"+l.Backend)
		}
	}
	return keys
}

func TestGoldenPagesShowTheVerdictsOfCompare(t *testing.T) {
	for _, set := range []string{"a", "b", "c"} {
		t.Run(set, func(t *testing.T) {
			base, cur := golden(t, "base-"+set+".jsonl"), golden(t, "cur-"+set+".jsonl")
			want := compare(t, base, cur)
			page := export(t, base, cur)
			b := openPage(t, page, 60*time.Second)
			rows := table(t, b)

			shown := make(map[string]tableRow)
			for _, r := range rows {
				if _, dup := shown[r.Key]; dup {
					t.Errorf("row %s shown twice", r.Key)
				}
				shown[r.Key] = r
				if r.Verdict == "" && r.State == "" {
					t.Errorf("row %s has neither data-verdict nor data-state", r.Key)
				}
				if _, compared := want[r.Key]; r.Verdict != "" && !compared {
					t.Errorf("row %s has verdict %q, but compare prints no line for it", r.Key, r.Verdict)
				}
			}
			for k, c := range want {
				r, ok := shown[k]
				switch {
				case !ok:
					t.Errorf("row %s is missing", k)
				case r.State == "not-ok" || r.State == "unsupported":
					// compare compares a row a run flagged, as the reference
					// does; the page shows it flagged, never as a verdict.
				case r.Verdict != c.Verdict:
					t.Errorf("row %s: verdict %q, compare says %q", k, r.Verdict, c.Verdict)
				case !sameNumber(r.Delta, c.Delta):
					t.Errorf("row %s: Δ %q, compare says %s", k, r.Delta, c.Delta)
				case c.Lo == "" && r.Interval != "—",
					c.Lo != "" && r.Interval != fmt.Sprintf("[%s%%, %s%%]", signed(c.Lo), signed(c.Hi)):
					t.Errorf("row %s: interval %q, compare says [%s, %s]", k, r.Interval, c.Lo, c.Hi)
				}
			}
			for _, path := range []string{base, cur} {
				for _, k := range sampledKeys(t, path) {
					if _, ok := shown[k]; !ok {
						t.Errorf("row %s of %s is missing", k, filepath.Base(path))
					}
				}
			}
			if first := rows[0]; len(want) > 0 && hasRegression(want) && first.Verdict != "regression" {
				t.Errorf("the table starts with %s (%s %s), not a regression", first.Key, first.Verdict, first.State)
			}
			charted := eval[int](t, b, `(() => { const c = echarts.getInstanceByDom(document.getElementById('interval-chart'));
				return c ? document.querySelectorAll('#interval-chart canvas').length : -1; })()`)
			if charted < 1 {
				t.Errorf("the interval chart is not drawn (%d canvases)", charted)
			}
			onlyTheDocument(t, b, page)
			noErrors(t, b)
		})
	}
}

// signed is a number as the page shows it: a sign when positive, none on zero.
func signed(n json.Number) string {
	s := string(n)
	switch {
	case s == "0.00" || s == "-0.00":
		return "0.00"
	case strings.HasPrefix(s, "-"):
		return s
	}
	return "+" + s
}

func hasRegression(m map[string]comparison) bool {
	for _, c := range m {
		if c.Verdict == "regression" {
			return true
		}
	}
	return false
}

func TestAClickedRowShowsItsRunOrderAndBackUndoesIt(t *testing.T) {
	page := export(t, golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl"))
	b := openPage(t, page, 60*time.Second)
	row := table(t, b)[2]
	b.do(t, chromedp.Click(chromedp.CSS(`#results tbody tr:nth-child(3) td.verdict`)))
	chart := `.run-order-chart[data-row=` + js(row.Key) + `]`
	waitFor(t, b, "the run-order chart of "+row.Key,
		`document.querySelector(`+js(chart+` canvas`)+`) && echarts.getInstanceByDom(document.querySelector(`+js(chart)+`))`, 10*time.Second)
	if loc := eval[string](t, b, `location.hash`); !strings.Contains(loc, "row=") {
		t.Errorf("the address does not hold the selection: %q", loc)
	}
	if sel := visibleSelected(table(t, b)); sel != row.Key {
		t.Errorf("selected row %q, want %q", sel, row.Key)
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`history.back()`))
	waitFor(t, b, "Back to undo the selection", `document.querySelector('#detail .run-order-chart').hidden`, 10*time.Second)
	if sel := visibleSelected(table(t, b)); sel != "" {
		t.Errorf("after Back, row %q is still selected", sel)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}

func visibleSelected(rows []tableRow) string {
	for _, r := range rows {
		if r.Selected {
			return r.Key
		}
	}
	return ""
}

func TestSortAndFilter(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	want := compare(t, base, cur)
	page := export(t, base, cur)
	b := openPage(t, page, 60*time.Second)

	// Every column, both ways, orders the rows as tableview orders them
	// (for the viewer too): one source of truth.
	rows := reviewRows(t, base, cur)
	tab := tableview.New(rows, true)
	for _, col := range []string{"name", "verdict", "cur-median", "interval", "base-n", "delta"} {
		ways := []bool{false, true}
		if col == "delta" || col == "interval" {
			ways = []bool{true, false} // the largest shift first, then the other way
		}
		for _, desc := range ways {
			b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=`+col+`] button`)))
			var got, want []string
			for _, r := range table(t, b) {
				got = append(got, r.Key)
			}
			for _, i := range tab.Order(col, desc) {
				want = append(want, tab.Name(i))
			}
			if !slices.Equal(got, want) {
				t.Errorf("sorted by %s (desc %v), the page shows\n%q\ntableview orders\n%q", col, desc, got, want)
			}
		}
	}
	b.do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
	checkOrder(t, table(t, b), true) // by Δ, descending

	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('verdict-filter');
		s.value = 'regression'; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
	regressions := 0
	for _, c := range want {
		if c.Verdict == "regression" {
			regressions++
		}
	}
	shown := visible(table(t, b))
	if len(shown) != regressions {
		t.Errorf("filter regression shows %d rows, compare has %d regressions", len(shown), regressions)
	}
	for _, r := range shown {
		if r.Verdict != "regression" {
			t.Errorf("filter regression shows %s (%s%s)", r.Key, r.Verdict, r.State)
		}
	}

	b.do(t, chromedp.SendKeys(chromedp.ID("search"), "vm"))
	for _, r := range visible(table(t, b)) {
		if r.Verdict != "regression" || !strings.Contains(r.Key, "vm") {
			t.Errorf("filter regression and search vm show %s (%s%s)", r.Key, r.Verdict, r.State)
		}
	}
	hash := eval[string](t, b, `location.hash`)
	if want := "#" + (tableview.View{Sort: "delta", Desc: true, Filter: "regression", Search: "vm"}).Fragment(); hash != want {
		t.Errorf("the address holds %q, tableview writes %q", hash, want)
	}
	// A search of characters the two escapers treat differently.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('search');
		s.value = "a~b*c (d)! 'e' é/+&"; s.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	hash = eval[string](t, b, `location.hash`)
	if want := "#" + (tableview.View{Sort: "delta", Desc: true, Filter: "regression", Search: "a~b*c (d)! 'e' é/+&"}).Fragment(); hash != want {
		t.Errorf("the address holds %q, tableview writes %q", hash, want)
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}

// checkOrder fails unless rows are sorted by Δ, rows with none last.
func checkOrder(t *testing.T, rows []tableRow, desc bool) {
	t.Helper()
	last, seenNone := math.NaN(), false
	for _, r := range rows {
		d := number(r.Delta)
		switch {
		case math.IsNaN(d):
			seenNone = true
		case seenNone:
			t.Fatalf("row %s (Δ %s) follows a row with no Δ", r.Key, r.Delta)
		case !math.IsNaN(last) && ((!desc && d < last) || (desc && d > last)):
			t.Fatalf("row %s (Δ %s) out of order (desc=%v) after %v", r.Key, r.Delta, desc, last)
		}
		if !math.IsNaN(d) {
			last = d
		}
	}
}

func TestAFragmentRestoresSortFilterAndSelection(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	var key string
	for k, c := range compare(t, base, cur) {
		if c.Verdict == "inside the noise" && strings.HasSuffix(k, "/vm") && (key == "" || k < key) {
			key = k
		}
	}
	if key == "" {
		t.Fatal("golden b has no row inside the noise on vm")
	}
	// The fragment as the viewer writes it (wasm/store.View.Fragment).
	link := export(t, base, cur) + "#sort=delta&desc=1&filter=inside+the+noise&q=vm&row=" + url.QueryEscape(key)
	b := openPage(t, link, 60*time.Second)

	if s := eval[string](t, b, `document.querySelector('th[data-col=delta]').getAttribute('aria-sort')`); s != "descending" {
		t.Errorf("Δ%% column aria-sort %q, want descending", s)
	}
	if f := eval[string](t, b, `document.getElementById('verdict-filter').value`); f != "inside the noise" {
		t.Errorf("filter %q, want inside the noise", f)
	}
	if q := eval[string](t, b, `document.getElementById('search').value`); q != "vm" {
		t.Errorf("search %q, want vm", q)
	}
	rows := table(t, b)
	shown := visible(rows)
	if len(shown) == 0 {
		t.Fatal("no row shown")
	}
	for _, r := range shown {
		if r.Verdict != "inside the noise" || !strings.Contains(r.Key, "vm") {
			t.Errorf("shown: %s (%s%s)", r.Key, r.Verdict, r.State)
		}
	}
	checkOrder(t, shown, true)
	if sel := visibleSelected(rows); sel != key {
		t.Errorf("selected %q, want %q", sel, key)
	}
	chart := `.run-order-chart[data-row=` + js(key) + `]`
	if n := eval[int](t, b, `document.querySelectorAll(`+js(chart+` canvas`)+`).length`); n < 1 {
		t.Errorf("no run-order chart drawn for %s", key)
	}
	onlyTheDocument(t, b, link)
	noErrors(t, b)
}

// TestTheTableShowsWithoutScript: the table waits out of the layout until
// page.js has put it in order; with script off, it must show at once.
func TestTheTableShowsWithoutScript(t *testing.T) {
	page := export(t, golden(t, "base-a.jsonl"), golden(t, "cur-a.jsonl"))
	b := newBrowser(t, func(u string) bool { return u == page })
	if _, err := chromedp.Call(b.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("turning script off: %v", err)
	}
	b.do(t, chromedp.Navigate(page))
	rows := eval[int](t, b, `Array.from(document.querySelectorAll('#results tbody tr[data-row]')).filter((tr) => tr.offsetHeight > 0).length`)
	if want := len(sampledKeys(t, golden(t, "cur-a.jsonl"))); rows < want {
		t.Errorf("with script off, %d rows of the table are shown, want at least %d", rows, want)
	}
	if state := eval[string](t, b, `document.body.dataset.state`); state != "loading" {
		t.Errorf("with script off, the page says it is %q", state)
	}
}

// TestADamagedPageShowsItsTableAndSaysSo: a page whose data or ECharts
// block was damaged (a file cut or edited in transit), or opened in a
// browser too old to unpack them, still shows its whole table, says in its
// alert what it cannot do, and says error, with nothing thrown and nothing
// fetched.
func TestADamagedPageShowsItsTableAndSaysSo(t *testing.T) {
	cur := golden(t, "cur-a.jsonl")
	good := strings.TrimPrefix(export(t, golden(t, "base-a.jsonl"), cur), "file://")
	html, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	rows := len(sampledKeys(t, cur))
	for _, c := range []struct{ name, block, before, alert string }{
		{"data", "benchview-data", "", "This page cannot read its own data (its block benchview-data is damaged)"},
		{"echarts", "benchview-echarts", "", "The charts cannot be drawn: the ECharts library inside this page cannot be read (its block benchview-echarts is damaged)"},
		{"old browser", "", "delete window.DecompressionStream", "This page cannot read its own data (this browser is too old to unpack it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := "file://" + good
			if c.block != "" {
				// The block's first bytes no longer start a gzip stream.
				open := `id="` + c.block + `">`
				at := strings.Index(string(html), open) + len(open)
				damaged := string(html[:at]) + "AAAA" + string(html[at+4:])
				path := filepath.Join(t.TempDir(), "damaged.html")
				if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
					t.Fatal(err)
				}
				page = "file://" + path
			}
			b := newBrowser(t, func(u string) bool { return u == page })
			if c.before != "" {
				if _, err := chromedp.Call(b.ctx, cdppage.AddScriptToEvaluateOnNewDocument,
					cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: c.before}); err != nil {
					t.Fatal(err)
				}
			}
			b.do(t, chromedp.Navigate(page))
			waitFor(t, b, "the error state", `document.body.dataset.state === 'error'`, time.Minute)
			said := eval[[]string](t, b, `Array.from(document.querySelectorAll('[role=alert] p'), (p) => p.textContent)`)
			if len(said) != 1 || !strings.Contains(said[0], c.alert) {
				t.Errorf("the alert says %q, want it to say %q, and nothing else", said, c.alert)
			}
			got := eval[struct{ Rows, Shown int }](t, b, `(() => { const trs = Array.from(document.querySelectorAll('#results tbody tr[data-row]'));
				return {Rows: trs.length, Shown: trs.filter((tr) => tr.offsetHeight > 0).length}; })()`)
			if got.Shown != got.Rows {
				t.Errorf("%d rows of the %d in the document are shown, want all", got.Shown, got.Rows)
			}
			// Without its data, the page shows the whole table, as without
			// script; without ECharts, the live table, virtual, whole as
			// it scrolls.
			if all := len(table(t, b)); all < rows {
				t.Errorf("the table has %d rows, want at least the %d of the current report", all, rows)
			}
			onlyTheDocument(t, b, page)
			noErrors(t, b)
		})
	}
}

// TestAnExportNamesReportsByTheirFileNames checks that a page exported from
// reports named by absolute paths names them as the viewer does, by their
// file names: the folders they sit in (a home folder, a user name) must not
// travel in a file meant to be shared. The page is byte for byte the one
// exported where the reports are, by bare names (which e2e's Download test
// checks against the viewer's), with a bad line so its problem is named too.
func TestAnExportNamesReportsByTheirFileNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home", "someone-private")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{golden(t, "base-b.jsonl"), filepath.Join("..", "testdata", "bad-cur.jsonl")} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(src)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	absolute := filepath.Join(t.TempDir(), "absolute.html")
	benchviewExit(t, 0, "export", "-o", absolute, filepath.Join(dir, "base-b.jsonl"), filepath.Join(dir, "bad-cur.jsonl"))
	page, err := os.ReadFile(absolute)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{dir, "someone-private"} {
		if i := strings.Index(string(page), leak); i >= 0 {
			t.Errorf("the page holds %q: …%s…", leak, page[max(0, i-80):min(len(page), i+80)])
		}
	}
	if !strings.Contains(string(page), "bad-cur.jsonl:") {
		t.Errorf("the page names no problem of bad-cur.jsonl by its file name")
	}

	bare := filepath.Join(t.TempDir(), "bare.html")
	cmd := exec.Command(binary(t), "export", "-o", bare, "base-b.jsonl", "bad-cur.jsonl")
	cmd.Dir = dir
	cmd.Run() // exit status 1 (the bad line) is checked above
	want, err := os.ReadFile(bare)
	if err != nil {
		t.Fatal(err)
	}
	if string(page) != string(want) {
		t.Errorf("the page exported by absolute paths (%d bytes) is not the page exported by file names (%d bytes)", len(page), len(want))
	}
}

// reviewRows reads a pair of reports and computes every row, as
// `benchview export` does.
func reviewRows(t *testing.T, base, cur string) []review.Row {
	t.Helper()
	read := func(path string) *report.Report {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r, err := report.Read(f, filepath.Base(path))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	rv := review.New(read(base), read(cur))
	for i := range rv.Rows {
		rv.Rows[i].Compute()
	}
	return rv.Rows
}
