package export

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// readable is page as a browser reads its characters: each numeric
// character reference beyond ASCII, as the page writes every such
// character (markup.ascii), read as the character. The references to
// markup's own characters (&lt; &#39; …) stay as they are.
func readable(page string) string {
	return beyondASCII.ReplaceAllStringFunc(page, func(ref string) string {
		n, err := strconv.Atoi(ref[2 : len(ref)-1])
		if err != nil || n < utf8.RuneSelf {
			return ref
		}
		return string(rune(n))
	})
}

var beyondASCII = regexp.MustCompile(`&#[0-9]+;`)

// The page is ASCII from end to end, whatever the names it shows (a
// browser then reads it as one-byte strings: markup.go), and reads as the
// names and words it had beyond ASCII.
func TestThePageIsASCII(t *testing.T) {
	names := []string{"日本語", "emoji\U0001F600", "evil\u202egnp.exe", "naïve–dash", "bad\xffbyte"}
	p := page(t, reviewOf(names, func(i int) int { return 4 * (i - 2) }))
	for i := 0; i < len(p); i++ {
		if p[i] >= utf8.RuneSelf {
			t.Fatalf("byte %d of the page is %#x, beyond ASCII: %q", i, p[i], p[max(0, i-40):min(len(p), i+40)])
		}
	}
	r := readable(p)
	for _, want := range []string{
		`<tr data-row="日本語/interpreter/vm"`,
		`<tr data-row="emoji` + "\U0001F600" + `/interpreter/vm"`,
		`<span class="bench">naïve–dash</span>`,
		`<tr data-row="bad` + "\uFFFD" + `byte/interpreter/vm"`, // a byte that is no UTF-8, as a browser reads it
		` · <span id="summary">`,
	} {
		if !strings.Contains(r, want) {
			t.Errorf("the page does not read %q", want)
		}
	}
	// The insights' JSON, in a script element where no reference is read,
	// holds them as \u escapes.
	if !strings.Contains(p, `\u65e5\u672c\u8a9e`) || !strings.Contains(p, `\ud83d\ude00`) {
		t.Error("the insights' JSON does not write the names beyond ASCII as \\u escapes")
	}
}

// The style and the scripts go into the page as they are: they are ASCII.
func TestTheStyleAndScriptsAreASCII(t *testing.T) {
	for name, s := range map[string]string{"page.css": pageCSS, "page.js": pageJS, "insights.js": insightsJS} {
		for i, r := range s {
			if r >= utf8.RuneSelf {
				line := strings.Count(s[:i], "\n") + 1
				t.Errorf("%s:%d holds %q: write it as an escape (\\u%04x in a script, \\%x in a style)", name, line, r, r, r)
				break
			}
		}
	}
}
