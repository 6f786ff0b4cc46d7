package chart

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// Style is how a chart is drawn beyond its data.
type Style struct {
	Dark bool
	// Selected is the data-row key of the row to highlight; empty for none.
	Selected string
	// Geomean, when not nil and covering rows, is drawn as a first bar,
	// named GeomeanBar: the whole suite's shift with its interval.
	Geomean *stats.Geomean
}

// GeomeanBar is the name of the geomean's bar: no row's key has no slash.
const GeomeanBar = "geomean"

// Interval is the option JSON of the interval bars for rows, in the order
// given: each computed comparison as its Δ% with the 95% interval as a bar,
// coloured by verdict, with the zero line marked. Rows that are not computed
// comparisons are left out. Item names are the rows' data-row keys, which is
// what a click on the chart reports.
func Interval(rows []review.Row, dark bool) ([]byte, error) {
	return IntervalStyled(rows, Style{Dark: dark})
}

// IntervalStyled is Interval with the selected row highlighted.
//
// The option has two series. The first, a boxplot, has one item per row:
// [lo, lo, Δ, hi, hi], a box spanning the interval with a line at Δ, or no
// value for an underpowered row. The second, a scatter, marks the Δ of each
// underpowered row alone, as [Δ, the row's line]. One item per row keeps
// the option, and the chart's work on every redraw, small.
func IntervalStyled(rows []review.Row, s Style) ([]byte, error) {
	p := paletteFor(s.Dark)
	var labels []string
	var bars []opts.BoxPlotData
	marks := []any{} // an empty series is [], not null
	if g := s.Geomean; g != nil && g.Rows > 0 && g.Verdict != stats.Underpowered {
		color := p.verdictColor(g.Verdict)
		bars = append(bars, opts.BoxPlotData{
			Name: GeomeanBar, Value: []float64{g.Lo, g.Lo, g.Delta, g.Hi, g.Hi},
			Tooltip:   &opts.Tooltip{Formatter: types.FuncStr(geomeanTooltip(*g))},
			ItemStyle: &opts.ItemStyle{Color: color, BorderColor: color, BorderWidth: 2.5},
		})
		labels = append(labels, "geomean ("+format.Rows(g.Rows)+")")
	}
	for _, r := range rows {
		if !compared(r) {
			continue
		}
		name := r.Key.String()
		c := *r.Comparison
		selected := name == s.Selected
		tip := &opts.Tooltip{Formatter: types.FuncStr(intervalTooltip(r))}
		color := p.verdictColor(c.Verdict)
		bar := opts.BoxPlotData{Name: name, Tooltip: tip, ItemStyle: &opts.ItemStyle{
			Color: color + "33", BorderColor: color, BorderWidth: 1.5,
		}}
		if selected {
			bar.ItemStyle.BorderColor, bar.ItemStyle.BorderWidth = p.selected, 2.5
		}
		if c.Verdict != stats.Underpowered {
			bar.Value = []float64{c.Lo, c.Lo, c.Delta, c.Hi, c.Hi}
		}
		bars = append(bars, bar)
		if c.Verdict == stats.Underpowered {
			// A shift with no interval is a number to look at, not a
			// claim: a hollow mark at Δ, where the others have a bar.
			mark := opts.ScatterData{Name: name, Value: []any{c.Delta, len(labels)}, Symbol: "emptyCircle", SymbolSize: 9}
			if selected {
				mark.SymbolSize = 13
			}
			marks = append(marks, scatterItem{mark, &opts.ItemStyle{Color: color}, tip})
		}
		labels = append(labels, label(visible.String(r.Key.Label())))
	}

	bar := echartsSeries{Name: "95% interval", Type: types.ChartBoxPlot, Data: bars,
		MarkLine: &opts.MarkLines{
			Data: []any{opts.MarkLineNameXAxisItem{Name: "no change", XAxis: 0}},
			MarkLineStyle: opts.MarkLineStyle{
				Symbol:    []string{"none", "none"},
				Label:     &opts.Label{Show: opts.Bool(false)},
				LineStyle: &opts.LineStyle{Color: p.zero, Width: 1.5, Type: "solid"},
			},
		},
	}
	return json.Marshal(chartOption{
		BackgroundColor: "transparent",
		Grid:            []opts.Grid{{Left: "8", Right: "32", Top: "34", Bottom: "12", ContainLabel: opts.Bool(true)}},
		Legend:          opts.Legend{Show: opts.Bool(false)},
		Series: []echartsSeries{bar,
			{Name: "Δ% with no interval", Type: types.ChartScatter, Data: marks}},
		Tooltip: themedTooltip(p),
		XAxis: []opts.XAxis{{
			Type: "value", Name: "Δ% of the baseline median", NameLocation: "middle", NameGap: 24, Position: "top",
			AxisLabel: &opts.AxisLabel{Formatter: "{value}%", Color: p.muted},
			SplitLine: &opts.SplitLine{Show: opts.Bool(true), LineStyle: &opts.LineStyle{Color: p.grid}},
		}},
		YAxis: []opts.YAxis{{
			Type: "category", Data: labels, Inverse: opts.Bool(true),
			// Every label shows (the chart is sized for them): interval 0 also
			// spares ECharts measuring each one to choose which to hide.
			AxisLabel: &opts.AxisLabel{Color: p.text, Interval: "0"},
			AxisLine:  &opts.AxisLine{Show: opts.Bool(false)},
		}},
	})
}

// IntervalHeight is the height in pixels a container needs to show n
// interval bars at a readable spacing.
func IntervalHeight(n int) int { return max(160, 70+BarPitch*n) }

// BarPitch is how far apart, in pixels, IntervalHeight sets the bars.
const BarPitch = 26

// scatterItem is a scatter point with the two fields opts.ScatterData lacks.
type scatterItem struct {
	opts.ScatterData
	ItemStyle *opts.ItemStyle `json:"itemStyle,omitempty"`
	Tooltip   *opts.Tooltip   `json:"tooltip,omitempty"`
}

// intervalTooltip is the HTML a bar shows on hover; everything from the
// report in it is escaped.
func intervalTooltip(r review.Row) string {
	c := *r.Comparison
	unit := format.RowUnit(&r)
	var b strings.Builder
	b.WriteString("<strong><bdi>" + escape(visible.String(r.Key.Label())) + "</bdi></strong><br>")
	b.WriteString(escape(c.Verdict.String()) + ": Δ " + format.Percent(c.Delta))
	if c.Verdict == stats.Underpowered {
		b.WriteString(" (no interval: " + samples(r) + ")")
	} else {
		b.WriteString(", 95% interval " + format.Interval(c.Lo, c.Hi))
	}
	// A metric's unit is the report's too ("allocs/op", or whatever a
	// benchmark named it).
	b.WriteString("<br>median " + escape(unit.Format(c.BaselineMedian)) + " → " + escape(unit.Format(c.Median)))
	return b.String()
}

// geomeanTooltip is the HTML the geomean's bar shows on hover.
func geomeanTooltip(g stats.Geomean) string {
	return "<strong>geomean over " + format.Rows(g.Rows) + "</strong><br>" +
		escape(g.Verdict.String()) + ": Δ " + format.Percent(g.Delta) + ", 95% interval " + format.Interval(g.Lo, g.Hi)
}

// samples says how many samples each side has against the floor.
func samples(r review.Row) string {
	n := func(s *stats.FloatStats) int {
		if s == nil {
			return 0
		}
		return len(s.Sorted)
	}
	return strconv.Itoa(n(r.BaseStats)) + " and " + strconv.Itoa(n(r.CurStats)) +
		" samples, " + strconv.Itoa(stats.MinSamples) + " needed a side"
}

// chartOption is the ECharts option both charts set, its fields in the
// order encoding/json writes a map's keys. It is built from go-echarts'
// option types (opts) but not with its charts package, whose HTML renderer
// (html/template, linked by merely importing the package) would cost the
// viewer's WebAssembly some 110 KB gzipped and never be used: the pages hand
// the JSON to ECharts themselves. There is no animation (a chart is drawn, and the page ready,
// when setOption returns), a transparent background, and no legend unless
// a chart asks for one.
type chartOption struct {
	Animation       bool            `json:"animation"`
	BackgroundColor string          `json:"backgroundColor"`
	Grid            []opts.Grid     `json:"grid"`
	Legend          opts.Legend     `json:"legend"`
	Series          []echartsSeries `json:"series"`
	Tooltip         tooltip         `json:"tooltip"`
	XAxis           []opts.XAxis    `json:"xAxis"`
	YAxis           []opts.YAxis    `json:"yAxis"`
}

// echartsSeries is one series of an option: the fields the charts set, in
// the order go-echarts' charts.SingleSeries writes them.
type echartsSeries struct {
	Name       string              `json:"name,omitempty"`
	Type       string              `json:"type,omitempty"`
	ShowSymbol types.Bool          `json:"showSymbol,omitempty"`
	Data       any                 `json:"data,omitempty"`
	ItemStyle  *opts.ItemStyle     `json:"itemStyle,omitempty"`
	MarkLine   *opts.MarkLines     `json:"markLine,omitempty"`
	MarkPoint  *opts.MarkPoints    `json:"markPoint,omitempty"`
	LineStyle  *opts.LineStyle     `json:"lineStyle,omitempty"`
	Tooltip    *opts.SeriesTooltip `json:"tooltip,omitempty"`
	// Large has ECharts draw a scatter series of more points than its
	// largeThreshold (2,000) as one path, in chunks of 5,000 a frame.
	Large      types.Bool `json:"large,omitempty"`
	Symbol     string     `json:"symbol,omitempty"`
	SymbolSize int        `json:"symbolSize,omitempty"`
	// Dimensions and Encode name the values of a data item and say
	// which is drawn where (the run order's off-scale samples).
	Dimensions []any          `json:"dimensions,omitempty"`
	Encode     map[string]any `json:"encode,omitempty"`
}

// tooltip is ECharts' tooltip component as the charts set it: in the
// theme's colours and kept inside the chart.
type tooltip struct {
	Trigger         string    `json:"trigger"`
	Confine         bool      `json:"confine"`
	BackgroundColor string    `json:"backgroundColor"`
	BorderColor     string    `json:"borderColor"`
	TextStyle       textStyle `json:"textStyle"`
}

type textStyle struct {
	Color string `json:"color"`
}

// themedTooltip is the tooltip in p's colours.
func themedTooltip(p palette) tooltip {
	return tooltip{Trigger: "item", Confine: true, BackgroundColor: p.tooltipBG,
		BorderColor: p.grid, TextStyle: textStyle{Color: p.tooltipText}}
}
