package export

import (
	"strings"
	"testing"
	"time"
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
	p := string(b)
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
