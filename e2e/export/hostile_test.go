package exporte2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileNames try to leave every context a page puts a name in.
var hostileNames = []string{
	`</script><script>window.__pwned=1</script>`,
	`<img src=x onerror="window.__pwned=1">`,
	`"><svg onload=window.__pwned=1>`,
	`' onmouseover='window.__pwned=1`,
	`<!--<script>window.__pwned=1//`,
	"javascript:window.__pwned=1",
	`{{.}} ${window.__pwned=1} \u003c/script\u003e`,
	strings.Repeat("a-very-long-name/", 1000),
}

// hostileRows is how many rows the hostile current report has.
const hostileRows = 10_000

// writeHostile writes a baseline and a current report whose names are
// hostile: the current one has hostileRows rows, the first few of them
// (one per hostile name) also in the baseline with enough samples to be
// compared, the rest with three samples and a (short) hostile name of
// their own.
// The current report also has a broken line that quotes a script.
func writeHostile(t *testing.T) (base, cur string, brokenLine int) {
	t.Helper()
	dir := t.TempDir()
	line := func(name string, samples []int) string {
		b, _ := json.Marshal(map[string]any{
			"benchmark": name, "kind": "interpreter", "backend": "vm",
			"iterations": len(samples), "wall_ns": map[string]any{"samples": samples}, "ok": true,
		})
		return string(b) + "\n"
	}
	var bs, cs strings.Builder
	for i, n := range hostileNames {
		bs.WriteString(line(n, []int{1000, 1010, 990, 1005, 995, 1002, 998}))
		cs.WriteString(line(n, []int{1000 + 50*i, 1010 + 50*i, 990 + 50*i, 1005 + 50*i, 995 + 50*i, 1002 + 50*i, 998 + 50*i}))
	}
	// The rest cycle through the short names: ten thousand copies of the
	// long one would test the disk, not the page.
	short := hostileNames[:len(hostileNames)-1]
	for i := len(hostileNames); i < hostileRows; i++ {
		cs.WriteString(line(fmt.Sprintf("%s #%d", short[i%len(short)], i), []int{100 + i, 101 + i, 99 + i}))
	}
	cs.WriteString(`{"benchmark":"</script><script>window.__pwned=1</script>","kind":` + "\n")
	brokenLine = hostileRows + 1
	base, cur = filepath.Join(dir, "base.jsonl"), filepath.Join(dir, "cur.jsonl")
	for path, text := range map[string]string{base: bs.String(), cur: cs.String()} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return base, cur, brokenLine
}

func TestAHostileReportRunsNothing(t *testing.T) {
	base, cur, broken := writeHostile(t)
	page := exportExit(t, 1, base, cur) // 1: a line could not be read, and the page says which
	// Ten thousand rows take a few seconds to open on an idle machine, and
	// many times that on one busy with other tests: a generous bound,
	// which only a page that never gets ready reaches.
	b := openPage(t, page, 4*time.Minute)

	if pwned := eval[bool](t, b, `window.__pwned !== undefined`); pwned {
		t.Fatal("a name from the report ran as script")
	}
	// One pass over the table: the number of rows, and how each row of a
	// hostile name reads.
	var keys []string
	for _, n := range hostileNames {
		keys = append(keys, n+"/interpreter/vm")
	}
	got := eval[struct {
		Rows  int
		Shown map[string]string
	}](t, b, `(() => {
		const want = new Set(`+mustJSON(keys)+`), shown = {};
		const trs = document.querySelectorAll('#results tbody tr[data-row]');
		for (const tr of trs) if (want.has(tr.dataset.row)) shown[tr.dataset.row] = tr.cells[0].textContent;
		return {Rows: trs.length, Shown: shown};
	})()`)
	if got.Rows != hostileRows {
		t.Errorf("%d rows in the table, want %d", got.Rows, hostileRows)
	}
	for _, key := range keys {
		if got.Shown[key] != key {
			t.Errorf("row %.40q shows as %.40q", key, got.Shown[key])
		}
	}
	alert := eval[string](t, b, `(document.querySelector('[role=alert]') || {}).textContent || ''`)
	if want := fmt.Sprintf("%s:%d", cur, broken); !strings.Contains(alert, want) {
		t.Errorf("the alert %.200q does not name %s", alert, want)
	}
	charted := eval[int](t, b, `document.querySelectorAll('#interval-chart canvas').length`)
	if charted < 1 {
		t.Error("the interval chart is not drawn")
	}
	onlyTheDocument(t, b, page)
	noExceptions(t, b)
}
