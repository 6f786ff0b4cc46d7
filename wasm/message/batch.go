//go:build js && wasm

package message

import (
	"encoding/binary"
	"errors"
	"math"
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
)

// Pairs packs the sample pairs of a batch of rows, pairs[k] being row k's
// baseline and current samples, as one message's worth: every sample in
// one Uint8Array (Samples' encoding, row by row, baseline first) and the
// sizes in an Int32Array, two a row. Both buffers can be transferred, so
// a batch costs the page two copies however many rows it holds.
func Pairs(pairs [][2][]uint64) (sizes, samples js.Value) {
	n := 0
	for _, p := range pairs {
		n += len(p[0]) + len(p[1])
	}
	b := make([]byte, 8*n)
	sz := make([]int, 0, 2*len(pairs))
	o := 0
	for _, p := range pairs {
		for _, side := range p {
			for _, v := range side {
				binary.LittleEndian.PutUint64(b[o:], v)
				o += 8
			}
			sz = append(sz, len(side))
		}
	}
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return Int32s(sz), a
}

// PairsFrom unpacks what Pairs packed.
func PairsFrom(sizes, samples js.Value) ([][2][]uint64, error) {
	sz := Int32sFrom(sizes)
	all := SamplesFrom(samples)
	if len(sz)%2 != 0 {
		return nil, errors.New("a batch's sizes come in pairs")
	}
	pairs := make([][2][]uint64, len(sz)/2)
	for k := range pairs {
		for side := range 2 {
			n := sz[2*k+side]
			if n < 0 || n > len(all) {
				return nil, errors.New("a batch's sizes do not fit its samples")
			}
			pairs[k][side], all = all[:n:n], all[n:]
		}
	}
	if len(all) != 0 {
		return nil, errors.New("a batch's samples outnumber its sizes")
	}
	return pairs, nil
}

// Int32s packs xs as an Int32Array, whose buffer can be transferred.
func Int32s(xs []int) js.Value {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(int32(x)))
	}
	return typed("Int32Array", b)
}

// Int32sFrom unpacks an Int32Array.
func Int32sFrom(a js.Value) []int {
	b := bytesOf(a)
	xs := make([]int, len(b)/4)
	for i := range xs {
		xs[i] = int(int32(binary.LittleEndian.Uint32(b[4*i:])))
	}
	return xs
}

// Results packs comparisons as a Float64Array of six numbers each: the
// two medians, Δ, its interval (NaN for an underpowered row) and the
// verdict.
func Results(cs []stats.Comparison) js.Value {
	b := make([]byte, 6*8*len(cs))
	for i, c := range cs {
		for j, x := range [6]float64{c.BaselineMedian, c.Median, c.Delta, c.Lo, c.Hi, float64(c.Verdict)} {
			binary.LittleEndian.PutUint64(b[8*(6*i+j):], math.Float64bits(x))
		}
	}
	return typed("Float64Array", b)
}

// ResultsFrom unpacks what Results packed.
func ResultsFrom(a js.Value) []stats.Comparison {
	b := bytesOf(a)
	cs := make([]stats.Comparison, len(b)/(6*8))
	for i := range cs {
		f := func(j int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b[8*(6*i+j):])) }
		cs[i] = stats.Comparison{BaselineMedian: f(0), Median: f(1), Delta: f(2), Lo: f(3), Hi: f(4), Verdict: stats.Verdict(f(5))}
	}
	return cs
}

// typed is a typed array of kind (Int32Array, Float64Array) over a copy
// of b's bytes.
func typed(kind string, b []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return js.Global().Get(kind).New(u.Get("buffer"))
}

// bytesOf copies the bytes of any typed array.
func bytesOf(a js.Value) []byte {
	u := js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), a.Get("byteLength"))
	b := make([]byte, u.Get("length").Int())
	js.CopyBytesToGo(b, u)
	return b
}
