package toolreport

import (
	"encoding/json"
	"strconv"
)

// hyperfineResult is one entry of hyperfine's "results": one command, with
// its parameters filled in.
type hyperfineResult struct {
	Command                        string          `json:"command"`
	Times                          []float64       `json:"times"`
	ExitCodes                      []*int          `json:"exit_codes"` // null: killed by a signal
	Parameters                     json.RawMessage `json:"parameters"`
	Mean, Stddev, Median, Min, Max *float64
}

// ReadHyperfine reads what hyperfine --export-json writes: one result per
// entry of "results" (a parameter scan or list gives one entry, so one
// result, per parameter value), its "times" in seconds in run order, its
// "parameters" as configuration, and a failed mark when any run's exit code
// was not 0 (a run with -i keeps going past those).
func ReadHyperfine(name string, data []byte) *Report { return readHyperfine(name, data, nil) }

// readHyperfine is ReadHyperfine, telling tell how far into data it is
// (see progress).
func readHyperfine(name string, data []byte, tell func(done int)) *Report {
	r := &Report{Name: name, Format: Hyperfine}
	d := newJSONDoc(r, data, tell)
	seen := false
	ok := d.object("the file", func(key string) bool {
		if key != "results" {
			return d.skip()
		}
		seen = true
		return d.array(`"results"`, func(line int, raw json.RawMessage) {
			var h hyperfineResult
			if unmarshal(r, line, raw, &h) {
				r.addHyperfine(line, h)
			}
		})
	})
	if ok {
		d.end()
		if !seen {
			r.problem(0, `no "results": not what hyperfine --export-json writes`)
		}
	}
	return r
}

func (r *Report) addHyperfine(line int, h hyperfineResult) {
	if h.Command == "" {
		r.problem(line, `entry left out: no "command"`)
		return
	}
	res := Result{Name: h.Command, Line: line}
	if len(h.Parameters) > 0 && string(h.Parameters) != "null" {
		fs, err := fields(h.Parameters)
		if err != nil {
			r.problem(line, `"parameters" left out: `+err.Error())
		}
		for _, f := range fs {
			v, _ := scalar(f.Raw)
			res.Config = append(res.Config, Pair{Key: f.Key, Value: v, InName: shownIn(h.Command, v)})
		}
	}
	m := Metric{Name: "time", Unit: "sec", Better: Lower}
	for i, t := range h.Times {
		if why := badSample(t); why != "" {
			r.problem(line, h.Command+": times["+strconv.Itoa(i)+"] "+why+"; the entry's times were left out")
			m.Samples = nil
			break
		}
		m.Samples = append(m.Samples, t)
	}
	s := Summary{N: len(h.Times), Min: figure(h.Min), Median: figure(h.Median), Mean: figure(h.Mean), Max: figure(h.Max), StdDev: figure(h.Stddev)}
	m.Summary = &s
	if m.Samples == nil {
		res.Note = "no times: only hyperfine's summary"
	}
	res.Metrics = []Metric{m}
	failed, code := 0, 0
	for _, c := range h.ExitCodes {
		if c == nil || *c != 0 {
			failed++
			if c != nil && code == 0 {
				code = *c
			}
		}
	}
	if failed > 0 {
		res.Failed = true
		res.Why = strconv.Itoa(failed) + " of " + strconv.Itoa(len(h.ExitCodes)) + " runs failed"
		if code != 0 {
			res.Why += " (exit code " + strconv.Itoa(code) + ")"
		} else {
			res.Why += " (killed by a signal)"
		}
	}
	r.Results = append(r.Results, res)
}
