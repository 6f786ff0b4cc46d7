package report

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/internal/binform"
)

// The binary form of a Report is how a report read in one place (a Web
// Worker) travels to another (the page) in one buffer: the page then
// unpacks ten thousand rows in a few milliseconds, where reading their
// JSON lines took it hundreds. It is benchview's own, for a buffer made
// and read by the same build, not a file format: nothing checks it for
// another version.
//
//	magic   "bvr3"
//	name    string
//	unique  byte: 1 when every row's key is its own (keyIndex.unique)
//	rows    uvarint, then each row:
//	          line uvarint, flags byte (rowOK, …),
//	          benchmark, kind, backend, what, of: string each,
//	          len(Samples) uvarint if rowSamples, len(Values) if rowValues,
//	          Min, Mean, Max, Median: 8 bytes each if rowSummary
//	problems uvarint, then each: file string, line uvarint, msg string,
//	          warning byte
//	samples count, then every row's Samples in turn, 8 bytes each
//	values  count, then every row's Values in turn, 8 bytes each
//	sorted  count, then every row's samples as floats (its Values, or
//	          its Samples when it has no Values) in ascending order
//	          (Row.Sorted), 8 bytes each, in turn
//
// The sorted samples cost the worker that packs them a few milliseconds
// at ten thousand rows of 30 (packing took 16-18 ms under Node, against
// 15), and spare the page's main thread sorting them as it pairs the
// reports: pairing those rows took 20-22 ms under Node, against 59-107.
//
// A count is a uvarint, then zero bytes up to a multiple of 8 bytes from
// the form's start, where its numbers begin. A string is its length
// (uvarint) and its bytes. Numbers of 8 bytes are in the machine's own
// byte order (little-endian under WebAssembly), as the build that reads
// them is the one that wrote them: so a report's samples unpack in one
// copy (a 10,000-row report in 10-14 ms under Node, where a number at a
// time took 16-19 ms), or none (Unpack reads them where they lie).
const binaryMagic = "bvr3"

// A row's flags in its binary form.
const (
	rowOK = 1 << iota
	rowRefused
	rowSamples // Samples is not nil
	rowValues  // Values is not nil
	rowSummary // Summary is not nil
)

// MarshalBinary is r in benchview's binary form (see UnmarshalBinary).
func (r *Report) MarshalBinary() ([]byte, error) {
	samples, values := 0, 0
	for i := range r.Rows {
		samples += len(r.Rows[i].Samples)
		values += len(r.Rows[i].Values)
	}
	b := make([]byte, 0, 64+48*len(r.Rows)+16*(samples+values))
	b = append(b, binaryMagic...)
	b = binform.AppendString(b, r.Name)
	b = append(b, binform.Bool(r.keys != nil && r.keys.unique))
	b = binary.AppendUvarint(b, uint64(len(r.Rows)))
	for i := range r.Rows {
		b = appendRow(b, &r.Rows[i])
	}
	b = AppendProblems(b, r.Problems)
	b = binform.AppendCount(b, samples)
	for i := range r.Rows {
		for _, s := range r.Rows[i].Samples {
			b = binary.NativeEndian.AppendUint64(b, s)
		}
	}
	b = binform.AppendCount(b, values)
	for i := range r.Rows {
		for _, v := range r.Rows[i].Values {
			b = binary.NativeEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	// Sorted as every statistic sorts a series (stats.Sort): the
	// summaries made of them are the bits of those made by sorting anew.
	// One buffer of each kind for every row: a copy a row made packing a
	// 10,000-row report a third slower under Node.
	b = binform.AppendCount(b, sortedCount(r.Rows))
	var ints []uint64
	var floats []float64
	for i := range r.Rows {
		row := &r.Rows[i]
		if row.Values != nil {
			floats = append(floats[:0], row.Values...)
			stats.Sort(floats)
			for _, v := range floats {
				b = binary.NativeEndian.AppendUint64(b, math.Float64bits(v))
			}
			continue
		}
		ints = append(ints[:0], row.Samples...)
		stats.Sort(ints)
		for _, s := range ints {
			b = binary.NativeEndian.AppendUint64(b, math.Float64bits(float64(s)))
		}
	}
	return b, nil
}

// sortedCount is how many sorted samples rows have in the binary form:
// each row's Values, or its Samples when it has no Values.
func sortedCount(rows []Row) int {
	n := 0
	for i := range rows {
		if rows[i].Values != nil {
			n += len(rows[i].Values)
		} else {
			n += len(rows[i].Samples)
		}
	}
	return n
}

func appendRow(b []byte, row *Row) []byte {
	b = binary.AppendUvarint(b, uint64(row.Line))
	flags := byte(0)
	for _, f := range [...]struct {
		on   bool
		flag byte
	}{{row.OK, rowOK}, {row.Refused, rowRefused}, {row.Samples != nil, rowSamples}, {row.Values != nil, rowValues}, {row.Summary != nil, rowSummary}} {
		if f.on {
			flags |= f.flag
		}
	}
	b = append(b, flags)
	for _, s := range [...]string{row.Benchmark, row.Kind, row.Backend, row.What, row.Of} {
		b = binform.AppendString(b, s)
	}
	if row.Samples != nil {
		b = binary.AppendUvarint(b, uint64(len(row.Samples)))
	}
	if row.Values != nil {
		b = binary.AppendUvarint(b, uint64(len(row.Values)))
	}
	if s := row.Summary; s != nil {
		for _, v := range [...]uint64{s.Min, s.Mean, s.Max, math.Float64bits(s.Median)} {
			b = binary.NativeEndian.AppendUint64(b, v)
		}
	}
	return b
}

// UnmarshalBinary sets r to the report data holds, in the form
// MarshalBinary gives: the same rows, problems and name, indexed for
// Lookup as Read indexes them. Data that is not such a report (cut short,
// or of another form) is an error, and leaves r as it was. r keeps none
// of data: see Unpack.
func (r *Report) UnmarshalBinary(data []byte) error {
	return r.unpack(data, false)
}

// Unpack is the report data holds, as UnmarshalBinary sets it, made of
// data itself: its names and keys are data's bytes, and its samples too
// when they lie in data as the machine keeps numbers in memory (as they
// do in a buffer MarshalBinary made, copied whole into memory Go
// allocated). The caller gives data up: nothing may change it after. A
// page unpacks a report a worker read this way, with no copy of its
// bytes: two copies of some 7 MB a side at ten thousand rows, in the task
// between the read and the first rows sent to the workers.
func Unpack(data []byte) (*Report, error) {
	r := new(Report)
	if err := r.unpack(data, true); err != nil {
		return nil, err
	}
	return r, nil
}

// unpack is UnmarshalBinary, keeping data (Unpack) when own is true.
func (r *Report) unpack(data []byte, own bool) error {
	d := binform.NewDecoder("report", data, own)
	if !d.Magic(binaryMagic) {
		return errors.New("report: not a report in benchview's binary form")
	}
	name := d.String()
	unique := d.Byte() == 1
	rows := make([]Row, d.Count(7)) // a row takes 7 bytes at least
	sampleCounts := make([]int, len(rows))
	valueCounts := make([]int, len(rows))
	for i := range rows {
		sampleCounts[i], valueCounts[i] = readRow(d, &rows[i])
	}
	problems := ReadProblems(d)
	samples := d.Uint64s(d.Numbers())
	values := d.Uint64s(d.Numbers())
	sorted := d.Floats(d.Numbers())
	if err := d.Err(); err != nil {
		return err
	}
	if d.Left() != 0 {
		return errors.New("report: " + strconv.Itoa(d.Left()) + " bytes follow a report in binary form")
	}
	for i := range rows {
		n := sampleCounts[i]
		if n > len(samples) {
			return errors.New("report: the rows hold more samples than the report")
		}
		if rows[i].Samples != nil {
			rows[i].Samples, samples = samples[:n:n], samples[n:]
		}
		m := valueCounts[i]
		if m > len(values) {
			return errors.New("report: the rows hold more values than the report")
		}
		if rows[i].Values != nil {
			rows[i].Values = make([]float64, m)
			for k, v := range values[:m] {
				rows[i].Values[k] = math.Float64frombits(v)
			}
			values = values[m:]
		}
		if k := sortedCount(rows[i : i+1]); k > 0 {
			if k > len(sorted) {
				return errors.New("report: the rows hold more samples than are sorted")
			}
			rows[i].Sorted, sorted = sorted[:k:k], sorted[k:]
		}
	}
	if len(samples) > 0 || len(values) > 0 || len(sorted) > 0 {
		return errors.New("report: the report holds samples no row has")
	}
	if len(rows) == 0 {
		rows = nil // as Read leaves a report without rows, or problems
	}
	// The index of keys is built at the first Find (see keyIndex).
	*r = Report{Name: name, Rows: rows, Problems: problems, keys: &keyIndex{unique: unique}}
	return nil
}

// readRow reads a row into row, and returns how many samples and values
// it has, which follow all the rows.
func readRow(d *binform.Decoder, row *Row) (samples, values int) {
	row.Line = d.Int()
	flags := d.Byte()
	row.OK, row.Refused = flags&rowOK != 0, flags&rowRefused != 0
	row.Benchmark, row.Kind, row.Backend, row.What, row.Of = d.String(), d.String(), d.String(), d.String(), d.String()
	if flags&rowSamples != 0 {
		samples = d.Int()
		row.Samples = []uint64{} // set from the samples, which follow the rows
	}
	if flags&rowValues != 0 {
		values = d.Int()
		row.Values = []float64{}
	}
	if flags&rowSummary != 0 {
		if d.Left() < 32 {
			d.Fail("a summary")
			return 0, 0
		}
		v := d.Uint64s(4)
		row.Summary = &Summary{Min: v[0], Mean: v[1], Max: v[2], Median: math.Float64frombits(v[3])}
	}
	return samples, values
}

// AppendProblems appends problems in binary form: their count, then each
// one's file, line, message and whether it is a warning. Another tool's
// report in binary form holds its problems so too.
func AppendProblems(b []byte, problems []Problem) []byte {
	b = binary.AppendUvarint(b, uint64(len(problems)))
	for _, p := range problems {
		b = binform.AppendString(b, p.File)
		b = binary.AppendUvarint(b, uint64(p.Line))
		b = binform.AppendString(b, p.Msg)
		b = append(b, binform.Bool(p.Warning))
	}
	return b
}

// ReadProblems reads problems AppendProblems appended; nil when there
// are none.
func ReadProblems(d *binform.Decoder) []Problem {
	problems := make([]Problem, d.Count(4)) // a problem takes 4 bytes at least
	for i := range problems {
		p := &problems[i]
		p.File, p.Line, p.Msg, p.Warning = d.String(), d.Int(), d.String(), d.Byte() == 1
	}
	if len(problems) == 0 {
		return nil
	}
	return problems
}
