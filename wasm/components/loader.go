//go:build js && wasm

package components

import (
	"slices"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
)

// Loader is the two drop zones, the Swap button and the examples.
type Loader struct {
	vecty.Core
	Host     Host      `vecty:"prop"`
	Names    [2]string `vecty:"prop"` // file loaded (or loading) per side
	Loading  [2]bool   `vecty:"prop"`
	CanSwap  bool      `vecty:"prop"`
	Examples []Example `vecty:"prop"`
}

// Render shows Baseline, Swap, Current, and the example links.
func (l *Loader) Render() vecty.ComponentOrHTML {
	defer Span("render Loader")()
	return elem.Section(
		vecty.Markup(vecty.Class("loader"), vecty.Attribute("aria-label", "Reports")),
		elem.Div(
			vecty.Markup(vecty.Class("zones")),
			&DropZone{Host: l.Host, Side: actions.Baseline, Name: l.Names[0], Loading: l.Loading[0]},
			elem.Button(
				vecty.Markup(
					prop.Type("button"), vecty.Class("swap"), prop.ID("swap"),
					prop.Disabled(!l.CanSwap),
					vecty.Attribute("title", "Swap baseline and current"),
					event.Click(l.onSwap),
				),
				vecty.Text("⇄ Swap"),
			),
			&DropZone{Host: l.Host, Side: actions.Current, Name: l.Names[1], Loading: l.Loading[1]},
		),
		l.renderExamples(),
	)
}

// SkipRender skips a render that would show the same zones and examples.
func (l *Loader) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Loader)
	return ok && l.Host == p.Host && l.Names == p.Names && l.Loading == p.Loading &&
		l.CanSwap == p.CanSwap && slices.Equal(l.Examples, p.Examples)
}

func (l *Loader) onSwap(*vecty.Event) { l.Host.Dispatch(&actions.Swap{}) }

func (l *Loader) renderExamples() *vecty.HTML {
	items := vecty.List{}
	for _, ex := range l.Examples {
		ex := ex
		href := "?baseline=" + ex.Baseline + "&current=" + ex.Current
		items = append(items, elem.ListItem(
			elem.Anchor(
				vecty.Markup(
					prop.Href(href), vecty.Class("example"),
					event.Click(func(*vecty.Event) { l.Host.OpenURLs(ex.Baseline, ex.Current) }).PreventDefault(),
				),
				vecty.Text("Example "+ex.Label),
			),
			elem.Span(vecty.Markup(vecty.Class("note")), vecty.Text(ex.Note)),
		))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("examples")),
		elem.Span(vecty.Text("No reports at hand? Try")),
		elem.UnorderedList(items),
	)
}
