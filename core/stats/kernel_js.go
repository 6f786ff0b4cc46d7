//go:build js && wasm && !purego

package stats

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"syscall/js"
)

// maxKernelN is the largest side hostMedians takes: its counts then need
// 64 MiB of the module's memory. Larger sides are drawn in Go.
const maxKernelN = 1 << 24

// hostMedians is medians through the host kernel (kernel_module.go):
// it fills pos and reports true, or reports false when the host cannot
// run the module, and then the caller draws in Go. The JavaScript host is
// the one Go's WebAssembly already runs in (a browser, a worker or Node);
// the module is compiled on first use.
func hostMedians(n int, start, stride uint64, lower, upper int, pos positions) (ok bool) {
	if n > maxKernelN {
		return false
	}
	k := loadKernel()
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
	fn.Invoke(n, uint32(start), uint32(start>>32), uint32(stride), uint32(stride>>32), lower, upper)

	view := js.Global().Get("Uint8Array").New(k.memory.Get("buffer"), 0, countsOffset)
	js.CopyBytesToGo(k.out, view)
	for i := range resamples {
		pos.lower[i] = binary.LittleEndian.Uint32(k.out[outLower+4*i:])
	}
	if upper != lower {
		for i := range resamples {
			pos.upper[i] = binary.LittleEndian.Uint32(k.out[outUpper+4*i:])
		}
	}
	return true
}

// kernel is the host kernel's instance. Go's WebAssembly runs one
// goroutine at a time, but a call and the copy of its results must not be
// split, so mu holds the instance for both.
type kernel struct {
	mu           sync.Mutex
	tiny, narrow js.Value
	wide         js.Value
	memory       js.Value
	out          []byte // the results of a call, copied out
}

// loadKernel compiles and instantiates the module the first time it is
// called, and returns nil from then on if that failed.
var loadKernel = sync.OnceValue(func() (k *kernel) {
	defer func() {
		if err := recover(); err != nil {
			// Slower, not wrong: say so where a developer looks.
			js.Global().Get("console").Call("warn", fmt.Sprintf("benchview: the bootstrap's draws run in Go: the host kernel did not load: %v", err))
			k = nil
		}
	}()
	wasm := js.Global().Get("WebAssembly")
	if wasm.Type() != js.TypeObject {
		panic("this host has no WebAssembly object")
	}
	module := kernelModule()
	bytes := js.Global().Get("Uint8Array").New(len(module))
	js.CopyBytesToJS(bytes, module)
	exports := wasm.Get("Instance").New(wasm.Get("Module").New(bytes)).Get("exports")
	return &kernel{
		tiny:   exports.Get("tiny"),
		narrow: exports.Get("narrow"),
		wide:   exports.Get("wide"),
		memory: exports.Get("memory"),
		out:    make([]byte, countsOffset),
	}
})
