//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
)

// Header is the page's title, what it does in one sentence, and the place
// for page-wide actions (a "Download report" button will sit there).
type Header struct {
	vecty.Core
}

// Render shows the title and the sentence.
func (h *Header) Render() vecty.ComponentOrHTML {
	return elem.Header(
		vecty.Markup(vecty.Class("page-header")),
		elem.Div(
			elem.Heading1(vecty.Text("benchview")),
			elem.Paragraph(
				vecty.Markup(vecty.Class("tagline")),
				vecty.Text("Drop a baseline and a current benchmark report to see, row by row, what changed — with a 95% interval, computed in your browser. Nothing is uploaded."),
			),
		),
		elem.Div(vecty.Markup(vecty.Class("header-actions"))),
	)
}

// Intro explains the page before anything is loaded.
type Intro struct {
	vecty.Core
}

// Render says what the page will show.
func (i *Intro) Render() vecty.ComponentOrHTML {
	return elem.Section(
		vecty.Markup(vecty.Class("intro")),
		elem.Heading2(vecty.Text("What you will see")),
		elem.UnorderedList(
			elem.ListItem(elem.Strong(vecty.Text("A verdict per row: ")), vecty.Text("regression, improvement or inside the noise, read off a bootstrap interval on the shift of the median.")),
			elem.ListItem(elem.Strong(vecty.Text("Interval bars: ")), vecty.Text("every row's Δ% with its 95% interval, against the zero line.")),
			elem.ListItem(elem.Strong(vecty.Text("Run order: ")), vecty.Text("each sample where the run took it, to tell a drifting machine from a noisy benchmark.")),
		),
		elem.Paragraph(vecty.Text("Reports are JSON lines written by cove-bench: one object per row, with its wall-time samples in wall_ns.samples.")),
	)
}
