//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
)

// DropZone is one side's labelled zone: a file picker (input#baseline-file
// or input#current-file) that also takes dropped files.
type DropZone struct {
	vecty.Core
	Host    Host         `vecty:"prop"`
	Side    actions.Side `vecty:"prop"`
	Name    string       `vecty:"prop"` // the report loaded, or ""
	Loading bool         `vecty:"prop"`
	over    bool         // a drag is over the zone
}

// ID is the id of the zone's file input.
func (d *DropZone) ID() string {
	if d.Side == actions.Baseline {
		return "baseline-file"
	}
	return "current-file"
}

// Render shows the side's name, what it holds, and the picker.
func (d *DropZone) Render() vecty.ComponentOrHTML {
	defer Span("render DropZone")()
	status := "Drop a report here, or choose a file"
	switch {
	case d.Loading:
		status = "Reading " + d.Name + "…"
	case d.Name != "":
		status = d.Name
	}
	return elem.Label(
		vecty.Markup(
			vecty.Class("zone"),
			vecty.ClassMap{"over": d.over, "filled": d.Name != "" && !d.Loading},
			prop.For(d.ID()),
			event.DragEnter(d.onDragOver).PreventDefault().StopPropagation(),
			event.DragOver(d.onDragOver).PreventDefault().StopPropagation(),
			event.DragLeave(d.onDragLeave),
			event.Drop(d.onDrop).PreventDefault().StopPropagation(),
		),
		elem.Span(vecty.Markup(vecty.Class("zone-side")), vecty.Text(d.Side.String())),
		elem.Span(vecty.Markup(vecty.Class("zone-file")), vecty.Text(status)),
		elem.Input(vecty.Markup(
			prop.Type(prop.TypeFile), prop.ID(d.ID()),
			vecty.Attribute("accept", ".jsonl,.json,.ndjson,.txt,application/json,application/x-ndjson,text/plain"),
			event.Change(d.onChange),
			event.KeyDown(d.onKey), // Enter, as Space does (shortcuts.go)
		)),
	)
}

func (d *DropZone) onChange(e *vecty.Event) {
	d.Host.Open(On(d.Side), e.Target.Get("files"))
}

func (d *DropZone) onDragOver(*vecty.Event) {
	if !d.over {
		d.over = true
		vecty.Rerender(d)
	}
}

func (d *DropZone) onDragLeave(*vecty.Event) {
	d.over = false
	vecty.Rerender(d)
}

func (d *DropZone) onDrop(e *vecty.Event) {
	d.over = false
	vecty.Rerender(d)
	d.Host.Open(On(d.Side), e.Get("dataTransfer").Get("files"))
}
