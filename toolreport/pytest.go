package toolreport

import (
	"encoding/json"
	"strconv"
)

// pytestBenchmark is one entry of pytest-benchmark's "benchmarks".
type pytestBenchmark struct {
	Name   string          `json:"name"`
	Group  *string         `json:"group"`
	Params json.RawMessage `json:"params"`
	Stats  *struct {
		Min, Max, Mean, Stddev, Median *float64
		Rounds                         int
		Data                           []float64
	} `json:"stats"`
}

// pytestMachine are the machine_info keys kept as the run's configuration.
var pytestMachine = []string{"python_implementation", "python_version", "machine", "system"}

// ReadPytest reads pytest-benchmark's JSON (--benchmark-json, or a file
// --benchmark-save stored): one result per entry of "benchmarks", named as
// its table prints it ("name"), its "group" and "params" as configuration,
// its rounds (stats.data, seconds per iteration) as samples in run order.
// Without --benchmark-save-data a stored file has no stats.data: such a
// result is summary-only, its Summary the tool's min, median, mean, max
// and stddev, and its Note says so.
func ReadPytest(name string, data []byte) *Report { return readPytest(name, data, nil) }

// readPytest is ReadPytest, telling tell how far into data it is
// (see progress).
func readPytest(name string, data []byte, tell func(done int)) *Report {
	r := &Report{Name: name, Format: PytestBenchmark}
	d := newJSONDoc(r, data, tell)
	var machine []Pair
	seen := false
	ok := d.object("the file", func(key string) bool {
		switch key {
		case "machine_info":
			var raw json.RawMessage
			if !d.value(&raw) {
				return false
			}
			machine = filePairs(raw, pytestMachine)
			return true
		case "benchmarks":
			seen = true
			return d.array(`"benchmarks"`, func(line int, raw json.RawMessage) {
				var b pytestBenchmark
				if unmarshal(r, line, raw, &b) {
					r.addPytest(line, b, machine)
				}
			})
		}
		return d.skip()
	})
	if ok {
		d.end()
		if !seen {
			r.problem(0, `no "benchmarks": not what pytest-benchmark writes`)
		}
	}
	return r
}

func (r *Report) addPytest(line int, b pytestBenchmark, machine []Pair) {
	if b.Name == "" || b.Stats == nil {
		r.problem(line, `entry left out: no "name" or no "stats"`)
		return
	}
	res := Result{Name: b.Name, Line: line}
	res.Config = append(res.Config, machine...)
	if b.Group != nil {
		res.Config = append(res.Config, Pair{Key: "group", Value: *b.Group})
	}
	if len(b.Params) > 0 && string(b.Params) != "null" {
		fs, err := fields(b.Params)
		if err != nil {
			r.problem(line, b.Name+`: "params" left out: `+err.Error())
		}
		for _, f := range fs {
			v, ok := scalar(f.Raw)
			if !ok {
				v = string(f.Raw)
			}
			res.Config = append(res.Config, Pair{Key: f.Key, Value: v, InName: shownIn(b.Name, v)})
		}
	}
	st := b.Stats
	s := Summary{N: st.Rounds, Min: figure(st.Min), Median: figure(st.Median), Mean: figure(st.Mean), Max: figure(st.Max), StdDev: figure(st.Stddev)}
	m := Metric{Name: "time", Unit: "sec/op", Better: Lower, Summary: &s}
	for i, v := range st.Data {
		if why := badSample(v); why != "" {
			r.problem(line, b.Name+": stats.data["+strconv.Itoa(i)+"] "+why+"; its rounds were left out")
			m.Samples = nil
			break
		}
		m.Samples = append(m.Samples, v)
	}
	if m.Samples == nil {
		res.Note = "summary only: pytest-benchmark kept no rounds (stats.data); run it with --benchmark-save-data to keep them"
	}
	res.Metrics = []Metric{m}
	r.Results = append(r.Results, res)
}
