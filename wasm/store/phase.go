package store

import (
	"strconv"
	"strings"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/wasm/actions"
)

// Phase is the page's document.body.dataset.state.
type Phase string

// The phases, in the order a page goes through them.
const (
	Idle      Phase = "idle"      // nothing loaded
	Loading   Phase = "loading"   // a report is being read
	Computing Phase = "computing" // rows or charts are not finished
	Ready     Phase = "ready"     // every row computed, every chart drawn
	Error     Phase = "error"     // a report could not be read at all
)

// Phase says where the page is. Ready means every row is computed and every
// chart shown drew the latest data.
func (s *Store) Phase() Phase {
	for side := range s.loading {
		if s.loading[side] != "" {
			return Loading
		}
	}
	for side := range s.failed {
		if s.failed[side] != "" || s.empty(side) {
			return Error
		}
	}
	if s.review == nil {
		return Idle
	}
	if s.ndone < s.jobs || (s.Compared() && s.geomean == nil) {
		return Computing
	}
	for _, c := range s.Charts() {
		if !s.drew(c) {
			return Computing
		}
	}
	return Ready
}

// drew reports whether chart c drew the generation it must.
func (s *Store) drew(c Chart) bool {
	g, ok := s.drawn[c.ID]
	return ok && g == c.Gen
}

// Waiting says, in words, what the store waits for before it is Ready:
// the reports being read, the rows and the geomean the workers compute,
// and each chart not yet drawn with its latest data (the generation it
// must draw, and the one it drew). It is "" when the store is Ready, or
// has no review. A test that waited in vain for the page says it.
func (s *Store) Waiting() string {
	var w []string
	for side := range s.loading {
		if s.loading[side] != "" {
			w = append(w, "reading "+s.loading[side])
		}
	}
	if s.review == nil {
		return strings.Join(w, "; ")
	}
	if s.ndone < s.jobs {
		w = append(w, strconv.Itoa(s.ndone)+" of "+strconv.Itoa(s.jobs)+" rows computed")
	}
	if s.Compared() && s.geomean == nil {
		w = append(w, "the geomean")
	}
	for _, c := range s.Charts() {
		if !s.drew(c) {
			drew := "none"
			if g, ok := s.drawn[c.ID]; ok {
				drew = strconv.Itoa(g)
			}
			w = append(w, "chart "+c.ID+" to draw generation "+strconv.Itoa(c.Gen)+" (drew "+drew+")")
		}
	}
	return strings.Join(w, "; ")
}

// Chart is a chart the page shows and the generation of data it must draw.
type Chart struct {
	ID  string // IntervalChart, or RunOrderChart(key)
	Gen int
}

// IntervalChart is the ID of the interval bars.
const IntervalChart = "interval"

// RunOrderChart is the ID of the run-order chart of the row with key.
func RunOrderChart(key string) string { return "run:" + key }

// Charts lists the charts the page shows: the interval bars when a row
// they show (Bars) has a computed comparison, and the run-order chart of
// the selected row, or of every row of the table's Window with samples
// when ShowAll.
func (s *Store) Charts() []Chart {
	var charts []Chart
	_, bars := s.Bars()
	for _, r := range bars {
		if r.Verdict() {
			charts = append(charts, Chart{IntervalChart, s.intervalGen})
			break
		}
	}
	_, rows := s.Window()
	if s.showAll {
		for _, r := range rows {
			if r.BaseStats != nil || r.CurStats != nil {
				charts = append(charts, Chart{RunOrderChart(r.Key.String()), s.runGen})
			}
		}
	} else if r, ok := s.Selected(); ok && (r.BaseStats != nil || r.CurStats != nil) {
		charts = append(charts, Chart{RunOrderChart(r.Key.String()), s.runGen})
	}
	return charts
}

// Gen is the generation chart id must draw.
func (s *Store) Gen(id string) int {
	if id == IntervalChart {
		return s.intervalGen
	}
	return s.runGen
}

// Problem is something to tell about the inputs.
type Problem struct {
	Text    string // "file:line: message", or "file: message"
	Warning bool   // read, but worth telling; false when something was lost
}

// Problems lists what went wrong reading the reports, side by side, in line
// order.
func (s *Store) Problems() []Problem {
	var out []Problem
	for side, r := range s.reports {
		if s.failed[side] != "" {
			out = append(out, Problem{Text: s.failed[side]})
		}
		if r == nil {
			continue
		}
		for _, p := range r.Problems {
			out = append(out, Problem{Text: p.Error(), Warning: p.Warning})
		}
		if s.empty(side) && len(r.Problems) == 0 {
			out = append(out, Problem{Text: r.Name + ": no rows: is this a benchmark report?"})
		}
	}
	if base := s.reports[actions.Baseline]; s.Compared() && len(base.Rows) > 0 && !base.Sampled() {
		out = append(out, Problem{Text: base.Name + ": " + report.NoSamplesReason})
	}
	return out
}
