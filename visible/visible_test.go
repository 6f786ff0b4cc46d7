package visible

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"pure/vm/vm", "pure/vm/vm"},
		{"naïve/数/ü", "naïve/数/ü"},
		{"title\x1b]0;pwned\x07", `title\x1b]0;pwned\x07`},
		{"a\r\nfake.jsonl:1: error", `a\r\nfake.jsonl:1: error`},
		{"tab\there", `tab\there`},
		{"del\x7f", `del\x7f`},
		{"c1\u0085\u009b", `c1\u0085\u009b`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"\u2066iso\u2069 \u200e\u200f\u061c", `\u2066iso\u2069 \u200e\u200f\u061c`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"bad\xffbyte\xc3", `bad\xffbyte\xc3`},
		{"nul\x00", `nul\x00`},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzString: whatever the input, the output is valid UTF-8 with no rune
// Unsafe calls unsafe, and input with nothing to escape comes back as it
// was.
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "pure/vm/vm", "\x1b[2J", "a\u202eb", "\xff\xfe", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if !utf8.ValidString(got) {
			t.Fatalf("String(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if Unsafe(r) {
				t.Fatalf("String(%q) = %q: keeps %U", s, got, r)
			}
		}
		clean := utf8.ValidString(s) && !strings.ContainsFunc(s, Unsafe)
		if clean != (got == s) {
			t.Fatalf("String(%q) = %q: changed %v, want changed %v", s, got, got != s, !clean)
		}
	})
}
