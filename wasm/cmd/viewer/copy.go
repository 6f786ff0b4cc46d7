//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
)

// Copy puts the review on the clipboard (components.Host): as Markdown,
// the text `benchview compare -format markdown` writes for the same
// reports (with -adjust when the view adjusts the verdicts), built from
// what the workers measured, so it costs the page a summary's sort and a
// few hundred rows' formatting, not the statistics; or the page's address,
// whose fragment holds the view.
func (p *page) Copy(what string) {
	var text string
	switch what {
	case components.CopyMarkdown:
		s := p.store.Summary()
		if s == nil {
			return // not ready: the buttons are disabled
		}
		var b strings.Builder
		if err := s.Markdown(&b); err != nil {
			p.store.Dispatch(&actions.Copied{What: what, Err: err.Error()})
			return
		}
		text = b.String()
	case components.CopyLink:
		p.writeAddress()
		text = location().Get("href").String()
	default:
		return
	}
	clipboard := js.Global().Get("navigator").Get("clipboard")
	if clipboard.IsUndefined() {
		p.store.Dispatch(&actions.Copied{What: what, Err: "this browser gives the page no clipboard here"})
		return
	}
	// writeText must be called while the click is being handled; its
	// promise settles later.
	written := clipboard.Call("writeText", text)
	go func() {
		_, err := await(written)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		p.store.Dispatch(&actions.Copied{What: what, Err: msg})
	}()
}
