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
//
// One Comparer serves every job of the worker: the rows of a report mostly
// share their sample counts, and after the first row of a size the
// bootstrap's draws are reused (the answers are Compare's, bit for bit).
func serveWorker() {
	var comparer stats.Comparer
	js.Global().Set("benchviewCompute", js.FuncOf(func(_ js.Value, args []js.Value) any {
		m := args[0]
		c := comparer.Compare(samplesFromJS(m.Get("base")), samplesFromJS(m.Get("cur")))
		return map[string]any{
			"review": m.Get("review"),
			"index":  m.Get("index"),
			"c":      []any{c.BaselineMedian, c.Median, c.Delta, c.Lo, c.Hi, int(c.Verdict)},
		}
	}))
	select {}
}
