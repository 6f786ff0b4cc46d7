package export

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// The interval chart follows the table: it shows the rows the table shows,
// in the table's order, with the selected one highlighted, as the viewer
// redraws it with chart.IntervalStyled. A page cannot call that builder,
// so it carries the option taken apart: a frame with no rows, and each
// row's axis label, bar and mark, which page.js puts back together for the
// rows shown. The parts come from the builder's own output, in both
// themes; a test checks that putting them together gives exactly what
// IntervalStyled gives.

// intervalJSON is what page.js needs to draw the interval chart of any
// rows; each row's parts travel with the row (rowData.Bar).
type intervalJSON struct {
	// Frames is the option, in each theme, of no rows: the y axis' data
	// and both series' data are empty.
	Frames themed `json:"frames"`
	// Selected is, in each theme, what highlighting a row changes in its
	// parts: objects page.js merges, key by key and recursively, into the
	// selected row's bar and mark.
	Selected [2]selection `json:"selected"`
	// Height sizes the container for n bars as chart.IntervalHeight does.
	Height height `json:"height"`
}

// selection is what highlighting a row changes in its bar and its mark;
// Mark is null when no row has a mark.
type selection struct {
	Bar  any `json:"bar"`
	Mark any `json:"mark"`
}

// barJSON is one compared row's parts of the interval option.
type barJSON struct {
	// Label is the row's entry in the y axis' data.
	Label json.RawMessage `json:"label"`
	// Item is the row's item in the first series (the bars), per theme.
	Item themed `json:"item"`
	// Mark is the row's item in the second series (an underpowered row's
	// Δ alone), per theme, or nil. Its value is [Δ, position]: page.js
	// sets the position to the row's place among the bars shown.
	Mark *themed `json:"mark,omitempty"`
	// Delta is the row's shift, in percent, and Said the bar in words (the
	// row's name as a person sees it, its shift, interval and verdict):
	// page.js describes the bars drawn by their extremes.
	Delta float64 `json:"delta"`
	Said  string  `json:"said"`
}

// height is chart.IntervalHeight as numbers page.js can use: n bars need
// min(Max, max(Min, Fixed + PerBar·n)) pixels; the chart draws MaxBars at
// most, as many as Max holds minBarPitch apart.
type height struct {
	Min     int `json:"min"`
	Fixed   int `json:"fixed"`
	PerBar  int `json:"perBar"`
	Max     int `json:"max"`
	MaxBars int `json:"maxBars"`
}

// intervalHeights reads chart.IntervalHeight's constants off the function
// itself: its floor at no bars, its slope and intercept far above the
// floor. A test checks that they give chart.IntervalHeight for any n.
func intervalHeights() height {
	const far = 1000
	perBar := chart.IntervalHeight(far+1) - chart.IntervalHeight(far)
	fixed := chart.IntervalHeight(far) - far*perBar
	return height{
		Min:     chart.IntervalHeight(0),
		Fixed:   fixed,
		PerBar:  perBar,
		Max:     maxIntervalHeight,
		MaxBars: (maxIntervalHeight - fixed) / minBarPitch,
	}
}

// intervalParts takes the interval option of rows (compared, in page
// order) apart, in both themes: the chart's data and the parts of each row.
func intervalParts(rows []review.Row) (*intervalJSON, []barJSON, error) {
	iv := &intervalJSON{Height: intervalHeights()}
	bars := make([]barJSON, len(rows))
	for t, dark := range themes {
		option, err := chart.Interval(rows, dark)
		if err != nil {
			return nil, nil, err
		}
		p, err := split(option)
		if err != nil {
			return nil, nil, err
		}
		if len(p.bars) != len(rows) || len(p.labels) != len(rows) {
			return nil, nil, fmt.Errorf("%w: %d bars and %d labels for %d rows", errShape, len(p.bars), len(p.labels), len(rows))
		}
		iv.Frames[t] = p.frame
		for i, r := range rows {
			bars[i].Delta, bars[i].Said = r.Comparison.Delta, barSaid(&rows[i])
			bars[i].Label = p.labels[i]
			bars[i].Item[t] = p.bars[i]
			if m, ok := p.marks[r.Key.String()]; ok {
				if bars[i].Mark == nil {
					bars[i].Mark = new(themed)
				}
				bars[i].Mark[t] = m
			}
		}
		if iv.Selected[t], err = selectionOf(rows, dark); err != nil {
			return nil, nil, err
		}
	}
	return iv, bars, nil
}

// errShape is an interval option this file cannot take apart: chart
// changed the shape IntervalStyled documents.
var errShape = errors.New("the option is not one y axis and two series of one item a row")

// parts is an interval option taken apart.
type parts struct {
	frame        json.RawMessage
	labels, bars []json.RawMessage
	marks        map[string]json.RawMessage // by the row's key, the item's name
}

// split takes an interval option apart.
func split(option []byte) (parts, error) {
	var o map[string]json.RawMessage
	var y, series []map[string]json.RawMessage
	var p parts
	var marks []json.RawMessage
	if json.Unmarshal(option, &o) != nil || json.Unmarshal(o["yAxis"], &y) != nil || len(y) != 1 ||
		json.Unmarshal(o["series"], &series) != nil || len(series) != 2 ||
		json.Unmarshal(y[0]["data"], &p.labels) != nil ||
		json.Unmarshal(series[0]["data"], &p.bars) != nil ||
		json.Unmarshal(series[1]["data"], &marks) != nil {
		return parts{}, errShape
	}
	p.marks = make(map[string]json.RawMessage, len(marks))
	for _, m := range marks {
		var named struct{ Name string }
		if json.Unmarshal(m, &named) != nil {
			return parts{}, errShape
		}
		p.marks[named.Name] = m
	}
	none := json.RawMessage("[]")
	y[0]["data"], series[0]["data"], series[1]["data"] = none, none, none
	var err error
	if o["yAxis"], err = json.Marshal(y); err != nil {
		return parts{}, err
	}
	if o["series"], err = json.Marshal(series); err != nil {
		return parts{}, err
	}
	p.frame, err = json.Marshal(o)
	return p, err
}

// selectionOf is what highlighting a row changes, learnt from the builder:
// the first row's bar drawn plain and selected, and likewise the mark of
// the first underpowered row, if any.
func selectionOf(rows []review.Row, dark bool) (selection, error) {
	var s selection
	var err error
	if s.Bar, err = changeOf(rows[0], dark, 0); err != nil {
		return s, err
	}
	for _, r := range rows {
		if r.Comparison.Verdict == stats.Underpowered {
			s.Mark, err = changeOf(r, dark, 1)
			break
		}
	}
	return s, err
}

// changeOf is what selecting r changes in its item of series.
func changeOf(r review.Row, dark bool, series int) (any, error) {
	var items [2]any
	for i, selected := range []string{"", r.Key.String()} {
		option, err := chart.IntervalStyled([]review.Row{r}, chart.Style{Dark: dark, Selected: selected})
		if err != nil {
			return nil, err
		}
		var o struct{ Series []struct{ Data []any } }
		if json.Unmarshal(option, &o) != nil || len(o.Series) != 2 || len(o.Series[series].Data) != 1 {
			return nil, errShape
		}
		items[i] = o.Series[series].Data[0]
	}
	c, _, ok := changes(items[0], items[1])
	if !ok {
		return nil, errors.New("selecting a row changes something a merge cannot say")
	}
	return c, nil
}

// equalJSON reports whether a and b, values json.Unmarshal gave an any
// (nil, bool, float64, string, []any or map[string]any), are equal, as
// reflect.DeepEqual says of those: without the some 20 KB of WebAssembly
// reflect.DeepEqual costs the viewer, which builds this page too.
func equalJSON(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equalJSON(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	}
	return a == b // the rest are comparable
}

// changes is what b sets that a does not have: for two objects, the keys
// of b whose values differ, each as its own changes; otherwise b itself.
// differs is false when a and b are equal; ok is false when b lacks a key
// of a: a merge adds and replaces, it cannot remove.
func changes(a, b any) (c any, differs, ok bool) {
	am, aObj := a.(map[string]any)
	bm, bObj := b.(map[string]any)
	if !aObj || !bObj {
		return b, !equalJSON(a, b), true
	}
	for k := range am {
		if _, kept := bm[k]; !kept {
			return nil, false, false
		}
	}
	out := make(map[string]any)
	for k, bv := range bm {
		d, differs, ok := changes(am[k], bv)
		if !ok {
			return nil, false, false
		}
		if differs {
			out[k] = d
		}
	}
	return out, len(out) > 0, true
}

// barSaid is a row's bar in words: "pure/vm/vm: +8.73%, 95% interval
// [+7.38%, +10.19%], regression".
func barSaid(r *review.Row) string {
	c := r.Comparison
	said := visible.String(r.Key.Label()) + ": " + format.Percent(c.Delta)
	if in := format.Interval(c.Lo, c.Hi); in != format.None {
		said += ", 95% interval " + in
	} else {
		said += ", no interval"
	}
	return said + ", " + format.Status(r, c.Verdict.String())
}
