//go:build js && wasm

package components

// staging holds the reviews that do not show all their parts yet; the
// page is not ready while it holds any.
var staging = map[*Review]bool{}

// Settled reports whether every review shows all its parts.
func Settled() bool { return len(staging) == 0 }
