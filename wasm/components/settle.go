//go:build js && wasm

package components

import "github.com/hexops/vecty"

// unsettled holds the components that do not show all they should yet:
// a review not all its parts, a table not its whole window up to date.
// The page is not ready while it holds any.
var unsettled = map[vecty.Component]bool{}

// Settled reports whether every component shows all it should.
func Settled() bool { return len(unsettled) == 0 }

// renderAgain marks c unsettled and has it render again in the next
// frame: once, however often it is asked meanwhile (due says a frame is
// asked for), and not if it settles first.
func renderAgain(c vecty.Component, due *bool) {
	unsettled[c] = true
	if *due {
		return
	}
	*due = true
	NextFrame(func() {
		*due = false
		if unsettled[c] {
			vecty.Rerender(c)
		}
	})
}

// settle marks c as showing all it should, or gone.
func settle(c vecty.Component) { delete(unsettled, c) }
