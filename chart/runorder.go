package chart

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// RunOrder is the option JSON of the run-order scatter of one row: every
// sample at its position in the run (1-based, the x axis' categories),
// baseline and current in two colours, each side's median as a line. Values
// are in the unit format.RowUnit picks for the row, named on the y axis, so a
// sample s is drawn at s / unit.Scale. A side with no samples is left out.
//
// The y axis spans the body of the samples (see Scale); a sample beyond it
// is drawn as a triangle on the edge it crossed, with its value in the
// tooltip. The series' data keep every sample's true value. A side of more
// than largeRun samples has its triangles drawn as series of their own
// (offScale), one path an edge.
func RunOrder(row review.Row, dark bool) ([]byte, error) {
	return RunOrderTrend(row, dark, Trends{})
}

// Trends are the sides' drift for RunOrderTrend; nil for a side not
// measured.
type Trends struct{ Base, Cur *stats.Drift }

// RunOrderTrend is RunOrder with each side that drifted (Drift.Drifted)
// showing its trend: a solid line through the side's median at the middle
// of the run, rising by the drift's Pct of the median from the run's first
// sample to its last, and named in the legend with its size, so that the
// drift is told in words as well as drawn.
func RunOrderTrend(row review.Row, dark bool, trends Trends) ([]byte, error) {
	o, err := runOrder(row, dark, trends, nil)
	return o.JSON, err
}

// Option is a chart's option with its long series' data apart, for a page
// that hands them to ECharts as typed arrays: JSON is the option, and each
// of Apart fills the data of one of its series, which JSON leaves out.
//
// A soak run's 200,000 samples took the viewer 100-130 ms to write as JSON
// and ECharts 200-260 ms to take in from the parsed arrays; as two
// Float64Arrays of pairs, some 70-100 ms.
type Option struct {
	JSON  []byte
	Apart []Apart
}

// Apart is the data of series Series: every point as a pair in turn, its
// position in the run (from 1, on a value axis) and its value, Points[2i]
// and Points[2i+1]. ECharts reads such data's {c} as the pair, and has no
// {b} for it, so a page gives the series a tooltip of its own: Tooltip,
// its {b} the position and its {c} the value.
type Apart struct {
	Series  int
	Points  []float64
	Tooltip string
}

// Frame is the size, in CSS pixels, of the box a chart is drawn in.
type Frame struct{ Width, Height int }

// RunOrderApart is the run order of a row for a page that hands a long
// run's data to ECharts as typed arrays (Option), in a chart of size frame.
// A run of largeRun samples or fewer is RunOrderTrend's option, whole.
//
// A longer run (a soak run's 100,000 samples a side) is drawn on a value
// axis of positions, each side's points apart as pairs of position and
// value; and of the samples of a side that would be drawn on the same spot
// of the plot, a square as wide as a point (a cell, see thinning), one is
// drawn: the others would lie under it. The same goes for the triangles of
// its samples off the scale, one a cell of an edge. What is drawn is the
// picture every sample draws, from a few thousand of them: 200,000
// samples, each a point, took ECharts some 0.2 s to take in and a second
// more to draw, a chunk a frame, each frame a task of 40-70 ms (the
// page's, headless Chromium on two loaded cores); and 100,000 positions
// as the categories of the axis were a tenth of it.
func RunOrderApart(row review.Row, dark bool, trends Trends, frame Frame) (Option, error) {
	return runOrder(row, dark, trends, &frame)
}

// runOrder is the option of RunOrderTrend, or, given the chart's frame,
// RunOrderApart's.
func runOrder(row review.Row, dark bool, trends Trends, frame *Frame) (Option, error) {
	var out Option
	p := paletteFor(dark)
	unit := format.RowUnit(&row)
	lo, hi := Scale(row.BaseStats, row.CurStats)
	n := 0
	for _, s := range []*stats.FloatStats{row.BaseStats, row.CurStats} {
		if s != nil {
			n = max(n, len(s.Taken))
		}
	}
	// wide: positions on a value axis, every side's points apart, thinned.
	wide := frame != nil && n > largeRun
	var cells *thinning
	// at is position i (from 0) as the x axis takes it: its category's
	// index, or, on a value axis, the position itself.
	at := func(i int) any { return i }
	xAxis := opts.XAxis{
		Type: "category", Name: "position in the run", NameLocation: "middle", NameGap: 26,
		AxisLabel: &opts.AxisLabel{Color: p.muted},
		AxisLine:  &opts.AxisLine{LineStyle: &opts.LineStyle{Color: p.muted}},
	}
	if wide {
		cells = newThinning(*frame, n, unit, plotSpan(lo, hi, row.BaseStats, row.CurStats))
		at = func(i int) any { return float64(i + 1) }
		xAxis.Type, xAxis.Min, xAxis.Max, xAxis.MinInterval = "value", 1, n, 1
		xAxis.SplitLine = &opts.SplitLine{Show: opts.Bool(false)} // as a category axis draws none
	} else {
		xAxis.Data = positions(n)
	}

	o := chartOption{
		BackgroundColor: "transparent",
		Legend: opts.Legend{Show: opts.Bool(true), Top: "0", Right: "8",
			TextStyle: &opts.TextStyle{Color: p.text}},
		// Room below the labels for the axis name, which takes the axis
		// line's colour.
		Grid:    []opts.Grid{{Left: "8", Right: "16", Top: "36", Bottom: "30", ContainLabel: opts.Bool(true)}},
		Tooltip: themedTooltip(p),
		XAxis:   []opts.XAxis{xAxis},
		YAxis: []opts.YAxis{{
			Type: "value", Name: unit.Name, Scale: opts.Bool(true), Min: bound(unit, lo), Max: bound(unit, hi),
			// An edge cut short of a sample is no round number: unlabelled.
			AxisLabel: &opts.AxisLabel{Color: p.muted,
				ShowMinLabel: labelled(lo), ShowMaxLabel: labelled(hi)},
			SplitLine: &opts.SplitLine{Show: opts.Bool(true), LineStyle: &opts.LineStyle{Color: p.grid}},
		}},
	}
	var edges []echartsSeries // the large sides' off-scale samples, drawn last
	add := func(name, color, labelAt string, s *stats.FloatStats) {
		if s == nil {
			return
		}
		large := len(s.Taken) > largeRun
		of := " of " + format.Count(len(s.Taken))
		// The series' data: in the JSON, every sample's true value; or
		// apart, the pairs drawn (wide), a sample off the scale drawn on
		// the edge instead.
		var values, points []float64
		if wide {
			points = make([]float64, 0, 2*min(len(s.Taken), cells.most(), 1<<13))
		} else {
			values = make([]float64, len(s.Taken))
		}
		side := cells.side()
		var beyond []any
		var above, below [][3]any
		for i, v := range s.Taken {
			y := unit.Of(float64(v))
			// Compared, not clamped: min and max are calls of the
			// runtime's in WebAssembly, twice a sample of a soak run.
			in := float64(v) >= lo && float64(v) <= hi
			switch {
			case !wide:
				values[i] = y
			case in && (!large || side.keep(i, y)):
				points = append(points, float64(i+1), y)
			}
			if in {
				continue
			}
			edge := clamp(float64(v), lo, hi)
			switch {
			case large:
				if wide && !side.keepEdge(i, edge == lo) {
					continue // a triangle drawn there already
				}
				// Its position and value: the tooltip's {b}.
				p := [3]any{at(i), unit.Of(edge), strconv.Itoa(i+1) + of + ": " + unit.Number(float64(v))}
				if edge == lo {
					below = append(below, p)
				} else {
					above = append(above, p)
				}
			default:
				// The mark's own tooltip says the sample is off the scale.
				where := "top"
				if edge == lo {
					where = "bottom"
				}
				pos := strconv.Itoa(i + 1)
				var x any = pos // the category
				if wide {
					x = float64(i + 1)
				}
				mark := markPoint{MarkPointNameCoordItem: opts.MarkPointNameCoordItem{
					Name: pos, Coordinate: []any{x, unit.Of(edge)}, Value: unit.Number(float64(v)),
					Symbol: "triangle", SymbolSize: 9, ItemStyle: &opts.ItemStyle{Color: color},
					Label: &opts.Label{Show: opts.Bool(false)},
				}, Tooltip: &opts.Tooltip{Formatter: types.FuncStr(name + ", sample " + pos + of + ": " +
					escape(unit.Format(float64(v))) + ", off the chart's scale: drawn on its " + where + " edge")}}
				if edge == lo {
					mark.SymbolRotate = 180
				}
				beyond = append(beyond, mark)
			}
		}
		median := s.Median()
		series := echartsSeries{Name: name, Type: types.ChartScatter, Data: values,
			ItemStyle: &opts.ItemStyle{Color: color},
			// {b} is the sample's position, {c} its value; the unit may
			// be the report's (a metric's), and is escaped as a name is.
			Tooltip: &opts.SeriesTooltip{Formatter: types.FuncStr(name + ", sample {b}" + of + ": {c} " + escape(unit.Name))},
			MarkLine: &opts.MarkLines{
				Data: []any{opts.MarkLineNameYAxisItem{Name: name + " median", YAxis: unit.Of(median)}},
				MarkLineStyle: opts.MarkLineStyle{
					Symbol: []string{"none", "none"},
					Label: &opts.Label{Show: opts.Bool(true), Position: labelAt, Color: color,
						BackgroundColor: p.panel + "d9", Formatter: "median " + unit.Format(median)},
					LineStyle: &opts.LineStyle{Color: color, Type: "dashed", Width: 1.5},
				},
			},
		}
		if beyond != nil {
			series.MarkPoint = &opts.MarkPoints{Data: beyond}
		}
		if large {
			// A soak run's 100,000 points, each an element of its own,
			// drawn a few hundred a frame, took 48 s to fill the chart
			// in after the page said ready (a loaded machine), the
			// page's thread busy every frame; as one path, 0.4-0.6 s.
			series.Large = opts.Bool(true)
			// Opaque and small: a chunk drawn over its neighbour's
			// edge darkened a stripe every 5,000 samples, and points of
			// the default size made one blot of the run.
			series.ItemStyle.Opacity = opts.Float(1)
			series.SymbolSize = largeSymbol
		}
		if wide {
			out.Apart = append(out.Apart, Apart{Series: len(o.Series), Points: points, Tooltip: string(series.Tooltip.Formatter)})
			series.Data = nil
		}
		o.Series = append(o.Series, series)
		edges = append(edges, offScale(name, color, "top", above, unit)...)
		edges = append(edges, offScale(name, color, "bottom", below, unit)...)
	}
	trend := func(name, color string, s *stats.FloatStats, d *stats.Drift) {
		if s == nil || d == nil || !d.Drifted || len(s.Taken) < 2 {
			return
		}
		// Sen's slope through the median at the run's middle, Pct the
		// change from the first sample to the last: a line of two points,
		// [position, value], as the exported page's insights.js draws it.
		// (A point for every position, null but at the ends, was 100,000
		// for a soak run, and some 50 ms more for ECharts to take in.)
		median, half := s.Median(), d.Pct/200*s.Median()
		var first, last any = "1", strconv.Itoa(len(s.Taken)) // the categories
		if wide {
			first, last = 1.0, float64(len(s.Taken))
		}
		line := [2][2]any{{first, unit.Of(median - half)}, {last, unit.Of(median + half)}}
		o.Series = append(o.Series, echartsSeries{Name: name + " trend, drift " + format.Percent(d.Pct), Type: types.ChartLine,
			ShowSymbol: opts.Bool(false), Data: line,
			ItemStyle: &opts.ItemStyle{Color: color}, LineStyle: &opts.LineStyle{Color: color, Width: 2}})
	}
	// The medians are often close: their labels go to opposite ends.
	add("Baseline", p.base, "insideStartTop", row.BaseStats)
	add("Current", p.cur, "insideEndTop", row.CurStats)
	trend("Baseline", p.base, row.BaseStats, trends.Base)
	trend("Current", p.cur, row.CurStats, trends.Cur)
	o.Series = append(o.Series, edges...)
	b, err := json.Marshal(o)
	out.JSON = b
	return out, err
}

// positions is the x axis' categories: the positions in a run of n
// samples, from 1.
func positions(n int) []string {
	p := make([]string, n)
	for i := range p {
		p[i] = strconv.Itoa(i + 1)
	}
	return p
}

// offScale is the series that draws a large side's samples beyond one edge
// of the y axis (where: "top" or "bottom"), each [position index, edge,
// "position of n: value"], as triangles on that edge: none when there is
// no such sample. A soak run had some 2,000 a side: as marks (markPoint),
// each an element of its own with its own tooltip, they made a third of
// the chart's option and some 40% of the time ECharts took to draw it.
//
// It bears its side's name, so that the legend shows one entry for the
// two and hides them together. Its tooltip is the marks' text: the third
// value is the item's name (encode.itemName), which ECharts escapes; the
// unit is written into the template, escaped here.
func offScale(name, color, where string, points [][3]any, unit format.Unit) []echartsSeries {
	if len(points) == 0 {
		return nil
	}
	symbol := "triangle"
	if where == "bottom" {
		symbol = "path://M0,0L10,0L5,10Z" // the triangle upside down
	}
	return []echartsSeries{{
		Name: name, Type: types.ChartScatter, Data: points, Large: opts.Bool(true),
		Symbol: symbol, SymbolSize: 9, ItemStyle: &opts.ItemStyle{Color: color, Opacity: opts.Float(1)},
		Dimensions: []any{"position", "value", map[string]string{"name": "sample", "type": "ordinal"}},
		Encode:     map[string]any{"x": 0, "y": 1, "itemName": 2},
		Tooltip: &opts.SeriesTooltip{Formatter: types.FuncStr(name + ", sample {b} " + escape(unit.Name) +
			", off the chart's scale: drawn on its " + where + " edge")},
	}}
}

// markPoint is a mark with the tooltip go-echarts' item lacks.
type markPoint struct {
	opts.MarkPointNameCoordItem
	Tooltip *opts.Tooltip `json:"tooltip,omitempty"`
}

// largeRun is how many samples a side has at most for the run-order
// chart to draw each as an element of its own: ECharts' largeThreshold,
// past which a series marked large is drawn as one path.
const largeRun = 2000

// farOut is how many interquartile ranges past the quartiles a sample must
// lie to be drawn on the axis' edge: Tukey's "far out".
const farOut = 3

// Scale is the span of samples, in ns, that the run-order chart's y axis
// shows: from each side's first quartile less farOut interquartile ranges
// to its third quartile plus as many, over both sides. (A side whose
// samples barely vary counts its spread as 5% of its median.) An edge that
// no sample crosses is infinite: the axis ends where ECharts chooses.
//
// A slow first run or a one-off hiccup, often several times the median,
// would otherwise squeeze the other samples into a line in which a 10%
// drift cannot be seen.
func Scale(sides ...*stats.FloatStats) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	first, last := math.Inf(1), math.Inf(-1)
	for _, s := range sides {
		if s == nil {
			continue
		}
		spread := max(s.IQR(), 0.05*s.Median())
		lo, hi = min(lo, s.P25()-farOut*spread), max(hi, s.P75()+farOut*spread)
		first, last = min(first, float64(s.Sorted[0])), max(last, float64(s.Sorted[len(s.Sorted)-1]))
	}
	if first >= lo {
		lo = math.Inf(-1)
	}
	if last <= hi {
		hi = math.Inf(1)
	}
	return lo, hi
}

// clamp is v within [lo, hi].
func clamp(v, lo, hi float64) float64 { return min(max(v, lo), hi) }

// bound is an edge of the y axis in unit: nil, for ECharts to choose, when
// it is infinite.
func bound(unit format.Unit, edge float64) any {
	if math.IsInf(edge, 0) {
		return nil
	}
	return unit.Of(edge)
}

// labelled is nil (ECharts' default) for an infinite edge, and false for
// one Scale cut.
func labelled(edge float64) types.Bool {
	if math.IsInf(edge, 0) {
		return nil
	}
	return opts.Bool(false)
}
