package export

import (
	"fmt"
	"html"
	"strings"
	"testing"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/toolreport"
)

// A page says what was measured where: the reports' file names, their
// modification times, what the reports say of their machine, and the
// benchview that wrote it; every one of them text, never markup, and a
// name's bidirectional controls shown, not obeyed.
func TestTheProvenanceIsTextAndSaid(t *testing.T) {
	rv := reviewOf([]string{"a", "b"}, func(i int) int { return i })
	rv.Base.Name = `<img src=x onerror=alert(1)>.jsonl`
	rv.Cur.Name = "cur\u202e.jsonl"
	when := time.Date(2026, 12, 3, 14, 2, 9, 0, time.FixedZone("CET", 3600))
	b, err := PageWith(rv, fakeECharts, Provenance{
		Base:    Source{Modified: when},
		Cur:     Source{},
		Version: `benchview v1.2.3 (revision <b>x</b>), go1.26.8`,
	})
	if err != nil {
		t.Fatal(err)
	}
	p := readable(string(b))
	for _, want := range []string{
		`<title>benchview: &lt;img src=x onerror=alert(1)&gt;.jsonl → cur\u202e.jsonl</title>`,
		`Baseline <code>&lt;img src=x onerror=alert(1)&gt;.jsonl</code> (modified 2026-12-03 13:02:09 UTC) · `,
		`current <code>cur\u202e.jsonl</code> · `, // no time known: none said
		`<p>` + noConfig + ` Written by`,
		`Written by <code>benchview v1.2.3 (revision &lt;b&gt;x&lt;/b&gt;), go1.26.8</code>`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, bad := range []string{"<img", "<b>x", "\u202e"} {
		if i := strings.Index(p, bad); i >= 0 {
			t.Errorf("the page holds %q raw: …%s…", bad, p[max(0, i-60):min(len(p), i+60)])
		}
	}
}

// One row is one row.
func TestOneRowIsCountedAsOne(t *testing.T) {
	rv := reviewOf([]string{"a"}, func(int) int { return 0 })
	rv.Rows = rv.Rows[:1]
	if p := page(t, rv); !strings.Contains(p, `>1 row shown</span>`) {
		t.Error(`a page of one row does not say "1 row shown"`)
	}
	if got := rowsShown(33); got != "33 rows shown" {
		t.Errorf("rowsShown(33) = %q", got)
	}
}

// goReport is a go test -bench report read by toolreport, as the command
// line and the viewer read one.
func goReport(t *testing.T, name, text string) *toolreport.Report {
	t.Helper()
	r, err := toolreport.Read(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// goBench is a go test -bench text: its configuration lines, then ten
// runs of Sum with ns/op (around ns), B/op and one more metric, unit.
func goBench(config string, ns int, unit string) string {
	s := config
	for i := range 10 {
		s += fmt.Sprintf("BenchmarkSum-2 \t1000\t%d ns/op\t%d B/op\t3 %s\n", ns+i%3, 64, unit)
	}
	return s
}

// A page of another tool's reports says which metric it shows, its unit
// and which way is better, lists the others with the command that exports
// one, and shows the configuration the reports share, once, in place of
// cove-bench's sentence; a hostile configuration value and metric name
// stay text.
func TestAToolsPageSaysItsMetricAndConfiguration(t *testing.T) {
	const config = "goos: linux\ngoarch: amd64\ncpu: <img src=x onerror=alert(1)> \u202eIntel\n"
	hostileUnit := "<b>it's</b>/op"
	base := goReport(t, "base.txt", goBench(config, 1000, hostileUnit))
	cur := goReport(t, "cur.txt", goBench(config, 1300, hostileUnit))
	metrics := toolreport.Metrics(base, cur)
	if len(metrics) != 3 {
		t.Fatalf("metrics %+v, want ns/op, B/op and the hostile one", metrics)
	}
	for _, c := range []struct {
		metric int
		want   []string
	}{
		{0, []string{
			`<p class="metric">Metric <code>ns/op</code> (unit sec/op, lower is better) · also in these reports: <code>B/op</code>, <code>&lt;b&gt;it&#39;s&lt;/b&gt;/op</code> — export one with <code>benchview export -metric B/op …</code> and the same reports</p>`,
		}},
		{2, []string{
			`Metric <code>&lt;b&gt;it&#39;s&lt;/b&gt;/op</code> (lower is better) · also in these reports: <code>ns/op</code>, <code>B/op</code> — export one with <code>benchview export -metric ns/op …</code>`,
		}},
	} {
		m := metrics[c.metric]
		rv := review.NewOf(base.AsReport(m.Name), cur.AsReport(m.Name), &m)
		b, err := PageWith(rv, fakeECharts, Provenance{
			Base:    Source{Config: ConfigLines(base)},
			Cur:     Source{Config: ConfigLines(cur)},
			Metrics: metrics,
		})
		if err != nil {
			t.Fatal(err)
		}
		p := readable(string(b))
		want := append(c.want, `<p>Configuration of both reports: <code>goos: linux</code> · <code>goarch: amd64</code> · <code>cpu: &lt;img src=x onerror=alert(1)&gt; \u202eIntel</code>. Written by`)
		for _, w := range want {
			if !strings.Contains(p, w) {
				t.Errorf("%s: the page lacks %s", m.Name, w)
			}
		}
		for _, bad := range []string{"<img", "<b>", "\u202e", noConfig} {
			if strings.Contains(p, bad) {
				t.Errorf("%s: the page holds %q", m.Name, bad)
			}
		}
	}
	// The command names a metric as a shell reads it back.
	if got, want := shellWord(hostileUnit), `'<b>it'\''s</b>/op'`; got != want {
		t.Errorf("shellWord(%q) = %s, want %s", hostileUnit, got, want)
	}
}

// Configurations that differ are each shown, a report without one saying
// so; reports of another tool without a shared configuration get their
// own sentence, not cove-bench's; a lone report's is its own.
func TestConfigurationsAreShownAsTheReportsGiveThem(t *testing.T) {
	base := goReport(t, "base.txt", goBench("goos: linux\ncpu: A\n", 1000, "x/op"))
	cur := goReport(t, "cur.txt", goBench("goos: linux\ncpu: B\n", 1000, "x/op"))
	bare := goReport(t, "bare.txt", goBench("", 1000, "x/op"))
	m := toolreport.Metrics(base, cur)[0]
	for _, c := range []struct {
		name      string
		base, cur *toolreport.Report
		want      string
	}{
		{"different", base, cur, "<p>Configuration of the baseline: <code>goos: linux</code> · <code>cpu: A</code>; of the current report: <code>goos: linux</code> · <code>cpu: B</code>. Written by"},
		{"one side", base, bare, "<p>Configuration of the baseline: <code>goos: linux</code> · <code>cpu: A</code>; of the current report: none. Written by"},
		{"neither", bare, bare, "<p>" + html.EscapeString(noToolConfig) + " Written by"},
		{"lone", cur, nil, "<p>Configuration of the report: <code>goos: linux</code> · <code>cpu: B</code>. Written by"},
	} {
		var curRows *report.Report
		if c.cur != nil {
			curRows = c.cur.AsReport(m.Name)
		}
		rv := review.NewOf(c.base.AsReport(m.Name), curRows, &m)
		b, err := PageWith(rv, fakeECharts, Provenance{Base: Source{Config: ConfigLines(c.base)}, Cur: Source{Config: ConfigLines(c.cur)}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(readable(string(b)), c.want) {
			t.Errorf("%s: the page lacks %s", c.name, c.want)
		}
	}
	if got := ConfigLines(nil); got != nil {
		t.Errorf("ConfigLines(nil) = %q", got)
	}
}

// utcSecond writes what time's formatting writes, for times of every
// year's width and sign, in and out of UTC.
func TestUTCSecondIsTimesFormat(t *testing.T) {
	east := time.FixedZone("east", 5*3600+30*60)
	for _, tm := range []time.Time{
		time.Date(2026, 12, 3, 13, 4, 5, 999_999_999, time.UTC),
		time.Date(2026, 1, 1, 0, 30, 0, 0, east), // the day before, in UTC
		time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC),
		time.Date(999, 9, 9, 9, 9, 9, 0, time.UTC),
		time.Date(12345, 10, 31, 23, 59, 59, 0, time.UTC),
		time.Date(-44, 3, 15, 12, 0, 0, 0, time.UTC),
		time.Unix(0, 0),
	} {
		if got, want := utcSecond(tm), tm.UTC().Format("2006-01-02 15:04:05 UTC"); got != want {
			t.Errorf("%v: %q, want %q", tm, got, want)
		}
	}
}
