package report

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"unsafe"

	"github.com/benchview/benchview/core/stats"
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
	b = appendString(b, r.Name)
	b = append(b, boolByte(r.keys != nil && r.keys.unique))
	b = binary.AppendUvarint(b, uint64(len(r.Rows)))
	for i := range r.Rows {
		b = appendRow(b, &r.Rows[i])
	}
	b = binary.AppendUvarint(b, uint64(len(r.Problems)))
	for _, p := range r.Problems {
		b = appendString(b, p.File)
		b = binary.AppendUvarint(b, uint64(p.Line))
		b = appendString(b, p.Msg)
		b = append(b, boolByte(p.Warning))
	}
	b = appendCount(b, samples)
	for i := range r.Rows {
		for _, s := range r.Rows[i].Samples {
			b = binary.NativeEndian.AppendUint64(b, s)
		}
	}
	b = appendCount(b, values)
	for i := range r.Rows {
		for _, v := range r.Rows[i].Values {
			b = binary.NativeEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	// Sorted as every statistic sorts a series (stats.Sort): the
	// summaries made of them are the bits of those made by sorting anew.
	// One buffer of each kind for every row: a copy a row made packing a
	// 10,000-row report a third slower under Node.
	b = appendCount(b, sortedCount(r.Rows))
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
		b = appendString(b, s)
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

// appendCount appends a section's count of numbers, and zero bytes up to
// a multiple of 8 bytes from the form's start, where the numbers begin.
func appendCount(b []byte, n int) []byte {
	b = binary.AppendUvarint(b, uint64(n))
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
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
	d := decoder{b: data, own: own}
	if own && len(data) > 0 {
		d.s = unsafe.String(unsafe.SliceData(data), len(data))
	} else {
		d.s = string(data)
	}
	if !d.magic() {
		return errors.New("report: not a report in benchview's binary form")
	}
	name := d.string()
	unique := d.byte() == 1
	rows := make([]Row, d.count(7)) // a row takes 7 bytes at least
	sampleCounts := make([]int, len(rows))
	valueCounts := make([]int, len(rows))
	for i := range rows {
		sampleCounts[i], valueCounts[i] = d.row(&rows[i])
	}
	problems := make([]Problem, d.count(4))
	for i := range problems {
		p := &problems[i]
		p.File, p.Line, p.Msg, p.Warning = d.string(), d.int(), d.string(), d.byte() == 1
	}
	samples := d.uint64s(d.numbers())
	values := d.uint64s(d.numbers())
	sorted := d.floats(d.numbers())
	if d.err != nil {
		return d.err
	}
	if d.i != len(d.b) {
		return errors.New("report: " + strconv.Itoa(len(d.b)-d.i) + " bytes follow a report in binary form")
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
	if len(problems) == 0 {
		problems = nil
	}
	// The index of keys is built at the first Find (see keyIndex).
	*r = Report{Name: name, Rows: rows, Problems: problems, keys: &keyIndex{unique: unique}}
	return nil
}

// decoder reads a report's binary form; its first error stops it, and
// every read after returns a zero value.
type decoder struct {
	own bool // b is the decoder's to keep: its numbers need no copy (Unpack)
	b   []byte
	s   string // b as a string: the strings read are its substrings, one allocation in all (none for Unpack)
	i   int
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = errors.New("report: a report in binary form is cut short or damaged at byte " + strconv.Itoa(d.i) + " (" + what + ")")
	}
	d.i = len(d.b)
}

func (d *decoder) magic() bool {
	if len(d.b) < len(binaryMagic) || d.s[:len(binaryMagic)] != binaryMagic {
		return false
	}
	d.i = len(binaryMagic)
	return true
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b[d.i:])
	if n <= 0 {
		d.fail("a number")
		return 0
	}
	d.i += n
	return v
}

// int is a uvarint that fits an int.
func (d *decoder) int() int {
	v := d.uvarint()
	if v > math.MaxInt32 {
		d.fail("a number out of range")
		return 0
	}
	return int(v)
}

// count is a number of items of at least size bytes each, which the
// bytes left can hold: a damaged count never makes a huge allocation.
func (d *decoder) count(size int) int {
	n := d.int()
	if n > (len(d.b)-d.i)/size {
		d.fail("a count larger than what follows")
		return 0
	}
	return n
}

func (d *decoder) byte() byte {
	if d.i >= len(d.b) {
		d.fail("a byte")
		return 0
	}
	d.i++
	return d.b[d.i-1]
}

func (d *decoder) string() string {
	n := d.count(1)
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

func (d *decoder) uint64s(n int) []uint64 { return words[uint64](d, n) }

func (d *decoder) floats(n int) []float64 { return words[float64](d, n) }

// numbers reads a section's count of numbers and the zero bytes after it
// that bring the numbers to a multiple of 8 bytes from the form's start.
func (d *decoder) numbers() int {
	n := d.count(8)
	for d.i%8 != 0 && d.err == nil {
		d.byte()
	}
	return n
}

// words is the next n numbers of 8 bytes, as the machine keeps them: d's
// own bytes when it may keep them and they lie where such numbers may
// (a multiple of 8 in memory), else a copy.
func words[T uint64 | float64](d *decoder, n int) []T {
	if n == 0 || d.err != nil {
		return nil
	}
	if n > (len(d.b)-d.i)/8 {
		d.fail("numbers cut short")
		return nil
	}
	at := unsafe.Pointer(&d.b[d.i])
	d.i += 8 * n
	if d.own && uintptr(at)%8 == 0 {
		return unsafe.Slice((*T)(at), n)
	}
	vs := make([]T, n)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), 8*n), unsafe.Slice((*byte)(at), 8*n))
	return vs
}

// row reads a row into row, and returns how many samples and values it
// has, which follow all the rows.
func (d *decoder) row(row *Row) (samples, values int) {
	row.Line = d.int()
	flags := d.byte()
	row.OK, row.Refused = flags&rowOK != 0, flags&rowRefused != 0
	row.Benchmark, row.Kind, row.Backend, row.What, row.Of = d.string(), d.string(), d.string(), d.string(), d.string()
	if flags&rowSamples != 0 {
		samples = d.int()
		row.Samples = []uint64{} // set from the samples, which follow the rows
	}
	if flags&rowValues != 0 {
		values = d.int()
		row.Values = []float64{}
	}
	if flags&rowSummary != 0 {
		if d.i+32 > len(d.b) {
			d.fail("a summary")
			return 0, 0
		}
		v := d.uint64s(4)
		row.Summary = &Summary{Min: v[0], Mean: v[1], Max: v[2], Median: math.Float64frombits(v[3])}
	}
	return samples, values
}
