//go:build js && wasm

package components

import (
	"runtime/metrics"
	"syscall/js"
)

// The page's timing log, for the browser benchmark (e2e/bench_test.go):
// when a page's scripts find globalThis.benchviewTrace an array before the
// viewer starts, each Span appends [name, start, duration, GC cycles,
// GC CPU ms] to it, in performance.now() milliseconds; else Span costs
// nothing but a look at a boolean. It says what a long task was made of:
// which renders, which actions, and how much of it the collector took.
var (
	traceLog = js.Global().Get("benchviewTrace")
	tracing  = traceLog.Type() == js.TypeObject && js.Global().Get("Array").Call("isArray", traceLog).Bool()
	gcStats  = []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}}
)

// Tracing reports whether the page keeps a timing log (see Span).
func Tracing() bool { return tracing }

// Span starts timing name and returns the function that ends it, when the
// page keeps a timing log: `defer Span("render Table")()`.
func Span(name string) func() {
	if !tracing {
		return noSpan
	}
	start := now()
	cycles, gcTime := gcNow()
	return func() {
		c, g := gcNow()
		traceLog.Call("push", []any{name, start, now() - start, c - cycles, (g - gcTime) * 1000})
	}
}

func noSpan() {}

// gcNow is how many collections have run, and the CPU seconds they took.
func gcNow() (cycles uint64, seconds float64) {
	metrics.Read(gcStats)
	if gcStats[0].Value.Kind() == metrics.KindUint64 {
		cycles = gcStats[0].Value.Uint64()
	}
	if gcStats[1].Value.Kind() == metrics.KindFloat64 {
		seconds = gcStats[1].Value.Float64()
	}
	return cycles, seconds
}
