//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/components"
)

// writeAddress keeps the URL fragment equal to the view. A new selection is
// a new history entry, so the back button undoes it; anything else (typing
// a search, sorting) replaces the entry rather than flooding the history.
func (p *page) writeAddress() {
	v := p.store.View()
	f := v.Fragment()
	if f == p.fragment {
		return
	}
	method := "replaceState"
	if v.Selected != p.selected {
		method = "pushState"
	}
	p.fragment, p.selected = f, v.Selected
	l := location()
	js.Global().Get("history").Call(method, nil, "", l.Get("pathname").String()+l.Get("search").String()+"#"+f)
}

// listenPage wires what happens outside the components: the back and
// forward buttons, and files dropped anywhere on the page.
func (p *page) listenPage() {
	win := js.Global()
	win.Call("addEventListener", "popstate", js.FuncOf(func(js.Value, []js.Value) any {
		if location().Get("search").String() != p.search {
			// The reports named in the address changed: start over on them.
			location().Call("reload")
			return nil
		}
		hash := location().Get("hash").String()
		p.store.Dispatch(&actions.RestoreView{Fragment: hash})
		p.fragment, p.selected = p.store.View().Fragment(), p.store.View().Selected
		return nil
	}))
	// A drop outside the zones would make the browser open the file in
	// place of the page; it goes to the viewer instead.
	prevent := js.FuncOf(func(_ js.Value, args []js.Value) any {
		args[0].Call("preventDefault")
		return nil
	})
	win.Call("addEventListener", "dragover", prevent)
	win.Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		e.Call("preventDefault")
		if dt := e.Get("dataTransfer"); dt.Truthy() {
			p.Open(components.Anywhere, dt.Get("files"))
		}
		return nil
	}))
}

// watchTheme reports whether the system prefers dark, and follows it.
func (p *page) watchTheme() bool {
	mq := js.Global().Call("matchMedia", "(prefers-color-scheme: dark)")
	mq.Call("addEventListener", "change", js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.store.Dispatch(&actions.ThemeChanged{Dark: args[0].Get("matches").Bool()})
		return nil
	}))
	return mq.Get("matches").Bool()
}
