package chart

import (
	"math"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// largeSymbol is the size, in pixels, of a point of a long run (one of
// more than largeRun samples): its points are squares of that side, and
// thinning's cells are as large.
const largeSymbol = 3

// A thinning says which samples of a long run RunOrderApart draws: the
// plot is cut into cells, squares as wide as a point, and of a side's
// samples in one cell the first is drawn. Any other would be drawn within
// a point's width of it, under it or beside it, in the same colour: the
// picture is the same, from a few thousand points rather than 100,000.
// Each side has cells of its own (side), as each has a colour; so has
// each edge of the plot for a side's samples off the scale, a cell a
// column of the plot.
type thinning struct {
	cols, rows int     // how many cells across the plot and up it
	n          int     // positions on the x axis
	lo, perRow float64 // the lowest value the y axis spans, in the row's unit, and rows per unit
}

// newThinning cuts a plot of n positions, in a chart of frame's size,
// whose y axis spans span (ns, see plotSpan), into cells.
func newThinning(frame Frame, n int, unit format.Unit, span [2]float64) *thinning {
	if frame.Width <= 0 || frame.Height <= 0 {
		frame = Frame{Width: 1200, Height: 320} // not laid out yet: a wide screen's
	}
	// The plot is the chart less its legend, axes and labels (the grid's
	// margins, runOrder): some 80 pixels each way. Cells a little smaller
	// than a point keep a few more samples, never fewer.
	w, h := max(60, frame.Width-80), max(40, frame.Height-80)
	t := &thinning{cols: max(1, w/largeSymbol), rows: max(1, h/largeSymbol), n: max(1, n), lo: unit.Of(span[0])}
	if hi := unit.Of(span[1]); hi > t.lo {
		t.perRow = float64(t.rows) / (hi - t.lo)
	}
	return t
}

// most is how many points a side is drawn with at most.
func (t *thinning) most() int { return t.cols * t.rows }

// side is the cells of one side, none of them drawn yet; nil when t is.
func (t *thinning) side() *sideCells {
	if t == nil {
		return nil
	}
	return &sideCells{t: t, drawn: make([]bool, t.cols*t.rows), top: make([]bool, t.cols), bottom: make([]bool, t.cols)}
}

// sideCells are one side's cells, and whether each has a point drawn.
type sideCells struct {
	t                  *thinning
	drawn, top, bottom []bool
}

// keep reports whether the sample at position i (from 0), of value v in
// the row's unit, is drawn: the first in its cell.
func (c *sideCells) keep(i int, v float64) bool {
	row := 0
	if f := (v - c.t.lo) * c.t.perRow; f >= 1 { // v is within the span, or about
		row = int(f)
		if row >= c.t.rows {
			row = c.t.rows - 1
		}
	}
	return first(c.drawn, c.col(i)*c.t.rows+row)
}

// keepEdge reports whether the sample at position i, off the scale past
// the bottom edge or the top, is drawn there: the first in its column.
func (c *sideCells) keepEdge(i int, bottom bool) bool {
	if bottom {
		return first(c.bottom, c.col(i))
	}
	return first(c.top, c.col(i))
}

// col is the column of position i (from 0, below n).
func (c *sideCells) col(i int) int { return i * c.t.cols / c.t.n }

// first marks cell k drawn, and reports whether it was not yet.
func first(drawn []bool, k int) bool {
	if drawn[k] {
		return false
	}
	drawn[k] = true
	return true
}

// plotSpan is the span of values, in ns, the run-order chart's y axis
// shows at least: the samples' over both sides, within Scale's lo and hi.
func plotSpan(lo, hi float64, sides ...*stats.FloatStats) [2]float64 {
	span := [2]float64{math.Inf(1), math.Inf(-1)}
	for _, s := range sides {
		if s != nil && len(s.Sorted) > 0 {
			span[0], span[1] = min(span[0], float64(s.Sorted[0])), max(span[1], float64(s.Sorted[len(s.Sorted)-1]))
		}
	}
	span[0], span[1] = max(span[0], lo), min(span[1], hi)
	if span[0] > span[1] {
		span[1] = span[0]
	}
	return span
}
