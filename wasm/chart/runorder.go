package chart

import (
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/format"
)

// RunOrder is the option JSON of the run-order scatter of one row: every
// sample at its position in the run (1-based, the x axis' categories),
// baseline and current in two colours, each side's median as a line. Values
// are in the unit RunOrderUnit picks for the row, named on the y axis, so a
// sample s is drawn at s / unit.Scale. A side with no samples is left out.
func RunOrder(row review.Row, dark bool) ([]byte, error) {
	p := paletteFor(dark)
	unit := RunOrderUnit(row)
	n := 0
	for _, s := range []*stats.Stats{row.BaseStats, row.CurStats} {
		if s != nil {
			n = max(n, len(s.Taken))
		}
	}
	positions := make([]string, n)
	for i := range positions {
		positions[i] = strconv.Itoa(i + 1)
	}

	c := charts.NewScatter()
	c.SetGlobalOptions(common(c, p)...)
	c.SetGlobalOptions(
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0", Right: "8",
			TextStyle: &opts.TextStyle{Color: p.text}}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "16", Top: "36", Bottom: "8", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(opts.XAxis{
			Type: "category", Name: "position in the run", NameLocation: "middle", NameGap: 26,
			AxisLabel: &opts.AxisLabel{Color: p.muted},
			AxisLine:  &opts.AxisLine{LineStyle: &opts.LineStyle{Color: p.grid}},
		}),
		charts.WithYAxisOpts(opts.YAxis{
			Type: "value", Name: unit.Name, Scale: opts.Bool(true),
			AxisLabel: &opts.AxisLabel{Color: p.muted},
			SplitLine: &opts.SplitLine{Show: opts.Bool(true), LineStyle: &opts.LineStyle{Color: p.grid}},
		}),
	)
	c.SetXAxis(positions)
	add := func(name, color, labelAt string, s *stats.Stats) {
		if s == nil {
			return
		}
		values := make([]float64, len(s.Taken))
		for i, v := range s.Taken {
			values[i] = unit.Of(float64(v))
		}
		median := s.Median()
		series := charts.SingleSeries{Name: name, Type: types.ChartScatter, Data: values}
		series.ConfigureSeriesOpts(
			charts.WithItemStyleOpts(opts.ItemStyle{Color: color}),
			charts.WithSeriesTooltipOpts(opts.SeriesTooltip{
				// {a} is this series' name, {b} the position, {c} the value:
				// all written here, none from the report.
				Formatter: types.FuncStr("{a}, run {b}: {c} " + unit.Name),
			}),
			charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{
				Name: name + " median", YAxis: unit.Of(median),
			}),
			charts.WithMarkLineStyleOpts(opts.MarkLineStyle{
				Symbol: []string{"none", "none"},
				Label: &opts.Label{Show: opts.Bool(true), Position: labelAt, Color: color,
					BackgroundColor: p.panel + "d9", Formatter: "median " + unit.Format(median)},
				LineStyle: &opts.LineStyle{Color: color, Type: "dashed", Width: 1.5},
			}),
		)
		c.MultiSeries = append(c.MultiSeries, series)
	}
	// The medians are often close: their labels go to opposite ends.
	add("Baseline", p.base, "insideStartTop", row.BaseStats)
	add("Current", p.cur, "insideEndTop", row.CurStats)
	return finish(c)
}

// RunOrderUnit is the unit RunOrder draws row's samples in: the one that
// suits the larger of its medians.
func RunOrderUnit(row review.Row) format.Unit {
	var medians []float64
	for _, s := range []*stats.Stats{row.BaseStats, row.CurStats} {
		if s != nil {
			medians = append(medians, s.Median())
		}
	}
	return format.UnitFor(medians...)
}
