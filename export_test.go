package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
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

// With -o and -site together each report is read once, so a pipe (a FIFO
// here, as <(command) gives) serves both: the page and the site's copy.
func TestExportReadsEachReportOnce(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("makes a FIFO with mkfifo")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "cur.jsonl")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Fatal(err)
	}
	data := must(os.ReadFile(filepath.Join("testdata", "cur-a.jsonl")))
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.Write(data)
			f.Close()
		}
	}()
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

// Another tool's report is refused in one line naming its tool and the
// commands that read it, for -o and -site alike, and nothing is written.
func TestExportRefusesAnotherToolsReportInOneLine(t *testing.T) {
	for _, mode := range []string{"-o", "-site"} {
		dir := t.TempDir()
		out := filepath.Join(dir, "review.html")
		if mode == "-site" {
			out = filepath.Join(dir, "site")
		}
		_, stderr, err := exportOn(exportSiteFS(), mode, out, "testdata/base-a.jsonl", "testdata/formats/hyperfine/cur.json")
		want := "testdata/formats/hyperfine/cur.json is a hyperfine report: the viewer and the exported page read cove-bench reports so far; `benchview compare` and `benchview stats` read hyperfine output"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("export %s: got %v, want an error containing %q", mode, err, want)
		}
		if strings.Contains(stderr, "not JSON") {
			t.Errorf("export %s: its lines were told one by one:\n%.300s", mode, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("export %s wrote %s", mode, out)
		}
	}
}
