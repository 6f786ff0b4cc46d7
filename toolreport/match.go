package toolreport

import "slices"

// State says what a paired row is, when it is not a comparison.
type State string

// The states of a Row, the first that holds in this order.
const (
	Compared       State = ""                 // both sides have samples of the metric
	Failed         State = "failed"           // either side's run failed (Result.Failed)
	SummaryOnly    State = "summary-only"     // a side that has the metric kept only a summary of it
	OnlyInBaseline State = "only-in-baseline" // the current run lacks the result or the metric
	OnlyInCurrent  State = "only-in-current"  // the baseline lacks the result or the metric
)

// Row is one metric of one result, as two reports have it: one row of a
// comparison. A result with several metrics makes as many rows.
type Row struct {
	// Base and Cur are the results read; nil when a side lacks the key.
	Base, Cur *Result
	// BaseMetric and CurMetric are the metric on each side; nil when a
	// side lacks the result or the metric.
	BaseMetric, CurMetric *Metric
	State                 State
}

// Result is the row's result: the current one, or the baseline's when
// only the baseline has it.
func (r *Row) Result() *Result {
	if r.Cur != nil {
		return r.Cur
	}
	return r.Base
}

// Metric is the row's metric: the current one, or the baseline's when
// only the baseline has it.
func (r *Row) Metric() *Metric {
	if r.CurMetric != nil {
		return r.CurMetric
	}
	return r.BaseMetric
}

// Match pairs the results of two reports by Key and their metrics by
// Name: the current report's results in its order, each with its metrics
// in its order and then those only the baseline's has, then the results
// only in the baseline. A key the same report has twice is paired by its
// first result.
func Match(base, cur *Report) []Row {
	baseAt := index(base)
	curAt := index(cur)
	var rows []Row
	for i := range cur.Results {
		c := &cur.Results[i]
		if curAt[c.Key()] != i {
			continue
		}
		var b *Result
		if j, ok := baseAt[c.Key()]; ok {
			b = &base.Results[j]
		}
		rows = appendMetrics(rows, b, c)
	}
	for j := range base.Results {
		b := &base.Results[j]
		if _, ok := curAt[b.Key()]; !ok && baseAt[b.Key()] == j {
			rows = appendMetrics(rows, b, nil)
		}
	}
	return rows
}

// index maps each key of r to its first result.
func index(r *Report) map[string]int {
	at := map[string]int{}
	for i := range r.Results {
		if _, ok := at[r.Results[i].Key()]; !ok {
			at[r.Results[i].Key()] = i
		}
	}
	return at
}

// appendMetrics adds a row for every metric of the pair b, c.
func appendMetrics(rows []Row, b, c *Result) []Row {
	var names []string // c's metrics, then those only b has
	for _, r := range []*Result{c, b} {
		if r == nil {
			continue
		}
		for _, m := range r.Metrics {
			if !slices.Contains(names, m.Name) {
				names = append(names, m.Name)
			}
		}
	}
	for _, name := range names {
		row := Row{Base: b, Cur: c, BaseMetric: metricOf(b, name), CurMetric: metricOf(c, name)}
		row.State = stateOf(&row)
		rows = append(rows, row)
	}
	return rows
}

// metricOf is r's metric called name, nil when r is nil or has none.
func metricOf(r *Result, name string) *Metric {
	if r == nil {
		return nil
	}
	for i := range r.Metrics {
		if r.Metrics[i].Name == name {
			return &r.Metrics[i]
		}
	}
	return nil
}

func stateOf(r *Row) State {
	switch {
	case (r.Base != nil && r.Base.Failed) || (r.Cur != nil && r.Cur.Failed):
		return Failed
	case (r.BaseMetric != nil && r.BaseMetric.Samples == nil) || (r.CurMetric != nil && r.CurMetric.Samples == nil):
		return SummaryOnly
	case r.CurMetric == nil:
		return OnlyInBaseline
	case r.BaseMetric == nil:
		return OnlyInCurrent
	}
	return Compared
}
