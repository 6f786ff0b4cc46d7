package a11y

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestTheSmallThings checks what issue 13 listed beside the big ones, on
// example a and example b at a laptop's size.
func TestTheSmallThings(t *testing.T) {
	u := serve(t)
	v := open(t, u, 0, 0)
	v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
	if got := eval[string](t, v, `document.title`); got != "benchview" {
		t.Errorf("the first screen's title is %q, want benchview", got)
	}

	v.example(t, "b")
	t.Run("the title names the reports", func(t *testing.T) {
		if got, want := eval[string](t, v, `document.title`), "base-b.jsonl → cur-b.jsonl · benchview"; got != want {
			t.Errorf("title %q, want %q", got, want)
		}
	})
	t.Run("every duration has its unit", func(t *testing.T) {
		cells := eval[[]string](t, v, `[...document.querySelectorAll("tr[data-row] td.spread, tr[data-row] td.iqr")].map(td => td.textContent)`)
		if len(cells) == 0 {
			t.Fatal("no p25–p75 or IQR cell")
		}
		unit := regexp.MustCompile(`^[0-9.]+(–[0-9.]+)? (ns|µs|ms|s)$`)
		for _, c := range cells {
			if !unit.MatchString(c) && c != "—" {
				t.Errorf("a p25–p75 or IQR cell reads %q: no unit", c)
			}
		}
	})
	t.Run("a zero count cannot be chosen", func(t *testing.T) {
		// Example b has no underpowered row.
		zero := eval[[]bool](t, v, `[...document.querySelectorAll(".chip[data-count='0']")].map(b => b.disabled)`)
		if len(zero) == 0 {
			t.Fatal("example b shows no chip of zero rows")
		}
		for i, off := range zero {
			if !off {
				t.Errorf("chip %d of zero rows is enabled", i)
			}
		}
		if on := eval[int](t, v, `[...document.querySelectorAll(".chip:not([data-count='0'])")].filter(b => b.disabled).length`); on != 0 {
			t.Errorf("%d chips with rows are disabled", on)
		}
	})
	t.Run("the bars are described", func(t *testing.T) {
		got := eval[string](t, v, `document.getElementById("interval-summary").textContent + " | " +
			document.getElementById("interval-chart").getAttribute("aria-describedby")`)
		if !strings.Contains(got, "for 33 rows") || !strings.Contains(got, "Largest regression: pure/frame/frame, +") ||
			!strings.HasSuffix(got, " | interval-summary") {
			t.Errorf("the bars' description: %q", got)
		}
	})
	t.Run("the first click on Δ% puts regressions first", func(t *testing.T) {
		v.Do(t, chromedp.Click(chromedp.CSS(`th[data-col=delta] button`)))
		v.WaitFor(t, "the table sorted by Δ%", `document.querySelector("th[data-col=delta]").getAttribute("aria-sort") !== "none"`, time.Minute)
		if got := eval[string](t, v, `document.querySelector("th[data-col=delta]").getAttribute("aria-sort") + " " + location.hash`); got != "descending #sort=delta&desc=1" {
			t.Errorf("after one click on Δ%%: %q, want descending and #sort=delta&desc=1", got)
		}
		deltas := eval[[]string](t, v, `[...document.querySelectorAll("tr[data-row] td.delta")].map(td => td.textContent)`)
		if len(deltas) < 2 || !strings.HasPrefix(deltas[0], "+8.") {
			t.Errorf("sorted by Δ%%, the first rows read %q, want the largest regression (+8.73%%) first", deltas[:min(3, len(deltas))])
		}
	})
	t.Run("one row is one row", func(t *testing.T) {
		v.Do(t, chromedp.SendKeys(chromedp.CSS(`#search`), "pure/frame"))
		v.WaitFor(t, "the search", `document.querySelectorAll("tr[data-row]").length === 1`, time.Minute)
		if got := eval[string](t, v, `document.getElementById("shown").textContent`); got != "1 of 33 rows match" {
			t.Errorf("one row of 33 shown: %q", got)
		}
	})

	// A report of one row, its first line, against itself: "1 row".
	one := filepath.Join(t.TempDir(), "one.jsonl")
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "base-a.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(one, []byte(strings.SplitAfter(string(b), "\n")[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
	v.setFiles(t, one, one, "one row", ready)
	if got := eval[string](t, v, `document.getElementById("shown").textContent`); got != "1 row" {
		t.Errorf("a review of one row says %q, want \"1 row\"", got)
	}
}

// TestReportsWithNoRowInCommonSaySo loads two reports that share no row:
// the bars' panel says so, rather than that none is shown yet.
func TestReportsWithNoRowInCommonSaySo(t *testing.T) {
	v := open(t, serve(t), 0, 0)
	v.navigate(t, "/", "the first screen", `document.body.dataset.state === "idle"`)
	// With no row compared there is nothing to compute, and the page is
	// ready at once (it once waited for a geomean that never came).
	v.setFiles(t, "testdata/base-a.jsonl", "testdata/hostile-cur.jsonl", "two reports with no row in common, ready",
		`document.body.dataset.state === "ready" &&
		document.querySelector("label[for=current-file] .zone-file").textContent === "hostile-cur.jsonl" &&
		document.querySelector(".chip.regression") && document.querySelector(".interval-panel .empty")`)
	got := eval[string](t, v, `document.querySelector(".interval-panel .empty").textContent`)
	if !strings.Contains(got, "no row in common") {
		t.Errorf("the bars' panel says %q, want that the reports have no row in common", got)
	}
	if got := eval[string](t, v, `document.getElementById("geomean").textContent`); got != "geomean: no row to compare" {
		t.Errorf("the geomean says %q, want that there is no row to compare", got)
	}
}

// TestLongVerdictsAreNotCutOff reads every verdict pill of example c,
// whose underpowered rows say their samples against the floor: each shows
// its whole text.
func TestLongVerdictsAreNotCutOff(t *testing.T) {
	v := open(t, serve(t), 0, 0)
	v.example(t, "c")
	pills := eval[[]struct {
		Text          string
		Scroll, Width float64
	}](t, v, `[...document.querySelectorAll("tr[data-row] .pill")].map(p => ({Text: p.textContent, Scroll: p.scrollWidth, Width: p.clientWidth}))`)
	long := 0
	for _, p := range pills {
		if strings.Contains(p.Text, "samples") {
			long++
		}
		if p.Scroll > p.Width+1 {
			t.Errorf("the pill %q shows %v of its %v px", p.Text, p.Width, p.Scroll)
		}
	}
	if long == 0 {
		t.Errorf("example c has no pill that says its samples: %+v", pills)
	}
}

// TestTheRunOrderTooltipSaysWhatAPointIs hovers the run order of
// pure/vm/vm in example a: a sample says its side, place, value and unit;
// its baseline's third sample, 67.72 ms, far above the rest, is drawn on
// the chart's top edge and says so.
func TestTheRunOrderTooltipSaysWhatAPointIs(t *testing.T) {
	v := open(t, serve(t), 0, 0)
	v.navigate(t, "/?baseline=examples/base-a.jsonl&current=examples/cur-a.jsonl#row=pure%2Fvm%2Fvm",
		"example a with pure/vm/vm selected", ready+` && document.querySelector(".run-order-chart[data-row='pure/vm/vm']")`)
	label := eval[string](t, v, `document.querySelector(".run-order-chart").getAttribute("aria-label")`)
	if !strings.Contains(label, "Baseline: 15 samples, median 24.69 ms, from 23.24 ms to 67.72 ms") || !strings.Contains(label, "off the chart's scale") {
		t.Errorf("the chart's label: %q", label)
	}
	// hover moves the mouse over the point at position pos, value ms of
	// series s, and returns what the tooltip says.
	hover := func(s int, pos string, ms float64) string {
		at := eval[[]float64](t, v, `(() => {
			const el = document.querySelector(".run-order-chart");
			const [x, y] = echarts.getInstanceByDom(el).convertToPixel({seriesIndex: `+jsonOf(s)+`}, [`+jsString(pos)+`, `+jsonOf(ms)+`]);
			const r = el.getBoundingClientRect();
			return [r.left + x, r.top + y];
		})()`)
		v.Do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0]+1, at[1]+1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0], at[1]))
		tip := `[...document.querySelectorAll(".run-order-chart div")].map(d => d.textContent).find(s => s.includes("sample")) ?? ""`
		v.WaitFor(t, "a tooltip", tip, 10*time.Second)
		return eval[string](t, v, tip)
	}
	eval[bool](t, v, `document.querySelector(".run-order-chart").scrollIntoView({block: "center"}), true`)
	// The current run's first sample (cur-a.jsonl, pure/vm/vm) is
	// 24832408 ns: the tooltip gives it whole, in the axis' unit.
	if got, want := hover(1, "1", 24.832408), "Current, sample 1 of 15: 24.832408 ms"; !strings.Contains(got, want) {
		t.Errorf("a sample's tooltip: %q, want %q", got, want)
	}
	edge := eval[float64](t, v, `echarts.getInstanceByDom(document.querySelector(".run-order-chart")).getModel().getComponent("yAxis").axis.scale.getExtent()[1]`)
	if got, want := hover(0, "3", edge), "Baseline, sample 3 of 15: 67.72 ms, off the chart's scale: drawn on its top edge"; !strings.Contains(got, want) {
		t.Errorf("the far-out sample's tooltip: %q, want %q", got, want)
	}
}
