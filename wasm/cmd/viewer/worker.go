//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/core/stats"
)

// serveWorker is the module's role inside a Web Worker: web/worker.js calls
// benchviewCompute with each job message and posts back what it returns.
// Structured clone carries the NaN bounds of an underpowered comparison as
// NaN.
func serveWorker() {
	js.Global().Set("benchviewCompute", js.FuncOf(func(_ js.Value, args []js.Value) any {
		m := args[0]
		c := stats.Compare(samplesFromJS(m.Get("base")), samplesFromJS(m.Get("cur")))
		return map[string]any{
			"review": m.Get("review"),
			"index":  m.Get("index"),
			"c":      []any{c.BaselineMedian, c.Median, c.Delta, c.Lo, c.Hi, int(c.Verdict)},
		}
	}))
	select {}
}
