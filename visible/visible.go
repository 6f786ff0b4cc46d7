// Package visible makes text from a report safe to show to a person: a
// name or a message is data, and a terminal, a CI log or a rendered page
// must show it as characters, never obey it.
//
// It escapes what a reader cannot see or what acts on the display instead
// of showing: control characters (ESC starts a terminal sequence that can
// set a window title or clear the screen; CR and LF forge log lines),
// Unicode's line and paragraph separators, the bidirectional controls that
// reverse the text after them (U+202E makes one row pose as another), and
// bytes that are not UTF-8. Each becomes a backslash escape a reader can
// see: \x1b, \n, \u202e. Everything else, the letters of every script
// included, is left as it is.
//
// It knows nothing of HTML or Markdown: a writer of those escapes their
// markup after this (see package reviewtext). It does no I/O, so the
// viewer can use it in WebAssembly.
package visible

import (
	"strings"
	"unicode/utf8"
)

// String is s with every control character, line or paragraph separator,
// bidirectional control and invalid byte escaped. A string that needs no
// escape is returned as it is, with no copy.
func String(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			escapeByte(&b, s[i])
		case Unsafe(r):
			escapeRune(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Unsafe reports whether r is a rune String escapes: a C0 or C1 control
// character or DEL, U+2028 or U+2029, or a bidirectional control (the
// Bidi_Control property: U+061C, U+200E, U+200F, U+202A to U+202E,
// U+2066 to U+2069).
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// firstUnsafe is the index of the first byte of s that String escapes,
// -1 when there is none.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || Unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

const hex = "0123456789abcdef"

// escapeByte writes a control byte or a byte that is not UTF-8.
func escapeByte(b *strings.Builder, c byte) {
	switch c {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		b.WriteString(`\x`)
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&0xf])
	}
}

// escapeRune writes an unsafe rune: as a byte escape below U+0080, else
// as \uXXXX (every unsafe rune is in the Basic Multilingual Plane).
func escapeRune(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf {
		escapeByte(b, byte(r))
		return
	}
	b.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hex[(r>>shift)&0xf])
	}
}
