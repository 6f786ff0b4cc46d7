package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Violation is one rule axe-core found broken on a page, with the
// elements that break it.
type Violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"` // "minor", "moderate", "serious" or "critical"
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"` // each a CSS selector and what is wrong there
}

// String is the violation as a test prints it.
func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s, on %d element(s):\n\t%s", v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(v.Nodes, "\n\t"))
}

// Serious reports whether v is of serious or critical impact: what the
// pages must never have.
func (v Violation) Serious() bool { return v.Impact == "serious" || v.Impact == "critical" }

// Axe audits the page as it is now with axe-core (the npm package pinned
// in package-lock.json, which `make node_modules/.installed` installs)
// against WCAG 2.2 A and AA and axe's best practices, and returns every
// violation. It injects axe through DevTools, which the page's
// Content-Security-Policy does not govern, so the page itself needs no
// change to be audited. Without node_modules/axe-core the test is skipped,
// or fails under CI=true.
func Axe(t testing.TB, b *Browser) []Violation {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		missing(t, fmt.Sprintf("axe-core is not installed (make node_modules/.installed): %v", err))
	}
	Eval[bool](t, b, "(0, eval)("+quote(string(src))+"), true")
	return Eval[[]Violation](t, b, `axe.run(document, {
		runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
		resultTypes: ["violations"],
	}).then(r => r.violations.map(v => ({
		id: v.id, impact: v.impact || "", help: v.help,
		nodes: v.nodes.map(n => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ")),
	})))`)
}

// quote is s as a JavaScript string literal.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == 0x2028 || r == 0x2029 || r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// moduleRoot is the folder of the go.mod above the test's own folder.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
