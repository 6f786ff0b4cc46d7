//go:build js && wasm

package components

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/wasm/store"
)

// Status tells what is happening: the progress of the computation and the
// problems with the inputs (in a role="alert" element, each naming its file
// and line).
type Status struct {
	vecty.Core
	Done, Total int             `vecty:"prop"`
	Reading     []Reading       `vecty:"prop"` // the reports being read
	Problems    []store.Problem `vecty:"prop"`
}

// Reading is a report being read: its name, and how many of its bytes
// are read, of how many (0 when not known).
type Reading struct {
	Name       string
	Read, Size int64
}

// String says how far reading went, in megabytes.
func (r Reading) String() string {
	mb := func(n int64) string { return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) }
	if r.Size <= 0 {
		return r.Name + " " + mb(r.Read) + " MB"
	}
	return r.Name + " " + mb(r.Read) + " of " + mb(r.Size) + " MB"
}

// SkipRender skips a render that would say the same.
func (s *Status) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Status)
	return ok && s.Done == p.Done && s.Total == p.Total && slices.Equal(s.Reading, p.Reading) && slices.Equal(s.Problems, p.Problems)
}

// Render shows progress while rows are computed and lists the problems.
func (s *Status) Render() vecty.ComponentOrHTML {
	defer Span("render Status")()
	// A region of its own, named, so that what it says is in a landmark.
	return elem.Section(
		vecty.Markup(vecty.Class("status"), vecty.Attribute("aria-label", "Progress and problems")),
		s.renderProgress(),
		s.renderProblems(),
	)
}

func (s *Status) renderProgress() vecty.ComponentOrHTML {
	var read, size int64
	var names []string
	for _, r := range s.Reading {
		read, size = read+r.Read, size+r.Size
		names = append(names, r.String())
	}
	reading := len(s.Reading) > 0
	computing := reading || s.Total > 0 && s.Done < s.Total
	text, limit, value, label := "", int64(s.Total), int64(s.Done), "comparisons computed"
	switch {
	case reading:
		text, limit, value, label = "Reading "+strings.Join(names, ", ")+"…", max(1, size), read, "bytes read"
	case computing:
		text = "Computing " + format.Count(s.Done) + " of " + format.Count(s.Total) + " comparisons…"
	}
	// The live region stays in the page so that screen readers hear the
	// changes; it is empty when there is nothing to say.
	return elem.Div(
		vecty.Markup(vecty.Class("progress"), vecty.Attribute("role", "status"), vecty.Attribute("aria-live", "polite"),
			vecty.MarkupIf(!computing, vecty.Class("idle"))),
		vecty.If(computing,
			elem.Progress(vecty.Markup(
				vecty.Attribute("max", limit), vecty.Attribute("value", value),
				vecty.Attribute("aria-label", label),
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
