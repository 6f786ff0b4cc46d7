package exporte2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// prefer makes the browser's prefers-color-scheme scheme ("light" or
// "dark"), as a reader's system setting would.
func prefer(t *testing.T, b *browser, scheme string) {
	t.Helper()
	_, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	})
	if err != nil {
		t.Fatalf("emulating prefers-color-scheme: %s: %v", scheme, err)
	}
}

// luminance is the relative brightness, 0 to 1, of a CSS colour in the
// forms "#rrggbb" and "rgb(r, g, b)"; -1 for anything else.
func luminance(c string) float64 {
	var rgb [3]float64
	switch {
	case len(c) == 7 && c[0] == '#':
		for i := range rgb {
			v, err := strconv.ParseUint(c[1+2*i:3+2*i], 16, 8)
			if err != nil {
				return -1
			}
			rgb[i] = float64(v)
		}
	case strings.HasPrefix(c, "rgb(") && strings.HasSuffix(c, ")"):
		parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(c, "rgb("), ")"), ",")
		if len(parts) != 3 {
			return -1
		}
		for i, p := range parts {
			v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
			if err != nil {
				return -1
			}
			rgb[i] = v
		}
	default:
		return -1
	}
	return (0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]) / 255
}

// colours are what a reader sees of the theme: the page's background, the
// table's text, and the text colour of the interval chart's row labels and
// of the selected row's run-order legend, as ECharts draws them.
type colours struct{ Page, Table, Interval, RunOrder string }

func readColours(t *testing.T, b *browser) colours {
	t.Helper()
	return eval[colours](t, b, `(() => {
		const opt = (sel) => echarts.getInstanceByDom(document.querySelector(sel)).getOption();
		return {
			Page: getComputedStyle(document.body).backgroundColor,
			Table: getComputedStyle(document.querySelector('#results tbody td')).color,
			Interval: opt('#interval-chart').yAxis[0].axisLabel.color,
			RunOrder: opt('#detail .run-order-chart').legend[0].textStyle.color,
		};
	})()`)
}

func TestTheDarkThemeFollowsTheReadersScheme(t *testing.T) {
	page := export(t, golden(t, "base-a.jsonl"), golden(t, "cur-a.jsonl"))
	doc := page
	b := newBrowser(t, func(u string) bool { return u == doc })
	prefer(t, b, "dark")
	b.do(t, chromedp.Navigate(page))
	waitReady(t, b, 60*time.Second)
	key := table(t, b)[0].Key
	b.do(t, chromedp.Click(chromedp.CSS(`#results tbody tr:nth-child(1) td.verdict`)))
	chart := `#detail .run-order-chart[data-row=` + js(key) + `]`
	waitFor(t, b, "the run-order chart of "+key, `echarts.getInstanceByDom(document.querySelector(`+js(chart)+`))`, 10*time.Second)
	dark := readColours(t, b)

	// The reader's system turns light while the page is open.
	prefer(t, b, "light")
	waitFor(t, b, "the charts to redraw light",
		`echarts.getInstanceByDom(document.getElementById('interval-chart')).getOption().yAxis[0].axisLabel.color !== `+js(dark.Interval), 10*time.Second)
	light := readColours(t, b)

	for _, c := range []struct {
		what        string
		dark, light string
		text        bool // a text colour: lighter in the dark theme
	}{
		{"the page's background", dark.Page, light.Page, false},
		{"the table's text", dark.Table, light.Table, true},
		{"the interval chart's labels", dark.Interval, light.Interval, true},
		{"the run-order chart's legend", dark.RunOrder, light.RunOrder, true},
	} {
		d, l := luminance(c.dark), luminance(c.light)
		switch {
		case d < 0 || l < 0:
			t.Errorf("%s: cannot read the colours %q (dark) and %q (light)", c.what, c.dark, c.light)
		case c.text && d <= l, !c.text && d >= l:
			t.Errorf("%s: %s in the dark theme, %s in the light one", c.what, c.dark, c.light)
		}
	}
	onlyTheDocument(t, b, page)
	noErrors(t, b)
}
