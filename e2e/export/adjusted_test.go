package exporte2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/benchview/benchview/tableview"
)

// adjustedVerdicts are `compare -format json -adjust METHOD`'s verdicts,
// the reference's and the adjusted one, by row.
func adjustedVerdicts(t *testing.T, dir, method string) (reference, adjusted map[string]string) {
	t.Helper()
	reference, adjusted = map[string]string{}, map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(compareIn(t, dir, "-format", "json", "-adjust", method)), "\n") {
		var l struct {
			Kind, Benchmark, Verdict string
			Config                   struct{ Kind, Backend string }
			Adjusted                 string `json:"adjusted_verdict"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("compare printed %q: %v", line, err)
		}
		if l.Kind == "geomean" {
			continue
		}
		key := l.Benchmark + "/" + l.Config.Kind + "/" + l.Config.Backend
		reference[key], adjusted[key] = l.Verdict, l.Adjusted
	}
	return reference, adjusted
}

// inWords counts verdicts as the page's summary does: in the default
// order, "2 regressions, 1 improvement, 25 inside the noise".
func inWords(verdicts map[string]string) string {
	n := map[string]int{}
	for _, v := range verdicts {
		n[v]++
	}
	var parts []string
	for _, v := range []string{"regression", "improvement", "inside the noise", "underpowered"} {
		switch {
		case n[v] == 0:
		case n[v] != 1 && (v == "regression" || v == "improvement"):
			parts = append(parts, fmt.Sprintf("%d %ss", n[v], v))
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(parts, ", ")
}

// TestTheAdjustedViewFollowsEverywhere switches the exported page to
// Holm's verdicts and checks that everything read off a verdict follows
// them, as `compare -adjust holm` gives them: each row's data-verdict,
// the order by verdict, the filter, the summary's counts and the interval
// bars' colours; and that switching back gives the reference's again.
func TestTheAdjustedViewFollowsEverywhere(t *testing.T) {
	dir := t.TempDir()
	insightReports(t, dir, 11)
	reference, holm := adjustedVerdicts(t, dir, "holm")
	changed := 0
	for k := range holm {
		if holm[k] != reference[k] {
			changed++
		}
	}
	if changed == 0 {
		t.Fatalf("Holm changes no verdict of the test's reports: %v", reference)
	}
	out := filepath.Join(dir, "review.html")
	benchview(t, "export", "-o", out, filepath.Join(dir, "base.jsonl"), filepath.Join(dir, "cur.jsonl"))
	link := "file://" + out
	b := openPage(t, link, 60*time.Second)

	setSelect := func(id, value string) {
		t.Helper()
		eval[bool](t, b, `(() => { const s = document.getElementById(`+js(id)+`); s.value = `+js(value)+`; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
	}
	check := func(view string, want map[string]string) {
		t.Helper()
		rows := table(t, b)
		if len(rows) != len(want) {
			t.Fatalf("%s: %d rows shown, want %d", view, len(rows), len(want))
		}
		last := -1
		for _, r := range rows {
			if r.Verdict != want[r.Key] {
				t.Errorf("%s: row %s has data-verdict %q, want %q", view, r.Key, r.Verdict, want[r.Key])
			}
			if rank := tableview.Rank(r.Verdict); rank < last {
				t.Errorf("%s: row %s (%s) comes after a row of a later verdict: the order is not by verdict", view, r.Key, r.Verdict)
			} else {
				last = rank
			}
		}
		if got := eval[string](t, b, `document.getElementById('summary').textContent`); got != inWords(want) {
			t.Errorf("%s: the summary says %q, want %q", view, got, inWords(want))
		}
		regressions := 0
		for _, v := range want {
			if v == "regression" {
				regressions++
			}
		}
		if got, w := eval[string](t, b, `document.querySelector('#verdict-filter option[value=regression]').textContent`), fmt.Sprintf("Regressions (%d)", regressions); got != w {
			t.Errorf("%s: the filter offers %q, want %q", view, got, w)
		}
		// The filter shows the rows of a verdict in this view.
		for _, v := range []string{"regression", "inside the noise"} {
			setSelect("verdict-filter", v)
			n := 0
			for _, w := range want {
				if w == v {
					n++
				}
			}
			shown := table(t, b)
			for _, r := range shown {
				if r.Verdict != v {
					t.Errorf("%s, filter %q: row %s (%s) shown", view, v, r.Key, r.Verdict)
				}
			}
			if len(shown) != n {
				t.Errorf("%s, filter %q: %d rows shown, want %d", view, v, len(shown), n)
			}
			// The bars of one verdict are drawn in one colour.
			waitBars(t, b, view+", filter "+v)
			styles := eval[[]string](t, b, `echarts.getInstanceByDom(document.getElementById('interval-chart')).getOption().series[0].data.map((d) => d.itemStyle.borderColor + ' ' + d.itemStyle.color)`)
			for _, s := range styles {
				if s != styles[0] {
					t.Errorf("%s, filter %q: the bars are drawn in %q: more than one colour", view, v, styles)
					break
				}
			}
		}
		setSelect("verdict-filter", "")
	}

	check("the reference's verdicts", reference)
	setSelect("adjust", "holm")
	check("Holm's verdicts", holm)
	if h := eval[string](t, b, `location.hash`); !strings.Contains(h, "adjust=holm") {
		t.Errorf("the fragment %q lacks adjust=holm", h)
	}
	setSelect("adjust", "")
	check("back to the reference's verdicts", reference)
	onlyTheDocument(t, b, link)
	noErrors(t, b)
}
