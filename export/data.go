package export

import (
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/chart"
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

// pageJSON is the page's data block: what page.js needs to sort, filter
// and draw, and nothing it would have to format.
type pageJSON struct {
	// Cols are the numeric columns, in the order of every row's V.
	Cols []string  `json:"cols"`
	Rows []rowData `json:"rows"`
	// Interval is what the interval chart needs beside the rows' parts;
	// null when no row was compared.
	Interval *intervalJSON `json:"interval"`
	// RunOrder[i] is the run-order chart's option for Rows[i] in each
	// theme, each as a JSON string; null when the row has no samples. A
	// row's two options are side by side, so that gzip finds the second
	// almost all in the first. Strings, because page.js parses an option
	// only when it draws it: ten thousand rows' options as objects cost
	// seconds to parse, and most are never drawn.
	RunOrder []*[2]string `json:"runOrder"`
}

// rowData is one row as page.js knows it. Rows are in the page's first
// order, which breaks every tie of every sort.
type rowData struct {
	// The row's key is its tr's data-row: page.js reads it there.
	Status string `json:"status"`
	// Other is true for a row that is not a comparison (the "Not
	// compared" filter).
	Other bool `json:"other,omitempty"`
	Rank  int  `json:"rank"`
	// Name is the row's place in name order.
	Name int `json:"name"`
	// V holds the row's number in each of Cols; null where it has none.
	V []*float64 `json:"v"`
	// Bar is the row's part of the interval chart; nil for a row that
	// was not compared.
	Bar *barJSON `json:"bar,omitempty"`
}

// numericCols are the columns that sort by a number, in V's order.
var numericCols = []string{
	"delta", "interval",
	"base-median", "base-spread", "base-iqr", "base-n",
	"cur-median", "cur-spread", "cur-iqr", "cur-n",
}

// themed is one chart's options, [light, dark]: page.js draws the one
// that prefers-color-scheme asks for, and the other when it changes. The
// options come from the viewer's builders (wasm/chart), so that the page
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

// pageData builds the data block of rows, in their page order.
func pageData(rows []*review.Row, paired bool) ([]byte, error) {
	d := pageJSON{
		Cols:     numericCols,
		Rows:     make([]rowData, len(rows)),
		RunOrder: make([]*[2]string, len(rows)),
	}
	names := nameOrder(rows)
	err := each(len(rows), func(i int) error {
		r := rows[i]
		s := status(r)
		d.Rows[i] = rowData{Status: s, Other: r.State != review.Compared,
			Rank: rank[s], Name: names[i], V: keys(r, paired)}
		if r.BaseStats == nil && r.CurStats == nil {
			return nil
		}
		options, err := bothThemes(func(dark bool) ([]byte, error) { return chart.RunOrder(*r, dark) })
		if err != nil {
			return fmt.Errorf("export: run-order chart of %s: %w", r.Key, err)
		}
		d.RunOrder[i] = &[2]string{string(options[0]), string(options[1])}
		return nil
	})
	if err != nil {
		return nil, err
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
		var bars []barJSON
		if d.Interval, bars, err = intervalParts(withComparison); err != nil {
			return nil, fmt.Errorf("export: interval chart: %w", err)
		}
		for j, i := range at {
			d.Rows[i].Bar = &bars[j]
		}
	}
	return json.Marshal(d)
}

// keys is r's number in each of numericCols, as the viewer sorts by them:
// the interval by its low end, a spread by its p25.
func keys(r *review.Row, paired bool) []*float64 {
	var delta, lo *float64
	if c := r.Comparison; c != nil {
		delta, lo = finite(c.Delta), finite(c.Lo)
	}
	v := []*float64{delta, lo}
	v = append(v, sideKeys(r.BaseStats)...)
	return append(v, sideKeys(shown(r, paired))...)
}

// sideKeys are the four numbers of a side's columns.
func sideKeys(s *stats.Stats) []*float64 {
	if s == nil {
		return []*float64{nil, nil, nil, nil}
	}
	return []*float64{finite(s.Median()), finite(s.P25()), finite(s.IQR()), finite(float64(len(s.Sorted)))}
}

// finite returns &x, or nil when x is NaN or infinite (JSON has no NaN).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
