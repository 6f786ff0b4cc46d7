package chart

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// row builds a compared review row from two series, the way review.New and
// Compute leave one.
func row(benchmark string, base, cur []uint64) review.Row {
	r := review.Row{Key: report.Key{Benchmark: benchmark, Kind: "vm", Backend: "vm"}}
	if base != nil {
		s, _ := stats.OfFloats(stats.Floats(base))
		r.BaseStats = &s
	}
	if cur != nil {
		s, _ := stats.OfFloats(stats.Floats(cur))
		r.CurStats = &s
	}
	if base != nil && cur != nil {
		c := stats.Compare(base, cur)
		r.Comparison = &c
	}
	return r
}

// series is n samples around centre, spread by a fixed pattern.
func series(centre uint64, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = centre + uint64((i*7)%11)*centre/200
	}
	return s
}

// option is the decoded shape the tests read.
type option struct {
	Animation bool `json:"animation"`
	Tooltip   struct {
		Trigger string `json:"trigger"`
	} `json:"tooltip"`
	XAxis []struct {
		Type        string   `json:"type"`
		Data        []string `json:"data"`
		Min         float64  `json:"min"`
		Max         float64  `json:"max"`
		MinInterval float64  `json:"minInterval"`
	} `json:"xAxis"`
	YAxis []struct {
		Type string   `json:"type"`
		Name string   `json:"name"`
		Data []string `json:"data"`
	} `json:"yAxis"`
	Series []struct {
		Name string          `json:"name"`
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
		Tip  *struct {
			Formatter string `json:"formatter"`
		} `json:"tooltip"`
		MarkLine struct {
			Data []map[string]any `json:"data"`
		} `json:"markLine"`
	} `json:"series"`
}

type item struct {
	Name    string    `json:"name"`
	Value   []float64 `json:"value"`
	Symbol  string    `json:"symbol"`
	Tooltip struct {
		Formatter string `json:"formatter"`
	} `json:"tooltip"`
	ItemStyle struct {
		Color       string `json:"color"`
		BorderColor string `json:"borderColor"`
	} `json:"itemStyle"`
}

// decoder returns a function that decodes a builder's result or fails t.
func decoder(t *testing.T) func([]byte, error) option {
	return func(b []byte, err error) option {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var o option
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatalf("option is not JSON: %v\n%s", err, b)
		}
		return o
	}
}

func items(t *testing.T, raw json.RawMessage) []item {
	t.Helper()
	var it []item
	if err := json.Unmarshal(raw, &it); err != nil {
		t.Fatalf("series data: %v", err)
	}
	return it
}

func TestIntervalShape(t *testing.T) {
	decode := decoder(t)
	regress := row("slow", series(100_000, 15), series(120_000, 15))
	noise := row("same", series(100_000, 15), series(100_000, 15))
	few := row("few", series(100_000, 5), series(100_000, 9))
	pending := regress
	pending.Key.Benchmark, pending.Comparison = "pending", nil
	only := review.Row{Key: report.Key{Benchmark: "gone", Kind: "vm", Backend: "vm"}, State: review.OnlyInBaseline}

	o := decode(Interval([]review.Row{regress, pending, noise, only, few}, false))
	if o.Animation {
		t.Error("animation is on: the page could not tell when the chart is drawn")
	}
	want := []string{"slow/vm/vm", "same/vm/vm", "few/vm/vm"}
	if got := o.YAxis[0].Data; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("categories = %q, want %q (computed rows in the given order)", got, want)
	}
	if o.YAxis[0].Type != "category" || o.XAxis[0].Type != "value" {
		t.Errorf("axes: y %q, x %q; want horizontal bars (category y, value x)", o.YAxis[0].Type, o.XAxis[0].Type)
	}
	if len(o.Series) != 2 || o.Series[0].Type != "boxplot" || o.Series[1].Type != "scatter" {
		t.Fatalf("series = %+v, want a boxplot of intervals and a scatter of shifts with no interval", o.Series)
	}
	bars, marks := items(t, o.Series[0].Data), items(t, o.Series[1].Data)
	if len(bars) != 3 || len(marks) != 1 {
		t.Fatalf("%d bars and %d marks, want 3 bars and the underpowered row's mark", len(bars), len(marks))
	}
	c := regress.Comparison
	if got, want := bars[0].Value, []float64{c.Lo, c.Lo, c.Delta, c.Hi, c.Hi}; !same(got, want) {
		t.Errorf("bar of a regression = %v, want the interval around Δ %v", got, want)
	}
	if bars[0].Name != "slow/vm/vm" || bars[1].Name != "same/vm/vm" || marks[0].Name != "few/vm/vm" {
		t.Errorf("item names %q, %q, %q: a click must report the data-row key", bars[0].Name, bars[1].Name, marks[0].Name)
	}
	if got := marks[0].Value; got[0] != few.Comparison.Delta || got[1] != 2 {
		t.Errorf("mark of the underpowered row = %v, want [Δ, 2]", got)
	}
	if bars[2].Value != nil || marks[0].Symbol != "emptyCircle" {
		t.Errorf("underpowered row drawn with bar %v and symbol %q; want no bar, a hollow mark", bars[2].Value, marks[0].Symbol)
	}
	if bars[0].ItemStyle.BorderColor != light.regression || bars[1].ItemStyle.BorderColor != light.noise {
		t.Errorf("colours %q, %q: want the verdict's", bars[0].ItemStyle.BorderColor, bars[1].ItemStyle.BorderColor)
	}
	if zero := o.Series[0].MarkLine.Data; len(zero) != 1 || zero[0]["xAxis"] != 0.0 {
		t.Errorf("zero line = %v, want one mark line at xAxis 0", zero)
	}
	if !strings.Contains(marks[0].Tooltip.Formatter, "5 and 9 samples, 6 needed") || bars[2].Tooltip.Formatter != marks[0].Tooltip.Formatter {
		t.Errorf("underpowered tooltip %q does not say how many samples it has", marks[0].Tooltip.Formatter)
	}
}

func TestIntervalSelected(t *testing.T) {
	decode := decoder(t)
	rows := []review.Row{row("a", series(100, 9), series(100, 9)), row("b", series(100, 9), series(130, 9))}
	o := decode(IntervalStyled(rows, Style{Dark: true, Selected: "b/vm/vm"}))
	bars := items(t, o.Series[0].Data)
	if bars[0].ItemStyle.BorderColor == dark.selected || bars[1].ItemStyle.BorderColor != dark.selected {
		t.Errorf("border colours %q, %q: want only the selected row outlined", bars[0].ItemStyle.BorderColor, bars[1].ItemStyle.BorderColor)
	}
}

// A metric's unit is the report's, as a name is ("allocs/op", or what a
// benchmark passed to testing.B.ReportMetric, which refuses only spaces):
// every tooltip (innerHTML) of both charts shows it escaped, with no
// ECharts template variable left in it.
func TestHostileUnitsAreEscaped(t *testing.T) {
	const unit = `<img/src=x/onerror=alert(1)>{a}"'&`
	const shown = `&lt;img/src=x/onerror=alert(1)&gt;&#123;a&#125;&#34;&#39;&amp;`
	r := row("a", series(100, 9), append(series(130, 8), 900)) // a sample off the run order's scale
	r.Metric = &review.Metric{Name: "x", Unit: unit}
	interval, err := Interval([]review.Row{r}, false)
	if err != nil {
		t.Fatal(err)
	}
	runOrder, err := RunOrder(r, false)
	if err != nil {
		t.Fatal(err)
	}
	long := row("b", append(series(100, largeRun), 900), nil) // its far sample drawn by a series of its own
	long.Metric = r.Metric
	longRunOrder, err := RunOrder(long, false)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"interval": interval, "run order": runOrder, "a long run's order": longRunOrder} {
		var o any
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		tips := tooltips(o, nil)
		if len(tips) == 0 {
			t.Fatalf("%s: no tooltip formatter", name)
		}
		with := 0
		for _, tip := range tips {
			for _, bad := range []string{"<img", "{a}", `"'`} {
				if strings.Contains(tip, bad) {
					t.Errorf("%s: tooltip %q contains %q unescaped", name, tip, bad)
				}
			}
			if strings.Contains(tip, shown) {
				with++
			}
		}
		if with == 0 {
			t.Errorf("%s: no tooltip shows the unit, escaped: %q", name, tips)
		}
	}
}

// tooltips appends every tooltip formatter in a decoded option to tips.
func tooltips(v any, tips []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if tip, ok := x.(map[string]any); ok && k == "tooltip" {
				if f, ok := tip["formatter"].(string); ok {
					tips = append(tips, f)
				}
			}
			tips = tooltips(x, tips)
		}
	case []any:
		for _, x := range v {
			tips = tooltips(x, tips)
		}
	}
	return tips
}

// A name is data: it must reach a tooltip (innerHTML) escaped, carry no
// ECharts template variable, and reach the axis (canvas text) as itself.
func TestHostileNamesAreEscaped(t *testing.T) {
	decode := decoder(t)
	hostile := `<img src=x onerror=alert(1)></script>{a}"'&`
	r := row(hostile, series(1000, 9), series(1100, 9))
	few := row(hostile+"2", series(1000, 3), series(1100, 9))
	b, err := Interval([]review.Row{r, few}, false)
	o := decode(b, err)
	for _, it := range append(items(t, o.Series[0].Data), items(t, o.Series[1].Data)...) {
		tip := it.Tooltip.Formatter
		for _, bad := range []string{"<img", "</script", "{a}", `"'`} {
			if strings.Contains(tip, bad) {
				t.Errorf("tooltip %q contains %q unescaped", tip, bad)
			}
		}
		if !strings.Contains(tip, "&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&#123;a&#125;&#34;&#39;&amp;") {
			t.Errorf("tooltip %q does not show the name escaped", tip)
		}
		if it.Name != hostile+"/vm/vm" && it.Name != hostile+"2/vm/vm" {
			t.Errorf("item name %q, want the key itself", it.Name)
		}
	}
	if got := o.YAxis[0].Data[0]; !strings.HasSuffix(hostile+"/vm/vm", strings.TrimPrefix(got, "…")) || !strings.Contains(got, "</script>{a}") {
		t.Errorf("axis label %q, want the name as text, not escaped (canvas text is never markup)", got)
	}
	// encoding/json escapes <, > and & too, so the option can sit inside a
	// <script> element of the exported page.
	if strings.Contains(string(b), "</script") {
		t.Error("the option JSON contains </script")
	}

	long := strings.Repeat("x", 100)
	o = decode(Interval([]review.Row{row(long, series(1000, 9), series(1000, 9))}, false))
	if got := []rune(o.YAxis[0].Data[0]); len(got) != maxLabel || got[0] != '…' {
		t.Errorf("a 100-character name labels the axis as %q", string(got))
	}
}

func TestRunOrder(t *testing.T) {
	decode := decoder(t)
	base := []uint64{24618453, 24786822, 67719492, 25534804, 24469052, 24231721, 24761355}
	cur := []uint64{25094361, 21972714, 21005927, 27021105, 23673524, 20860640, 21622118, 23142988, 22928116}
	r := row("pure", base, cur)
	o := decode(RunOrder(r, false))
	if unit := format.RowUnit(&r); unit.Name != "ms" || o.YAxis[0].Name != "ms" {
		t.Errorf("unit %q, axis name %q; want ms for medians near 25e6 ns", unit.Name, o.YAxis[0].Name)
	}
	if len(o.XAxis[0].Data) != len(cur) || o.XAxis[0].Data[0] != "1" {
		t.Errorf("positions = %v, want 1..%d", o.XAxis[0].Data, len(cur))
	}
	for i, side := range []struct {
		name    string
		samples []uint64
		median  float64
	}{{"Baseline", base, r.BaseStats.Median()}, {"Current", cur, r.CurStats.Median()}} {
		s := o.Series[i]
		if s.Name != side.name || s.Type != "scatter" {
			t.Errorf("series %d is %q %q, want %s scatter", i, s.Name, s.Type, side.name)
		}
		var values []float64
		if err := json.Unmarshal(s.Data, &values); err != nil {
			t.Fatal(err)
		}
		for j, v := range values {
			if got := v * 1e6; math.Abs(got-float64(side.samples[j])) > 1e-6 {
				t.Errorf("%s point %d = %v ms, want sample %d in run order", side.name, j, v, side.samples[j])
			}
		}
		if got := s.MarkLine.Data[0]["yAxis"].(float64) * 1e6; math.Abs(got-side.median) > 1e-6 {
			t.Errorf("%s median line at %v, want %v", side.name, got, side.median)
		}
		// The side, the sample's place of how many, its value and unit:
		// "Current, sample 3 of 9: 21.01 ms".
		if want := side.name + ", sample {b} of " + strconv.Itoa(len(side.samples)) + ": {c} ms"; s.Tip == nil || s.Tip.Formatter != want {
			t.Errorf("%s tooltip = %+v", side.name, s.Tip)
		}
	}

	// One report alone: only the side that has samples is drawn.
	alone := row("alone", base, nil)
	if o := decode(RunOrder(alone, true)); len(o.Series) != 1 || o.Series[0].Name != "Baseline" {
		t.Errorf("a row with one side draws %d series", len(o.Series))
	}
}

// A sample far above the rest is drawn on the top edge of an axis that
// spans the others, with its value in the tooltip; its series keeps it.
func TestRunOrderDrawsAFarOutSampleOnTheEdge(t *testing.T) {
	// The third baseline sample is 2.7 times the others' median.
	base := []uint64{24618453, 24786822, 67719492, 25534804, 24469052, 24231721, 24761355}
	cur := []uint64{25094361, 21972714, 21005927, 27021105, 23673524, 20860640, 21622118, 23142988, 22928116}
	r := row("pure", base, cur)
	b, err := RunOrder(r, false)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		YAxis []struct {
			Min, Max *float64
		} `json:"yAxis"`
		Series []struct {
			Data      []float64 `json:"data"`
			MarkPoint struct {
				Data []struct {
					Name    string `json:"name"`
					Coord   []any  `json:"coord"`
					Value   string `json:"value"`
					Symbol  string `json:"symbol"`
					Tooltip struct {
						Formatter string `json:"formatter"`
					} `json:"tooltip"`
				} `json:"data"`
			} `json:"markPoint"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	_, hi := Scale(r.BaseStats, r.CurStats)
	// The baseline's quartiles are about 24.5 and 25.1 ms and its spread
	// counts as 5% of its 24.76 ms median: the edge is near 28.9 ms.
	if math.IsInf(hi, 0) || hi < 27e6 || hi > 30e6 {
		t.Fatalf("top edge %v ns, want about 28.9e6", hi)
	}
	if y := o.YAxis[0]; y.Max == nil || math.Abs(*y.Max-hi/1e6) > 1e-9 || y.Min != nil {
		t.Errorf("y axis min %v max %v, want no min and max %v ms", y.Min, y.Max, hi/1e6)
	}
	marks := o.Series[0].MarkPoint.Data
	if len(marks) != 1 || marks[0].Name != "3" || marks[0].Value != "67.72" || marks[0].Symbol != "triangle" ||
		marks[0].Coord[0] != "3" || math.Abs(marks[0].Coord[1].(float64)-hi/1e6) > 1e-9 {
		t.Errorf("baseline marks %+v, want one triangle at run 3 on the edge, valued 67.72", marks)
	}
	if tip, want := marks[0].Tooltip.Formatter, "Baseline, sample 3 of 7: 67.72 ms, off the chart's scale: drawn on its top edge"; tip != want {
		t.Errorf("the far-out sample's tooltip is %q, want %q", tip, want)
	}
	if got := o.Series[0].Data[2]; math.Abs(got-67.719492) > 1e-9 {
		t.Errorf("the baseline's third sample is %v in its series, want its true 67.719492 ms", got)
	}
	if n := len(o.Series[1].MarkPoint.Data); n != 0 {
		t.Errorf("the current run, with no far-out sample, has %d marks", n)
	}

	// With no sample far out, ECharts chooses the axis.
	if lo, hi := Scale(r.CurStats); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("the current run alone is scaled to [%v, %v], want no edge", lo, hi)
	}
}

func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A bidirectional control in a name is shown, never obeyed: U+202E would
// reverse the rest of the label and let one row pose as another. The axis
// label and the tooltip show it as visible.String does (as the table and
// the command line do), the tooltip isolates the name in a <bdi>, and the
// item's name stays the raw key the page selects rows by.
func TestBidiControlsAreShownNotObeyed(t *testing.T) {
	decode := decoder(t)
	name := "evil\u202egnp.exe"
	o := decode(Interval([]review.Row{row(name, series(1000, 9), series(1100, 9))}, false))
	want := `evil\u202egnp.exe/vm/vm`
	if got := o.YAxis[0].Data[0]; got != want {
		t.Errorf("axis label %q, want %q", got, want)
	}
	for _, it := range items(t, o.Series[0].Data) {
		tip := it.Tooltip.Formatter
		if strings.ContainsRune(tip, '\u202e') || !strings.Contains(tip, "<bdi>"+want+"</bdi>") {
			t.Errorf("tooltip %q, want the name shown escaped in a <bdi>", tip)
		}
		if it.Name != name+"/vm/vm" {
			t.Errorf("item name %q, want the key itself", it.Name)
		}
	}
}

// The geomean is the first bar, with its interval, and its tooltip says
// what it is; without one the bars are the rows'.
func TestIntervalShowsTheGeomeanFirst(t *testing.T) {
	decode := decoder(t)
	rows := []review.Row{row("slow", series(100_000, 15), series(120_000, 15))}
	g := stats.Geomean{Delta: 3.5, Lo: 1.25, Hi: 6, Verdict: stats.Regression, Rows: 40}
	o := decode(IntervalStyled(rows, Style{Geomean: &g}))
	if got := o.YAxis[0].Data; len(got) != 2 || got[0] != "geomean (40 rows)" {
		t.Fatalf("labels %q, want the geomean's first", got)
	}
	bars := items(t, o.Series[0].Data)
	if bars[0].Name != GeomeanBar || len(bars[0].Value) != 5 || bars[0].Value[0] != 1.25 || bars[0].Value[2] != 3.5 || bars[0].Value[4] != 6 {
		t.Errorf("geomean bar %+v, want [1.25 1.25 3.5 6 6]", bars[0])
	}
	if tip := bars[0].Tooltip.Formatter; !strings.Contains(tip, "geomean over 40 rows") || !strings.Contains(tip, "+3.50%") {
		t.Errorf("geomean tooltip %q", tip)
	}
	// Counted as the page counts rows: one row, and thousands grouped.
	for n, want := range map[int]string{1: "geomean (1 row)", 12_345: "geomean (12,345 rows)"} {
		g.Rows = n
		o := decode(IntervalStyled(rows, Style{Geomean: &g}))
		tip := items(t, o.Series[0].Data)[0].Tooltip.Formatter
		if got := o.YAxis[0].Data[0]; got != want || !strings.Contains(tip, "geomean over "+strings.TrimSuffix(strings.TrimPrefix(want, "geomean ("), ")")+"<") {
			t.Errorf("a geomean over %d rows: label %q, tooltip %q", n, got, tip)
		}
	}
	none := stats.Geomean{Verdict: stats.Underpowered, Delta: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if o := decode(IntervalStyled(rows, Style{Geomean: &none})); len(o.YAxis[0].Data) != 1 {
		t.Errorf("a geomean over no row is drawn: %q", o.YAxis[0].Data)
	}
}

// A side that drifted has its trend drawn and named with its size; a side
// that did not has none.
func TestRunOrderDrawsTheTrendOfADriftedSide(t *testing.T) {
	decode := decoder(t)
	base, cur := series(100_000, 60), series(100_000, 60)
	for i := range cur {
		cur[i] += uint64(i) * 100 // +5.9% over the run
	}
	r := row("drifting", base, cur)
	dc, db := stats.DriftOf(cur), stats.DriftOf(base)
	if !dc.Drifted || db.Drifted {
		t.Fatalf("drift of the series: base %+v, current %+v", db, dc)
	}
	o := decode(RunOrderTrend(r, false, Trends{Base: &db, Cur: &dc}))
	var trends []string
	for _, s := range o.Series {
		if s.Type == "line" {
			trends = append(trends, s.Name)
			var pts [][2]any
			if err := json.Unmarshal(s.Data, &pts); err != nil {
				t.Fatal(err)
			}
			if len(pts) != 2 || pts[0][0] != "1" || pts[1][0] != "60" || !(pts[1][1].(float64) > pts[0][1].(float64)) {
				t.Errorf("trend points %v, want from position 1 to 60, rising", pts)
			}
		}
	}
	if want := "Current trend, drift " + format.Percent(dc.Pct); len(trends) != 1 || trends[0] != want {
		t.Errorf("trend series %q, want [%q]", trends, want)
	}
}

// A run of more samples than ECharts draws one element each (largeRun) is
// drawn as one path, opaque and small; a run of that many or fewer keeps
// ECharts' default points. The tooltip's count is written for people.
func TestRunOrderDrawsALongRunAsOnePath(t *testing.T) {
	run := func(n int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = 10_000 + uint64(i*7919%101)
		}
		return s
	}
	for _, n := range []int{largeRun, largeRun + 1, 12_345} {
		b, err := RunOrder(row("soak", run(n), run(n)), false)
		if err != nil {
			t.Fatal(err)
		}
		var o struct {
			Series []struct {
				Name       string `json:"name"`
				Large      *bool  `json:"large"`
				SymbolSize int    `json:"symbolSize"`
				ItemStyle  struct {
					Opacity *float64 `json:"opacity"`
				} `json:"itemStyle"`
				Tooltip struct {
					Formatter string `json:"formatter"`
				} `json:"tooltip"`
			} `json:"series"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		for _, s := range o.Series {
			large := s.Large != nil && *s.Large && s.SymbolSize == 3 && s.ItemStyle.Opacity != nil && *s.ItemStyle.Opacity == 1
			plain := s.Large == nil && s.SymbolSize == 0 && s.ItemStyle.Opacity == nil
			if n > largeRun && !large || n <= largeRun && !plain {
				t.Errorf("%d samples: %s is large %v, symbol size %d, opacity %v", n, s.Name, s.Large, s.SymbolSize, s.ItemStyle.Opacity)
			}
			if want := " of " + format.Count(n) + ": "; !strings.Contains(s.Tooltip.Formatter, want) {
				t.Errorf("%d samples: %s's tooltip %q does not say %q", n, s.Name, s.Tooltip.Formatter, want)
			}
		}
	}
}

// A long run's samples off the scale are drawn as triangles on the edge
// they crossed, as a short run's are, but as a series an edge (one path)
// rather than a mark each; their tooltips say what a mark's says, and the
// legend has one entry a side.
func TestRunOrderDrawsALongRunsFarSamplesAsSeries(t *testing.T) {
	const n = 2_500
	base := make([]uint64, n)
	for i := range base {
		base[i] = 24_000_000 + uint64(i*7919%101)*10_000 // 24.0–25.0 ms
	}
	base[2], base[1234] = 67_719_492, 90_000_000 // far above
	base[7] = 1_000                              // far below
	b, err := RunOrder(row("soak", base, nil), false)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Legend struct {
			Data []string `json:"data"`
		} `json:"legend"`
		Series []struct {
			Name      string          `json:"name"`
			Large     *bool           `json:"large"`
			Symbol    string          `json:"symbol"`
			Data      json.RawMessage `json:"data"`
			MarkPoint *struct{}       `json:"markPoint"`
			Encode    map[string]int  `json:"encode"`
			Tooltip   struct {
				Formatter string `json:"formatter"`
			} `json:"tooltip"`
		} `json:"series"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Series) != 3 {
		t.Fatalf("%d series, want the baseline's samples and its two edges'", len(o.Series))
	}
	var values []float64
	if err := json.Unmarshal(o.Series[0].Data, &values); err != nil || len(values) != n || values[1234] != 90 || values[7] != 0.001 {
		t.Errorf("the baseline's own series does not keep every sample's true value (%v)", err)
	}
	want := []struct {
		symbol, where string
		points        [][3]any
	}{
		{"triangle", "top", [][3]any{{2.0, nil, "3 of 2,500: 67.72"}, {1234.0, nil, "1235 of 2,500: 90.00"}}},
		{"path://M0,0L10,0L5,10Z", "bottom", [][3]any{{7.0, nil, "8 of 2,500: 0.001"}}},
	}
	lo, hi := Scale(row("soak", base, nil).BaseStats)
	for i, w := range want {
		s := o.Series[1+i]
		if s.Name != "Baseline" || s.Large == nil || !*s.Large || s.Symbol != w.symbol || s.MarkPoint != nil ||
			s.Encode["x"] != 0 || s.Encode["y"] != 1 || s.Encode["itemName"] != 2 {
			t.Errorf("the %s edge's series: %+v", w.where, s)
		}
		if tip := "Baseline, sample {b} ms, off the chart's scale: drawn on its " + w.where + " edge"; s.Tooltip.Formatter != tip {
			t.Errorf("the %s edge's tooltip %q, want %q", w.where, s.Tooltip.Formatter, tip)
		}
		var points [][3]any
		if err := json.Unmarshal(s.Data, &points); err != nil {
			t.Fatal(err)
		}
		edge := hi / 1e6
		if w.where == "bottom" {
			edge = lo / 1e6
		}
		if len(points) != len(w.points) {
			t.Fatalf("the %s edge has %d points, want %d", w.where, len(points), len(w.points))
		}
		for k, p := range points {
			if p[0] != w.points[k][0] || math.Abs(p[1].(float64)-edge) > 1e-9 || p[2] != w.points[k][2] {
				t.Errorf("the %s edge's point %d is %v, want [%v %v %q]", w.where, k, p, w.points[k][0], edge, w.points[k][2])
			}
		}
	}
}

// RunOrderApart of a short run is RunOrderTrend's option, whole.
func TestRunOrderApartOfAShortRunIsRunOrderTrend(t *testing.T) {
	r := row("short", series(100, 9), series(130, largeRun))
	whole, err := RunOrderTrend(r, false, Trends{})
	if err != nil {
		t.Fatal(err)
	}
	apart, err := RunOrderApart(r, false, Trends{}, Frame{Width: 1200, Height: 320})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(whole, apart.JSON) || len(apart.Apart) != 0 {
		t.Errorf("a short run's option apart differs from RunOrderTrend's, or leaves %d series' data out", len(apart.Apart))
	}
}

// A long run apart is drawn on a value axis of positions, each side's
// points as pairs of position and value out of the JSON; of a side's
// samples that would be drawn within a point's width of one another, one
// is: every sample in the scale has one drawn that close, each drawn is a
// sample at its own position, and there are far fewer than samples. Its
// samples off the scale are thinned so along the edges; a short side
// beside it is drawn whole.
func TestRunOrderApartThinsALongRun(t *testing.T) {
	const n = 20_000
	long := make([]uint64, n)
	for i := range long {
		long[i] = 24_000_000 + uint64(i*7919%1009)*1_000 + uint64(i/20) // 24-25 ms, rising
	}
	for _, i := range []int{3, 4, 5, 11_000, 19_999} {
		long[i] = 90_000_000 // far above
	}
	long[7], long[8] = 1_000, 2_000 // far below
	short := series(24_500_000, 9)
	r := row("soak", long, short)
	frame := Frame{Width: 1000, Height: 300}
	got, err := RunOrderApart(r, false, Trends{Base: &stats.Drift{Drifted: true, Pct: 4}}, frame)
	o := decoder(t)(got.JSON, err)
	if x := o.XAxis[0]; x.Type != "value" || x.Min != 1 || x.Max != n || x.MinInterval != 1 || x.Data != nil {
		t.Errorf("the x axis is %+v, want a value axis of positions 1 to %d, without categories", x, n)
	}
	if len(got.Apart) != 2 || got.Apart[0].Series != 0 || got.Apart[1].Series != 1 {
		t.Fatalf("series apart: %+v, want both sides'", got.Apart)
	}
	for _, s := range o.Series[:2] {
		if s.Data != nil {
			t.Errorf("%s's data are in the JSON too", s.Name)
		}
	}
	unit := format.RowUnit(&r)
	lo, hi := Scale(r.BaseStats, r.CurStats)
	// The plot's pixels as RunOrderApart counts them, at most.
	w, h := float64(frame.Width-80), float64(frame.Height-80)
	span := plotSpan(lo, hi, r.BaseStats, r.CurStats)
	ylo, yspan := unit.Of(span[0]), unit.Of(span[1])-unit.Of(span[0])
	px := func(pos float64) float64 { return (pos - 1) * w / n }
	py := func(v float64) float64 { return (v - ylo) / yspan * h }
	for k, side := range [][]uint64{long, short} {
		pts := got.Apart[k].Points
		drawn := map[[2]int][][2]float64{} // by 3-pixel square
		last := 0.0
		for i := 0; i < len(pts); i += 2 {
			pos, v := pts[i], pts[i+1]
			if pos != math.Trunc(pos) || pos <= last || pos > float64(len(side)) || v != unit.Of(float64(side[int(pos)-1])) {
				t.Fatalf("side %d: point (%v, %v) is not a sample at its position, after position %v", k, pos, v, last)
			}
			last = pos
			x, y := px(pos), py(v)
			drawn[[2]int{int(x / 3), int(y / 3)}] = append(drawn[[2]int{int(x / 3), int(y / 3)}], [2]float64{x, y})
		}
		inScale := 0
		for i, s := range side {
			if float64(s) < lo || float64(s) > hi {
				continue
			}
			inScale++
			x, y := px(float64(i+1)), py(unit.Of(float64(s)))
			near := false
			for dx := -1; dx <= 1 && !near; dx++ {
				for dy := -1; dy <= 1 && !near; dy++ {
					for _, d := range drawn[[2]int{int(x/3) + dx, int(y/3) + dy}] {
						if math.Abs(d[0]-x) <= largeSymbol && math.Abs(d[1]-y) <= largeSymbol {
							near = true
							break
						}
					}
				}
			}
			if !near {
				t.Fatalf("side %d: sample %d (%v) has no point drawn within %d pixels", k, i+1, s, largeSymbol)
			}
		}
		if k == 0 && len(pts)/2 > inScale/3 {
			t.Errorf("the long side draws %d of its %d samples in the scale: not thinned", len(pts)/2, inScale)
		}
		if k == 1 && len(pts)/2 != inScale {
			t.Errorf("the short side draws %d of its %d samples, want all", len(pts)/2, inScale)
		}
	}
	// The off-scale triangles: one a column at most, each at its own
	// position, and one near every such sample.
	for _, edge := range []struct {
		series    int
		positions []int
	}{{len(o.Series) - 2, []int{4, 5, 6, 11_001, 20_000}}, {len(o.Series) - 1, []int{8, 9}}} {
		var points [][3]any
		if err := json.Unmarshal(o.Series[edge.series].Data, &points); err != nil {
			t.Fatal(err)
		}
		var at []float64
		for _, p := range points {
			at = append(at, p[0].(float64))
		}
		for _, pos := range edge.positions {
			near := slices.ContainsFunc(at, func(a float64) bool { return math.Abs(px(a)-px(float64(pos))) <= largeSymbol })
			if !near || !slices.Contains(edge.positions, int(at[0])) {
				t.Errorf("series %d's triangles at %v: none near position %d", edge.series, at, pos)
			}
		}
		if len(at) >= len(edge.positions) && edge.series == len(o.Series)-2 {
			t.Errorf("the top edge draws %d triangles for %d samples in two columns", len(at), len(edge.positions))
		}
	}
	// The trend runs from the first position to the last, as numbers.
	trend := o.Series[2] // after the sides, before the edges
	var line [2][2]float64
	if err := json.Unmarshal(trend.Data, &line); err != nil || line[0][0] != 1 || line[1][0] != n {
		t.Errorf("the trend's line %s (%v), want it from position 1 to %d", trend.Data, err, n)
	}
	// Said in words: the chart's description.
	if d := DescribeRunOrder(r, Trends{}); !strings.Contains(d, "within a point's width of one another, one of them is drawn") {
		t.Errorf("the description does not say the long run is thinned: %q", d)
	}
	if d := DescribeRunOrder(row("short", short, short), Trends{}); strings.Contains(d, "point's width") {
		t.Errorf("a short run's description says it is thinned: %q", d)
	}
}

// DescribeRunOrder counts the samples off the scale as one by one would.
func TestDescribeRunOrderCountsTheSamplesOffTheScale(t *testing.T) {
	base := series(1_000_000, 40)
	base[3], base[9], base[30] = 9_000_000, 10_000, 8_000_000
	r := row("far", base, series(1_000_000, 12))
	lo, hi := Scale(r.BaseStats, r.CurStats)
	want := 0
	for _, s := range []*stats.FloatStats{r.BaseStats, r.CurStats} {
		for _, v := range s.Sorted {
			if v < lo || v > hi {
				want++
			}
		}
	}
	if want != 3 {
		t.Fatalf("the test's samples: %d off the scale, want 3", want)
	}
	if d := DescribeRunOrder(r, Trends{}); !strings.Contains(d, " 3 samples lie off the chart's scale") {
		t.Errorf("the description: %q", d)
	}
}
