package toolreport

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
)

// gbEntry is one entry of Google Benchmark's "benchmarks": one repetition
// (run_type "iteration"), or an aggregate of a benchmark's repetitions.
type gbEntry struct {
	Name            string   `json:"name"`
	RunName         string   `json:"run_name"`
	RunType         string   `json:"run_type"`
	AggregateName   string   `json:"aggregate_name"`
	RepetitionIndex *int     `json:"repetition_index"`
	ErrorOccurred   bool     `json:"error_occurred"`
	ErrorMessage    string   `json:"error_message"`
	RealTime        *float64 `json:"real_time"`
	CPUTime         *float64 `json:"cpu_time"`
	TimeUnit        string   `json:"time_unit"`
	BigO            string   `json:"big_o"`
	RealCoefficient *float64 `json:"real_coefficient"`
	CPUCoefficient  *float64 `json:"cpu_coefficient"`
	RMS             *float64 `json:"rms"`
}

// gbKeys are gbEntry's keys: its strings', its numbers', then its
// repetition_index and error_occurred (see fill).
var gbKeys = [...]string{
	"name", "run_name", "run_type", "aggregate_name", "error_message", "time_unit", "big_o",
	"real_time", "cpu_time", "real_coefficient", "cpu_coefficient", "rms",
	"repetition_index", "error_occurred",
}

// fill sets e from an entry's fields as json.Unmarshal sets it, when each
// field e has is of the plain kind it expects: a string without escapes,
// a number, true or false. Anything else (null, a string where a number
// goes, a key in other letters' case, which json.Unmarshal matches too)
// returns false, and e is left to json.Unmarshal. Unmarshal had been
// half of reading a Google Benchmark suite; this is a tenth of that.
func (e *gbEntry) fill(fs []field) bool {
	strs := [...]*string{&e.Name, &e.RunName, &e.RunType, &e.AggregateName, &e.ErrorMessage, &e.TimeUnit, &e.BigO}
	nums := [...]**float64{&e.RealTime, &e.CPUTime, &e.RealCoefficient, &e.CPUCoefficient, &e.RMS}
	for _, f := range fs {
		k, ok := keyIndex(gbKeys[:], f.Key), true
		switch {
		case k == -2: // not e's, but json.Unmarshal would take it as one
			ok = false
		case k == -1:
		case k < len(strs):
			*strs[k], ok = plainString(f.Raw)
		case k < len(strs)+len(nums):
			*nums[k-len(strs)], ok = plainNumber(f.Raw)
		case f.Key == "repetition_index":
			n, err := strconv.ParseInt(string(f.Raw), 10, 0)
			e.RepetitionIndex, ok = new(int(n)), err == nil
		default: // error_occurred
			e.ErrorOccurred = string(f.Raw) == "true"
			ok = e.ErrorOccurred || string(f.Raw) == "false"
		}
		if !ok {
			return false
		}
	}
	return true
}

// gbFields are the entry keys that are not counters.
var gbFields = map[string]bool{
	"name": true, "family_index": true, "per_family_instance_index": true,
	"run_name": true, "run_type": true, "repetitions": true,
	"repetition_index": true, "threads": true, "iterations": true,
	"real_time": true, "cpu_time": true, "time_unit": true,
	"aggregate_name": true, "aggregate_unit": true, "error_occurred": true,
	"error_message": true, "big_o": true, "real_coefficient": true,
	"cpu_coefficient": true, "rms": true, "label": true,
}

// gbContext are the context keys kept as the run's configuration (the
// date and load average change with every run and say nothing of it).
var gbContext = []string{"host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "library_build_type"}

// gbRun gathers the entries of one benchmark (one run_name).
type gbRun struct {
	at   int // index in Report.Results
	reps []gbRep
}

// gbRep is one repetition's values, metric by metric.
type gbRep struct {
	index  int // repetition_index, or the order met
	values []float64
}

// ReadGoogleBenchmark reads Google Benchmark's JSON (--benchmark_format=json
// or --benchmark_out): one result per benchmark (run_name), its repetitions
// (run_type "iteration") as samples ordered by repetition_index; real_time
// and cpu_time in seconds per iteration, then every counter
// (bytes_per_second, items_per_second, user counters) as a metric. The
// aggregates (mean, median, stddev) are its Summary, never samples; a
// benchmark with aggregates only is a summary-only result. A complexity fit
// (the _BigO and _RMS entries) is a summary-only result of its own. An
// entry with error_occurred marks its benchmark failed.
func ReadGoogleBenchmark(name string, data []byte) *Report {
	return readGoogleBenchmark(name, data, nil)
}

// readGoogleBenchmark is ReadGoogleBenchmark, telling tell how far into
// data it is (see progress).
func readGoogleBenchmark(name string, data []byte, tell func(done int)) *Report {
	r := &Report{Name: name, Format: GoogleBenchmark}
	d := newJSONDoc(r, data, tell)
	var context []Pair
	runs := map[string]*gbRun{}
	seen := false
	ok := d.object("the file", func(key string) bool {
		switch key {
		case "context":
			var raw json.RawMessage
			if !d.value(&raw) {
				return false
			}
			context = filePairs(raw, gbContext)
			return true
		case "benchmarks":
			seen = true
			return d.array(`"benchmarks"`, func(line int, raw json.RawMessage) {
				r.addGoogleBenchmark(line, raw, context, runs)
			})
		}
		return d.skip()
	})
	if ok {
		d.end()
		if !seen {
			r.problem(0, `no "benchmarks": not what Google Benchmark's JSON reporter writes`)
		}
	}
	for _, run := range runs {
		r.Results[run.at].setRepetitions(run.reps)
	}
	return r
}

func (r *Report) addGoogleBenchmark(line int, raw json.RawMessage, context []Pair, runs map[string]*gbRun) {
	var e gbEntry
	counters, err := fields(raw)
	if err != nil || !e.fill(counters) {
		e = gbEntry{}
		if !unmarshal(r, line, raw, &e) {
			return
		}
	}
	if e.Name == "" {
		r.problem(line, `entry left out: no "name"`)
		return
	}
	if e.RunName == "" {
		e.RunName = e.Name // before 1.5 there was no run_name
	}
	perSec, ok := perSecond[e.TimeUnit]
	if !ok && e.TimeUnit != "" {
		r.problem(line, e.Name+": time_unit "+strconv.Quote(e.TimeUnit)+" is not one of ns, us, ms, s; entry left out")
		return
	}
	if !ok {
		perSec = 1e9 // the default when a version wrote none
	}
	if e.AggregateName == "BigO" || e.AggregateName == "RMS" {
		r.addComplexity(line, e, perSec, context)
		return
	}
	run := runs[e.RunName]
	if run == nil {
		run = &gbRun{at: len(r.Results)}
		runs[e.RunName] = run
		r.Results = append(r.Results, Result{
			Name: e.RunName, Config: slices.Clone(context), Line: line,
			Metrics: []Metric{
				{Name: "real_time", Unit: "sec/op", Better: Lower},
				{Name: "cpu_time", Unit: "sec/op", Better: Lower},
			},
		})
	}
	res := &r.Results[run.at]
	if e.ErrorOccurred {
		res.Failed = true
		res.Why = e.ErrorMessage
		if res.Why == "" {
			res.Why = "error_occurred"
		}
		return
	}
	if err != nil {
		r.problem(line, e.Name+": "+err.Error())
		return
	}
	values := []float64{figure(e.RealTime) / perSec, figure(e.CPUTime) / perSec}
	for _, c := range counters {
		if gbFields[c.Key] {
			continue
		}
		v, ok := number(c.Raw)
		if !ok {
			continue // a string a later version adds is no counter
		}
		i := res.metric(c.Key)
		if i < 0 {
			u := counterUnit(c.Key)
			res.Metrics = append(res.Metrics, Metric{Name: c.Key, Unit: u, Better: betterOf(u)})
			i = len(res.Metrics) - 1
		}
		for len(values) <= i {
			values = append(values, math.NaN())
		}
		values[i] = v
	}
	switch e.RunType {
	case "aggregate":
		res.addAggregate(e.AggregateName, values)
	default: // "iteration", or absent before 1.5
		index := len(run.reps)
		if e.RepetitionIndex != nil {
			index = *e.RepetitionIndex
		}
		for i, v := range values {
			why := "is missing" // real_time and cpu_time must be there
			if !math.IsNaN(v) {
				why = badSample(v)
			} else if i >= 2 {
				continue // a counter this repetition lacks
			}
			if why != "" {
				r.problem(line, e.Name+": "+res.Metrics[i].Name+" "+why+"; repetition left out")
				return
			}
		}
		run.reps = append(run.reps, gbRep{index, values})
	}
}

// metric is the index of the metric named name, or -1.
func (r *Result) metric(name string) int {
	for i := range r.Metrics {
		if r.Metrics[i].Name == name {
			return i
		}
	}
	return -1
}

// addAggregate puts one of Google Benchmark's aggregates into the
// summaries of r's metrics.
func (r *Result) addAggregate(name string, values []float64) {
	for i, v := range values {
		m := &r.Metrics[i]
		if m.Summary == nil {
			s := NoSummary()
			m.Summary = &s
		}
		switch name {
		case "mean":
			m.Summary.Mean = v
		case "median":
			m.Summary.Median = v
		case "stddev":
			m.Summary.StdDev = v
		}
	}
}

// setRepetitions orders the repetitions by index and makes them samples;
// a counter a repetition lacks ends that counter's samples there.
func (r *Result) setRepetitions(reps []gbRep) {
	slices.SortStableFunc(reps, func(a, b gbRep) int { return a.index - b.index })
	for i := range r.Metrics {
		m := &r.Metrics[i]
		for _, rep := range reps {
			if i >= len(rep.values) || math.IsNaN(rep.values[i]) {
				break
			}
			m.Samples = append(m.Samples, rep.values[i])
		}
	}
	if len(reps) == 0 && !r.Failed {
		r.Note = "aggregates only (--benchmark_report_aggregates_only?): a summary, no repetitions to resample"
	}
}

// addComplexity adds a _BigO or _RMS entry as a summary-only result.
func (r *Report) addComplexity(line int, e gbEntry, perSec float64, context []Pair) {
	res := Result{Name: e.Name, Config: slices.Clone(context), Line: line}
	one := func(name, unit string, v float64) Metric {
		s := NoSummary()
		s.Mean = v
		return Metric{Name: name, Unit: unit, Better: Lower, Summary: &s}
	}
	if e.AggregateName == "BigO" {
		res.Config = append(res.Config, Pair{Key: "big_o", Value: e.BigO})
		res.Metrics = []Metric{
			one("real_coefficient", "sec/op", figure(e.RealCoefficient)/perSec),
			one("cpu_coefficient", "sec/op", figure(e.CPUCoefficient)/perSec),
		}
		res.Note = "a complexity fit (time per iteration = coefficient × " + e.BigO + "): a summary, not samples"
	} else {
		res.Metrics = []Metric{one("rms", "%", figure(e.RMS)*100)}
		res.Note = "the complexity fit's RMS error: a summary, not samples"
	}
	r.Results = append(r.Results, res)
}
