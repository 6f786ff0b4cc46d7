package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/format"
)

// writeDriftPair writes a pair built for the statistics issue's page
// checks, from a fixed seed: "drifting/vm/vm", whose current run climbs
// by 8% of its median over 60 samples; "clean/vm/vm", the same
// distribution on both sides in no order (inside the noise, so with
// advice); and "wide/vm/vm", noisier, also unchanged. Noise is
// lognormal, as timings are skewed.
func writeDriftPair(t *testing.T, dir string) (base, cur string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	series := func(centre, sigma, drift float64) []uint64 {
		const n = 60
		s := make([]uint64, n)
		for i := range s {
			trend := 1 + drift*float64(i)/float64(n-1)
			s[i] = uint64(centre * trend * (1 + sigma*rng.NormFloat64()))
		}
		return s
	}
	type row struct {
		name      string
		base, cur []uint64
	}
	rows := []row{
		{"drifting", series(2e6, 0.01, 0), series(2e6, 0.01, 0.08)},
		{"clean", series(5e6, 0.01, 0), series(5e6, 0.01, 0)},
		{"wide", series(3e6, 0.05, 0), series(3e6, 0.05, 0)},
	}
	write := func(name string, side func(row) []uint64) string {
		var b bytes.Buffer
		for _, r := range rows {
			samples, _ := json.Marshal(side(r))
			fmt.Fprintf(&b, `{"benchmark":%q,"kind":"vm","backend":"vm","iterations":60,"wall_ns":{"samples":%s},"ok":true}`+"\n", r.name, samples)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	return write("base-drift.jsonl", func(r row) []uint64 { return r.base }),
		write("cur-drift.jsonl", func(r row) []uint64 { return r.cur })
}

// generic is a line of `benchview compare -format json`, the fields these
// tests read.
type generic struct {
	Kind, Benchmark, Verdict string
	Config                   struct{ Kind, Backend string }
	Delta                    float64  `json:"delta_pct"`
	Lo                       float64  `json:"ci_low_pct"`
	Hi                       float64  `json:"ci_high_pct"`
	DriftCur                 *float64 `json:"drift_current_pct"`
	DriftBase                *float64 `json:"drift_baseline_pct"`
	SamplesNeeded            *int     `json:"samples_needed"`
	Rows                     int
}

// compareAs runs `benchview compare` with args and returns its output.
func compareAs(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"compare"}, args...)...)
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("benchview compare %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// compareJSON runs `benchview compare -format json` on the pair.
func compareJSON(t *testing.T, base, cur string) (rows map[string]generic, geomean generic) {
	t.Helper()
	rows = map[string]generic{}
	s := bufio.NewScanner(strings.NewReader(compareAs(t, "-format", "json", base, cur)))
	for s.Scan() {
		var g generic
		if err := json.Unmarshal(s.Bytes(), &g); err != nil {
			t.Fatalf("compare -format json printed %q: %v", s.Text(), err)
		}
		if g.Kind == "geomean" {
			geomean = g
		} else {
			rows[g.Benchmark+"/"+g.Config.Kind+"/"+g.Config.Backend] = g
		}
	}
	if geomean.Kind != "geomean" {
		t.Fatal("compare -format json printed no geomean line")
	}
	return rows, geomean
}

// signed is a percentage as the command line writes one, "+3.85%".
func signed(p float64) string {
	s := strconv.FormatFloat(p, 'f', 2, 64)
	if p >= 0 {
		s = "+" + s
	}
	return s + "%"
}

// grantClipboard lets the page write the clipboard and the test read it.
func grantClipboard(t *testing.T, b *browser) {
	t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(b.ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
			Setting:    cdpbrowser.PermissionSettingGranted,
			Origin:     b.origin,
		}); err != nil {
			t.Fatalf("granting %s: %v", name, err)
		}
	}
}

// copyText clicks the copy button with id, waits for the page to say it
// copied (said: each call of a test copies something else, so the status
// cannot be the last copy's), and reads the clipboard.
func copyText(t *testing.T, b *browser, id, said string) string {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.CSS("#"+id)))
	b.waitFor(t, "the page to say it copied", `(document.getElementById("copied")?.textContent ?? "").startsWith(`+jsString(said)+`)`)
	return eval[string](t, b, `navigator.clipboard.readText()`)
}

// A drifting row shows the drift mark in words and its trend in the run
// order; a clean one shows neither, and inside the noise, the advice the
// command line computes. The geomean is the command line's, and Copy as
// Markdown copies the command line's Markdown.
func TestDriftAdviceAndGeomeanAreShown(t *testing.T) {
	base, cur := writeDriftPair(t, t.TempDir())
	want, geomean := compareJSON(t, base, cur)
	if d := want["drifting/vm/vm"].DriftCur; d == nil {
		t.Fatal("the command line sees no drift in the drifting row: the pair does not test the page")
	}
	if want["clean/vm/vm"].DriftCur != nil || want["clean/vm/vm"].DriftBase != nil || want["clean/vm/vm"].Verdict != "inside the noise" {
		t.Fatalf("the clean row is not clean: %+v", want["clean/vm/vm"])
	}
	b := open(t, serve(t))
	grantClipboard(t, b)
	b.load(t, base, cur)

	type rowNotes struct{ Drift, DriftNote, Advice, Verdict string }
	notes := func(key string) rowNotes {
		return eval[rowNotes](t, b, `(() => {
			const tr = document.querySelector(`+jsString(`tr[data-row="`+key+`"]`)+`);
			const text = sel => tr.querySelector(sel)?.textContent ?? "";
			return {Drift: tr.dataset.drift ?? "", DriftNote: text(".note.drift"), Advice: text(".note.advice"), Verdict: tr.dataset.verdict ?? ""};
		})()`)
	}
	drifting := notes("drifting/vm/vm")
	if wantNote := "⚠ drift: current " + signed(*want["drifting/vm/vm"].DriftCur); drifting.Drift != "current" || drifting.DriftNote != wantNote {
		t.Errorf("drifting row: data-drift %q, note %q; want current, %q", drifting.Drift, drifting.DriftNote, wantNote)
	}
	clean := notes("clean/vm/vm")
	if clean.Drift != "" || clean.DriftNote != "" {
		t.Errorf("clean row: data-drift %q, note %q; want none", clean.Drift, clean.DriftNote)
	}
	n := want["clean/vm/vm"].SamplesNeeded
	if n == nil {
		t.Fatal("the command line gives the clean row no samples_needed")
	}
	if wantAdvice := "about " + format.Count(*n) + " samples a side would resolve a 1% shift"; clean.Advice != wantAdvice {
		t.Errorf("clean row's advice %q, want %q", clean.Advice, wantAdvice)
	}

	g := geomean
	wantMean := fmt.Sprintf("geomean %s [%s, %s] over %s: %s", signed(g.Delta), signed(g.Lo), signed(g.Hi), format.Rows(g.Rows), g.Verdict)
	if got := eval[string](t, b, `document.getElementById("geomean").textContent`); got != wantMean {
		t.Errorf("the page's geomean %q, compare -format json's %q", got, wantMean)
	}
	if v := readIntervalChart(t, b).Geomean; len(v) != 5 {
		t.Errorf("the interval chart's geomean bar is %v, want [lo, lo, Δ, hi, hi]", v)
	} else if signed(v[2]) != signed(g.Delta) || signed(v[0]) != signed(g.Lo) || signed(v[4]) != signed(g.Hi) {
		t.Errorf("the geomean bar is %v, want %v [%v, %v]", v, g.Delta, g.Lo, g.Hi)
	}

	// The run order of the drifting row draws its trend, named in words.
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row="drifting/vm/vm"] .row-name`)))
	b.waitFor(t, "the drifting row's run order", ready+` && document.querySelector('.run-order-chart[data-row="drifting/vm/vm"] canvas') !== null`)
	trend := eval[[]string](t, b, `echarts.getInstanceByDom(document.querySelector('.run-order-chart[data-row="drifting/vm/vm"]')).getOption().series.filter(s => s.type === "line").map(s => s.name)`)
	if wantTrend := "Current trend, drift " + signed(*want["drifting/vm/vm"].DriftCur); len(trend) != 1 || trend[0] != wantTrend {
		t.Errorf("trend lines %q, want [%q]", trend, wantTrend)
	}

	markdown := copyText(t, b, "copy-markdown", "Markdown copied")
	if wantMD := compareAs(t, "-format", "markdown", base, cur); markdown != wantMD {
		t.Errorf("Copy as Markdown copied\n%s\nwant compare -format markdown's\n%s", markdown, wantMD)
	}
}

// With enough rows the summary says how many verdicts chance alone would
// call; the adjusted switch changes the verdicts shown, lives in the
// fragment (a reload keeps it) and in the copied link, and the Markdown
// copied under it is `compare -format markdown -adjust holm`'s.
func TestTheAdjustedSwitchLivesInTheFragment(t *testing.T) {
	base, cur := golden("a")
	srv := serve(t, base, cur)
	b := open(t, srv)
	grantClipboard(t, b)
	b.do(t, chromedp.Navigate(srv.String()))
	b.waitFor(t, "the named reports", ready)
	reference := compare(t, base, cur)
	checkVerdicts(t, tableRows(t, b), reference)

	chance := eval[string](t, b, `document.getElementById("chance")?.textContent ?? ""`)
	if want := "With 22 rows compared at 95%, about 1.1 regressions or improvements are expected by chance alone"; !strings.HasPrefix(chance, want) {
		t.Errorf("chance note %q, want it to start %q", chance, want)
	}
	// The download says what it keeps.
	b.do(t, chromedp.SendKeys(chromedp.CSS("#search"), "vm"))
	b.waitFor(t, "the download note", `document.getElementById("download-note") !== null`)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("search"); s.value = ""; s.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	b.waitFor(t, "the download note to go", `document.getElementById("download-note") === null`)

	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("adjust"); s.value = "holm"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	b.waitFor(t, "the adjusted verdicts", ready+` && location.hash.includes("adjust=holm") && document.querySelector("td.verdict .note.reference") !== null`)
	adjusted := checkAdjusted(t, b, reference)

	b.do(t, chromedp.Reload())
	b.waitFor(t, "the reloaded page", ready)
	if got := eval[string](t, b, `document.getElementById("adjust").value`); got != "holm" {
		t.Errorf("after a reload the switch says %q, want holm", got)
	}
	if again := checkAdjusted(t, b, reference); !equalMaps(again, adjusted) {
		t.Errorf("after a reload the verdicts are %v, want %v", again, adjusted)
	}

	markdown := copyText(t, b, "copy-markdown", "Markdown copied")
	if want := compareAs(t, "-format", "markdown", "-adjust", "holm", base, cur); markdown != want {
		t.Errorf("Copy as Markdown under Holm copied\n%s\nwant compare -format markdown -adjust holm's\n%s", markdown, want)
	}
	link := copyText(t, b, "copy-link", "Link copied: it opens these reports")
	if !strings.Contains(link, "adjust=holm") || !strings.Contains(link, "baseline=") {
		t.Errorf("the link %q does not carry the reports and the switch", link)
	}
	b.do(t, chromedp.Navigate(b.origin+"/index.html")) // the bare / opens on the server's reports
	b.waitFor(t, "an empty page", `document.body.dataset.state === "idle"`)
	b.do(t, chromedp.Navigate(link))
	b.waitFor(t, "the linked view", ready)
	if again := checkAdjusted(t, b, reference); !equalMaps(again, adjusted) {
		t.Errorf("the link opens verdicts %v, want %v", again, adjusted)
	}
}

// checkAdjusted checks that the page shows fewer regressions and
// improvements than the reference, each row it changed saying the
// reference's verdict beside it, and returns the verdicts shown.
func checkAdjusted(t *testing.T, b *browser, reference []comparison) map[string]string {
	t.Helper()
	type shown struct{ Key, Verdict, Reference string }
	rows := eval[[]shown](t, b, `[...document.querySelectorAll("tr[data-verdict]")].map(tr => ({
		Key: tr.dataset.row, Verdict: tr.dataset.verdict, Reference: tr.querySelector(".note.reference")?.textContent ?? ""}))`)
	verdicts := map[string]string{}
	changed := 0
	for _, r := range rows {
		verdicts[r.Key] = r.Verdict
	}
	for _, c := range reference {
		got := verdicts[c.key()]
		var ref string
		for _, r := range rows {
			if r.Key == c.key() {
				ref = r.Reference
			}
		}
		switch {
		case got == c.Verdict && ref != "":
			t.Errorf("row %s kept %q but says %q", c.key(), got, ref)
		case got != c.Verdict && (got != "inside the noise" || ref != "reference: "+c.Verdict):
			t.Errorf("row %s: %q beside %q, reference %q", c.key(), got, ref, c.Verdict)
		case got != c.Verdict:
			changed++
		}
	}
	if changed == 0 {
		t.Error("Holm changed no verdict of example a: the switch is not tested")
	}
	return verdicts
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
