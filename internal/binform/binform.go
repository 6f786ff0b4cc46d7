// Package binform holds what benchview's binary forms of a report share:
// how a report read in a Web Worker travels to the page in one buffer
// (core/report's form of a cove-bench report, toolreport's of another
// tool's). A form is made and read by the same build; nothing checks it
// for another version.
//
// A count is a uvarint. A count of numbers is followed by zero bytes up
// to a multiple of 8 bytes from the form's start, where its numbers
// begin. A string is its length (uvarint) and its bytes. Numbers of 8
// bytes are in the machine's own byte order (little-endian under
// WebAssembly), as the build that reads them is the one that wrote them:
// so a form's numbers unpack in one copy, or none (a Decoder that owns
// its bytes reads them where they lie).
package binform

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"unsafe"
)

// AppendCount appends a count of numbers, and zero bytes up to a
// multiple of 8 bytes from the form's start, where the numbers begin.
func AppendCount(b []byte, n int) []byte {
	b = binary.AppendUvarint(b, uint64(n))
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	return b
}

// AppendString appends s's length and bytes.
func AppendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// AppendFloat appends v's 8 bytes, in the machine's byte order.
func AppendFloat(b []byte, v float64) []byte {
	return binary.NativeEndian.AppendUint64(b, math.Float64bits(v))
}

// Bool is 1 for true, 0 for false.
func Bool(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// A Decoder reads a binary form; its first error stops it, and every
// read after returns a zero value.
type Decoder struct {
	what string // the package reading, which its errors name
	own  bool   // b is the decoder's to keep: its numbers need no copy
	b    []byte
	s    string // b as a string: the strings read are its substrings, one allocation in all (none when it owns b)
	i    int
	err  error
}

// NewDecoder reads data, for package what (the name its errors begin
// with). When own is true, the caller gives data up: the strings and
// numbers read are data's own bytes, and nothing may change it after.
func NewDecoder(what string, data []byte, own bool) *Decoder {
	d := &Decoder{what: what, b: data, own: own}
	if own && len(data) > 0 {
		d.s = unsafe.String(unsafe.SliceData(data), len(data))
	} else {
		d.s = string(data)
	}
	return d
}

// Err is the first error met, nil when none was.
func (d *Decoder) Err() error { return d.err }

// Left is how many bytes are left to read.
func (d *Decoder) Left() int { return len(d.b) - d.i }

// Fail stops d, saying that what it read was not what it should be.
func (d *Decoder) Fail(what string) {
	if d.err == nil {
		d.err = errors.New(d.what + ": a report in binary form is cut short or damaged at byte " + strconv.Itoa(d.i) + " (" + what + ")")
	}
	d.i = len(d.b)
}

// Magic reads magic, and reports whether the form begins with it.
func (d *Decoder) Magic(magic string) bool {
	if len(d.b) < len(magic) || d.s[:len(magic)] != magic {
		return false
	}
	d.i = len(magic)
	return true
}

// Uvarint reads a uvarint.
func (d *Decoder) Uvarint() uint64 {
	v, n := binary.Uvarint(d.b[d.i:])
	if n <= 0 {
		d.Fail("a number")
		return 0
	}
	d.i += n
	return v
}

// Int reads a uvarint that fits an int32.
func (d *Decoder) Int() int {
	v := d.Uvarint()
	if v > math.MaxInt32 {
		d.Fail("a number out of range")
		return 0
	}
	return int(v)
}

// Count reads a number of items of at least size bytes each, which the
// bytes left can hold: a damaged count never makes a huge allocation.
func (d *Decoder) Count(size int) int {
	n := d.Int()
	if n > (len(d.b)-d.i)/size {
		d.Fail("a count larger than what follows")
		return 0
	}
	return n
}

// Byte reads a byte.
func (d *Decoder) Byte() byte {
	if d.i >= len(d.b) {
		d.Fail("a byte")
		return 0
	}
	d.i++
	return d.b[d.i-1]
}

// String reads a string.
func (d *Decoder) String() string {
	n := d.Count(1)
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

// Numbers reads a count of numbers and the zero bytes after it that
// bring the numbers to a multiple of 8 bytes from the form's start.
func (d *Decoder) Numbers() int {
	n := d.Count(8)
	for d.i%8 != 0 && d.err == nil {
		d.Byte()
	}
	return n
}

// Uint64s reads n numbers of 8 bytes (see Words).
func (d *Decoder) Uint64s(n int) []uint64 { return words[uint64](d, n) }

// Floats reads n numbers of 8 bytes (see Words).
func (d *Decoder) Floats(n int) []float64 { return words[float64](d, n) }

// words is the next n numbers of 8 bytes, as the machine keeps them: d's
// own bytes when it may keep them and they lie where such numbers may
// (a multiple of 8 in memory), else a copy.
func words[T uint64 | float64](d *Decoder, n int) []T {
	if n == 0 || d.err != nil {
		return nil
	}
	if n > (len(d.b)-d.i)/8 {
		d.Fail("numbers cut short")
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
