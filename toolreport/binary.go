package toolreport

import (
	"encoding/binary"
	"errors"
	"slices"
	"strconv"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/internal/binform"
)

// The binary form of a Report is how another tool's report, read in a
// Web Worker, travels to the page in one buffer, as a cove-bench report
// does (core/report's form; see package binform for what the two share):
// the page unpacks a go test -bench suite of ten thousand results in a
// few milliseconds, where reading its text took it hundreds.
//
//	magic    "bvt1"
//	name, format: string each
//	results  count, then each result:
//	           name, why, note: string each, line uvarint, failed byte,
//	           config: 0 for the pairs of the result before, else their count + 1,
//	             then each pair: key, value: string each, flags byte (pairFile, pairInName),
//	           metrics count, then each metric: name, unit: string each,
//	             flags byte (metricHigher, metricSamples, metricSummary),
//	             len(Samples) uvarint if metricSamples,
//	             N uvarint, then Min, Median, Mean, Max, StdDev: 8 bytes each, if metricSummary
//	problems as core/report's form holds them (report.AppendProblems)
//	samples  count of numbers, then every metric's Samples in turn, 8 bytes each
const binaryMagic = "bvt1"

// A pair's and a metric's flags in the binary form.
const (
	pairFile = 1 << iota
	pairInName
)

const (
	metricHigher = 1 << iota
	metricSamples
	metricSummary
)

// MarshalBinary is r in benchview's binary form (see Unpack).
func (r *Report) MarshalBinary() ([]byte, error) {
	samples := 0
	for i := range r.Results {
		for _, m := range r.Results[i].Metrics {
			samples += len(m.Samples)
		}
	}
	b := make([]byte, 0, 64+96*len(r.Results)+8*samples)
	b = append(b, binaryMagic...)
	b = appendStrings(b, r.Name, string(r.Format))
	b = appendUvarints(b, uint64(len(r.Results)))
	var prev []Pair
	for i := range r.Results {
		b = appendResult(b, &r.Results[i], prev)
		prev = r.Results[i].Config
	}
	b = report.AppendProblems(b, r.Problems)
	b = binform.AppendCount(b, samples)
	for i := range r.Results {
		for _, m := range r.Results[i].Metrics {
			b = appendFloats(b, m.Samples...)
		}
	}
	return b, nil
}

// appendResult appends res, whose configuration is written as the one
// before's (prev) when it holds the same pairs.
func appendResult(b []byte, res *Result, prev []Pair) []byte {
	b = appendStrings(b, res.Name, res.Why, res.Note)
	if slices.Equal(res.Config, prev) {
		return appendResultMetrics(appendUvarints(b, uint64(res.Line), uint64(binform.Bool(res.Failed)), 0), res)
	}
	b = appendUvarints(b, uint64(res.Line), uint64(binform.Bool(res.Failed)), uint64(len(res.Config))+1)
	for _, p := range res.Config {
		b = appendStrings(b, p.Key, p.Value)
		b = append(b, binform.Bool(p.File)*pairFile|binform.Bool(p.InName)*pairInName)
	}
	return appendResultMetrics(b, res)
}

// appendResultMetrics appends res's metrics.
func appendResultMetrics(b []byte, res *Result) []byte {
	b = appendUvarints(b, uint64(len(res.Metrics)))
	for _, m := range res.Metrics {
		b = appendStrings(b, m.Name, m.Unit)
		b = append(b, binform.Bool(m.Better == Higher)*metricHigher|
			binform.Bool(m.Samples != nil)*metricSamples|binform.Bool(m.Summary != nil)*metricSummary)
		if m.Samples != nil {
			b = appendUvarints(b, uint64(len(m.Samples)))
		}
		if s := m.Summary; s != nil {
			b = appendUvarints(b, uint64(s.N))
			b = appendFloats(b, s.Min, s.Median, s.Mean, s.Max, s.StdDev)
		}
	}
	return b
}

// appendStrings, appendUvarints and appendFloats append each of their
// values. They are not inlined: the page's WebAssembly carries this
// form's code, and an append inlined at each of the form's fields made it
// some 10 KB larger, gzipped.

//go:noinline
func appendStrings(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = binform.AppendString(b, s)
	}
	return b
}

//go:noinline
func appendUvarints(b []byte, vs ...uint64) []byte {
	for _, v := range vs {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

//go:noinline
func appendFloats(b []byte, vs ...float64) []byte {
	for _, v := range vs {
		b = binform.AppendFloat(b, v)
	}
	return b
}

// Unpack is the report data holds, in the form MarshalBinary gives: the
// same results, problems, name and format. It is made of data itself:
// its strings are data's bytes, and its samples too when they lie in
// data as the machine keeps numbers in memory (as they do in a buffer
// MarshalBinary made, copied whole into memory Go allocated). The caller
// gives data up: nothing may change it after. Data that is not such a
// report (cut short, or of another form) is an error.
func Unpack(data []byte) (*Report, error) {
	d := binform.NewDecoder("toolreport", data, true)
	if !d.Magic(binaryMagic) {
		return nil, errors.New("toolreport: not a report in benchview's binary form")
	}
	r := &Report{Name: d.String(), Format: Format(d.String())}
	// A result takes 6 bytes at least, a pair 3, a metric 3.
	if n := d.Count(6); n > 0 {
		r.Results = make([]Result, n)
	}
	var counts []int // each metric's samples, in turn
	var prev []Pair
	for i := range r.Results {
		counts = readResult(d, &r.Results[i], prev, counts)
		prev = r.Results[i].Config
	}
	r.Problems = report.ReadProblems(d)
	samples := d.Floats(d.Numbers())
	if err := d.Err(); err != nil {
		return nil, err
	}
	if d.Left() != 0 {
		return nil, errors.New("toolreport: " + strconv.Itoa(d.Left()) + " bytes follow a report in binary form")
	}
	k := 0
	for i := range r.Results {
		for j := range r.Results[i].Metrics {
			m := &r.Results[i].Metrics[j]
			if m.Samples == nil {
				continue
			}
			n := counts[k]
			k++
			if n > len(samples) {
				return nil, errors.New("toolreport: the results hold more samples than the report")
			}
			m.Samples, samples = samples[:n:n], samples[n:]
		}
	}
	if len(samples) > 0 {
		return nil, errors.New("toolreport: the report holds samples no result has")
	}
	return r, nil
}

// readResult reads a result into res, appending to counts how many
// samples each of its metrics with samples has: they follow all the
// results. A configuration written as the one before's is prev itself:
// results share it (a Google Benchmark suite's every result has its
// context's pairs), and Shared passes over it at once.
func readResult(d *binform.Decoder, res *Result, prev []Pair, counts []int) []int {
	readStrings(d, &res.Name, &res.Why, &res.Note)
	res.Line, res.Failed = d.Int(), d.Byte() == 1
	switch n := d.Count(3); n {
	case 0:
		res.Config = prev[:len(prev):len(prev)] // an append to it copies it
	case 1: // none
	default:
		res.Config = make([]Pair, n-1)
		for i := range res.Config {
			p := &res.Config[i]
			readStrings(d, &p.Key, &p.Value)
			flags := d.Byte()
			p.File, p.InName = flags&pairFile != 0, flags&pairInName != 0
		}
	}
	if n := d.Count(3); n > 0 {
		res.Metrics = make([]Metric, n)
		for i := range res.Metrics {
			m := &res.Metrics[i]
			readStrings(d, &m.Name, &m.Unit)
			flags := d.Byte()
			m.Better = Lower
			if flags&metricHigher != 0 {
				m.Better = Higher
			}
			if flags&metricSamples != 0 {
				counts = append(counts, d.Int())
				m.Samples = []float64{} // set from the samples, which follow the results
			}
			if flags&metricSummary != 0 {
				n := d.Int()
				if v := d.Floats(5); len(v) == 5 {
					m.Summary = &Summary{N: n, Min: v[0], Median: v[1], Mean: v[2], Max: v[3], StdDev: v[4]}
				}
			}
		}
	}
	return counts
}

// readStrings reads a string into each of ps; not inlined, as the
// appends above.
//
//go:noinline
func readStrings(d *binform.Decoder, ps ...*string) {
	for _, p := range ps {
		*p = d.String()
	}
}
