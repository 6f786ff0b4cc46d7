//go:build js && wasm

package components

import (
	"maps"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/format"
	"github.com/benchview/benchview/wasm/store"
)

// Summary counts the rows by verdict; each count is a button that filters
// the table to those rows.
type Summary struct {
	vecty.Core
	Host     Host           `vecty:"prop"`
	Counts   map[string]int `vecty:"prop"`
	Filter   string         `vecty:"prop"`
	Compared bool           `vecty:"prop"`
}

// statuses are the verdicts a summary counts, in the table's order.
var statuses = []struct{ status, one, many string }{
	{"regression", "regression", "regressions"},
	{"improvement", "improvement", "improvements"},
	{"inside the noise", "inside the noise", "inside the noise"},
	{"underpowered", "underpowered", "underpowered"},
}

// Render shows one chip per status present, and one for the other rows.
func (s *Summary) Render() vecty.ComponentOrHTML {
	chips := vecty.List{}
	other := 0
	for st, n := range s.Counts {
		if st != store.Pending && !isVerdict(st) {
			other += n
		}
	}
	if s.Compared {
		for _, st := range statuses {
			n := s.Counts[st.status]
			word := st.many
			if n == 1 {
				word = st.one
			}
			chips = append(chips, s.chip(st.status, strconv.Itoa(n)+" "+word, n))
		}
	}
	chips = append(chips, s.chip(store.Other, strconv.Itoa(other)+" not compared", other))
	return elem.Div(
		vecty.Markup(vecty.Class("summary"), vecty.Attribute("aria-label", "Rows by verdict")),
		chips,
	)
}

// SkipRender skips a render that would show the same counts.
func (s *Summary) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Summary)
	return ok && s.Host == p.Host && maps.Equal(s.Counts, p.Counts) && s.Filter == p.Filter && s.Compared == p.Compared
}

func (s *Summary) chip(status, text string, n int) *vecty.HTML {
	active := s.Filter == status
	next := status
	if active {
		next = "" // a second click shows every row again
	}
	return elem.Button(
		vecty.Markup(
			prop.Type("button"),
			vecty.Class("chip", format.StatusClass(status)),
			vecty.Data("status", status), vecty.Data("count", strconv.Itoa(n)),
			vecty.ClassMap{"active": active, "zero": n == 0},
			vecty.Attribute("aria-pressed", active),
			event.Click(func(*vecty.Event) { s.Host.Dispatch(&actions.Filter{Status: next}) }),
		),
		vecty.Text(text),
	)
}

func isVerdict(status string) bool {
	switch status {
	case "regression", "improvement", "inside the noise", "underpowered":
		return true
	}
	return false
}
