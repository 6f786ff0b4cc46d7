//go:build js && wasm

package components

import (
	"syscall/js"

	"github.com/benchview/benchview/visible"
)

// title is the document's title when no report is loaded.
const title = "benchview"

// titleOf is the tab's title for the reports named (either may be ""):
// "base.jsonl → cur.jsonl · benchview", so that a reader with several
// tabs tells them apart. A name is text (document.title is never markup),
// its invisible characters shown as visible.String shows them.
func titleOf(base, cur string) string {
	switch {
	case base != "" && cur != "":
		return base + " → " + cur + " · " + title
	case base != "" || cur != "":
		return base + cur + " · " + title
	}
	return title
}

// shownTitle is the title last set, so that a render that keeps it does
// not touch the document.
var shownTitle string

// setTitle has the tab's title name the reports.
func setTitle(base, cur string) {
	if t := titleOf(visible.String(base), visible.String(cur)); t != shownTitle {
		shownTitle = t
		js.Global().Get("document").Set("title", t)
	}
}
