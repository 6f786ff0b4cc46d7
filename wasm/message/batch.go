//go:build js && wasm

package message

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
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
//
// The bytes are sized once: appended to as they came, they were copied
// each time they outgrew their memory, and packing a 10,000-row review's
// batches took 42 ms of the page's thread in a profiled drop, most of it
// in runtime.growslice.
//
// A batch of a long row (a soak run's, 100,000 samples a side) is copied
// into its Uint8Array side by side instead: gathered first, its 1.6 MB
// were copied twice, and its message was a task of 80 ms on a page whose
// cores the workers held.
func Pairs(pairs [][2][]float64) (sizes, samples js.Value) {
	sz := make([]int, 0, 2*len(pairs))
	n := 0
	for _, p := range pairs {
		sz = append(sz, len(p[0]), len(p[1]))
		n += len(p[0]) + len(p[1])
	}
	samples = js.Global().Get("Uint8Array").New(8 * n)
	if 8*n >= sideBySide {
		at := 0
		for _, p := range pairs {
			for _, side := range p {
				if b := memoryOf(side); len(b) > 0 {
					js.CopyBytesToJS(samples.Call("subarray", at, at+len(b)), b)
					at += len(b)
				}
			}
		}
		return Int32s(sz), samples
	}
	b := make([]byte, 0, 8*n)
	for _, p := range pairs {
		b = append(b, memoryOf(p[0])...)
		b = append(b, memoryOf(p[1])...)
	}
	js.CopyBytesToJS(samples, b)
	return Int32s(sz), samples
}

// sideBySide is how many bytes of samples a batch has at least for Pairs
// to copy each side on its own: a call into JavaScript a side, which a
// batch of a hundred short rows would pay two hundred times for copies
// of a few hundred bytes.
const sideBySide = 1 << 20

// memoryOf is s's memory as bytes: Samples' encoding for samples, and a
// BigInt64Array's for int64s, as WebAssembly is little-endian. A batch of
// a suite's samples is copied at once, where one sample at a time took
// the page a good part of a second for ten thousand rows.
func memoryOf[T float64 | int64](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
}

// PairsFrom unpacks what Pairs packed.
func PairsFrom(sizes, samples js.Value) ([][2][]float64, error) {
	sz := Int32sFrom(sizes)
	all := SamplesFrom(samples)
	if len(sz)%2 != 0 {
		return nil, errors.New("a batch's sizes come in pairs")
	}
	pairs := make([][2][]float64, len(sz)/2)
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

// GeomeanSum packs what a batch's rows add to a suite's geomean as a
// BigInt64Array's bytes: Rows, Point, then the resamples' sums, each
// number an int64, little-endian (GeomeanSumFrom adds them up): the
// memory of the numbers as it is, WebAssembly being little-endian.
func GeomeanSum(g stats.GeomeanSum) js.Value {
	v := make([]int64, sumHead+len(g.Logs))
	v[0], v[1] = int64(g.Rows), g.Point
	copy(v[sumHead:], g.Logs)
	return typed("BigInt64Array", memoryOf(v))
}

// sumHead is how many numbers precede a GeomeanSum's resamples.
const sumHead = 2

// GeomeanSumFrom unpacks what GeomeanSum packed, copied straight into the
// numbers' memory: a 10,000-row review's page unpacks eighty of them,
// which number by number took it 21 ms of its thread in a profiled drop.
func GeomeanSumFrom(a js.Value) (stats.GeomeanSum, error) {
	n := a.Get("byteLength").Int()
	if n != 8*sumHead && n != 8*(sumHead+stats.Resamples) {
		return stats.GeomeanSum{}, errors.New("a geomean sum of " + strconv.Itoa(n) + " bytes, not " + strconv.Itoa(8*(sumHead+stats.Resamples)))
	}
	v := make([]int64, n/8)
	u := js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), n)
	js.CopyBytesToGo(memoryOf(v), u)
	g := stats.GeomeanSum{Rows: int(v[0]), Point: v[1]}
	if len(v) > sumHead {
		g.Logs = v[sumHead:]
	}
	return g, nil
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

// PlanPart packs a share of a resampling plan as a Uint32Array: NB, NC,
// From, To, then the resamples' baseline lower and upper positions and
// current lower and upper positions, To-From of each.
func PlanPart(p stats.PlanPart) js.Value {
	n := p.To - p.From
	v := make([]uint32, 0, planHead+4*n)
	v = append(v, uint32(p.NB), uint32(p.NC), uint32(p.From), uint32(p.To))
	v = append(append(append(append(v, p.BaseLower...), p.BaseUpper...), p.CurLower...), p.CurUpper...)
	b := make([]byte, 4*len(v))
	for j, x := range v {
		binary.LittleEndian.PutUint32(b[4*j:], x)
	}
	return typed("Uint32Array", b)
}

// planHead is how many numbers precede a PlanPart's positions.
const planHead = 4

// PlanPartFrom unpacks what PlanPart packed; JoinPlan checks the
// positions themselves.
func PlanPartFrom(a js.Value) (stats.PlanPart, error) {
	b := bytesOf(a)
	if len(b)%4 != 0 || len(b)/4 < planHead {
		return stats.PlanPart{}, errors.New("a plan part is cut short")
	}
	v := make([]uint32, len(b)/4)
	for j := range v {
		v[j] = binary.LittleEndian.Uint32(b[4*j:])
	}
	p := stats.PlanPart{NB: int(v[0]), NC: int(v[1]), From: int(v[2]), To: int(v[3])}
	n := p.To - p.From
	if n < 0 || len(v) != planHead+4*n {
		return stats.PlanPart{}, errors.New("a plan part holds " + strconv.Itoa(len(v)-planHead) + " positions for resamples " + strconv.Itoa(p.From) + " to " + strconv.Itoa(p.To))
	}
	pos := v[planHead:]
	p.BaseLower, p.BaseUpper, p.CurLower, p.CurUpper = pos[:n:n], pos[n:2*n:2*n], pos[2*n:3*n:3*n], pos[3*n:]
	return p, nil
}
