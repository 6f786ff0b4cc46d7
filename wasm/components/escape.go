package components

import "strings"

// escape writes s to b as HTML text, or as the value of an attribute in
// double quotes: the five characters that could end or open markup are
// written as entities, so that a name is data, never markup.
func escape(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var e string
		switch s[i] {
		case '&':
			e = "&amp;"
		case '<':
			e = "&lt;"
		case '>':
			e = "&gt;"
		case '"':
			e = "&#34;"
		case '\'':
			e = "&#39;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(e)
		last = i + 1
	}
	b.WriteString(s[last:])
}
