package reviewtext

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/visible"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// gfm parses GitHub-flavoured Markdown (tables, autolinks, strikethrough,
// task lists), as a pull-request comment is read.
var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// ownHTML is the only raw HTML Markdown writes: the <details> around the
// rows that need no attention.
var ownHTML = regexp.MustCompile(`^(<details><summary>[0-9,]+ more rows?: [a-z0-9 ,]+</summary>|</details>)\n$`)

// parsed is what a Markdown comment holds, read by a real parser.
type parsed struct {
	// names are the first cells of the tables' body rows, as their code
	// spans read.
	names []string
	// cells counts the cells of each body row.
	cells []int
}

// parseMarkdown parses md and fails t on anything a name could have made:
// raw HTML other than the writer's own <details>, a link, a first cell
// that is not exactly one code span.
func parseMarkdown(t testing.TB, md []byte) parsed {
	t.Helper()
	var p parsed
	doc := gfm.Parser().Parse(text.NewReader(md))
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				b.Write(seg.Value(md))
			}
			if !ownHTML.MatchString(b.String()) {
				t.Errorf("raw HTML block %q", b.String())
			}
		case *ast.RawHTML:
			t.Errorf("raw inline HTML %q", n.Segments.Value(md))
		case *ast.Link, *ast.AutoLink, *ast.Image:
			t.Errorf("a %s in the Markdown", n.Kind())
		case *east.TableRow:
			p.cells = append(p.cells, n.ChildCount())
			first := n.FirstChild()
			span, ok := first.FirstChild().(*ast.CodeSpan)
			if !ok || first.ChildCount() != 1 {
				t.Errorf("a row's first cell is not one code span: %q", cellText(first, md))
				break
			}
			p.names = append(p.names, cellText(span, md))
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cellText is the text of n's inline children.
func cellText(n ast.Node, md []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			b.Write(t.Segment.Value(md))
		} else {
			b.WriteString(cellText(c, md))
		}
	}
	return b.String()
}

// notShown reads the note on rows the size limit left out, and
// notShownHTML finds it rendered.
var (
	notShown     = regexp.MustCompile(`_([0-9]+) rows? not shown \(`)
	notShownHTML = regexp.MustCompile(`<em>[0-9]+ rows? not shown \(.*?</em>`)
)

// checkNamesShown: the names md's tables show are those of want (a count
// a name), each as often as want says, except for rows the size limit
// left out: names of tens of kilobytes fill a comment, and then exactly
// as many rows are missing as the note on them says.
func checkNamesShown(t testing.TB, want map[string]int, shown []string, md []byte) {
	t.Helper()
	for _, name := range shown {
		want[name]--
	}
	omitted := 0
	if m := notShown.FindSubmatch(md); m != nil {
		omitted, _ = strconv.Atoi(string(m[1]))
	}
	missing := 0
	for name, n := range want {
		switch {
		case n < 0 || (n > 0 && omitted == 0):
			t.Errorf("row %q appears %d times too few in the tables", name, n)
		case n > 0:
			missing += n
		}
	}
	if missing != omitted {
		t.Errorf("%d rows are missing from the tables, and the note says %d are not shown", missing, omitted)
	}
}

// checkMarkdownRows: md's tables hold, in some order, one row for each
// row of s, named as visible shows the name (GFM unescapes \| inside a
// code span in a table, and only that), with six cells each; and
// rendering it to HTML shows no tag from a name.
func checkMarkdownRows(t testing.TB, s *Summary, md []byte) {
	t.Helper()
	p := parseMarkdown(t, md)
	want := map[string]int{}
	for _, r := range s.Rows {
		want[visible.String(r.Key.String())]++
	}
	checkNamesShown(t, want, p.names, md)
	for i, n := range p.cells {
		if n != 6 {
			t.Errorf("body row %d has %d cells, want 6", i+1, n)
		}
	}
	var html bytes.Buffer
	if err := gfm.Convert(md, &html); err != nil {
		t.Fatal(err)
	}
	// The writer's own bold: the headline's lead and the problems' title.
	rendered := strings.NewReplacer("<strong>benchview:</strong>", "", "<strong>Problems with the inputs</strong>", "").Replace(html.String())
	rendered = notShownHTML.ReplaceAllString(rendered, "") // the note's own emphasis
	for _, tag := range []string{"<script", "<img", "<a ", "<b>", "<strong>", "<em>"} {
		if strings.Contains(rendered, tag) {
			t.Errorf("the rendered comment holds %q:\n%s", tag, html.String())
		}
	}
}

func TestMarkdownParses(t *testing.T) {
	for _, pair := range [][2]string{
		{"base-a.jsonl", "cur-a.jsonl"},
		{"base-b.jsonl", "cur-b.jsonl"},
		{"base-c.jsonl", "cur-c.jsonl"},
		{"hostile-base.jsonl", "hostile-cur.jsonl"},
	} {
		t.Run(pair[1], func(t *testing.T) {
			s := summaryOf(t, pair[0], pair[1], Options{Threshold: 3})
			var md bytes.Buffer
			if err := s.Markdown(&md); err != nil {
				t.Fatal(err)
			}
			checkMarkdownRows(t, s, md.Bytes())
		})
	}
}

// TestMarkdownFirstLineIsTheHeadline: a notification shows the first line.
func TestMarkdownFirstLineIsTheHeadline(t *testing.T) {
	s := summaryOf(t, "base-a.jsonl", "cur-a.jsonl", Options{})
	var md bytes.Buffer
	s.Markdown(&md)
	first, _, _ := strings.Cut(md.String(), "\n")
	if want := "**benchview:** 2 regressions, 2 improvements, 18 inside the noise, 1 unsupported (`base-a.jsonl` → `cur-a.jsonl`)"; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
}

// suite is a review of n rows with long names, whose comparisons are set
// by hand: every 20th a regression, every 20th (shifted) an improvement,
// every 50th missing from the current run, the rest inside the noise.
func suite(t testing.TB, n int) *Summary {
	var baseText, curText strings.Builder
	for i := range n {
		line := `{"benchmark":"suite/` + strings.Repeat("component-", 5) + strconv.Itoa(i) +
			`","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105]}}` + "\n"
		baseText.WriteString(line)
		if i%50 != 49 {
			curText.WriteString(line)
		}
	}
	// Read, not built by hand: a Report read has the index Lookup uses.
	baseRep, err := report.Read(strings.NewReader(baseText.String()), "base.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	curRep, err := report.Read(strings.NewReader(curText.String()), "cur.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	v := review.New(baseRep, curRep)
	for i := range v.Rows {
		c := stats.Comparison{BaselineMedian: 1e6, Median: 1e6, Lo: -1, Hi: 1, Verdict: stats.InsideTheNoise}
		switch i % 20 {
		case 0:
			c.Delta, c.Lo, c.Hi, c.Verdict = 5, 2, 8, stats.Regression
		case 10:
			c.Delta, c.Lo, c.Hi, c.Verdict = -5, -8, -2, stats.Improvement
		}
		if v.Rows[i].State == review.Compared {
			v.Rows[i].Comparison = &c
		}
	}
	return New(v, Options{})
}

// TestMarkdownStaysUnderGitHubsLimit: 10,000 rows give a comment under
// 65,536 characters that says how many rows it leaves out, by status, and
// shows the regressions first.
func TestMarkdownStaysUnderGitHubsLimit(t *testing.T) {
	s := suite(t, 10_000)
	var md bytes.Buffer
	if err := s.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCount(md.Bytes()); n >= 65_536 || md.Len() > MarkdownLimit {
		t.Fatalf("%d characters, %d bytes: over the limit", n, md.Len())
	}
	p := parseMarkdown(t, md.Bytes())
	m := regexp.MustCompile(`_([0-9]{1,3}(,[0-9]{3})*) rows not shown \(([^)]*)\), to keep this comment under GitHub's 65,536-character limit`).FindSubmatch(md.Bytes())
	if m == nil {
		t.Fatalf("no note of the rows left out, its count in thousands:\n%s", md.String()[md.Len()-500:])
	}
	left, _ := strconv.Atoi(strings.ReplaceAll(string(m[1]), ",", ""))
	if left+len(p.names) != 10_000 {
		t.Errorf("%d rows shown and %d said left out, want 10,000 in all", len(p.names), left)
	}
	// 490 regressions, 200 missing, 490 improvements come first: the
	// 200 missing rows are the last ones of the review, which shifts the
	// every-20th pattern.
	// They do not all fit: what does is the regressions, largest first.
	regressions := map[string]bool{}
	for _, r := range s.With(Regression) {
		regressions[r.Key.String()] = true
	}
	for _, name := range p.names {
		if !regressions[name] {
			t.Errorf("row %s shown while regressions were left out", name)
			break
		}
	}
	if len(p.names) < 400 {
		t.Errorf("only %d rows shown in 60,000 bytes", len(p.names))
	}
	if !strings.HasPrefix(md.String(), "**benchview:** 490 regressions, 200 missing, 490 improvements, 8,820 inside the noise") {
		t.Errorf("headline: %q", md.String()[:120])
	}
}

// FuzzHumanWriters: whatever a name holds, Text and Markdown show no
// control or bidirectional character from it unescaped, and the Markdown
// keeps every row in its table as one code span.
func FuzzHumanWriters(f *testing.F) {
	for _, s := range []string{"pure", "a|b", "`x``", "<script>alert(1)</script>", "\x1b[2J\x1b]0;t\x07", "a\u202eb", "a\r\nb", "\\|", " ` ", "", "\xff"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, name, what string) {
		samples := []uint64{100, 101, 102, 103, 104, 105}
		base := &report.Report{Name: name + ".jsonl", Problems: []report.Problem{{File: name, Line: 1, Msg: "row " + name + " repeats line 1", Warning: true}}}
		cur := &report.Report{Name: "cur.jsonl"}
		for _, k := range []report.Key{key(name, "vm", "vm"), key("x", name, "vm"), key("y", "vm", name)} {
			base.Rows = append(base.Rows, report.Row{Key: k, Samples: samples, OK: true})
			cur.Rows = append(cur.Rows, report.Row{Key: k, Samples: samples, OK: k.Benchmark != "x"})
		}
		cur.Rows = append(cur.Rows, report.Row{Key: key(name, "unsupported", "vm"), What: what, OK: false})
		v := review.New(base, cur)
		for i := range v.Rows {
			if r := &v.Rows[i]; r.BaseStats != nil && r.CurStats != nil {
				r.Comparison = &stats.Comparison{BaselineMedian: 102.5, Median: 102.5, Lo: -1, Hi: 1, Verdict: stats.Regression, Delta: 1}
			}
		}
		s := New(v, Options{})
		var txt, md bytes.Buffer
		s.Text(&txt, false)
		s.Markdown(&md)
		for what, out := range map[string]string{"text": txt.String(), "markdown": md.String()} {
			for _, r := range out {
				if r != '\n' && visible.Unsafe(r) {
					t.Fatalf("%s holds %U from %q:\n%q", what, r, name, out)
				}
			}
			if !utf8.ValidString(out) {
				t.Fatalf("%s is not UTF-8", what)
			}
		}
		if n := strings.Count(txt.String(), "\n"); n != len(v.Rows)+1+1+1+len(s.Notes()) {
			t.Fatalf("text has %d lines for %d rows: a name split a line\n%s", n, len(v.Rows), txt.String())
		}
		checkMarkdownRows(t, s, md.Bytes())
	})
}

func key(benchmark, kind, backend string) report.Key {
	return report.Key{Benchmark: benchmark, Kind: kind, Backend: backend}
}
