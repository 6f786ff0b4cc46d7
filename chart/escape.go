package chart

import (
	"html"
	"strings"
	"unicode/utf8"
)

// braces replaces the characters ECharts reads as template syntax in a
// string formatter ({a}, {b}, {@[0]}) with their character references, which
// the tooltip's innerHTML turns back into the characters themselves.
var braces = strings.NewReplacer("{", "&#123;", "}", "&#125;")

// escape makes s safe to place in a tooltip: HTML-escaped (ECharts shows
// tooltips as innerHTML) and with no template variable left in it.
func escape(s string) string { return braces.Replace(html.EscapeString(s)) }

// maxLabel is how many characters of a row's name an axis label shows; the
// tooltip and the table show it whole.
const maxLabel = 42

// label shortens s for an axis, keeping its end, where the kind and backend
// that tell rows of one benchmark apart are.
func label(s string) string {
	if utf8.RuneCountInString(s) <= maxLabel {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-maxLabel+1:])
}
