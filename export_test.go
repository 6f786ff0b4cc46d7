package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/toolreport"
)

// The export tests run on a small viewer of their own, so they do not
// depend on what `make build` has put in web/; e2e/export opens what the
// real binary writes in a browser.
func exportSiteFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><title>viewer</title>")},
		"echarts.min.js":      {Data: []byte("window.echarts = {}; // a stand-in\n")},
		"viewer.wasm":         {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"examples/base.jsonl": {Data: []byte("{}\n")},
	}
}

// copyGolden copies testdata/name into dir and returns its path.
func copyGolden(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// listDir is the sorted names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// exportOn runs `benchview export ARGS` on the test viewer.
func exportOn(web fs.FS, args ...string) (stdout, stderr string, err error) {
	var out, errs bytes.Buffer
	err = exportWith(web, args, &out, &errs)
	return out.String(), errs.String(), err
}

func TestExportWritesOnePage(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-a.jsonl"), copyGolden(t, dir, "cur-a.jsonl")
	out := filepath.Join(dir, "review.html")
	if _, _, err := exportOn(exportSiteFS(), "-o", out, base, cur); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The library travels packed; the policy names it by its hash.
	sum := sha256.Sum256(exportSiteFS()["echarts.min.js"].Data)
	for _, want := range []string{"<!doctype html>", `id="benchview-echarts"`, `data-verdict=`,
		"'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"} {
		if !strings.Contains(html.UnescapeString(string(page)), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if got, want := listDir(t, dir), []string{"base-a.jsonl", "cur-a.jsonl", "review.html"}; !slices.Equal(got, want) {
		t.Errorf("the folder holds %q, want %q (no temporary file left)", got, want)
	}
	if info, _ := os.Stat(out); info.Mode().Perm() != 0o644 {
		t.Errorf("the page has mode %v, want 0644", info.Mode().Perm())
	}
}

func TestExportToStandardOutput(t *testing.T) {
	stdout, _, err := exportOn(exportSiteFS(), "-o", "-", filepath.Join("testdata", "base-b.jsonl"), filepath.Join("testdata", "cur-b.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, "<!doctype html>") || !strings.Contains(stdout, "</html>") {
		t.Errorf("standard output is not one page: %.80q … %.80q", stdout, stdout[max(0, len(stdout)-80):])
	}
}

func TestExportNeverWritesOverAnInput(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-a.jsonl"), copyGolden(t, dir, "cur-a.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(cur, link); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(cur)
	for _, out := range []string{
		cur,
		filepath.Join(dir, ".", "sub", "..", "cur-a.jsonl"), // the same path, spelled otherwise
		link, // another name for the same file
	} {
		_, _, err := exportOn(exportSiteFS(), "-o", out, base, cur)
		if err == nil || !strings.Contains(err.Error(), "is an input") {
			t.Errorf("export -o %s: error %v, want a refusal", out, err)
		}
	}
	if after, _ := os.ReadFile(cur); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
}

func TestAFailedExportLeavesTheOldPage(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-a.jsonl"), copyGolden(t, dir, "cur-a.jsonl")
	out := filepath.Join(dir, "review.html")
	if err := os.WriteFile(out, []byte("the old page"), 0o644); err != nil {
		t.Fatal(err)
	}
	noECharts := exportSiteFS()
	delete(noECharts, "echarts.min.js")
	for name, run := range map[string]func() error{
		"missing input": func() error {
			_, _, err := exportOn(exportSiteFS(), "-o", out, base, filepath.Join(dir, "nowhere.jsonl"))
			return err
		},
		"no ECharts": func() error {
			_, _, err := exportOn(noECharts, "-o", out, base, cur)
			return err
		},
	} {
		if err := run(); err == nil {
			t.Errorf("%s: export succeeded", name)
		}
		if got, _ := os.ReadFile(out); string(got) != "the old page" {
			t.Errorf("%s: the old page became %.40q", name, got)
		}
	}
	if got, want := listDir(t, dir), []string{"base-a.jsonl", "cur-a.jsonl", "review.html"}; !slices.Equal(got, want) {
		t.Errorf("the folder holds %q, want %q", got, want)
	}
}

func TestExportSite(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-b.jsonl"), copyGolden(t, dir, "cur-b.jsonl")
	site := filepath.Join(dir, "site")
	stdout, _, err := exportOn(exportSiteFS(), "-site", site, base, cur)
	if err != nil {
		t.Fatal(err)
	}
	query := "?baseline=reports/base-b.jsonl&current=reports/cur-b.jsonl"
	if !strings.Contains(stdout, "/"+query) {
		t.Errorf("export -site printed no link with %s:\n%s", query, stdout)
	}
	for name, want := range map[string]string{
		"index.html":          "<!doctype html><title>viewer</title>",
		"viewer.wasm":         "\x00asm\x01\x00\x00\x00",
		"examples/base.jsonl": "{}\n",
	} {
		if got, err := os.ReadFile(filepath.Join(site, name)); err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want the viewer's file", name, got, err)
		}
	}
	for _, in := range []string{base, cur} {
		want, _ := os.ReadFile(in)
		got, err := os.ReadFile(filepath.Join(site, "reports", filepath.Base(in)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("reports/%s is not a copy of the report (%v)", filepath.Base(in), err)
		}
	}
	redirect, err := os.ReadFile(filepath.Join(site, "review.html"))
	if err != nil || !strings.Contains(string(redirect), `url=index.html?baseline=reports/base-b.jsonl&amp;current=reports/cur-b.jsonl"`) {
		t.Errorf("review.html does not redirect to the viewer on the reports: %s (%v)", redirect, err)
	}
	if info, _ := os.Stat(site); info.Mode().Perm() != 0o755 {
		t.Errorf("the site folder has mode %v, want 0755", info.Mode().Perm())
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"base-b.jsonl", "cur-b.jsonl", "site"}) {
		t.Errorf("beside the site: %q (a temporary folder left?)", got)
	}

	// Again into the same, now full, folder: refused, and nothing changes.
	_, _, err = exportOn(exportSiteFS(), "-site", site, base, cur)
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a second export into %s: %v, want a refusal", site, err)
	}
}

func TestExportSiteIntoAnEmptyFolder(t *testing.T) {
	site := t.TempDir()
	if _, _, err := exportOn(exportSiteFS(), "-site", site, filepath.Join("testdata", "base-c.jsonl")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(site, "reports", "base-c.jsonl")); err != nil {
		t.Error(err)
	}
}

func TestExportArguments(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"testdata/base-a.jsonl"}, // no -o nor -site
		{"-o", "x.html"},          // no report
		{"-o", "x.html", "a.jsonl", "b.jsonl", "c"}, // three reports
		{"-bogus", "a.jsonl"},
	} {
		_, stderr, err := exportOn(exportSiteFS(), args...)
		if exitCode(err) != 2 || !strings.Contains(stderr, "Usage: benchview export") {
			t.Errorf("export %q: %v, stderr %q; want usage and exit 2", args, err, stderr)
		}
	}
}

// A bad line in a usable report is told on stderr as file:line and shown
// on the page; it does not change the exit status, unless -strict is
// given, and the page is written either way.
func TestABadLineIsToldAndTheRestExported(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-a.jsonl"), copyGolden(t, dir, "cur-a.jsonl")
	f, err := os.OpenFile(cur, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"benchmark":"broken",` + "\n")
	f.Close()
	lines := bytes.Count(must(os.ReadFile(cur)), []byte("\n"))

	for _, strict := range []bool{false, true} {
		out := filepath.Join(dir, fmt.Sprintf("review-%v.html", strict))
		args := []string{"-o", out, base, cur}
		want := 0
		if strict {
			args, want = append([]string{"-strict"}, args...), 1
		}
		_, stderr, err := exportOn(exportSiteFS(), args...)
		if exitCode(err) != want {
			t.Errorf("export %q of a report with a bad line: %v, want exit status %d", args, err, want)
		}
		where := fmt.Sprintf("%s:%d:", cur, lines)
		if !strings.Contains(stderr, where) {
			t.Errorf("stderr %q does not name %s", stderr, where)
		}
		// The page, meant to be shared, names the file as the viewer does:
		// by its name, not by the folder it sits in.
		onPage := fmt.Sprintf("%s:%d:", filepath.Base(cur), lines)
		written, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("export %q wrote no page: %v", args, err)
			continue
		}
		page := html.UnescapeString(string(written))
		if !strings.Contains(page, `role="alert"`) || !strings.Contains(page, onPage) || strings.Contains(page, dir) {
			t.Errorf("the page has no alert naming %s, or names the folder %s", onPage, dir)
		}
		if n := strings.Count(page, "<tr data-row="); n < 10 {
			t.Errorf("the page has %d rows: the good lines were lost", n)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// gzipFile is data gzip-compressed.
func gzipFile(t *testing.T, data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// -site reads a report exactly as -o does: the same reader, so the same
// limits, the same messages on stderr and the same exit status. A report
// that holds no row is refused with a message naming it and status 1, and
// neither output is written. /dev/zero is refused from its first block
// rather than read until memory runs out.
func TestExportSiteReadsReportsAsThePageDoes(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"garbage.jsonl":  []byte("this is not a report\nnor is this\n"),
		"base.jsonl.gz":  gzipFile(t, must(os.ReadFile(filepath.Join("testdata", "base-a.jsonl")))),
		"empty.jsonl":    nil,
		"blank.jsonl":    []byte("\n \n"),
		"no-rows.jsonl":  []byte("{}\n{\"a\":1}\n"),
		"html.jsonl":     []byte("<!doctype html><title>a saved page</title>\n"),
		"utf16.jsonl":    []byte("\xff\xfe{\x00}\x00"),
		"truncated.json": []byte(`{"benchmark":"b","kind":"vm",`),
	}
	var inputs []string
	if runtime.GOOS != "windows" {
		inputs = append(inputs, "/dev/zero")
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, p)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			outs := t.TempDir()
			out, site := filepath.Join(outs, "review.html"), filepath.Join(outs, "site")
			_, pageErrs, pageErr := exportOn(exportSiteFS(), "-o", out, in)
			_, siteErrs, siteErr := exportOn(exportSiteFS(), "-site", site, in)
			if exitCode(pageErr) != 1 || exitCode(siteErr) != 1 {
				t.Errorf("-o: %v, -site: %v; want exit status 1 from both", pageErr, siteErr)
			}
			if pageErrs != siteErrs {
				t.Errorf("-o and -site say different things:\n-o:    %q\n-site: %q", pageErrs, siteErrs)
			}
			if !strings.Contains(siteErrs, in+": ") || !strings.Contains(siteErrs, in+": nothing to export") {
				t.Errorf("stderr %q does not name %s and say it has nothing to export", siteErrs, in)
			}
			for _, p := range []string{out, site} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s was written for an unusable report", p)
				}
			}
			for _, name := range listDir(t, outs) {
				if strings.HasPrefix(name, ".benchview") {
					t.Errorf("%s left behind", name)
				}
			}
		})
	}
}

// A bad line in a usable report is told by -site as by -o; the site is
// written, and the status is 0, or 1 under -strict.
func TestExportSiteTellsABadLineAndHonoursStrict(t *testing.T) {
	dir := t.TempDir()
	cur := filepath.Join(dir, "cur.jsonl")
	good := must(os.ReadFile(filepath.Join("testdata", "cur-a.jsonl")))
	if err := os.WriteFile(cur, append(good, "not json\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	where := fmt.Sprintf("%s:%d: not JSON", cur, bytes.Count(good, []byte("\n"))+1)
	for _, strict := range []bool{false, true} {
		site := filepath.Join(dir, fmt.Sprintf("site-%v", strict))
		args := []string{"-site", site, cur}
		want := 0
		if strict {
			args, want = append([]string{"-strict"}, args...), 1
		}
		_, stderr, err := exportOn(exportSiteFS(), args...)
		if exitCode(err) != want || !strings.Contains(stderr, where) {
			t.Errorf("export %q: %v, stderr %q; want exit status %d and %s", args, err, stderr, want, where)
		}
		copied, err := os.ReadFile(filepath.Join(site, "reports", "cur.jsonl"))
		if err != nil || !bytes.Equal(copied, must(os.ReadFile(cur))) {
			t.Errorf("export %q: the site's copy of the report differs (%v)", args, err)
		}
	}
}

// An output that cannot be written is named as the user named it, never
// by the temporary file it would have been assembled in.
func TestExportNamesTheOutputItCannotWrite(t *testing.T) {
	base := filepath.Join("testdata", "base-a.jsonl")
	for _, c := range []struct{ flag, out string }{
		{"-o", "/nonexistent/x.html"},
		{"-site", "/nonexistent/sub/site"},
	} {
		_, _, err := exportOn(exportSiteFS(), c.flag, c.out, base)
		if err == nil || !strings.Contains(err.Error(), c.out) || strings.Contains(err.Error(), ".benchview") {
			t.Errorf("export %s %s: %v; want an error naming %s and no temporary file", c.flag, c.out, err, c.out)
		}
	}
}

// pipeOf makes a FIFO named name in dir, as <(command) gives, that hands
// data to the first reader (skipping the test where mkfifo is not).
func pipeOf(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("makes a FIFO with mkfifo")
	}
	fifo := filepath.Join(dir, name)
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.Write(data)
			f.Close()
		}
	}()
	return fifo
}

// With -o and -site together each report is read once, so a pipe (a FIFO
// here, as <(command) gives) serves both: the page and the site's copy.
func TestExportReadsEachReportOnce(t *testing.T) {
	dir := t.TempDir()
	data := must(os.ReadFile(filepath.Join("testdata", "cur-a.jsonl")))
	fifo := pipeOf(t, dir, "cur.jsonl", data)
	out, site := filepath.Join(dir, "review.html"), filepath.Join(dir, "site")
	done := make(chan error, 1)
	go func() {
		_, _, err := exportOn(exportSiteFS(), "-o", out, "-site", site, fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		// A second read waits for a writer that never comes: free it.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		t.Fatal("export waited 20 s: it read the pipe a second time")
	}
	if n := strings.Count(string(must(os.ReadFile(out))), "<tr data-row="); n < 10 {
		t.Errorf("the page has %d rows", n)
	}
	if copied, err := os.ReadFile(filepath.Join(site, "reports", "cur.jsonl")); err != nil || !bytes.Equal(copied, data) {
		t.Errorf("the site's copy is not the report read from the pipe (%v)", err)
	}
}

// pageRows are the rows of an exported page as its embedded data holds
// them (the gzipped, base64 block benchview-data that page.js reads): each
// row's key (its data-row) and status (its data-verdict or data-state).
func pageRows(t *testing.T, page []byte) map[string]string {
	t.Helper()
	m := regexp.MustCompile(`<script type="application/gzip" id="benchview-data">([^<]*)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("the page has no data block")
	}
	zipped, err := base64.StdEncoding.DecodeString(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Keys []string
		Rows []struct{ Status string }
	}
	if err := json.NewDecoder(zr).Decode(&d); err != nil {
		t.Fatal(err)
	}
	if len(d.Keys) != len(d.Rows) {
		t.Fatalf("%d keys and %d rows", len(d.Keys), len(d.Rows))
	}
	rows := make(map[string]string, len(d.Keys))
	for i, k := range d.Keys {
		rows[k] = d.Rows[i].Status
	}
	return rows
}

// compareVerdicts runs `benchview compare -format json` on a fixture
// pair and returns, by the key a page gives the row (the result's label,
// with no kind or backend), what a page of metric must show: the verdict,
// or "not-ok" for a failed run, which compare compares but flags. compare
// prints no metric's name, so each line is read beside the row of
// toolreport.Match it was printed for (Match's order: the rows with
// samples of the metric on both sides), its benchmark and unit checked.
func compareVerdicts(t *testing.T, base, cur, metric string) map[string]string {
	t.Helper()
	out, errs, err := runCLI(t, compareArgs(base, cur, "-format", "json")...)
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, errs)
	}
	var paths []string
	for _, p := range []string{base, cur} {
		if p != "" {
			paths = append(paths, filepath.Join("testdata/formats", p))
		}
	}
	b, c, err := readToolPair(paths, "base", "new", io.Discard)
	if err != nil || b == nil {
		t.Fatalf("reading %v: %v", paths, err)
	}
	var printed []toolreport.Row
	for _, r := range toolreport.Match(b, c) {
		if r.BaseMetric != nil && r.CurMetric != nil && r.BaseMetric.Samples != nil && r.CurMetric.Samples != nil {
			printed = append(printed, r)
		}
	}
	lines := slices.DeleteFunc(jsonRows(t, out), func(l map[string]any) bool { return l["kind"] == "geomean" })
	if len(lines) != len(printed) {
		t.Fatalf("compare printed %d rows, Match has %d with samples on both sides", len(lines), len(printed))
	}
	want := map[string]string{}
	for i, l := range lines {
		r := &printed[i]
		if l["benchmark"] != r.Result().Name || l["unit"] != r.Metric().Unit {
			t.Fatalf("line %d is %v [%v], Match's row %s [%s]", i, l["benchmark"], l["unit"], r.Result().Name, r.Metric().Unit)
		}
		if r.Metric().Name != metric {
			continue
		}
		key := report.Key{Benchmark: r.Result().Label()}.String()
		want[key] = l["verdict"].(string)
		if l["status"] == "failed" {
			want[key] = "not-ok"
		}
	}
	if len(want) == 0 {
		t.Fatalf("compare printed no row of %s", metric)
	}
	return want
}

// verdicts are the statuses a compared row of a page can have.
var verdicts = []string{"regression", "improvement", "inside the noise", "underpowered"}

// checkPageVerdicts holds a page's rows to compare's: every row compare
// prints has the same verdict on the page, and every row the page gives a
// verdict is one compare prints.
func checkPageVerdicts(t *testing.T, page []byte, want map[string]string) {
	t.Helper()
	got := pageRows(t, page)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: the page says %q, compare %q", k, got[k], v)
		}
	}
	for k, v := range got {
		if _, ok := want[k]; !ok && slices.Contains(verdicts, v) {
			t.Errorf("%s: the page says %q; compare prints no such row", k, v)
		}
	}
}

// TestExportOfEveryFormatAgreesWithCompare exports each real tool's pair
// (a criterion folder given once) and holds the page's verdicts for its
// first metric, a time, to compare's; the page says which metric it shows
// and carries the reports' shared configuration, or says there is none.
func TestExportOfEveryFormatAgreesWithCompare(t *testing.T) {
	firstMetric := map[string]string{"go-text": "ns/op", "go-json": "ns/op", "hyperfine": "time",
		"googlebench": "real_time", "pytest": "time", "criterion": "time"}
	configured := map[string]string{"go-text": "<code>goos: linux</code>", "go-json": "<code>cpu: Intel(R) Xeon(R) Processor</code>",
		"googlebench": "<code>num_cpus: 2</code>", "pytest": "<code>python_version: 3.11.2</code>"}
	for _, p := range formatPairs {
		t.Run(p.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "review.html")
			args := []string{"-o", out, filepath.Join("testdata/formats", p.base)}
			if p.cur != "" {
				args = append(args, filepath.Join("testdata/formats", p.cur))
			}
			if _, errs, err := exportOn(exportSiteFS(), args...); err != nil {
				t.Fatalf("export %q: %v\n%s", args, err, errs)
			}
			page := must(os.ReadFile(out))
			metric := firstMetric[p.name]
			checkPageVerdicts(t, page, compareVerdicts(t, p.base, p.cur, metric))
			if want := "<p class=\"metric\">Metric <code>" + html.EscapeString(metric) + "</code>"; !bytes.Contains(page, []byte(want)) {
				t.Errorf("the page does not say it shows %s", metric)
			}
			want, ok := configured[p.name]
			if !ok {
				want = "<p>Neither report names a machine or a configuration all its rows share"
			}
			if !bytes.Contains(page, []byte(want)) || bytes.Contains(page, []byte("a cove-bench report carries no line")) {
				t.Errorf("the page's configuration is not %s", want)
			}
		})
	}
}

// -metric B/op exports the Go pair's page of B/op: compare's verdicts for
// B/op (Append's grows, as the fixture's README says), its header naming
// it and the other metrics, with the command that exports one.
func TestExportOfAnotherMetric(t *testing.T) {
	out := filepath.Join(t.TempDir(), "review.html")
	if _, errs, err := exportOn(exportSiteFS(), "-o", out, "-metric", "B/op", "testdata/formats/go/base.txt", "testdata/formats/go/cur.txt"); err != nil {
		t.Fatalf("%v\n%s", err, errs)
	}
	page := must(os.ReadFile(out))
	want := compareVerdicts(t, "go/base.txt", "go/cur.txt", "B/op")
	if want["Append-2//"] != "regression" {
		t.Fatalf("compare's B/op verdicts %v: Append-2 is no regression", want)
	}
	checkPageVerdicts(t, page, want)
	header := `<p class="metric">Metric <code>B/op</code> (lower is better) · also in these reports: <code>ns/op</code>, <code>allocs/op</code>, <code>MB/s</code>, <code>items/op</code> — export one with <code>benchview export -metric ns/op …</code> and the same reports</p>`
	if !strings.Contains(html.UnescapeString(string(page)), header) { // the page writes · — … as references
		t.Errorf("the page lacks its metric's header %s", header)
	}
}

// A metric the reports lack is a usage error listing those they have, and
// nothing is written; -metric on cove-bench reports likewise.
func TestExportOfAnUnknownMetricIsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"testdata/formats/go/base.txt", "testdata/formats/go/cur.txt"},
			`benchview export: -metric "bogus": the reports have no such metric; they have ns/op, B/op, allocs/op, MB/s, items/op` + "\n"},
		{[]string{"testdata/formats/hyperfine/base.json"}, `-metric "bogus": the reports have no such metric; they have time` + "\n"},
		{[]string{"testdata/base-a.jsonl", "testdata/cur-a.jsonl"}, `-metric "bogus": cove-bench reports have one metric, wall time`},
	} {
		out := filepath.Join(t.TempDir(), "review.html")
		_, stderr, err := exportOn(exportSiteFS(), append([]string{"-o", out, "-metric", "bogus"}, c.args...)...)
		if exitCode(err) != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: %v, stderr %q; want exit status 2 and %q", c.args, err, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: the page was written", c.args)
		}
	}
}

// Reports of two tools are refused with compare's message naming each
// file's format, for -o and -site alike, before a line is read (none is
// told as "not JSON"), and nothing is written; so is a criterion folder
// for -site, whose viewer fetches one file a side.
func TestExportRefusesReportsOfTwoTools(t *testing.T) {
	for _, c := range []struct {
		inputs []string
		want   string
	}{
		{[]string{"testdata/base-a.jsonl", "testdata/formats/hyperfine/cur.json"},
			"testdata/base-a.jsonl is a cove-bench report and testdata/formats/hyperfine/cur.json a hyperfine report: compare two reports of one tool"},
		{[]string{"testdata/formats/go/base.txt", "testdata/formats/pytest/cur.json"},
			"testdata/formats/go/base.txt is a go test -bench report and testdata/formats/pytest/cur.json a pytest-benchmark report"},
	} {
		for _, mode := range []string{"-o", "-site"} {
			dir := t.TempDir()
			out := filepath.Join(dir, "review.html")
			if mode == "-site" {
				out = filepath.Join(dir, "site")
			}
			_, stderr, err := exportOn(exportSiteFS(), append([]string{mode, out}, c.inputs...)...)
			if exitCode(err) != 1 || !strings.Contains(err.Error(), c.want) {
				t.Errorf("export %s %v: got %v, want an error containing %q", mode, c.inputs, err, c.want)
			}
			if stderr != "" {
				t.Errorf("export %s %v: stderr %.300q, want nothing before the refusal", mode, c.inputs, stderr)
			}
			if got := listDir(t, dir); len(got) != 0 {
				t.Errorf("export %s %v left %q", mode, c.inputs, got)
			}
		}
	}
	dir := t.TempDir()
	_, stderr, err := exportOn(exportSiteFS(), "-site", filepath.Join(dir, "site"), "testdata/formats/criterion/target/criterion")
	if exitCode(err) != 2 || !strings.Contains(stderr, "-site: a folder (criterion's) cannot be a site's report") {
		t.Errorf("-site of a criterion folder: %v, stderr %q; want a usage error", err, stderr)
	}
	if got := listDir(t, dir); len(got) != 0 {
		t.Errorf("-site of a criterion folder left %q", got)
	}
}

// Another tool's report is placed from its first bytes before it is read,
// so a pipe serves as a file does, and read once: the page of a hyperfine
// report given through a FIFO has compare's verdicts, and -site copies
// the bytes read.
func TestExportReadsAToolsReportFromAPipe(t *testing.T) {
	dir := t.TempDir()
	data := must(os.ReadFile("testdata/formats/hyperfine/cur.json"))
	fifo := pipeOf(t, dir, "cur.json", data)
	out, site := filepath.Join(dir, "review.html"), filepath.Join(dir, "site")
	if _, errs, err := exportOn(exportSiteFS(), "-o", out, "-site", site, "testdata/formats/hyperfine/base.json", fifo); err != nil {
		t.Fatalf("%v\n%s", err, errs)
	}
	checkPageVerdicts(t, must(os.ReadFile(out)), compareVerdicts(t, "hyperfine/base.json", "hyperfine/cur.json", "time"))
	if copied, err := os.ReadFile(filepath.Join(site, "reports", "cur.json")); err != nil || !bytes.Equal(copied, data) {
		t.Errorf("the site's copy is not the report read from the pipe (%v)", err)
	}
}
