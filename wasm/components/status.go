//go:build js && wasm

package components

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/wasm/store"
)

// Status tells what is happening: the progress of the computation and the
// problems with the inputs (in a role="alert" element, each naming its file
// and line).
type Status struct {
	vecty.Core
	Done, Total int             `vecty:"prop"`
	Problems    []store.Problem `vecty:"prop"`
}

// Render shows progress while rows are computed and lists the problems.
func (s *Status) Render() vecty.ComponentOrHTML {
	return elem.Div(
		vecty.Markup(vecty.Class("status")),
		s.renderProgress(),
		s.renderProblems(),
	)
}

func (s *Status) renderProgress() vecty.ComponentOrHTML {
	computing := s.Total > 0 && s.Done < s.Total
	text := ""
	if computing {
		text = "Computing " + strconv.Itoa(s.Done) + " of " + strconv.Itoa(s.Total) + " comparisons…"
	}
	// The live region stays in the page so that screen readers hear the
	// changes; it is empty when there is nothing to say.
	return elem.Div(
		vecty.Markup(vecty.Class("progress"), vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite"),
			vecty.MarkupIf(!computing, vecty.Class("idle"))),
		vecty.If(computing,
			elem.Progress(vecty.Markup(
				vecty.Attribute("max", s.Total), vecty.Attribute("value", s.Done),
				vecty.Attribute("aria-label", "comparisons computed"),
			)),
			elem.Span(vecty.Text(text)),
		),
	)
}

func (s *Status) renderProblems() vecty.ComponentOrHTML {
	if len(s.Problems) == 0 {
		return nil
	}
	lost := 0
	items := vecty.List{}
	for _, p := range s.Problems {
		if !p.Warning {
			lost++
		}
		items = append(items, elem.ListItem(
			vecty.Markup(vecty.MarkupIf(p.Warning, vecty.Class("warning"))),
			vecty.Text(p.Text),
		))
	}
	title := "Some of the input could not be read; every line that could is shown."
	if lost == 0 {
		title = "Worth knowing about the input:"
	}
	return elem.Div(
		vecty.Markup(vecty.Class("problems"), vecty.Attribute("role", "alert")),
		elem.Strong(vecty.Text(title)),
		elem.UnorderedList(items),
	)
}
