package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/tableview"
	"github.com/benchview/benchview/visible"
)

// compute fills the Comparison of every Compared row that lacks one, the
// rows spread over GOMAXPROCS goroutines (one, in a browser). When every
// row is computed already, as the viewer's are, it does nothing at all.
func compute(rv *review.Review) error {
	var todo []int
	for i, r := range rv.Rows {
		if r.State == review.Compared && r.Comparison == nil {
			todo = append(todo, i)
		}
	}
	return each(len(todo), func(i int) error {
		rv.Rows[todo[i]].Compute()
		return nil
	})
}

// each calls f(0) … f(n-1), spread over GOMAXPROCS goroutines, and returns
// the first error, or a panic as an error: a panic on one of these
// goroutines could not be recovered by the caller, and would end the
// program (the viewer, in a browser).
func each(n int, f func(i int) error) error {
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
		next = n // the others stop at their next row
	}
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					fail(fmt.Errorf("export: %v", p))
				}
			}()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				if err := f(i); err != nil {
					fail(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// pageJSON is the page's data block: what page.js needs to order, filter
// and draw, and nothing it would have to format or compare. Rows are in
// the default order (tableview), so that a row's index is its place in it.
type pageJSON struct {
	// Keys are the rows' names, their data-row values: the search looks
	// in them.
	Keys []string `json:"keys"`
	// Shown holds, for each row whose name a person sees differently from
	// its key (visible.String: control and bidirectional characters
	// escaped), that name, by index; rows not in it show their key.
	// page.js never escapes a name itself, so the cards, the details and
	// the Go-written table cells cannot disagree.
	Shown map[int]string `json:"shown,omitempty"`
	Rows  []rowData      `json:"rows"`
	// Ranks holds, for each column of the table, each row's rank in it
	// (tableview.Table.Ranks): page.js orders the rows by a column, either
	// way, by walking the ranks, ties and rows without a number (-1) in
	// the default order.
	Ranks map[string][]int `json:"ranks"`
	// Interval is what the interval chart needs beside the rows' parts;
	// null when no row was compared.
	Interval *intervalJSON `json:"interval"`
	// RunOrder[i] is the line of the run-order block holding row i's
	// chart options, -1 when the row has no samples.
	RunOrder []int `json:"runOrder"`
	// Adjusted holds, for each adjustment the page offers (adjust=),
	// that view's table (adjusted.go); absent for one report alone.
	Adjusted map[string]*viewJSON `json:"adjusted,omitempty"`
}

// blocks are what a page carries for page.js, each to be packed in a
// script block of its own: the data (pageJSON), and two blocks of one
// JSON line a row, which page.js parses a line at a time, for the rows it
// draws. Bars holds each compared row's parts of the interval chart
// (barJSON), needed for the few rows in view as the page opens; RunOrder
// holds each sampled row's run-order options in both themes, the page's
// bulk (sixty numbers a row, every style twice), inflated once the page
// is up. Ten thousand rows' parts parsed whole would cost the first
// second, and most are never drawn.
type blocks struct {
	Data, Bars, RunOrder []byte
}

// lines is a block of one JSON value a line: compact JSON holds no
// newline.
type lines struct {
	buf bytes.Buffer
	n   int
}

// add appends v's line and returns its number; nil adds nothing and
// returns -1.
func (l *lines) add(v []byte) int {
	if v == nil {
		return -1
	}
	l.buf.Write(v)
	l.buf.WriteByte('\n')
	l.n++
	return l.n - 1
}

// rowData is one row as page.js knows it beside its markup.
type rowData struct {
	Status string `json:"status"`
	// Other is true for a row that is not a comparison (the "Not
	// compared" filter).
	Other bool `json:"other,omitempty"`
	// Bar is the line of the bars block holding the row's parts of the
	// interval chart (barJSON), -1 for a row that was not compared.
	Bar int `json:"bar"`
}

// runOrderJSON is a line of the run-order block: a row's chart options,
// and the chart in words (its description, for those who cannot see it).
type runOrderJSON struct {
	Options *themed `json:"options"`
	Said    string  `json:"said"`
}

// runOrderSaid is a row's run-order chart in words: what each side
// holds, its extremes and its median, and how many samples are drawn off
// the scale, on its edge.
func runOrderSaid(r *review.Row) string {
	unit := format.RowUnit(r)
	lo, hi := chart.Scale(r.BaseStats, r.CurStats)
	var parts []string
	for _, side := range []struct {
		name string
		s    *stats.FloatStats
	}{{"Baseline", r.BaseStats}, {"Current", r.CurStats}} {
		s := side.s
		if s == nil || len(s.Sorted) == 0 {
			continue
		}
		said := side.name + ": " + format.Count(len(s.Sorted)) + " samples in run order, from " +
			unit.Format(float64(s.Sorted[0])) + " to " + unit.Format(float64(s.Sorted[len(s.Sorted)-1])) +
			", median " + unit.Format(s.Median())
		off := 0
		for _, v := range s.Sorted {
			if float64(v) < lo || float64(v) > hi {
				off++
			}
		}
		switch off {
		case 0:
		case 1:
			said += "; 1 sample is beyond the chart's scale, drawn as a triangle on its edge"
		default:
			said += "; " + strconv.Itoa(off) + " samples are beyond the chart's scale, drawn as triangles on its edge"
		}
		parts = append(parts, said+".")
	}
	return strings.Join(parts, " ")
}

// themed is one chart's options, [light, dark]: page.js draws the one
// that prefers-color-scheme asks for, and the other when it changes. The
// options come from the viewer's builders (chart), so that the page
// draws exactly what the viewer draws.
type themed [2]json.RawMessage

// themes are the charts' themes, in themed's order: dark is false, then true.
var themes = [2]bool{false, true}

// bothThemes builds a chart's option in each theme.
func bothThemes(build func(dark bool) ([]byte, error)) (*themed, error) {
	var t themed
	for i, dark := range themes {
		var err error
		if t[i], err = build(dark); err != nil {
			return nil, err
		}
	}
	return &t, nil
}

// pageData builds the blocks of rv's rows, in the default order that t
// (the table of every row) gives them (rows); paired is true for two
// reports, which have adjusted views.
func pageData(rv *review.Review, rows []*review.Row, t *tableview.Table, columns []tableview.Column, paired bool) (blocks, error) {
	d := pageJSON{
		Keys:     make([]string, len(rows)),
		Rows:     make([]rowData, len(rows)),
		Ranks:    make(map[string][]int, len(columns)),
		RunOrder: make([]int, len(rows)),
	}
	byDefault := t.Default()
	for _, c := range columns {
		ranks := t.Ranks(c.ID)
		d.Ranks[c.ID] = make([]int, len(rows))
		for p, i := range byDefault {
			d.Ranks[c.ID][p] = ranks[i]
		}
	}
	for i, r := range rows {
		d.Keys[i] = r.Key.String()
		if shown := visible.String(d.Keys[i]); shown != d.Keys[i] {
			if d.Shown == nil {
				d.Shown = map[int]string{}
			}
			d.Shown[i] = shown
		}
	}
	options := make([][]byte, len(rows))
	err := each(len(rows), func(i int) error {
		r := rows[i]
		d.Rows[i] = rowData{Status: status(r), Other: r.State != review.Compared, Bar: -1}
		if r.BaseStats == nil && r.CurStats == nil {
			return nil
		}
		o, err := bothThemes(func(dark bool) ([]byte, error) {
			return chart.RunOrder(*r, dark) // its marks of off-scale samples say so
		})
		if err != nil {
			return fmt.Errorf("export: run-order chart of %s: %w", r.Key, err)
		}
		options[i], err = json.Marshal(runOrderJSON{Options: o, Said: runOrderSaid(r)})
		return err
	})
	if err != nil {
		return blocks{}, err
	}
	var runOrder, bars lines
	for i, o := range options {
		d.RunOrder[i] = runOrder.add(o)
	}
	var withComparison []review.Row
	var at []int // withComparison[j] is rows[at[j]]
	for i, r := range rows {
		if compared(r) {
			withComparison = append(withComparison, *r)
			at = append(at, i)
		}
	}
	if len(withComparison) > 0 {
		var parts []barJSON
		if d.Interval, parts, err = intervalParts(withComparison); err != nil {
			return blocks{}, fmt.Errorf("export: interval chart: %w", err)
		}
		for j, i := range at {
			line, err := json.Marshal(parts[j])
			if err != nil {
				return blocks{}, err
			}
			d.Rows[i].Bar = bars.add(line)
		}
	}
	if paired {
		place := make([]int, len(rows)) // rv.Rows[i] is rows[place[i]]
		for p, i := range byDefault {
			place[i] = p
		}
		d.Adjusted = map[string]*viewJSON{}
		for _, m := range adjustMethods {
			if d.Adjusted[m], err = adjustedView(adjustedRows(rv, m), place, rows, paired, &bars); err != nil {
				return blocks{}, err
			}
		}
	}
	data, err := json.Marshal(d)
	return blocks{Data: data, Bars: bars.buf.Bytes(), RunOrder: runOrder.buf.Bytes()}, err
}
