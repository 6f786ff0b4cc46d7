//go:build js && wasm

package components

import (
	"slices"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/visible"
)

// Kept is what the browser's own storage holds of the reports shown:
// those a user dropped or picked by hand, kept so that a reload loses
// nothing (see the page's persist.go).
type Kept struct {
	Names     []string // the files kept, baseline first
	Restored  bool     // the reports shown were read back from the storage on a reload
	Offered   bool     // the storage holds reports of an earlier visit, not shown: the notice offers them
	Forgotten bool     // the reader pressed Forget: the storage is empty
}

// KeptNotice says which reports the browser keeps, and has the button that
// forgets them. It is a status region, there from the start, so that a
// screen reader hears what changes in it.
type KeptNotice struct {
	vecty.Core
	Host Host `vecty:"prop"`
	Kept Kept `vecty:"prop"`
}

// SkipRender skips a render that would say the same.
func (k *KeptNotice) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*KeptNotice)
	return ok && k.Host == p.Host && slices.Equal(k.Kept.Names, p.Kept.Names) && k.Kept.Restored == p.Kept.Restored &&
		k.Kept.Offered == p.Kept.Offered && k.Kept.Forgotten == p.Kept.Forgotten
}

// Render says what is kept, or that nothing is any more.
func (k *KeptNotice) Render() vecty.ComponentOrHTML {
	defer Span("render KeptNotice")()
	var said vecty.List
	names := namesOf(k.Kept.Names)
	switch {
	case len(k.Kept.Names) > 0 && k.Kept.Offered:
		said = vecty.List{
			elem.Span(vecty.Text("This browser keeps " + names + " from an earlier visit, on this machine only. ")),
			k.button("open-kept", "Open them", "Show the review of these reports again", k.Host.OpenKept),
			k.forget(),
		}
	case len(k.Kept.Names) > 0:
		text := "Kept in this browser's storage, so that a reload keeps them: " + names + "."
		if k.Kept.Restored {
			text = "Restored from this browser's storage: " + names + "."
		}
		said = vecty.List{
			elem.Span(vecty.Text(text + " They stay on this machine: nothing is sent anywhere. ")),
			k.forget(),
		}
	case k.Kept.Forgotten:
		said = vecty.List{elem.Span(vecty.Text("Forgotten: this browser keeps no report now, and a reload shows the first screen."))}
	}
	return elem.Div(
		vecty.Markup(prop.ID("kept"), vecty.Class("kept"), vecty.Attribute("role", "status")),
		said,
	)
}

// forget is the button that empties the storage.
func (k *KeptNotice) forget() *vecty.HTML {
	return k.button("forget", "Forget them", "Empty this browser's storage of the reports: a reload then shows the first screen", k.Host.Forget)
}

func (k *KeptNotice) button(id, label, title string, do func()) *vecty.HTML {
	return elem.Button(
		vecty.Markup(prop.Type("button"), prop.ID(id), vecty.Class("kept-action"), vecty.Attribute("title", title),
			event.Click(func(*vecty.Event) { do() })),
		vecty.Text(label),
	)
}

// namesOf lists file names for a sentence: "a.jsonl and b.jsonl".
func namesOf(names []string) string {
	shown := make([]string, len(names))
	for i, n := range names {
		shown[i] = visible.String(n)
	}
	return strings.Join(shown, " and ")
}
