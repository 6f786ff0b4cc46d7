package reviewtext

import (
	"bytes"
	"html"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
)

// checkMetricMarkdown: md's tables hold one row for each row of s (bar
// those the size limit left out, as the note says), named by its label
// as visible shows it, with seven cells each; nothing in it
// parses as raw HTML or a link; rendered, it shows no tag from a report.
func checkMetricMarkdown(t testing.TB, s *MetricSummary, md []byte) {
	t.Helper()
	p := parseMarkdown(t, md)
	want := map[string]int{}
	for _, r := range s.Rows {
		want[visible.String(r.Result().Label())]++
	}
	checkNamesShown(t, want, p.names, md)
	for i, n := range p.cells {
		if n != 7 {
			t.Errorf("body row %d has %d cells, want 7", i+1, n)
		}
	}
	var html bytes.Buffer
	if err := gfm.Convert(md, &html); err != nil {
		t.Fatal(err)
	}
	rendered := strings.NewReplacer("<strong>benchview:</strong>", "", "<strong>Problems with the inputs</strong>", "").Replace(html.String())
	rendered = notShownHTML.ReplaceAllString(rendered, "") // the note's own emphasis
	for _, tag := range []string{"<script", "<img", "<a ", "<b>", "<strong>", "<em>", "<del>"} {
		if strings.Contains(rendered, tag) {
			t.Errorf("the rendered comment holds %q:\n%s", tag, html.String())
		}
	}
	if !utf8.Valid(md) || !bytes.HasPrefix(md, []byte("**benchview:** ")) {
		t.Errorf("not UTF-8, or the first line is not the headline:\n%s", md)
	}
}

// readTool reads a fixture of testdata/formats.
func readTool(t testing.TB, path string) *toolreport.Report {
	t.Helper()
	data, err := os.ReadFile("../testdata/formats/" + path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := toolreport.Read(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestMetricMarkdownOfEveryTool: the Markdown of each real tool's pair
// parses as tables holding every row, with the geomeans and the run's
// configuration above them.
func TestMetricMarkdownOfEveryTool(t *testing.T) {
	for _, p := range [][2]string{
		{"go/base.txt", "go/cur.txt"},
		{"go/base.json", "go/cur.json"},
		{"hyperfine/base.json", "hyperfine/cur.json"},
		{"googlebench/base.json", "googlebench/cur.json"},
		{"pytest/base.json", "pytest/cur.json"},
		{"pytest/summary.json", "pytest/cur.json"},
	} {
		t.Run(p[0], func(t *testing.T) {
			base, cur := readTool(t, p[0]), readTool(t, p[1])
			s := metricsOf(base, cur, Options{Extras: true})
			s.Config = cur.Shared()
			var md bytes.Buffer
			if err := s.Markdown(&md); err != nil {
				t.Fatal(err)
			}
			checkMetricMarkdown(t, s, md.Bytes())
			for _, g := range s.Geomeans {
				if g.Geomean.Rows > 0 && !strings.Contains(md.String(), "- geomean "+code(g.Unit)+" ") {
					t.Errorf("no geomean line for %s:\n%s", g.Unit, md.String())
				}
			}
			for _, c := range s.Config {
				if !strings.Contains(md.String(), code(c.Key+"="+c.Value)) {
					t.Errorf("the configuration %s=%s is not shown:\n%s", c.Key, c.Value, md.String())
				}
			}
		})
	}
}

// hostileReports are two reports whose every string a tool writes holds
// markup: names, metric names, units, a failed run's reason, config.
func hostileReports(name, unit, why string) (base, cur *toolreport.Report) {
	m := func(centre float64) toolreport.Metric {
		r := rate(name+"|metric", toolreport.Lower, centre, 10)
		r.Unit = unit
		return r
	}
	results := func(centre float64) []toolreport.Result {
		return []toolreport.Result{
			{Name: name, Config: []toolreport.Pair{{Key: "k|" + name, Value: why, File: true}, {Key: "p", Value: name}}, Metrics: []toolreport.Metric{m(centre)}},
			{Name: name + "2", Metrics: []toolreport.Metric{m(centre)}, Failed: true, Why: why},
			{Name: "`" + name + "`", Metrics: []toolreport.Metric{m(1)}},
		}
	}
	base = &toolreport.Report{Name: name + "/base.json", Results: results(100)}
	cur = &toolreport.Report{Name: "cur.json", Results: results(200)}
	base.Problems = []toolreport.Problem{{File: name, Line: 3, Msg: why}}
	return base, cur
}

func TestMetricMarkdownKeepsMarkupOut(t *testing.T) {
	base, cur := hostileReports("<script>alert(1)</script>|**b**", "<b>x|y</b>", "<img src=x> [l](http://x) *e* ~~s~~ &lt; \x1b[2J")
	s := metricsOf(base, cur, Options{Extras: true})
	s.Config = cur.Shared()
	s.Problems = base.Problems
	var md bytes.Buffer
	if err := s.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	checkMetricMarkdown(t, s, md.Bytes())
	if strings.Contains(md.String(), "\x1b") {
		t.Errorf("a raw escape reached the Markdown:\n%q", md.String())
	}
}

// TestMetricMarkdownStaysUnderGitHubsLimit: 1,000 results of two metrics
// each give a comment under the limit that counts the rows left out.
func TestMetricMarkdownStaysUnderGitHubsLimit(t *testing.T) {
	var base, cur toolreport.Report
	base.Name, cur.Name = "base.txt", "cur.txt"
	for i := range 1000 {
		name := "Suite/" + strings.Repeat("component-", 4) + strconv.Itoa(i)
		slow := 100.0
		if i%10 == 0 {
			slow = 150
		}
		base.Results = append(base.Results, toolreport.Result{Name: name, Metrics: []toolreport.Metric{rate("ns/op", toolreport.Lower, 100, 6), rate("MB/s", toolreport.Higher, 100, 6)}})
		cur.Results = append(cur.Results, toolreport.Result{Name: name, Metrics: []toolreport.Metric{rate("ns/op", toolreport.Lower, slow, 6), rate("MB/s", toolreport.Higher, 100, 6)}})
	}
	s := metricsOf(&base, &cur, Options{})
	var md bytes.Buffer
	if err := s.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	if md.Len() > MarkdownLimit {
		t.Fatalf("%d bytes: over the limit", md.Len())
	}
	p := parseMarkdown(t, md.Bytes())
	m := regexp.MustCompile(`_([0-9]{1,3}(,[0-9]{3})*) rows not shown \(([^)]*)\)`).FindSubmatch(md.Bytes())
	if m == nil {
		t.Fatalf("no note of the rows left out, its count in thousands")
	}
	if left, _ := strconv.Atoi(strings.ReplaceAll(string(m[1]), ",", "")); left+len(p.names) != 2000 {
		t.Errorf("%d rows shown and %d said left out, want 2,000 in all", len(p.names), left)
	}
	if !strings.Contains(md.String(), "With 2,000 rows compared at 95%") {
		t.Errorf("no chance note:\n%s", md.String()[:600])
	}
}

// FuzzMetricMarkdown: whatever a tool's names, units, reasons and
// configuration hold, the Markdown keeps each row in its table as one
// code span and renders no markup from them, and neither it nor Text
// shows a control or bidirectional character raw or splits a row's line.
func FuzzMetricMarkdown(f *testing.F) {
	for _, s := range []string{"pure", "a|b", "`x``", "<script>alert(1)</script>", "\x1b[2J", "a\u202eb", "a\r\nb", "\\|", "[x](y)", "", "\xff"} {
		f.Add(s, s, s)
	}
	f.Fuzz(func(t *testing.T, name, unit, why string) {
		base, cur := hostileReports(name, unit, why)
		// Comparisons set by hand: the fuzzer is after the writers, and a
		// bootstrap a row would slow it a hundredfold.
		matched := toolreport.Match(base, cur)
		rows := make([]MetricRow, len(matched))
		for i, m := range matched {
			rows[i].Row = m
			if m.BaseMetric != nil && m.CurMetric != nil {
				rows[i].Comparison = &stats.Comparison{BaselineMedian: 100, Median: 200, Delta: 100, Lo: 90, Hi: 110, Verdict: stats.Regression, P: 0.001}
			}
		}
		s := NewMetrics(base.Name, cur.Name, rows, Options{})
		s.Config = cur.Shared()
		s.Problems = base.Problems
		var md bytes.Buffer
		if err := s.Markdown(&md); err != nil {
			t.Fatal(err)
		}
		var txt bytes.Buffer
		if err := s.Text(&txt, false); err != nil {
			t.Fatal(err)
		}
		for what, out := range map[string]string{"Markdown": md.String(), "text": txt.String()} {
			for _, r := range out {
				if r != '\n' && visible.Unsafe(r) {
					t.Fatalf("the %s holds %U:\n%q", what, r, out)
				}
			}
		}
		table, _, _ := strings.Cut(txt.String(), "\n\n")
		if n := strings.Count(table, "\n") + 1; n != len(s.Rows)+1 {
			t.Fatalf("the text table has %d lines for %d rows: a name split a line\n%s", n, len(s.Rows), txt.String())
		}
		checkMetricMarkdown(t, s, md.Bytes())
	})
}

// A bare address from a report (an e-mail, a URL, a "www.") is text in
// the Markdown, never a link GitHub makes of it.
func TestMarkdownEscapeBreaksBareAddresses(t *testing.T) {
	for _, s := range []string{"0@0.0", "https://example.com/x", "http://a.b", "ftp://a.b", "mailto:a@b.c", "www.example.com", "see WWW.Example.com"} {
		md := []byte("100.0 " + mdEscape(s) + "\n")
		parseMarkdown(t, md) // fails t on a link
		if got := renderedText(t, md); got != "100.0 "+s {
			t.Errorf("%q renders as %q", s, got)
		}
	}
}

// renderedText is what a one-paragraph Markdown shows as text, once
// GitHub's Markdown rendered it.
func renderedText(t *testing.T, md []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := gfm.Convert(md, &b); err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSpace(b.String())
	return html.UnescapeString(strings.TrimSuffix(strings.TrimPrefix(s, "<p>"), "</p>"))
}
