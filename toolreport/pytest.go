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
	Stats  *pytestStats    `json:"stats"`
}

// pytestStats is an entry's "stats".
type pytestStats struct {
	Min, Max, Mean, Stddev, Median *float64
	Rounds                         int
	Data                           []float64
}

// pytestKeys and pytestStatsKeys are the keys fill and fillStats set,
// each at its index in the switch that sets it.
var (
	pytestKeys      = [...]string{"name", "group", "params", "stats"}
	pytestStatsKeys = [...]string{"min", "max", "mean", "stddev", "median", "rounds", "data"}
)

// fill sets b from an entry's fields as json.Unmarshal sets it, when each
// field b has is of the plain kind it expects (as gbEntry.fill): a
// string without escapes or null, a number or null, stats an object of
// such, its rounds a whole number and its data an array of numbers.
// Anything else returns false, and b is left to json.Unmarshal, which
// had been half of reading a pytest-benchmark suite.
func (b *pytestBenchmark) fill(fs []field) bool {
	for _, f := range fs {
		ok := true
		switch k := keyIndex(pytestKeys[:], f.Key); k {
		case -2:
			ok = false // a key json.Unmarshal matches in other letters' case
		case 0:
			b.Name, ok = plainString(f.Raw)
		case 1:
			b.Group = nil
			if string(f.Raw) != "null" {
				var g string
				g, ok = plainString(f.Raw)
				b.Group = &g
			}
		case 2:
			b.Params = f.Raw
		case 3:
			b.Stats = nil
			if string(f.Raw) != "null" {
				b.Stats = &pytestStats{}
				ok = b.Stats.fill(f.Raw)
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// fill sets s from raw as json.Unmarshal does, when raw is plain (see
// pytestBenchmark.fill).
func (s *pytestStats) fill(raw json.RawMessage) bool {
	fs, err := fields(raw)
	if err != nil {
		return false
	}
	figures := [...]**float64{&s.Min, &s.Max, &s.Mean, &s.Stddev, &s.Median}
	for _, f := range fs {
		ok := true
		switch k := keyIndex(pytestStatsKeys[:], f.Key); {
		case k == -2:
			ok = false
		case k >= 0 && k < len(figures):
			*figures[k] = nil
			if string(f.Raw) != "null" {
				*figures[k], ok = plainNumber(f.Raw)
			}
		case k == 5: // rounds
			n, err := strconv.ParseInt(string(f.Raw), 10, 0)
			s.Rounds, ok = int(n), err == nil
		case k == 6: // data
			s.Data, ok = plainNumbers(f.Raw)
		}
		if !ok {
			return false
		}
	}
	return true
}

// plainNumbers is a JSON array of number literals as json.Unmarshal fills
// a []float64 with it (null is nil, [] empty); false for anything else.
func plainNumbers(raw json.RawMessage) ([]float64, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	if len(raw) < 2 || raw[0] != '[' {
		return nil, false
	}
	out := []float64{}
	i := skipSpace(raw, 1)
	if i < len(raw) && raw[i] == ']' {
		return out, true
	}
	for i < len(raw) {
		end := valueEnd(raw, i)
		if end < 0 {
			return nil, false
		}
		v, ok := plainFloat(raw[i:end])
		if !ok {
			return nil, false
		}
		out = append(out, v)
		switch i = skipSpace(raw, end); {
		case i < len(raw) && raw[i] == ',':
			i = skipSpace(raw, i+1)
		case i < len(raw) && raw[i] == ']':
			return out, true
		default:
			return nil, false
		}
	}
	return nil, false
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
				if fs, err := fields(raw); err != nil || !b.fill(fs) {
					b = pytestBenchmark{} // what fill set before it gave up
					if !unmarshal(r, line, raw, &b) {
						return
					}
				}
				r.addPytest(line, b, machine)
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
