//go:build js && wasm

package components

// staging holds the reviews that do not show all their parts yet, and
// growing the tables that do not show their whole window yet; the page is
// not ready while either holds any.
var (
	staging = map[*Review]bool{}
	growing = map[*Table]bool{}
)

// Settled reports whether every review shows all its parts, and every
// table its whole window.
func Settled() bool { return len(staging) == 0 && len(growing) == 0 }
