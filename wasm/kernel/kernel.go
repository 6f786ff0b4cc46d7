//go:build js && wasm

// Package kernel runs the bootstrap's draws in the JavaScript engine the
// viewer's WebAssembly already runs in (a page, a worker, or Node), in a
// small WebAssembly module of their own (module.go), rather than in Go's
// WebAssembly output. The engine runs the module's loop about a tenth
// faster: on a quiet machine under Node, a first comparison takes 1.5 ms
// against 1.65 in Go at 15 samples a side, 3.8 against 4.4 at 50, and 12.5
// against 13.8 at 200, and at 15 and 50 that is the difference between
// under and over twice the reference's native speed. Install hands it to
// core/stats, which stays free of any host; the module sees only sizes
// and stream positions, never samples.
package kernel

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
)

// Install makes core/stats draw through the module from now on. The module
// is compiled on first use; where it cannot be, the Go draws run and the
// console says why.
func Install() { stats.UseKernel(medians) }

// maxN is the largest side medians takes: its counts then take 8 MiB of
// the module's memory. Larger sides, which no harness writes, are drawn in
// Go.
const maxN = 1 << 21

// medians is a stats.Kernel through the module.
func medians(n int, start, stride uint64, lowerPos, upperPos []uint32) (ok bool) {
	if n < 1 || n > maxN || len(lowerPos) != resamples || len(upperPos) != resamples {
		return false
	}
	k := load()
	if k == nil {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	defer func() {
		// A JavaScript exception (memory that cannot grow, say) is a
		// reason to draw in Go, not to stop.
		if recover() != nil {
			ok = false
		}
	}()
	fn, width := k.tiny, 0
	switch {
	case n > math.MaxUint8:
		fn, width = k.wide, 4
	case n > maxTiny:
		fn, width = k.narrow, 1
	}
	need := countsOffset + (n*width+7)&^7
	if have := k.memory.Get("buffer").Get("byteLength").Int(); need > have {
		const page = 1 << 16
		k.memory.Call("grow", (need-have+page-1)/page)
	}
	fn.Invoke(n, uint32(start), uint32(start>>32), uint32(stride), uint32(stride>>32), (n-1)/2, n/2)

	size := countsOffset // both positions; an odd n's upper is its lower
	if n%2 == 1 {
		size = outUpper
	}
	view := js.Global().Get("Uint8Array").New(k.memory.Get("buffer"), 0, size)
	js.CopyBytesToGo(k.out[:size], view)
	for i := range resamples {
		lowerPos[i] = binary.LittleEndian.Uint32(k.out[outLower+4*i:])
	}
	if n%2 == 0 {
		for i := range resamples {
			upperPos[i] = binary.LittleEndian.Uint32(k.out[outUpper+4*i:])
		}
	}
	return true
}

// instance is the module's instance. Go's WebAssembly runs one goroutine
// at a time, but a call and the copy of its results must not be split, so
// mu holds the instance for both.
type instance struct {
	mu           sync.Mutex
	tiny, narrow js.Value
	wide         js.Value
	memory       js.Value
	out          []byte // the results of a call, copied out
}

// load compiles and instantiates the module the first time it is called,
// and returns nil from then on if that failed.
var load = sync.OnceValue(func() (k *instance) {
	defer func() {
		if err := recover(); err != nil {
			// Slower, not wrong: say so where a developer looks.
			js.Global().Get("console").Call("warn", fmt.Sprintf("benchview: the bootstrap's draws run in Go: the kernel did not load: %v", err))
			k = nil
		}
	}()
	wasm := js.Global().Get("WebAssembly")
	if wasm.Type() != js.TypeObject {
		panic("this host has no WebAssembly object")
	}
	module := moduleBytes()
	bytes := js.Global().Get("Uint8Array").New(len(module))
	js.CopyBytesToJS(bytes, module)
	exports := wasm.Get("Instance").New(wasm.Get("Module").New(bytes)).Get("exports")
	return &instance{
		tiny:   exports.Get("tiny"),
		narrow: exports.Get("narrow"),
		wide:   exports.Get("wide"),
		memory: exports.Get("memory"),
		out:    make([]byte, countsOffset),
	}
})
