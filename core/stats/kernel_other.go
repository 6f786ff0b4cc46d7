//go:build !js || !wasm || purego

package stats

// hostMedians is only in the WebAssembly build (kernel_js.go): elsewhere
// medians always draws in Go.
func hostMedians(n int, start, stride uint64, lower, upper int, pos positions) bool {
	return false
}
