//go:build !wasm

package components

import (
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "",
		"plain/name_1":                   "plain/name_1",
		`<img src=x onerror="alert(1)">`: "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;",
		"a&b 'c'":                        "a&amp;b &#39;c&#39;",
		"ünïcode ⚠ &":                    "ünïcode ⚠ &amp;",
	} {
		var b strings.Builder
		escape(&b, in)
		if got := b.String(); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
	}
}
