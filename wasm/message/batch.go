//go:build js && wasm

package message

import (
	"encoding/binary"
	"errors"
	"math"
	"syscall/js"
	"unsafe"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
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
	b := make([]byte, 0, 8*n)
	sz := make([]int, 0, 2*len(pairs))
	for _, p := range pairs {
		for _, side := range p {
			b = append(b, bytesOfSamples(side)...)
			sz = append(sz, len(side))
		}
	}
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return Int32s(sz), a
}

// bytesOfSamples is s's memory as bytes: Samples' encoding, as
// WebAssembly is little-endian. A batch of a suite's samples is copied at
// once, where one sample at a time took the page a good part of a second
// for ten thousand rows.
func bytesOfSamples(s []uint64) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
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

// resultSize is how many numbers Results packs a row.
const resultSize = 16

// Results packs comparisons and what was measured beside them (xs[i]
// is cs[i]'s row's) as a Float64Array of resultSize numbers each: the two
// medians, Δ, its interval (NaN for an underpowered row), the verdict
// and the p-value; then each side's drift (its change, p-value and flag,
// 1 or 0), each side's outliers, and the samples needed.
func Results(cs []stats.Comparison, xs []reviewtext.Extras) js.Value {
	b := make([]byte, resultSize*8*len(cs))
	flag := func(t bool) float64 {
		if t {
			return 1
		}
		return 0
	}
	for i, c := range cs {
		x := xs[i]
		v := [resultSize]float64{c.BaselineMedian, c.Median, c.Delta, c.Lo, c.Hi, float64(c.Verdict), c.P,
			x.DriftBase.Pct, x.DriftBase.P, flag(x.DriftBase.Drifted),
			x.DriftCur.Pct, x.DriftCur.P, flag(x.DriftCur.Drifted),
			float64(x.OutliersBase), float64(x.OutliersCur), float64(x.SamplesNeeded)}
		for j, f := range v {
			binary.LittleEndian.PutUint64(b[8*(resultSize*i+j):], math.Float64bits(f))
		}
	}
	return typed("Float64Array", b)
}

// ResultsFrom unpacks what Results packed.
func ResultsFrom(a js.Value) ([]stats.Comparison, []reviewtext.Extras) {
	b := bytesOf(a)
	n := len(b) / (resultSize * 8)
	cs, xs := make([]stats.Comparison, n), make([]reviewtext.Extras, n)
	for i := range cs {
		f := func(j int) float64 {
			return math.Float64frombits(binary.LittleEndian.Uint64(b[8*(resultSize*i+j):]))
		}
		cs[i] = stats.Comparison{BaselineMedian: f(0), Median: f(1), Delta: f(2), Lo: f(3), Hi: f(4),
			Verdict: stats.Verdict(f(5)), P: f(6)}
		xs[i] = reviewtext.Extras{
			DriftBase:     stats.Drift{Pct: f(7), P: f(8), Drifted: f(9) != 0},
			DriftCur:      stats.Drift{Pct: f(10), P: f(11), Drifted: f(12) != 0},
			OutliersBase:  int(f(13)),
			OutliersCur:   int(f(14)),
			SamplesNeeded: int(f(15)),
		}
	}
	return cs, xs
}

// Geomean packs a suite's geomean as a Float64Array: Δ, its interval,
// the verdict and the rows it covers.
func Geomean(g stats.Geomean) js.Value {
	b := make([]byte, 5*8)
	for j, f := range [5]float64{g.Delta, g.Lo, g.Hi, float64(g.Verdict), float64(g.Rows)} {
		binary.LittleEndian.PutUint64(b[8*j:], math.Float64bits(f))
	}
	return typed("Float64Array", b)
}

// GeomeanFrom unpacks what Geomean packed.
func GeomeanFrom(a js.Value) stats.Geomean {
	b := bytesOf(a)
	f := func(j int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:])) }
	return stats.Geomean{Delta: f(0), Lo: f(1), Hi: f(2), Verdict: stats.Verdict(f(3)), Rows: int(f(4))}
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
