//go:build js && wasm

package components

import (
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// Shortcuts are the page's keys for its frequent actions, and the dialog
// that lists them (with the table's, see grid.go): / searches, j and k
// move between rows, ? lists the keys, Escape clears the selection, then
// the search. None acts while the reader types in a field, but Escape in
// the search, which clears it; in a select, letters choose among its
// options.
type Shortcuts struct {
	vecty.Core
	Host  Host         `vecty:"prop"`
	Store *store.Store `vecty:"prop"`

	dialog   *vecty.HTML
	opener   js.Value // what had the focus when the dialog opened: it gets it back
	listener js.Func
}

// shortcutKeys are the keys the dialog lists, and what each does.
var shortcutKeys = [][2]string{
	{"Tab", "Into the results table and out of it: the table is one stop"},
	{"↑ ↓", "The row above or below; above the first row, the column headers"},
	{"← →", "The cell before or after in the row"},
	{"Home, End", "The row's first or last cell; with Ctrl, the table's first or last row"},
	{"Page Up, Page Down", "A screenful of rows up or down"},
	{"Enter", "Select the row and show its run order below the table; on a column header, sort by it"},
	{"Escape", "Clear the selection, then the search; close this list"},
	{"/", "Search rows by name"},
	{"j, k", "The next or the previous row"},
	{"?", "This list"},
	{"Enter or Space on Baseline or Current", "Choose a report file"},
}

// SkipRender skips every render but the first: the list is the same
// whatever the page shows, and some forty elements reconciled at every
// render of the page cost it a few milliseconds each time.
func (s *Shortcuts) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Shortcuts)
	return ok && s.Host == p.Host && s.Store == p.Store
}

// Render is the button that opens the list, and the list in its dialog.
func (s *Shortcuts) Render() vecty.ComponentOrHTML {
	defer Span("render Shortcuts")()
	items := vecty.List{}
	for _, k := range shortcutKeys {
		items = append(items, elem.DefinitionTerm(elem.Code(vecty.Text(k[0]))), elem.Description(vecty.Text(k[1])))
	}
	s.dialog = elem.Dialog(
		vecty.Markup(prop.ID("shortcuts"), vecty.Class("shortcuts-dialog"), vecty.Attribute("aria-labelledby", "shortcuts-title"),
			&vecty.EventListener{Name: "close", Listener: s.onClose}),
		elem.Heading2(vecty.Markup(prop.ID("shortcuts-title")), vecty.Text("Keyboard shortcuts")),
		elem.DescriptionList(items),
		elem.Paragraph(vecty.Text("The interval bars are the table's rows: selecting a row selects its bar. Keys do nothing while you type in a field, but Escape.")),
		elem.Button(
			vecty.Markup(prop.Type("button"), prop.ID("shortcuts-close"), event.Click(func(*vecty.Event) { s.close() })),
			vecty.Text("Close"),
		),
	)
	return elem.Div(
		vecty.Markup(vecty.Class("shortcuts")),
		elem.Button(
			vecty.Markup(prop.Type("button"), prop.ID("shortcuts-open"), vecty.Class("shortcuts-open"),
				vecty.Attribute("aria-keyshortcuts", "?"), vecty.Attribute("aria-haspopup", "dialog"),
				event.Click(func(*vecty.Event) { s.open() })),
			vecty.Text("Keyboard shortcuts "), elem.KeyboardInput(vecty.Text("?")),
		),
		s.dialog,
	)
}

// Mount listens to the keys of the whole page.
func (s *Shortcuts) Mount() {
	s.listener = js.FuncOf(func(_ js.Value, args []js.Value) any {
		s.onKey(args[0])
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "keydown", s.listener)
}

// Unmount stops listening.
func (s *Shortcuts) Unmount() {
	js.Global().Get("document").Call("removeEventListener", "keydown", s.listener)
	s.listener.Release()
}

func (s *Shortcuts) onKey(e js.Value) {
	if e.Get("defaultPrevented").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		return
	}
	if s.isOpen() {
		return // the dialog closes itself on Escape
	}
	key, target := e.Get("key").String(), e.Get("target")
	typing := typingIn(target)
	done := true
	switch {
	case key == "Escape":
		done = s.escape(target, typing)
	case typing:
		return
	case key == "/":
		search := js.Global().Get("document").Call("getElementById", "search")
		done = search.Truthy()
		if done {
			search.Call("focus")
			search.Call("select")
		}
	case (key == "j" || key == "k") && target.Get("tagName").String() != "SELECT": // a select finds its choices by letter
		t := shownTable()
		done = t != nil
		if done {
			step := 1
			if key == "k" {
				step = -1
			}
			t.step(step)
		}
	case key == "?":
		s.open()
	default:
		done = false
	}
	if done {
		e.Call("preventDefault")
	}
}

// escape clears the search when the reader is in it, else the selection,
// else the search; it reports whether it did anything.
func (s *Shortcuts) escape(target js.Value, typing bool) bool {
	v := s.Store.View()
	switch {
	case target.Get("id").String() == "search" && v.Search != "":
		s.Host.Dispatch(&actions.Search{Text: ""})
	case typing:
		return false
	case v.Selected != "":
		s.Host.Dispatch(&actions.Select{Key: ""})
	case v.Search != "":
		s.Host.Dispatch(&actions.Search{Text: ""})
	default:
		return false
	}
	return true
}

// typingIn reports whether el takes text: then the keys are the reader's.
func typingIn(el js.Value) bool {
	if !el.Truthy() {
		return false
	}
	if el.Get("isContentEditable").Truthy() {
		return true
	}
	switch el.Get("tagName").String() {
	case "TEXTAREA":
		return true
	case "INPUT":
		switch el.Get("type").String() {
		case "checkbox", "radio", "button", "submit", "reset", "file", "range", "color", "image":
			return false
		}
		return true
	}
	return false
}

func (s *Shortcuts) isOpen() bool {
	return s.dialog != nil && s.dialog.Node().Truthy() && s.dialog.Node().Get("open").Bool()
}

// open shows the list as a modal dialog: the browser keeps the focus in
// it, and Escape closes it.
func (s *Shortcuts) open() {
	if s.dialog == nil || s.isOpen() {
		return
	}
	s.opener = js.Global().Get("document").Get("activeElement")
	s.dialog.Node().Call("showModal")
}

func (s *Shortcuts) close() {
	if s.isOpen() {
		s.dialog.Node().Call("close")
	}
}

// onClose gives the focus back to where it was when the dialog opened.
func (s *Shortcuts) onClose(*vecty.Event) {
	if o := s.opener; o.Truthy() && o.Get("isConnected").Bool() {
		o.Call("focus")
	}
	s.opener = js.Undefined()
}

// onKey has Enter on a zone's file input open the file chooser, as Space
// does.
func (d *DropZone) onKey(e *vecty.Event) {
	if e.Get("key").String() == "Enter" {
		e.Call("preventDefault")
		e.Target.Call("click")
	}
}

// barsByKeyboard says, to assistive technology, that the table's rows
// stand in for the interval bars, which are drawn on a canvas.
func barsByKeyboard() *vecty.HTML {
	return elem.Paragraph(
		vecty.Markup(vecty.Class("visually-hidden"), prop.ID("interval-keyboard")),
		vecty.Text("From the keyboard, the results table stands in for these bars: each bar is a row there, with its Δ% and 95% interval; move to the row with the arrow keys and press Enter to select it, as a click on its bar does."),
	)
}
