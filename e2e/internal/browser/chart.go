package browser

import (
	"bytes"
	"image/png"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Inked is the share of the pixels in the right part of the chart sel
// (its last 40%, the body of its height) that the screen shows inked: not
// blank, and darker than a grid's lines. A run order's median lines are two
// rows of pixels in it, its edges' triangles out of it. The chart must be in
// the viewport, whose screenshot it is cut from: a screenshot of an element
// beyond it resizes the page for a moment, and ECharts draws the chart
// again, a chunk a frame.
func Inked(t testing.TB, b *Browser, sel string) float64 {
	t.Helper()
	box := Eval[[4]float64](t, b, `(() => { const r = document.querySelector(`+quote(sel)+`).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)
	data, err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("a screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	at := func(from, to, share float64) int { return int(from + (to-from)*share) }
	x0, x1 := at(box[0], box[2], 0.55), at(box[0], box[2], 0.95)
	y0, y1 := at(box[1], box[3], 0.3), at(box[1], box[3], 0.75)
	if r := img.Bounds(); x0 < r.Min.X || y0 < r.Min.Y || x1 > r.Max.X || y1 > r.Max.Y || x1 <= x0 || y1 <= y0 {
		t.Fatalf("%s at %v is not in the viewport %v", sel, box, r)
	}
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if min(r, g, bl)>>8 < 200 {
				n++
			}
		}
	}
	return float64(n) / float64((x1-x0)*(y1-y0))
}

// DrawnWhole waits, up to 20 s, until the run-order chart sel inks at
// least a fifth of its right part (Inked): ECharts draws a long run a
// chunk a frame, and a chart caught halfway shows its first tenth.
func DrawnWhole(t testing.TB, b *Browser, sel string) {
	t.Helper()
	var share float64
	for range 20 {
		if share = Inked(t, b, sel); share > 0.2 {
			return
		}
		time.Sleep(time.Second)
	}
	t.Errorf("%s inks %.0f%% of its plot's right part: its last samples are not drawn", sel, 100*share)
}

// HoverSample moves the mouse over a sample of the first series of the
// ECharts chart sel, whose data are its values (by category), or pairs of
// position and value in a typed array (a long run's, on a value axis),
// and returns the tooltip it shows.
// The sample is one far from the series' median line (whose own tooltip
// would show) and inside the y axis.
func HoverSample(t testing.TB, b *Browser, sel string) string {
	t.Helper()
	at := Eval[[2]float64](t, b, `(() => {
		const el = document.querySelector(`+quote(sel)+`), c = echarts.getInstanceByDom(el), s = c.getOption().series[0], d = s.data;
		const pairs = ArrayBuffer.isView(d), n = pairs ? d.length / 2 : d.length, value = (k) => pairs ? d[2 * k + 1] : d[k], x = (k) => pairs ? d[2 * k] : k;
		const median = s.markLine.data[0].yAxis, [lo, hi] = c.getModel().getComponent("yAxis", 0).axis.scale.getExtent();
		const margin = (hi - lo) / 10;
		let best = 0, far = -1;
		for (let k = 0; k < n; k += Math.max(1, Math.floor(n / 1000))) {
			const v = value(k);
			if (v > lo + margin && v < hi - margin && Math.abs(v - median) > far) [best, far] = [k, Math.abs(v - median)];
		}
		const xy = c.convertToPixel({seriesIndex: 0}, [x(best), value(best)]), r = el.getBoundingClientRect();
		return [r.left + xy[0], r.top + xy[1]];
	})()`)
	b.Do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0]+1, at[1]+1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0], at[1]))
	tip := `[...document.querySelectorAll(` + quote(sel+" div") + `)].filter(d => d.style.position === "absolute" && d.style.display !== "none" && d.textContent).map(d => d.textContent).join(" | ")`
	b.WaitFor(t, "a tooltip on "+sel, tip+` !== ""`, time.Minute)
	return Eval[string](t, b, tip)
}
