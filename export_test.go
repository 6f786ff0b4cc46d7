package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
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

func TestExportWritesOnePage(t *testing.T) {
	dir := t.TempDir()
	base, cur := copyGolden(t, dir, "base-a.jsonl"), copyGolden(t, dir, "cur-a.jsonl")
	out := filepath.Join(dir, "review.html")
	var stdout bytes.Buffer
	if err := exportPage(out, []string{base, cur}, exportSiteFS(), &stdout, io.Discard); err != nil {
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
	var stdout bytes.Buffer
	err := exportPage("-", []string{filepath.Join("testdata", "base-b.jsonl"), filepath.Join("testdata", "cur-b.jsonl")},
		exportSiteFS(), &stdout, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), "<!doctype html>") || !strings.Contains(stdout.String(), "</html>") {
		t.Errorf("standard output is not one page: %.80q … %.80q", stdout.String(), stdout.String()[max(0, stdout.Len()-80):])
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
		err := exportPage(out, []string{base, cur}, exportSiteFS(), io.Discard, io.Discard)
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
			return exportPage(out, []string{base, filepath.Join(dir, "nowhere.jsonl")}, exportSiteFS(), io.Discard, io.Discard)
		},
		"no ECharts": func() error { return exportPage(out, []string{base, cur}, noECharts, io.Discard, io.Discard) },
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
	var stdout bytes.Buffer
	if err := exportSite(site, []string{base, cur}, exportSiteFS(), &stdout); err != nil {
		t.Fatal(err)
	}
	query := "?baseline=reports/base-b.jsonl&current=reports/cur-b.jsonl"
	if !strings.Contains(stdout.String(), "/"+query) {
		t.Errorf("export -site printed no link with %s:\n%s", query, stdout.String())
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
	err = exportSite(site, []string{base, cur}, exportSiteFS(), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a second export into %s: %v, want a refusal", site, err)
	}
}

func TestExportSiteIntoAnEmptyFolder(t *testing.T) {
	site := t.TempDir()
	err := exportSite(site, []string{filepath.Join("testdata", "base-c.jsonl")}, exportSiteFS(), io.Discard)
	if err != nil {
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
		var stderr bytes.Buffer
		err := runExport(args, io.Discard, &stderr)
		var exit exitError
		if !errors.As(err, &exit) || exit.code != 2 || !strings.Contains(stderr.String(), "Usage: benchview export") {
			t.Errorf("export %q: %v, stderr %q; want usage and exit 2", args, err, stderr.String())
		}
	}
}

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

	out := filepath.Join(dir, "review.html")
	var stderr bytes.Buffer
	err = exportPage(out, []string{base, cur}, exportSiteFS(), io.Discard, &stderr)
	var exit exitError
	if !errors.As(err, &exit) || exit.code != 1 {
		t.Errorf("export of a report with a bad line: %v, want exit status 1", err)
	}
	where := fmt.Sprintf("%s:%d:", cur, lines)
	if !strings.Contains(stderr.String(), where) {
		t.Errorf("stderr %q does not name %s", stderr.String(), where)
	}
	// The page, meant to be shared, names the file as the viewer does: by
	// its name, not by the folder it sits in.
	onPage := fmt.Sprintf("%s:%d:", filepath.Base(cur), lines)
	page := html.UnescapeString(string(must(os.ReadFile(out))))
	if !strings.Contains(page, `role="alert"`) || !strings.Contains(page, onPage) || strings.Contains(page, dir) {
		t.Errorf("the page has no alert naming %s, or names the folder %s", onPage, dir)
	}
	if n := strings.Count(page, "<tr data-row="); n < 10 {
		t.Errorf("the page has %d rows: the good lines were lost", n)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
