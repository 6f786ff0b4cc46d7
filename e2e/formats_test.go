package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/benchview/benchview/toolreport"
)

// formatPair is a pair of another tool's reports, from testdata/formats
// (made by the tools themselves; see its README), and the metrics the
// test chooses on the page beyond the first.
type formatPair struct {
	name, base, cur string
	metrics         []string
}

var formatPairs = []formatPair{
	{"go-text", "go/base.txt", "go/cur.txt", []string{"B/op", "MB/s"}},
	{"go-json", "go/base.json", "go/cur.json", []string{"allocs/op"}},
	{"hyperfine", "hyperfine/base.json", "hyperfine/cur.json", nil},
	{"googlebench", "googlebench/base.json", "googlebench/cur.json", []string{"items_per_second"}},
	{"pytest", "pytest/base.json", "pytest/cur.json", nil},
	{"criterion", "criterion/target/criterion/sort/1000/base/sample.json", "criterion/target/criterion/sort/1000/new/sample.json", nil},
}

func formatFile(p string) string { return filepath.Join("..", "testdata", "formats", p) }

// metricStatuses runs `benchview compare -format json` on the pair and
// returns each row's status for each metric, by the row's label as the
// page names it (toolreport's Label) and the metric's unit: the page's
// data-verdict, or for a row without one its data-state ("not-ok" for the
// command line's "failed").
func metricStatuses(t *testing.T, base, cur string) map[string]map[string]string {
	t.Helper()
	labels := map[string]string{} // by name and own configuration, as compare prints them
	for _, path := range []string{base, cur} {
		for _, res := range readFixture(t, path).Results {
			labels[res.Key()] = res.Label()
		}
	}
	out := map[string]map[string]string{}
	s := bufio.NewScanner(strings.NewReader(compareAs(t, "-format", "json", base, cur)))
	for s.Scan() {
		var line struct {
			Benchmark, Unit, Status string
			Config                  map[string]string
		}
		if err := json.Unmarshal(s.Bytes(), &line); err != nil {
			t.Fatalf("compare -format json printed %q: %v", s.Text(), err)
		}
		if line.Benchmark == "" {
			continue // the geomean's line
		}
		label, ok := "", false
		for key, l := range labels {
			if key == line.Benchmark || strings.HasPrefix(key, line.Benchmark+" ") && ownConfig(key, line.Config) {
				label, ok = l, true
			}
		}
		if !ok && len(labels) == 1 {
			// A criterion sample.json is named for the folders it is in
			// ("sort/1000"), which a page given the file alone does not
			// know: it names the row for the file.
			for _, l := range labels {
				label, ok = l, true
			}
		}
		if !ok {
			t.Fatalf("compare printed %s, which neither report has", s.Text())
		}
		if line.Status == "failed" {
			line.Status = "not-ok"
		}
		if out[line.Unit] == nil {
			out[line.Unit] = map[string]string{}
		}
		out[line.Unit][label] = line.Status
	}
	return out
}

// ownConfig reports whether every key=value of a result's Key after its
// name is in config.
func ownConfig(key string, config map[string]string) bool {
	for _, kv := range strings.Fields(key)[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if config[k] != v {
			return false
		}
	}
	return true
}

// pageStatuses reads the status of every row the table shows, by the
// row's name: its verdict, or its state.
func pageStatuses(t *testing.T, b *browser) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range tableRows(t, b) {
		out[r.Name] = r.status()
	}
	return out
}

// TestEveryFormatOnThePage drops each tool's pair on the viewer and checks
// every row's verdict, for the first metric and others chosen from the
// switch, against `benchview compare -format json`; and the switch, the
// unit and the configuration line the page shows.
func TestEveryFormatOnThePage(t *testing.T) {
	b := open(t, serve(t))
	for _, p := range formatPairs {
		t.Run(p.name, func(t *testing.T) {
			base, cur := formatFile(p.base), formatFile(p.cur)
			want := metricStatuses(t, base, cur)
			b.load(t, base, cur)
			metric := eval[string](t, b, `document.querySelector("#metric").dataset.metric`)
			check := func(metric string) {
				t.Helper()
				got := pageStatuses(t, b)
				wantUnit := map[string]string(nil)
				for u, rows := range want {
					if len(rows) > 0 && unitOf(t, base, metric) == u {
						wantUnit = rows
					}
				}
				if len(wantUnit) == 0 {
					t.Fatalf("metric %s: compare -format json printed no row", metric)
				}
				for name, w := range wantUnit {
					if got[name] != w {
						t.Errorf("metric %s, row %q: the page says %q, compare -format json %q", metric, name, got[name], w)
					}
				}
				// The page may show more: a row only one side has, which
				// compare -format json leaves out, but never with a verdict.
				for name, g := range got {
					if _, ok := wantUnit[name]; !ok && verdictWord(g) {
						t.Errorf("metric %s: the page shows %q as %q; compare -format json has no such row", metric, name, g)
					}
				}
			}
			check(metric)
			for _, m := range p.metrics {
				chooseMetric(t, b, m)
				if !strings.Contains(eval[string](t, b, `location.hash`), "metric=") {
					t.Errorf("the address does not keep the metric: %s", eval[string](t, b, `location.href`))
				}
				check(m)
			}
		})
	}
}

// readFixture reads the report of another tool at path, named by its
// file name as a page names a file it is given.
func readFixture(t *testing.T, path string) *toolreport.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := toolreport.Read(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// chooseMetric picks metric from the page's switch, as a reader does, and
// waits for its rows.
func chooseMetric(t *testing.T, b *browser, metric string) {
	t.Helper()
	eval[bool](t, b, `(() => { const s = document.querySelector("select#metric"); s.value = `+jsString(metric)+
		`; return s.dispatchEvent(new Event("change", {bubbles: true})) })()`)
	b.waitFor(t, "the rows of "+metric, ready+` && document.querySelector("#metric").dataset.metric === `+jsString(metric))
}

// unitOf is the unit of the metric named name in the report at path.
func unitOf(t *testing.T, path, name string) string {
	t.Helper()
	for _, m := range toolreport.Metrics(readFixture(t, path), nil) {
		if m.Name == name {
			return m.Unit
		}
	}
	t.Fatalf("%s has no metric %s", path, name)
	return ""
}

// verdictWord reports whether status is a verdict, not a row's state.
func verdictWord(status string) bool {
	switch status {
	case "regression", "improvement", "inside the noise", "underpowered":
		return true
	}
	return false
}

// TestEveryFormatDownloadsAsItsExportedPage presses Download report on
// each tool's pair (for a pair of several metrics, on the second metric
// chosen from the switch), checks the file is byte for byte what
// `benchview export` writes for the same reports and metric, and opens it
// from disk: every row has the verdict `benchview compare -format json`
// gives it.
func TestEveryFormatDownloadsAsItsExportedPage(t *testing.T) {
	b := open(t, serve(t))
	dir := t.TempDir()
	for _, p := range formatPairs {
		t.Run(p.name, func(t *testing.T) {
			base, cur := formatFile(p.base), formatFile(p.cur)
			b.load(t, base, cur)
			metric := eval[string](t, b, `document.querySelector("#metric").dataset.metric`)
			args := []string{"export"}
			if len(p.metrics) > 0 {
				metric = p.metrics[0]
				chooseMetric(t, b, metric)
				args = append(args, "-metric", metric)
			}
			name := eval[string](t, b, `"review-" + [...document.querySelectorAll(".zone-file")].map(e => e.textContent.replace(/\.[^.]*$/, "")).join("-vs-") + ".html"`)
			path := filepath.Join(dir, p.name, name)
			allowDownloads(t, b, filepath.Dir(path))
			b.do(t, chromedp.Click(chromedp.ID("download")))
			waitForFile(t, path)
			b.waitFor(t, "the button to be ready again", `!document.getElementById("download").disabled && !document.querySelector(".download-error")`)

			// Run in the folder the two reports are in (or, for
			// criterion's base/ and new/, the one above), each given by
			// its path from there, as short as a page knows it: a
			// criterion sample.json given by a longer path is named for
			// its folders, a file alone is not.
			at := filepath.Dir(base)
			if at != filepath.Dir(cur) {
				at = filepath.Dir(at)
			}
			rel := func(p string) string { r, _ := filepath.Rel(at, p); return r }
			out := filepath.Join(t.TempDir(), "review.html")
			cmd := exec.Command(binary(t), append(args, "-o", out, rel(base), rel(cur))...)
			cmd.Dir = at
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("benchview %s: %v\n%s", strings.Join(args, " "), err, msg)
			}
			if got, want := readFile(t, path), readFile(t, out); !bytes.Equal(got, want) {
				t.Errorf("Download report wrote %d bytes, not the %d that benchview %s writes", len(got), len(want), strings.Join(args, " "))
			}

			f, doc := openFile(t, path)
			f.do(t, chromedp.Navigate(doc))
			f.waitFor(t, "the downloaded page", `document.body.dataset.state === "ready"`)
			got := map[string]string{}
			for _, r := range rowStates(t, f) {
				got[strings.TrimSuffix(r.Key, "//")] = r.status()
			}
			want := metricStatuses(t, base, cur)[unitOf(t, base, metric)]
			if len(want) == 0 {
				t.Fatalf("compare -format json printed no row of %s", metric)
			}
			for label, w := range want {
				if got[label] != w {
					t.Errorf("the downloaded page says %q of %q, compare -format json %q", got[label], label, w)
				}
			}
			if !strings.Contains(eval[string](t, f, `document.body.textContent`), metric) {
				t.Errorf("the downloaded page does not name its metric %s", metric)
			}
		})
	}
}
