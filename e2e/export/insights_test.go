package exporte2e

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// insightReports writes a baseline and a current report built for the
// insights, seed-fixed, into dir as base.jsonl and cur.jsonl: "drifting"
// (its current run slows by 10% over the run), "clean" (the same +5%
// shift, no drift), "noisy" (no real shift, ten samples of 5% lognormal
// noise: inside the noise), and 25 rows that did not change, so that
// chance matters.
func insightReports(t *testing.T, dir string, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	timings := func(median, spread, drift float64, n int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			trend := 1 + drift*(float64(i)/float64(n-1)-0.5)
			s[i] = uint64(median * trend * math.Exp(spread*rng.NormFloat64()))
		}
		return s
	}
	var b, c strings.Builder
	line := func(w *strings.Builder, name string, s []uint64) {
		j, _ := json.Marshal(s)
		fmt.Fprintf(w, `{"benchmark":%q,"kind":"interpreter","backend":"vm","ok":true,"wall_ns":{"samples":%s}}`+"\n", name, j)
	}
	row := func(name string, n int, spread, shift, drift float64) {
		line(&b, name, timings(1e6, spread, 0, n))
		line(&c, name, timings(1e6*(1+shift), spread, drift, n))
	}
	row("drifting", 60, 0.01, 0.05, 0.10)
	row("clean", 60, 0.01, 0.05, 0)
	row("noisy", 10, 0.05, 0, 0)
	for i := range 25 {
		row(fmt.Sprintf("steady/%d", i), 30, 0.02, 0, 0)
	}
	for name, s := range map[string]string{"base.jsonl": b.String(), "cur.jsonl": c.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compareIn runs `benchview compare ARGS base.jsonl cur.jsonl` in dir, so
// that it names the reports by their file names, as the page does.
func compareIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), append(append([]string{"compare"}, args...), "base.jsonl", "cur.jsonl")...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("benchview compare %v: %v", args, err)
	}
	return string(out)
}

// pillOf is the verdict the table shows for the row key.
func pillOf(t *testing.T, b *browser, key string) string {
	t.Helper()
	return eval[string](t, b, `(document.querySelector('tr[data-row=`+js(key)+`] td.verdict .pill') || {}).textContent || ''`)
}

func TestTheExportedPageShowsTheInsights(t *testing.T) {
	dir := t.TempDir()
	insightReports(t, dir, 11)
	markdown := compareIn(t, dir, "-format", "markdown")
	lines := strings.Split(strings.TrimSpace(compareIn(t, dir, "-format", "json")), "\n")
	var geomean struct {
		Kind  string  `json:"kind"`
		Delta float64 `json:"delta_pct"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &geomean); err != nil || geomean.Kind != "geomean" {
		t.Fatalf("compare -format json's last line %q: %v", lines[len(lines)-1], err)
	}
	out := filepath.Join(dir, "review.html")
	benchview(t, "export", "-o", out, filepath.Join(dir, "base.jsonl"), filepath.Join(dir, "cur.jsonl"))
	link := "file://" + out
	b := openPage(t, link, 60*time.Second)

	// The drift mark, in words, on the drifting row and not the clean one:
	// a short mark whose title, and text for screen readers, is Go's
	// sentence.
	mark := func(key, kind string) (short, title, text string) {
		got := eval[[]string](t, b, `(() => { const td = document.querySelector('tr[data-row=`+js(key)+`] td.verdict');
			const m = td.querySelector('.insight.`+kind+`[aria-hidden]'), x = m && m.nextElementSibling;
			return m ? [m.textContent, m.title, x && x.classList.contains('insight-text') ? x.textContent : ''] : ['', '', '']; })()`)
		return got[0], got[1], got[2]
	}
	short, title, text := mark("drifting/interpreter/vm", "drift")
	if short != "⚠ drift" || !strings.HasPrefix(title, "drift: current +") || text != title {
		t.Errorf("drifting row's mark %q, title %q, text %q; want ⚠ drift, drift: current +…", short, title, text)
	}
	if short, _, _ := mark("clean/interpreter/vm", "drift"); short != "" {
		t.Errorf("clean row marked %q", short)
	}
	// The drifting side's trend in the run-order chart, rising.
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="drifting/interpreter/vm"] .row-name`)))
	trend := `(() => { const el = document.querySelector('.run-order-chart[data-row="drifting/interpreter/vm"]');
		const c = el && window.echarts && echarts.getInstanceByDom(el);
		return c ? (c.getOption().series || []).filter((s) => /trend$/.test(s.name)).map((s) => s.name + ' ' + (s.data[1][1] > s.data[0][1] ? 'rising' : 'falling')) : []; })()`
	waitFor(t, b, "the drifting row's trend drawn", trend+`.length > 0`, 10*time.Second)
	if got := eval[[]string](t, b, trend); strings.Join(got, ",") != "Current trend rising" {
		t.Errorf("the drifting row's run-order chart draws the trends %q, want the current side's, rising", got)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="clean/interpreter/vm"] .row-name`)))
	clean := strings.ReplaceAll(trend, "drifting/", "clean/")
	// The one run-order chart is redrawn for the clean row: its trend must go.
	waitFor(t, b, "the clean row's chart without a trend", `document.getElementById('detail-name').textContent === 'clean/interpreter/vm' && `+clean+`.length === 0`, 10*time.Second)

	// The advice on the row inside the noise, and in full under its run
	// order once selected.
	if _, advice, _ := mark("noisy/interpreter/vm", "advice"); !strings.HasPrefix(advice, "about ") || !strings.HasSuffix(advice, " samples a side would resolve a 1% shift") {
		t.Errorf("noisy row's advice %q", advice)
	} else {
		b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="noisy/interpreter/vm"] .row-name`)))
		if got := eval[string](t, b, `document.getElementById('detail-insights').textContent`); !strings.Contains(got, advice) {
			t.Errorf("the selected row's details %q lack its advice %q", got, advice)
		}
	}
	// The chance note, with 28 rows.
	if n := eval[string](t, b, `document.getElementById('chance-note').textContent`); !strings.HasPrefix(n, "With 28 rows compared at 95%") {
		t.Errorf("chance note %q", n)
	}
	// The geomean, equal to compare's.
	suite := eval[string](t, b, `document.getElementById('suite').textContent`)
	want := fmt.Sprintf("geomean %+.2f%%", geomean.Delta)
	if !strings.HasPrefix(suite, want) {
		t.Errorf("geomean shown %q, want it to start %q (compare -format json: %v)", suite, want, geomean.Delta)
	}
	shown := eval[float64](t, b, `(echarts.getInstanceByDom(document.getElementById('interval-chart')).getOption().series.find((s) => s.name === 'geomean') || {markLine: {data: [{xAxis: NaN}]}}).markLine.data[0].xAxis`)
	if math.Abs(shown-geomean.Delta) > 0.005 { // the JSON line has two decimals
		t.Errorf("the interval chart's geomean line at %v, want %v", shown, geomean.Delta)
	}

	// The adjusted switch changes verdicts, and the fragment keeps it.
	before := map[string]string{}
	keys := eval[[]string](t, b, `Array.from(document.querySelectorAll('tr[data-row]'), (tr) => tr.dataset.row)`)
	for _, k := range keys {
		before[k] = pillOf(t, b, k)
	}
	eval[bool](t, b, `(() => { const s = document.getElementById("adjust"); s.value = "holm"; s.dispatchEvent(new Event("change")); return true; })()`)
	changed := func() []string {
		var out []string
		for _, k := range keys {
			if now := pillOf(t, b, k); now != before[k] {
				if now != "inside the noise" {
					t.Errorf("%s: adjusted to %q", k, now)
				}
				out = append(out, k)
			}
		}
		return out
	}
	adjusted := changed()
	if len(adjusted) == 0 {
		t.Fatalf("Holm changed no verdict shown: %v", before)
	}
	if h := eval[string](t, b, `location.hash`); !strings.Contains(h, "adjust=holm") {
		t.Errorf("fragment %q lacks adjust=holm", h)
	}
	b.do(t, chromedp.Reload())
	waitReady(t, b, 60*time.Second)
	if v := eval[string](t, b, `document.getElementById('adjust').value`); v != "holm" {
		t.Errorf("after a reload the switch is %q, want holm", v)
	}
	if again := changed(); strings.Join(again, " ") != strings.Join(adjusted, " ") {
		t.Errorf("after a reload adjusted rows %v, want %v", again, adjusted)
	}

	// Copy as Markdown: compare's text exactly, on the clipboard where the
	// browser allows it (granted here)...
	copied := func(button string) string {
		eval[string](t, b, `document.getElementById('copy-status').textContent = ''`)
		b.do(t, chromedp.Click(chromedp.CSS(button)))
		waitFor(t, b, "a copy confirmation", `document.getElementById('copy-status').textContent !== ''`, 10*time.Second)
		return eval[string](t, b, `document.getElementById('copy-text').value`)
	}
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(b.ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted,
		}); err != nil {
			t.Fatalf("granting %s: %v", name, err)
		}
	}
	if md := copied("#copy-markdown"); md != markdown {
		t.Errorf("Copy as Markdown gave\n%s\nwant compare -format markdown's\n%s", md, markdown)
	}
	if said := eval[string](t, b, `document.getElementById('copy-status').textContent`); said != "Copied the Markdown." {
		t.Errorf("with the clipboard allowed, the page says %q", said)
	}
	if clip := eval[string](t, b, `navigator.clipboard.readText()`); clip != markdown {
		t.Errorf("the clipboard holds\n%s\nwant compare -format markdown's\n%s", clip, markdown)
	}
	// ... else the text shown, selected, for the reader to copy.
	eval[bool](t, b, `Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }) && true`)
	if md := copied("#copy-markdown"); md != markdown {
		t.Errorf("Copy as Markdown's fallback gave\n%s\nwant\n%s", md, markdown)
	}
	if sel := eval[bool](t, b, `(() => { const a = document.getElementById('copy-text');
		return !a.hidden && a.selectionStart === 0 && a.selectionEnd === a.value.length; })()`); !sel {
		t.Error("without the clipboard API, the text is not shown selected")
	}
	// Copy link: the address with the view, which reopens it. The reader
	// scrolls the table to its top first: clean, its second row, is then
	// in view below the sticky header. Where the table stood before
	// depended on when the layout above it settled, and the click that
	// met a row half under the header clicked the header.
	eval[bool](t, b, `(document.getElementById('results-box').scrollTop = 0) === 0`)
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="clean/interpreter/vm"] .row-name`)))
	copiedLink := copied("#copy-link")
	if !strings.Contains(copiedLink, "adjust=holm") || !strings.Contains(copiedLink, "row=clean") {
		t.Errorf("copied link %q lacks the view", copiedLink)
	}
	b2 := openPage(t, copiedLink, 60*time.Second)
	if v := eval[string](t, b2, `document.getElementById('adjust').value`); v != "holm" {
		t.Errorf("the copied link opens with the switch %q, want holm", v)
	}
	if d := eval[string](t, b2, `document.getElementById('detail-name').textContent`); d != "clean/interpreter/vm" {
		t.Errorf("the copied link opens with %q selected", d)
	}
	onlyTheDocument(t, b, link)
	noErrors(t, b)
	noErrors(t, b2)
}

// The charts drawn as the page opens show the insights too: insights.js
// comes after page.js in the document, and a page that drew its first
// charts before the parser had run it showed them without the geomean's
// line and the drifted side's trend (page.js now waits for the document).
func TestTheChartsDrawnAtOpeningShowTheInsights(t *testing.T) {
	dir := t.TempDir()
	insightReports(t, dir, 11)
	out := filepath.Join(dir, "review.html")
	benchview(t, "export", "-o", out, filepath.Join(dir, "base.jsonl"), filepath.Join(dir, "cur.jsonl"))
	b := openPage(t, "file://"+out+"#row=drifting%2Finterpreter%2Fvm", 60*time.Second)
	series := func(sel string) string {
		return strings.Join(eval[[]string](t, b, `(() => { const el = document.querySelector(`+js(sel)+`);
			const c = el && echarts.getInstanceByDom(el);
			return c ? (c.getOption().series || []).map((s) => s.name) : ['no chart']; })()`), ", ")
	}
	if got := series("#interval-chart"); !strings.Contains(got, "geomean") {
		t.Errorf("the interval chart drawn at opening has the series %s: no geomean", got)
	}
	if got := series(`#detail .run-order-chart`); !strings.Contains(got, "Current trend") {
		t.Errorf("the drifting row's run order drawn at opening has the series %s: no trend", got)
	}
	noErrors(t, b)
}
