package reviewtext

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// MarkdownLimit is the most bytes Markdown writes: GitHub refuses a
// comment over 65,536 characters, and a CI step may add a line or two.
const MarkdownLimit = 60_000

// attention are the statuses the first table shows; every other row goes
// inside <details>.
var attention = map[Status]bool{Regression: true, Failed: true, Missing: true, Improvement: true, BelowThreshold: true}

// Markdown writes the summary as GitHub-flavoured Markdown for a
// pull-request comment: the headline on the first line, its notes, a table
// of the rows that need attention (regressions, failed and missing rows,
// improvements, regressions below the threshold; the largest shift first),
// the other rows in a table inside <details>, and the problems with the
// inputs. Names are code spans with their pipes escaped, so no name can
// break a table or become markup, a link or a mention.
//
// It stays under MarkdownLimit bytes whatever the suite's size: rows that
// do not fit are left out, counted by status, and the text says so.
func (s *Summary) Markdown(w io.Writer) error {
	var m mdWriter
	m.head(s)
	var top, rest []mdLine
	for _, r := range s.ranked() {
		if attention[r.Status] {
			top = append(top, mdLine{mdRow(r, s.Threshold), r.Status})
		}
	}
	for _, r := range s.Rows {
		if !attention[r.Status] {
			rest = append(rest, mdLine{mdRow(r, s.Threshold), r.Status})
		}
	}
	return m.finish(w, rowHeader, top, rest, problemsBlock(s.Problems))
}

// rowHeader heads the tables of cove-bench rows.
const rowHeader = "| row | baseline | current | Δ% | 95% interval | verdict |\n|:--|--:|--:|--:|:--|:--|\n"

// mdLine is a table row written, with the status of the row it is.
type mdLine struct {
	text   string
	status Status
}

// mdWriter builds the Markdown; budget is how many more bytes of table
// rows fit.
type mdWriter struct {
	strings.Builder
	budget int
}

// finish writes what follows the head: the table of the rows that need
// attention (top, in order), the other rows (rest) in a table inside
// <details>, what was left out to stay under MarkdownLimit, and the
// problems; then writes it all to w.
func (m *mdWriter) finish(w io.Writer, header string, top, rest []mdLine, problems string) error {
	m.budget = MarkdownLimit - len(m.String()) - len(problems) - 600 // the closing lines
	var left [nStatus]int
	if len(top) == 0 {
		m.WriteString("No regression or improvement.\n\n")
	} else {
		m.table(header, top, &left)
		m.WriteString("\n")
	}
	if len(rest) > 0 {
		var n [nStatus]int
		for _, l := range rest {
			n[l.status]++
		}
		m.WriteString("<details><summary>" + format.Count(len(rest)) + " more " + plural(len(rest), "row") +
			": " + countsOf(n) + "</summary>\n\n")
		m.table(header, rest, &left)
		m.WriteString("\n</details>\n\n")
	}
	if omitted := sum(left); omitted > 0 {
		m.WriteString("_" + format.Rows(omitted) + " not shown (" + countsOf(left) +
			"), to keep this comment under GitHub's 65,536-character limit; " +
			"`benchview compare -format text` lists every row._\n\n")
	}
	m.WriteString(problems)
	_, err := io.WriteString(w, strings.TrimSuffix(m.String(), "\n")+"\n")
	return err
}

// head writes the headline, the reports' names and the notes.
func (m *mdWriter) head(s *Summary) {
	m.WriteString("**benchview:** " + s.Headline())
	if suite := s.Suite(); suite != "" {
		m.WriteString("; " + suite)
	}
	if s.Current != "" {
		m.WriteString(" (" + code(fileName(s.Baseline)) + " → " + code(fileName(s.Current)) + ")")
	}
	m.WriteString("\n\n")
	for _, n := range s.Notes() {
		m.WriteString("- " + n + "\n")
	}
	if len(s.Notes()) > 0 {
		m.WriteString("\n")
	}
}

// table writes lines as a table under header, as many as the budget
// allows; the others are counted in left by status.
func (m *mdWriter) table(header string, lines []mdLine, left *[nStatus]int) {
	shown := 0
	for _, l := range lines {
		if m.budget < len(l.text)+len(header) {
			left[l.status]++
			continue
		}
		if shown == 0 {
			m.WriteString(header)
			m.budget -= len(header)
		}
		m.WriteString(l.text)
		m.budget -= len(l.text)
		shown++
	}
}

// mdRow is one table row.
func mdRow(r Row, threshold float64) string {
	c := cellsOf(r, threshold)
	verdict := c.Verdict
	if r.Status == Unsupported {
		verdict = "unsupported"
		if what := refusal(r.Row); what != "" {
			verdict += ": " + code(what)
		}
		verdict += driftText(r.Extras)
	}
	return "| " + code(r.Key.Label()) + " | " + c.Baseline + " | " + c.Current + " | " +
		c.Delta + " | " + c.Interval + " | " + verdict + " |\n"
}

// refusal is what an unsupported row says it refused.
func refusal(r *review.Row) string {
	if r.Cur != nil && r.Cur.What != "" {
		return r.Cur.What
	}
	if r.Base != nil {
		return r.Base.What
	}
	return ""
}

// code is s as a Markdown code span that a table cell keeps whole: its
// unsafe characters visible-escaped, its pipes escaped (GFM splits cells
// on a pipe even inside a code span, and unescapes \| there), fenced with
// more backticks than its longest run of them.
func code(s string) string {
	s = strings.ReplaceAll(visible.String(s), "|", `\|`)
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		(strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ")) || s == "" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// problemsBlock lists the inputs' problems in a fenced block, at most
// maxProblems of them, each cut to maxProblemLen bytes; empty when there
// are none.
func problemsBlock(problems []report.Problem) string {
	if len(problems) == 0 {
		return ""
	}
	const maxProblems, maxProblemLen = 50, 300
	var lines []string
	for i, p := range problems {
		if i == maxProblems {
			lines = append(lines, "… and "+format.Count(len(problems)-i)+" more")
			break
		}
		if p.Warning {
			p.Msg = "warning: " + p.Msg
		}
		p.File = fileName(p.File)
		lines = append(lines, cut(visible.String(p.Error()), maxProblemLen))
	}
	body := strings.Join(lines, "\n")
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	return "**Problems with the inputs** (" + format.Count(len(problems)) + "):\n\n" +
		fence + "text\n" + body + "\n" + fence + "\n"
}

// fileName is the last element of a report's path: a comment is shared,
// and names a report by its file name, as the exported page does, never
// by the folder a CI runner or a home directory keeps it in.
func fileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 && i < len(name)-1 {
		return name[i+1:]
	}
	return name
}

// cut is s cut to at most n bytes, on a rune boundary, with an ellipsis
// when something was cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// plural is word for n of it: "1 row", "2 rows".
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// countsOf says n, statuses with no row left out: "11 inside the noise,
// 1 underpowered".
func countsOf(n [nStatus]int) string {
	var parts []string
	for st := range nStatus {
		if n[st] > 0 {
			parts = append(parts, format.Count(n[st])+" "+st.plural(n[st]))
		}
	}
	return strings.Join(parts, ", ")
}

func sum(n [nStatus]int) int {
	total := 0
	for _, v := range n {
		total += v
	}
	return total
}
