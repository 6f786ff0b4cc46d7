package export

import (
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/format"
)

// compute fills the Comparison of every Compared row that lacks one, the
// rows spread over GOMAXPROCS goroutines (one, in a browser).
func compute(rv *review.Review) {
	each(len(rv.Rows), func(i int) {
		r := &rv.Rows[i]
		if r.State == review.Compared && r.Comparison == nil {
			r.Compute()
		}
	})
}

// each calls f(0) … f(n-1), spread over GOMAXPROCS goroutines.
func each(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= n {
					return
				}
				f(j)
			}
		})
	}
	wg.Wait()
}

// rowData is what page.js knows of a row: enough to sort and filter it.
// Numbers are nil where the row has none. Rows are in the page's first
// order, and page.js breaks every tie by that order.
type rowData struct {
	Key     string   `json:"key"`
	Verdict string   `json:"verdict,omitempty"`
	State   string   `json:"state,omitempty"`
	Base    *float64 `json:"base"`  // baseline median, ns
	Cur     *float64 `json:"cur"`   // current median, ns
	Delta   *float64 `json:"delta"` // percent
}

// pageJSON is the page's data block.
type pageJSON struct {
	Rows []rowData `json:"rows"`
	// Interval is the interval chart's ECharts option; null when no row was
	// compared.
	Interval json.RawMessage `json:"interval"`
	// RunOrder[i] is the run-order chart's option for Rows[i]; null when
	// the row has no samples.
	RunOrder []json.RawMessage `json:"runOrder"`
}

// pageData builds the data block of rows, in their page order. The JSON is
// HTML-safe: json.Marshal escapes <, > and & (and re-escapes the chart
// options it is handed), so no name can end the script element.
func pageData(rows []*review.Row) ([]byte, error) {
	d := pageJSON{Rows: make([]rowData, len(rows)), RunOrder: make([]json.RawMessage, len(rows))}
	compared := make([]review.Row, 0, len(rows))
	for _, r := range rows {
		if r.Comparison != nil {
			compared = append(compared, *r)
		}
	}
	errs := make([]error, len(rows))
	each(len(rows), func(i int) {
		r := rows[i]
		d.Rows[i] = dataOf(r)
		if r.BaseStats == nil && r.CurStats == nil {
			d.RunOrder[i] = json.RawMessage("null")
			return
		}
		d.RunOrder[i], errs[i] = runOrderOption(*r)
		if errs[i] != nil {
			errs[i] = fmt.Errorf("export: run-order chart of %s: %w", r.Key, errs[i])
		}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	d.Interval = json.RawMessage("null")
	if len(compared) > 0 {
		var err error
		if d.Interval, err = intervalOption(compared); err != nil {
			return nil, fmt.Errorf("export: interval chart: %w", err)
		}
	}
	return json.Marshal(d)
}

// dataOf is r as page.js sees it.
func dataOf(r *review.Row) rowData {
	d := rowData{Key: r.Key.String()}
	if r.Comparison != nil {
		d.Verdict = r.Comparison.Verdict.String()
		d.Base = finite(r.Comparison.BaselineMedian)
		d.Cur = finite(r.Comparison.Median)
		d.Delta = finite(r.Comparison.Delta)
		return d
	}
	d.State = string(r.State)
	if r.BaseStats != nil {
		d.Base = finite(r.BaseStats.Median())
	}
	if r.CurStats != nil {
		d.Cur = finite(r.CurStats.Median())
	}
	return d
}

// rowOf formats r for the table the way the viewer does (wasm/format): one
// unit for the row's durations, chosen by its medians. The spread columns
// (p25–p75, IQR) describe the current side, or the baseline when the row has
// no current samples.
func rowOf(r *review.Row) rowView {
	v := rowView{
		Key:        r.Key.String(),
		Label:      status(r),
		BaseMedian: format.None,
		CurMedian:  format.None,
		Quartiles:  format.None,
		IQR:        format.None,
		Delta:      format.None,
		Interval:   format.None,
		N:          count(r.BaseStats) + " / " + count(r.CurStats),
	}
	if r.Comparison != nil {
		v.Verdict = v.Label
	} else {
		v.State = v.Label
		if what := refusal(r); what != "" {
			v.Label += ": " + what
		}
	}
	var medians []float64
	for _, s := range []*stats.Stats{r.BaseStats, r.CurStats} {
		if s != nil {
			medians = append(medians, s.Median())
		}
	}
	u := format.UnitFor(medians...)
	if s := r.BaseStats; s != nil {
		v.BaseMedian = u.Format(s.Median())
	}
	spread := r.CurStats
	if s := r.CurStats; s != nil {
		v.CurMedian = u.Format(s.Median())
	} else {
		spread = r.BaseStats
	}
	if s := spread; s != nil {
		v.Quartiles = u.Range(s.P25(), s.P75())
		v.IQR = u.Format(s.IQR())
	}
	if c := r.Comparison; c != nil {
		v.Delta = format.Percent(c.Delta)
		v.Interval = format.Interval(c.Lo, c.Hi)
	}
	return v
}

// refusal is the reason an unsupported row gives, from whichever side has it.
func refusal(r *review.Row) string {
	for _, side := range []*report.Row{r.Cur, r.Base} {
		if side != nil && side.What != "" {
			return side.What
		}
	}
	return ""
}

// count is the number of samples s holds, "0" when there is no series.
func count(s *stats.Stats) string {
	if s == nil {
		return "0"
	}
	return strconv.Itoa(len(s.Sorted))
}

// finite returns &x, or nil when x is NaN or infinite (JSON has no NaN).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// title names the review by its reports.
func title(rv *review.Review) string {
	if rv.Cur == nil {
		return "benchview: " + name(rv.Base)
	}
	return "benchview: " + name(rv.Base) + " → " + name(rv.Cur)
}

// name is a report's name, "" for a missing one.
func name(r *report.Report) string {
	if r == nil {
		return ""
	}
	return r.Name
}

// summary counts the rows by status, in rank order: "3 regression, 40
// inside the noise".
func summary(rows []*review.Row) string {
	var parts []string
	n := 0
	for i, r := range rows {
		n++
		if i+1 == len(rows) || status(rows[i+1]) != status(r) {
			parts = append(parts, strconv.Itoa(n)+" "+status(r))
			n = 0
		}
	}
	return strings.Join(parts, ", ")
}

// filters are the statuses the rows have, in rank order: the choices of the
// page's filter.
func filters(rows []*review.Row) []string {
	var out []string
	for i, r := range rows {
		if i == 0 || status(rows[i-1]) != status(r) {
			out = append(out, status(r))
		}
	}
	return out
}

// problems are the reports' problems as "file:line: message" lines.
func problems(rv *review.Review) []string {
	var out []string
	for _, rep := range []*report.Report{rv.Base, rv.Cur} {
		if rep == nil {
			continue
		}
		for _, p := range rep.Problems {
			msg := p.Error()
			if p.Warning {
				msg = "warning: " + msg
			}
			out = append(out, msg)
		}
	}
	return out
}
