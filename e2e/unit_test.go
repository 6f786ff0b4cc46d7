package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hostileUnit is a metric's unit a real Go benchmark can report:
// testing.B.ReportMetric refuses only a unit with a space.
const hostileUnit = `<img/src=x/onerror=window.__pwned=1>{a}`

// goBenchWithUnit runs, with the go tool, a benchmark that reports a
// metric in hostileUnit, one of its samples far from the others (drawn on
// the run order's edge, with a tooltip of its own), and returns its output
// as two reports: what `go test -bench` writes, nothing made by hand.
func goBenchWithUnit(t *testing.T) (base, cur string) {
	t.Helper()
	dir := t.TempDir()
	src := `package unit

import "testing"

var calls int

func BenchmarkHostileUnit(b *testing.B) {
	for b.Loop() {
	}
	calls++
	v := 5 + float64(calls%3)
	if calls == 7 {
		v = 500
	}
	b.ReportMetric(v, "` + hostileUnit + `")
}
`
	for name, text := range map[string]string{"go.mod": "module unit\n\ngo 1.26\n", "unit_test.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{"base.txt", "cur.txt"} {
		cmd := exec.Command("go", "test", "-run", "^$", "-bench", ".", "-count", "8", "-benchtime", "20x")
		cmd.Dir = dir
		data, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go test -bench: %v\n%s", err, data)
		}
		if !strings.Contains(string(data), hostileUnit) {
			t.Fatalf("go test -bench printed no %s:\n%s", hostileUnit, data)
		}
		if err := os.WriteFile(filepath.Join(dir, out), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "base.txt"), filepath.Join(dir, "cur.txt")
}

// showTips shows every tooltip of the interval bars and of the run-order
// chart on the page, and returns their text.
const showTips = `(async () => {
	const texts = [];
	// show dispatches a showTip on the chart c in el and keeps the text of
	// the tooltip it shows, if any.
	const show = async (el, c, action) => {
		c.dispatchAction(Object.assign({type: "showTip"}, action));
		await new Promise((r) => setTimeout(r, 20));
		const tip = [...el.querySelectorAll("div")].filter((d) => d.style.position === "absolute" && d.style.display !== "none" && d.textContent).at(-1);
		if (tip) texts.push(tip.textContent);
	};
	for (const el of [document.getElementById("interval-chart"), ...document.querySelectorAll(".run-order-chart")]) {
		if (!el) continue;
		const c = echarts.getInstanceByDom(el);
		const series = c.getOption().series;
		for (let s = 0; s < series.length; s++) {
			const n = (series[s].data || []).length;
			for (let i = 0; i < Math.min(n, 12); i++) await show(el, c, {seriesIndex: s, dataIndex: i});
			for (const [i, m] of ((series[s].markPoint || {}).data || []).entries()) await show(el, c, {seriesIndex: s, name: m.name, dataIndex: i});
		}
	}
	return texts;
})()`

// checkUnitIsText selects the page's only row, shows every tooltip of its
// charts, and checks that the unit reads as itself and that nothing of it
// became markup.
func checkUnitIsText(t *testing.T, b *browser, page string) {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.CSS(`tr[data-row] .row-name`)))
	b.waitFor(t, page+": the run order", `document.body.dataset.state === "ready" && document.querySelector(".run-order-chart canvas") !== null`)
	tips := eval[[]string](t, b, showTips)
	with := 0
	for _, tip := range tips {
		if strings.Contains(tip, hostileUnit) {
			with++
		}
	}
	if with == 0 {
		t.Errorf("%s: no tooltip shows the unit %s as text: %q", page, hostileUnit, tips)
	}
	time.Sleep(300 * time.Millisecond) // an injected image would have failed to load by now
	if pwned := eval[string](t, b, `String(window.__pwned)`); pwned != "undefined" {
		t.Errorf("%s: a unit ran as script: window.__pwned = %s", page, pwned)
	}
	if n := eval[int](t, b, `document.querySelectorAll("img").length`); n != 0 {
		t.Errorf("%s: %d img elements, made from a unit", page, n)
	}
}

// A metric's unit is the report's, as a row's name is: the viewer and the
// exported page show it as text in every tooltip of their charts.
func TestAHostileUnitIsText(t *testing.T) {
	base, cur := goBenchWithUnit(t)
	b := open(t, serve(t))
	b.load(t, base, cur)
	metric := eval[string](t, b, `[...document.querySelectorAll("select#metric option")].map((o) => o.value).find((v) => v.includes("img")) ?? ""`)
	if metric == "" {
		t.Fatalf("the metric switch offers no metric in %s", hostileUnit)
	}
	chooseMetric(t, b, metric)
	checkUnitIsText(t, b, "the viewer")

	out := filepath.Join(t.TempDir(), "review.html")
	if msg, err := exec.Command(binary(t), "export", "-metric", metric, "-o", out, base, cur).CombinedOutput(); err != nil {
		t.Fatalf("benchview export: %v\n%s", err, msg)
	}
	f, doc := openFile(t, out)
	f.do(t, chromedp.Navigate(doc))
	f.waitFor(t, "the exported page", `document.body.dataset.state === "ready"`)
	checkUnitIsText(t, f, "the exported page")
}
