package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// The handler tests run on a small site of their own, so they do not
// depend on what `make build` has put in web/.

// wasmBody stands in for a built WASM: large and compressible, like the
// real one. Its .gz sibling below is what the Makefile would prepare.
var wasmBody = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 some code, some data "), 200)

// appJS is a script over a kilobyte with no sibling: compressed at startup.
var appJS = []byte(strings.Repeat("console.log('benchview');\n", 100))

func gz(t testing.TB, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(body)
	zw.Close()
	return buf.Bytes()
}

func gunzip(t testing.TB, body []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("body is not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

func testSite(t testing.TB) fstest.MapFS {
	return fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><title>benchview</title>")},
		"app.js":              {Data: appJS},
		"style.css":           {Data: []byte("body { margin: 0 }")},
		"viewer.wasm":         {Data: wasmBody},
		"viewer.wasm.gz":      {Data: gz(t, wasmBody)},
		"old.wasm":            {Data: wasmBody[:2048]},
		"old.wasm.gz":         {Data: gz(t, []byte("left over from an earlier build"))},
		"cut.wasm":            {Data: wasmBody[:4096]},
		"cut.wasm.gz":         {Data: gz(t, wasmBody[:4096])[:20]}, // an interrupted write
		"logo.png":            {Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 400)},
		"examples/base.jsonl": {Data: []byte(`{"benchmark":"pure","kind":"vm","backend":"vm","wall_ns":{"samples":[1,2,3]}}` + "\n")},
		".secret":             {Data: []byte("not for serving")},
		".git/config":         {Data: []byte("not for serving")},
		"link.html":           {Data: []byte("/etc/passwd"), Mode: fs.ModeSymlink},
	}
}

func newTestHandler(t testing.TB, fsys fs.FS, reports ...servedReport) http.Handler {
	t.Helper()
	h, err := newHandler(fsys, reports)
	if err != nil {
		t.Fatalf("newHandler: %v", err)
	}
	return h
}

// get sends one request through h; header pairs follow the target.
func get(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func checkHeader(t *testing.T, rec *httptest.ResponseRecorder, name, want string) {
	t.Helper()
	if got := rec.Header().Get(name); got != want {
		t.Errorf("%s: got %q, want %q", name, got, want)
	}
}

func TestEmbeddedViewerHasIndex(t *testing.T) {
	site, err := fs.Sub(webFiles, "web")
	if err != nil {
		t.Fatal(err)
	}
	h := newTestHandler(t, site)
	rec := get(h, "GET", "/")
	if rec.Code != http.StatusOK || !strings.Contains(strings.ToLower(rec.Body.String()), "<html") {
		t.Fatalf("GET / of the embedded viewer: got %d %.80q, want 200 and index.html", rec.Code, rec.Body.String())
	}
}

func TestAssetsAreServedWithTheirTypes(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	for _, tc := range []struct {
		path, contentType string
		body              []byte
	}{
		{"/", "text/html; charset=utf-8", []byte("<!doctype html><title>benchview</title>")},
		{"/index.html", "text/html; charset=utf-8", []byte("<!doctype html><title>benchview</title>")},
		{"/app.js", "text/javascript; charset=utf-8", appJS},
		{"/style.css", "text/css; charset=utf-8", []byte("body { margin: 0 }")},
		{"/viewer.wasm", "application/wasm", wasmBody},
		{"/logo.png", "image/png", bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 400)},
		{"/examples/base.jsonl", "text/plain; charset=utf-8", testSite(t)["examples/base.jsonl"].Data},
	} {
		t.Run(tc.path, func(t *testing.T) {
			rec := get(h, "GET", tc.path)
			if rec.Code != http.StatusOK {
				t.Fatalf("status: got %d, want 200", rec.Code)
			}
			checkHeader(t, rec, "Content-Type", tc.contentType)
			checkHeader(t, rec, "Content-Encoding", "")
			if !bytes.Equal(rec.Body.Bytes(), tc.body) {
				t.Errorf("body: got %d bytes %.40q, want %d bytes %.40q", rec.Body.Len(), rec.Body.Bytes(), len(tc.body), tc.body)
			}
		})
	}
}

func TestHeadHasHeadersAndNoBody(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	rec := get(h, "HEAD", "/viewer.wasm")
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Fatalf("HEAD: got %d with %d body bytes, want 200 and none", rec.Code, rec.Body.Len())
	}
	checkHeader(t, rec, "Content-Type", "application/wasm")
	checkHeader(t, rec, "Content-Length", fmt.Sprint(len(wasmBody)))
}

func TestOnlyGetAndHeadAreAllowed(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"} {
		t.Run(method, func(t *testing.T) {
			rec := get(h, method, "/index.html")
			if rec.Code != http.StatusMethodNotAllowed {
				t.Errorf("status: got %d, want 405", rec.Code)
			}
			checkHeader(t, rec, "Allow", "GET, HEAD")
		})
	}
}

func TestEveryResponseCarriesSecurityHeaders(t *testing.T) {
	dir := t.TempDir()
	h := newTestHandler(t, testSite(t), writeReport(t, dir, "baseline", "base.jsonl", "{}\n"))
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 302}, // to the page with the report (TestTheBareAddressOpensOnTheNamedReports)
		{"GET", "/?baseline=/reports/baseline/base.jsonl", 200},
		{"GET", "/viewer.wasm", 200},
		{"GET", "/reports/baseline/base.jsonl", 200},
		{"GET", "/missing.js", 404},
		{"GET", "/../server.go", 400},
		{"POST", "/", 405},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec := get(h, tc.method, tc.path)
			if rec.Code != tc.status {
				t.Errorf("status: got %d, want %d", rec.Code, tc.status)
			}
			checkHeader(t, rec, "Content-Security-Policy", contentSecurityPolicy)
			checkHeader(t, rec, "X-Content-Type-Options", "nosniff")
			checkHeader(t, rec, "Referrer-Policy", "no-referrer")
			checkHeader(t, rec, "Cross-Origin-Opener-Policy", "same-origin")
			checkHeader(t, rec, "Cross-Origin-Embedder-Policy", "require-corp")
		})
	}
}

func TestContentSecurityPolicyAllowsOnlySelfAndWasm(t *testing.T) {
	// Each directive the page relies on, and the ones that keep everything
	// else out. 'unsafe-eval' would let JavaScript eval run: only
	// 'wasm-unsafe-eval' may appear.
	for _, want := range []string{
		"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval';", "connect-src 'self'",
		"object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
	} {
		if !strings.Contains(contentSecurityPolicy, want) {
			t.Errorf("the policy lacks %q: %s", want, contentSecurityPolicy)
		}
	}
	// Workers come from worker.js on this origin, never from a blob: or
	// data: URL a script could make up.
	if !strings.Contains(contentSecurityPolicy, "worker-src 'self';") {
		t.Errorf("the policy lets workers come from elsewhere than 'self': %s", contentSecurityPolicy)
	}
	for _, banned := range []string{" 'unsafe-eval'", "http:", "https:", "*", "blob:"} {
		if strings.Contains(contentSecurityPolicy, banned) {
			t.Errorf("the policy allows %q: %s", banned, contentSecurityPolicy)
		}
	}
}

func TestPreparedGzipIsServedAsIs(t *testing.T) {
	site := testSite(t)
	h := newTestHandler(t, site)
	rec := get(h, "GET", "/viewer.wasm", "Accept-Encoding", "gzip, deflate, br")
	if rec.Code != http.StatusOK {
		t.Fatalf("status: got %d, want 200", rec.Code)
	}
	checkHeader(t, rec, "Content-Encoding", "gzip")
	checkHeader(t, rec, "Vary", "Accept-Encoding")
	checkHeader(t, rec, "Content-Type", "application/wasm")
	checkHeader(t, rec, "Content-Length", fmt.Sprint(len(site["viewer.wasm.gz"].Data)))
	// The very bytes of the sibling: nothing was recompressed.
	if !bytes.Equal(rec.Body.Bytes(), site["viewer.wasm.gz"].Data) {
		t.Errorf("body: got %d bytes, want the %d bytes of viewer.wasm.gz", rec.Body.Len(), len(site["viewer.wasm.gz"].Data))
	}
	if rec.Body.Len() >= len(wasmBody) {
		t.Errorf("compressed body is %d bytes, not smaller than %d", rec.Body.Len(), len(wasmBody))
	}
}

func TestGzipIsOnlyForClientsThatAskForIt(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	for _, tc := range []struct {
		acceptEncoding string
		gzipped        bool
	}{
		{"", false},
		{"identity", false},
		{"br, deflate", false},
		{"gzip;q=0, deflate", false},
		{"gzip;q=0, *", false},
		{"*;q=0", false},
		{"gzip", true},
		{"GZip;q=0.5", true},
		{"x-gzip", true},
		{"deflate, *", true},
	} {
		t.Run(tc.acceptEncoding, func(t *testing.T) {
			rec := get(h, "GET", "/viewer.wasm", "Accept-Encoding", tc.acceptEncoding)
			checkHeader(t, rec, "Vary", "Accept-Encoding") // on both forms, for caches
			body := rec.Body.Bytes()
			if tc.gzipped {
				checkHeader(t, rec, "Content-Encoding", "gzip")
				body = gunzip(t, body)
			} else {
				checkHeader(t, rec, "Content-Encoding", "")
			}
			if !bytes.Equal(body, wasmBody) {
				t.Errorf("body does not decode to viewer.wasm (%d bytes)", len(body))
			}
		})
	}
}

func TestOtherTextIsCompressedOnceAtStartup(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	first := get(h, "GET", "/app.js", "Accept-Encoding", "gzip")
	checkHeader(t, first, "Content-Encoding", "gzip")
	if got := gunzip(t, first.Body.Bytes()); !bytes.Equal(got, appJS) {
		t.Fatalf("app.js decodes to %d bytes, want %d", len(got), len(appJS))
	}
	second := get(h, "GET", "/app.js", "Accept-Encoding", "gzip")
	if !bytes.Equal(first.Body.Bytes(), second.Body.Bytes()) || first.Header().Get("ETag") != second.Header().Get("ETag") {
		t.Errorf("two requests got different gzip bodies or ETags: compressed per request?")
	}

	// A stale or broken sibling is ignored, not served.
	for p, want := range map[string][]byte{"/old.wasm": wasmBody[:2048], "/cut.wasm": wasmBody[:4096]} {
		rec := get(h, "GET", p, "Accept-Encoding", "gzip")
		checkHeader(t, rec, "Content-Encoding", "gzip")
		if got := gunzip(t, rec.Body.Bytes()); !bytes.Equal(got, want) {
			t.Errorf("%s decodes to %.40q, want its current bytes", p, got)
		}
	}

	// Small files and images are not worth compressing.
	for _, p := range []string{"/style.css", "/logo.png"} {
		rec := get(h, "GET", p, "Accept-Encoding", "gzip")
		checkHeader(t, rec, "Content-Encoding", "")
		checkHeader(t, rec, "Vary", "")
	}
}

func TestReloadRevalidatesAndRebuildIsFresh(t *testing.T) {
	site := testSite(t)
	h := newTestHandler(t, site)
	for _, accept := range []string{"", "gzip"} {
		t.Run("Accept-Encoding="+accept, func(t *testing.T) {
			first := get(h, "GET", "/viewer.wasm", "Accept-Encoding", accept)
			tag := first.Header().Get("ETag")
			if !strings.HasPrefix(tag, `"`) || len(tag) < 10 {
				t.Fatalf("ETag: got %q, want a strong quoted validator", tag)
			}
			checkHeader(t, first, "Cache-Control", "no-cache")
			reload := get(h, "GET", "/viewer.wasm", "Accept-Encoding", accept, "If-None-Match", tag)
			if reload.Code != http.StatusNotModified || reload.Body.Len() != 0 {
				t.Errorf("reload: got %d with %d bytes, want 304 and no body", reload.Code, reload.Body.Len())
			}
			checkHeader(t, reload, "ETag", tag)
		})
	}
	plain := get(h, "GET", "/viewer.wasm").Header().Get("ETag")
	zipped := get(h, "GET", "/viewer.wasm", "Accept-Encoding", "gzip").Header().Get("ETag")
	if plain == zipped {
		t.Errorf("the plain and gzip forms share the ETag %s", plain)
	}

	// A rebuild: one byte differs, the old validator no longer matches.
	rebuilt := append([]byte{}, wasmBody...)
	rebuilt[len(rebuilt)-1] ^= 1
	site["viewer.wasm"] = &fstest.MapFile{Data: rebuilt}
	site["viewer.wasm.gz"] = &fstest.MapFile{Data: gz(t, rebuilt)}
	h2 := newTestHandler(t, site)
	rec := get(h2, "GET", "/viewer.wasm", "If-None-Match", plain)
	if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), rebuilt) {
		t.Errorf("after a rebuild: got %d, want 200 with the new bytes", rec.Code)
	}
}

func TestNothingOutsideTheTablesIsReachable(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := writeReport(t, dir, "baseline", "base.jsonl", "{}\n")
	h := newTestHandler(t, testSite(t), report)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/../index.html", 400},
		{"/%2e%2e/index.html", 400},
		{"/%2E%2E/%2E%2E/etc/passwd", 400},
		{"/examples/../index.html", 400},
		{"/./index.html", 400},
		{"//index.html", 400},
		{"/..%2findex.html", 400},
		{"/examples%2fbase.jsonl", 400},
		{"/reports%2Fbaseline%2Fbase.jsonl", 400},
		{"/%2fetc%2fpasswd", 400},
		{`/..\index.html`, 400},
		{"/..%5cindex.html", 400},
		{"/index.html%00", 400},
		{"/index.html%00.png", 400},
		{"/index.html%0a", 400},
		{"/reports/baseline/../../secret.txt", 400},
		{"/reports/baseline/..%2f..%2fsecret.txt", 400},
		{"/reports/baseline/secret.txt", 404},
		{"/reports/current/base.jsonl", 404},
		{"/reports/baseline/BASE.JSONL", 404},
		{"/reports" + filepath.ToSlash(secret), 404},
		{filepath.ToSlash(secret), 404},
		{"/etc/passwd", 404},
		{"/C:/Windows/win.ini", 404},
		{"/web/index.html", 404},
		{"/server.go", 404},
		{"/.secret", 404},
		{"/.git/config", 404},
		{"/link.html", 404},
		{"/viewer.wasm.gz", 404},
		{"/index.html/", 404},
	} {
		t.Run(tc.path, func(t *testing.T) {
			rec := get(h, "GET", tc.path)
			if rec.Code != tc.status {
				t.Errorf("status: got %d, want %d (body %.60q)", rec.Code, tc.status, rec.Body.String())
			}
			if strings.Contains(rec.Body.String(), "secret") {
				t.Errorf("the body leaks the file outside: %q", rec.Body.String())
			}
		})
	}
}

func TestRealSymlinksAreNotFollowed(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<html>"), 0o644)
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(site, "leak.txt")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Symlink(outside, filepath.Join(site, "out")); err != nil {
		t.Fatal(err)
	}
	h := newTestHandler(t, os.DirFS(site))
	for _, p := range []string{"/leak.txt", "/out/secret.txt", "/out/", "/out"} {
		if rec := get(h, "GET", p); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: got %d %.40q, want 404", p, rec.Code, rec.Body.String())
		}
	}
}

func TestNoDirectoryListings(t *testing.T) {
	h := newTestHandler(t, testSite(t))
	for _, p := range []string{"/examples/", "/examples", "/reports/", "/reports", "/.git/"} {
		rec := get(h, "GET", p)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: got %d, want 404", p, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "base.jsonl") {
			t.Errorf("GET %s lists the directory: %q", p, rec.Body.String())
		}
	}
}

// writeReport writes a report file in dir and names it for serving, as the
// command line would.
func writeReport(t testing.TB, dir, role, name, content string) servedReport {
	t.Helper()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	reports, err := namedReports([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	r := reports[0]
	r.role, r.route = role, "/reports/"+role+"/"+routeName(name)
	return r
}

func TestReportsAreServedReadOnlyAndFresh(t *testing.T) {
	dir := t.TempDir()
	base := writeReport(t, dir, "baseline", "base.jsonl", "first run\n")
	cur := writeReport(t, dir, "current", "cur.jsonl", "second run\n")
	h := newTestHandler(t, testSite(t), base, cur)

	rec := get(h, "GET", "/reports/baseline/base.jsonl", "Accept-Encoding", "gzip")
	if rec.Code != http.StatusOK || rec.Body.String() != "first run\n" {
		t.Fatalf("baseline: got %d %q, want 200 %q", rec.Code, rec.Body.String(), "first run\n")
	}
	checkHeader(t, rec, "Content-Type", "text/plain; charset=utf-8")
	checkHeader(t, rec, "Cache-Control", "no-store")
	if got := get(h, "GET", "/reports/current/cur.jsonl").Body.String(); got != "second run\n" {
		t.Errorf("current: got %q, want %q", got, "second run\n")
	}

	// The benchmark is rerun: the next request sees the new file.
	if err := os.WriteFile(base.file, []byte("rerun\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := get(h, "GET", "/reports/baseline/base.jsonl").Body.String(); got != "rerun\n" {
		t.Errorf("after a rerun: got %q, want %q", got, "rerun\n")
	}

	// Read-only: no method but GET and HEAD reaches it, and it is left as is.
	if rec := get(h, "PUT", "/reports/baseline/base.jsonl"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("PUT: got %d, want 405", rec.Code)
	}
	if data, _ := os.ReadFile(base.file); string(data) != "rerun\n" {
		t.Errorf("the report changed to %q", data)
	}

	// Gone from disk: a clear 404, not a crash.
	os.Remove(base.file)
	rec = get(h, "GET", "/reports/baseline/base.jsonl")
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "base.jsonl") {
		t.Errorf("removed report: got %d %q, want 404 naming base.jsonl", rec.Code, rec.Body.String())
	}
}

func TestNamedReportsAreChecked(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	os.WriteFile(good, []byte("{}\n"), 0o644)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing", []string{filepath.Join(dir, "nope.jsonl")}, "baseline report " + filepath.Join(dir, "nope.jsonl") + ": no such file"},
		{"missing current", []string{good, "nope.jsonl"}, "current report nope.jsonl: no such file"},
		{"directory", []string{dir}, "baseline report " + dir + ": is a directory"},
		// A criterion folder is many files; the server serves one a side.
		{"criterion folder", []string{"testdata/formats/criterion/target/criterion"},
			"is a directory, not a report file: for a criterion folder, give one sample.json a side (NAME/base/sample.json NAME/new/sample.json), or read the whole folder with `benchview export` or `benchview compare`"},
		{"too many", []string{good, good, good}, "too many arguments"},
		{"mistyped verb", []string{"compar"}, "baseline report compar: no such file (the verbs are compare, stats and export"},
		// Reports of two tools are refused as compare refuses them, in
		// one line naming each, not in the page once it has loaded.
		{"two tools", []string{good, "testdata/formats/hyperfine/cur.json"}, good + " is a cove-bench report and testdata/formats/hyperfine/cur.json a hyperfine report: compare two reports of one tool"},
		{"go and pytest", []string{"testdata/formats/go/base.txt", "testdata/formats/pytest/cur.json"}, "is a go test -bench report and testdata/formats/pytest/cur.json a pytest-benchmark report"},
	}
	if runtime.GOOS != "windows" {
		// A device, like a pipe from <(command), reads once: the server
		// rereads a report on every request.
		cases = append(cases, struct {
			name string
			args []string
			want string
		}{"device", []string{good, "/dev/null"}, "current report /dev/null: not a regular file: the server reads a report again on every request"})
	}
	if os.Geteuid() > 0 { // root reads any file
		unreadable := filepath.Join(dir, "unreadable.jsonl")
		os.WriteFile(unreadable, []byte("{}\n"), 0o000)
		cases = append(cases, struct {
			name string
			args []string
			want string
		}{"unreadable", []string{unreadable}, "baseline report " + unreadable + ": permission denied"})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := namedReports(tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	// Every other tool's report is served: the viewer reads its bytes.
	for _, pair := range formatPairs {
		if pair.cur == "" {
			continue // a criterion folder, refused above
		}
		args := []string{filepath.Join("testdata/formats", pair.base), filepath.Join("testdata/formats", pair.cur)}
		if _, err := namedReports(args); err != nil {
			t.Errorf("%s: %v", pair.name, err)
		}
	}
	if _, err := namedReports([]string{"testdata/formats/criterion/target/criterion/total/base/sample.json", "testdata/formats/criterion/target/criterion/total/new/sample.json"}); err != nil {
		t.Errorf("criterion's sample.json files: %v", err)
	}
	reports, err := namedReports([]string{good, good})
	if err != nil {
		t.Fatal(err)
	}
	if reports[0].route != "/reports/baseline/good.jsonl" || reports[1].route != "/reports/current/good.jsonl" {
		t.Errorf("routes: got %q and %q", reports[0].route, reports[1].route)
	}
}

func TestRouteNameKeepsRequestPathsPlain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"base.jsonl", "base.jsonl"},
		{"run 1 (main).jsonl", "run 1 (main).jsonl"},
		{"résultats.jsonl", "résultats.jsonl"},
		{`a\b%41.jsonl`, "a_b_41.jsonl"},
		{"tab\there\n.jsonl", "tab_here_.jsonl"},
		{"bad\xffutf8.jsonl", "bad_utf8.jsonl"},
	} {
		got := routeName(tc.in)
		if got != tc.want {
			t.Errorf("routeName(%q): got %q, want %q", tc.in, got, tc.want)
		}
		u := &url.URL{Path: "/reports/baseline/" + got}
		if p, ok := requestPath(u); !ok || p != u.Path {
			t.Errorf("route %q would be refused as a request path", u.Path)
		}
	}
}

func TestPageURLEscapesReportNames(t *testing.T) {
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	reports := []servedReport{
		{role: "baseline", route: "/reports/baseline/main #1 & co.jsonl"},
		{role: "current", route: "/reports/current/pr?=ü.jsonl"},
	}
	got := pageURL(addr, reports)
	want := "http://127.0.0.1:8080/?baseline=/reports/baseline/main%2520%25231%2520%26%2520co.jsonl" +
		"&current=/reports/current/pr%253F%3D%25C3%25BC.jsonl"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// What the page does: read the parameter, fetch it, and the server
	// decodes that fetch back to the route.
	u, err := url.Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		fetched, err := url.Parse(u.Query().Get(r.role))
		if err != nil || fetched.Path != r.route {
			t.Errorf("%s: the page would fetch %v (%v), which decodes to %q, want %q", r.role, u.Query().Get(r.role), err, fetched.Path, r.route)
		}
	}

	for _, any := range []net.IP{net.IPv4zero, net.IPv6unspecified} {
		if got := pageURL(&net.TCPAddr{IP: any, Port: 80}, nil); got != "http://127.0.0.1:80/" {
			t.Errorf("all interfaces (%s): got %s, want the loopback URL", any, got)
		}
	}
	if got := pageURL(&net.TCPAddr{IP: net.IPv6loopback, Port: 80}, nil); got != "http://[::1]:80/" {
		t.Errorf("IPv6: got %s", got)
	}
}

// syncBuffer is a writer the server goroutine and the test can share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is runServe running in the background, as `benchview ARGS`.
type server struct {
	url    string
	stderr *syncBuffer
	cancel context.CancelFunc
	done   chan error
}

// startServe runs `benchview ARGS` on the embedded viewer and waits for
// the URL it prints.
func startServe(t *testing.T, args ...string) *server {
	t.Helper()
	return startServeSite(t, nil, args...)
}

// startServeSite is startServe on site instead of the embedded viewer
// (when site is not nil).
func startServeSite(t *testing.T, site fs.FS, args ...string) *server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, in := io.Pipe()
	s := &server{stderr: &syncBuffer{}, cancel: cancel, done: make(chan error, 1)}
	go func() {
		var err error
		if site == nil {
			err = runServe(ctx, args, in, s.stderr)
		} else {
			err = serveSite(ctx, site, args, in, s.stderr)
		}
		in.CloseWithError(fmt.Errorf("runServe returned %v", err))
		s.done <- err
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("no URL printed: %v; stderr: %s", err, s.stderr)
	}
	go io.Copy(io.Discard, out)
	s.url = strings.TrimSpace(line)
	t.Cleanup(func() { s.stop(t) })
	return s
}

// stop cancels the context, as Ctrl-C does, and waits for a clean return.
func (s *server) stop(t *testing.T) {
	t.Helper()
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("runServe after shutdown: got %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("runServe did not return within 10s of the shutdown")
	}
}

func fetch(t *testing.T, u string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

func TestServePreloadsReportsAndShutsDown(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "main run.jsonl")
	cur := filepath.Join(dir, "pr.jsonl")
	os.WriteFile(base, []byte("baseline bytes\n"), 0o644)
	os.WriteFile(cur, []byte("current bytes\n"), 0o644)

	s := startServe(t, "-addr", "127.0.0.1:0", base, cur)
	page, err := url.Parse(s.url)
	if err != nil || page.Scheme != "http" || page.Path != "/" {
		t.Fatalf("printed %q, want http://HOST:PORT/?baseline=...", s.url)
	}
	if host, port, _ := net.SplitHostPort(page.Host); host != "127.0.0.1" || port == "0" || port == "" {
		t.Errorf("printed host %q, want 127.0.0.1 and the real port", page.Host)
	}
	for role, want := range map[string]string{"baseline": "baseline bytes\n", "current": "current bytes\n"} {
		ref, err := page.Parse(page.Query().Get(role))
		if err != nil {
			t.Fatalf("%s: %v", role, err)
		}
		resp, body := fetch(t, ref.String())
		if resp.StatusCode != http.StatusOK || body != want {
			t.Errorf("%s at %s: got %d %q, want 200 %q", role, ref, resp.StatusCode, body, want)
		}
	}
	if strings.Contains(s.stderr.String(), "warning") {
		t.Errorf("a loopback server warned: %s", s.stderr)
	}

	resp, _ := fetch(t, page.ResolveReference(&url.URL{Path: "/"}).String())
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Security-Policy") != contentSecurityPolicy {
		t.Errorf("GET /: got %d with CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}

	// A raw request, as no well-behaved client would send it.
	conn, err := net.Dial("tcp", page.Host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /../server.go HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", page.Host)
	raw, _ := io.ReadAll(conn)
	conn.Close()
	if !bytes.HasPrefix(raw, []byte("HTTP/1.1 400")) {
		t.Errorf("raw traversal: got %.60q, want a 400", raw)
	}

	s.stop(t)
	if !strings.Contains(s.stderr.String(), "shutting down") {
		t.Errorf("stderr: got %q, want it to say it is shutting down", s.stderr)
	}
	if _, err := http.Get(s.url); err == nil {
		t.Errorf("the server still answers after the shutdown")
	}
}

// A pair of hyperfine reports is served as cove-bench's are: the page at
// /, and each report's bytes at the route the printed URL names.
func TestServeServesAnotherToolsReports(t *testing.T) {
	base, cur := "testdata/formats/hyperfine/base.json", "testdata/formats/hyperfine/cur.json"
	s := startServe(t, "-addr", "127.0.0.1:0", base, cur)
	page, err := url.Parse(s.url)
	if err != nil {
		t.Fatal(err)
	}
	resp, body := fetch(t, page.ResolveReference(&url.URL{Path: "/"}).String())
	if want := string(must(fs.ReadFile(webFiles, "web/index.html"))); resp.StatusCode != http.StatusOK || body != want {
		t.Errorf("GET /: %d %.80q", resp.StatusCode, body)
	}
	for role, file := range map[string]string{"baseline": base, "current": cur} {
		ref := page.Query().Get(role)
		if want := "/reports/" + role + "/" + filepath.Base(file); ref != want {
			t.Errorf("%s: the URL names %q, want %q", role, ref, want)
		}
		resp, body := fetch(t, page.ResolveReference(&url.URL{Path: ref}).String())
		if want := string(must(os.ReadFile(file))); resp.StatusCode != http.StatusOK || body != want {
			t.Errorf("%s at %s: %d, %d bytes; want 200 and the file's %d bytes", role, ref, resp.StatusCode, len(body), len(want))
		}
	}
	if strings.Contains(s.stderr.String(), "warning") {
		t.Errorf("stderr: %s", s.stderr)
	}
}

func TestServeWarnsWhenNotOnLoopback(t *testing.T) {
	s := startServeSite(t, testSite(t), "-addr", "0.0.0.0:0")
	if !strings.Contains(s.stderr.String(), "warning") || !strings.Contains(s.stderr.String(), "reachable") && !strings.Contains(s.stderr.String(), "reach this machine") {
		t.Errorf("stderr: got %q, want a warning that the reports are reachable from the network", s.stderr)
	}
	if !strings.HasPrefix(s.url, "http://127.0.0.1:") {
		t.Errorf("printed %q, want a URL this machine can open", s.url)
	}
}

func TestServeRefusesBadArguments(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing report", []string{"-addr", "127.0.0.1:0", filepath.Join(dir, "nope.jsonl")}, "no such file"},
		{"directory", []string{"-addr", "127.0.0.1:0", dir}, "is a directory"},
		{"bad address", []string{"-addr", "127.0.0.1:notaport"}, "notaport"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout bytes.Buffer
			err := serveSite(context.Background(), testSite(t), tc.args, &stdout, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("printed %q before failing", stdout.String())
			}
		})
	}
	var stderr bytes.Buffer
	err := runServe(context.Background(), []string{"-port", "80"}, io.Discard, &stderr)
	var exit exitError
	if !errors.As(err, &exit) || exit.code != 2 || !strings.Contains(stderr.String(), "-addr") {
		t.Errorf("unknown flag: got %v and %q, want exit status 2 and the usage", err, stderr.String())
	}
}

func TestServeOpensTheBrowser(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in opener is a shell script named xdg-open")
	}
	bin := t.TempDir()
	opened := filepath.Join(bin, "opened")
	script := "#!/bin/sh\nPATH=/usr/bin:/bin\necho \"$1\" > " + opened + ".tmp && mv " + opened + ".tmp " + opened + "\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", "-open")
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(opened)
		if err == nil {
			if got := strings.TrimSpace(string(data)); got != s.url {
				t.Errorf("opened %q, want %q", got, s.url)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("xdg-open was not run within 10s; stderr: %s", s.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestServeSaysWhenNoBrowserCanBeOpened(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", "-open")
	// The message follows the URL; give it a moment.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(s.stderr.String(), "open the URL above yourself") {
		if time.Now().After(deadline) {
			t.Fatalf("stderr: got %q, want it to say no browser could be opened", s.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestServeSaysWhenThePortIsTaken(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	var stdout bytes.Buffer
	err = serveSite(context.Background(), testSite(t), []string{"-addr", taken.Addr().String()}, &stdout, io.Discard)
	if err == nil || !strings.Contains(err.Error(), taken.Addr().String()) {
		t.Fatalf("got %v, want an error naming %s", err, taken.Addr())
	}
	if runtime.GOOS != "windows" && !strings.Contains(err.Error(), "-addr 127.0.0.1:0 for any free one") {
		t.Errorf("got %q, want it to say how to pick another port", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("printed %q, a URL nothing serves", stdout.String())
	}
}

func TestServeSaysWhenTheOpenerFails(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in opener is a shell script named xdg-open")
	}
	// What xdg-open does on a machine with no browser: it exits with 3.
	bin := t.TempDir()
	script := "#!/bin/sh\necho \"xdg-open: no method available for opening '$1'\" >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", "-open")
	want := "xdg-open could not open a browser (exit status 3); open the URL above yourself"
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(s.stderr.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("stderr: got %q, want %q", s.stderr, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// serveWith runs serve with h and lim on a free loopback port; stop ends
// it as Ctrl-C does and returns what serve returned.
func serveWith(t *testing.T, h http.Handler, lim limits) (addr string, stderr *syncBuffer, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stderr = &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, h, lim, stderr) }()
	var once sync.Once
	var result error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-time.After(10 * time.Second):
				result = errors.New("serve did not return within 10s of the stop")
			}
		})
		return result
	}
	t.Cleanup(func() { stop() })
	return ln.Addr().String(), stderr, stop
}

// endless writes a body for as long as the connection takes it, and sends
// the error that stopped it on ended.
func endless(ended chan<- error) http.Handler {
	chunk := make([]byte, 64<<10)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for {
			if _, err := w.Write(chunk); err != nil {
				ended <- err
				return
			}
		}
	})
}

// long is a limit no test reaches.
const long = time.Hour

func TestServerDropsSilentAndStalledClients(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })

	// Each client below would hold its connection for ever without its
	// limit: the test's own 10 s deadline would expire instead.
	waitClosed := func(t *testing.T, conn net.Conn) {
		t.Helper()
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err := io.ReadAll(conn)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("the server kept the connection open")
		}
	}
	t.Run("a request that never finishes its header", func(t *testing.T) {
		addr, _, _ := serveWith(t, ok, limits{readHeader: 100 * time.Millisecond, read: long, write: long, idle: long, shutdown: long})
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n")
		waitClosed(t, conn)
	})
	t.Run("an idle kept-alive connection", func(t *testing.T) {
		addr, _, _ := serveWith(t, ok, limits{readHeader: long, read: long, write: long, idle: 100 * time.Millisecond, shutdown: long})
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("got %v, %v; want a 200", resp, err)
		}
		waitClosed(t, conn)
	})
	t.Run("a client that stops reading", func(t *testing.T) {
		ended := make(chan error, 1)
		addr, _, _ := serveWith(t, endless(ended), limits{readHeader: long, read: long, write: 100 * time.Millisecond, idle: long, shutdown: long})
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		select {
		case <-ended:
		case <-time.After(10 * time.Second):
			t.Errorf("the server was still writing to a client that reads nothing")
		}
	})
}

func TestShutdownClosesWhatIsStillRunning(t *testing.T) {
	ended := make(chan error, 1)
	addr, stderr, stop := serveWith(t, endless(ended), limits{readHeader: long, read: long, write: long, idle: long, shutdown: 100 * time.Millisecond})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	// Wait for the response to start: the request is running.
	if _, err := bufio.NewReader(conn).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Errorf("serve: got %v, want nil: a stop asked for is no failure", err)
	}
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Errorf("the stalled request was still running after the shutdown")
	}
	for _, want := range []string{"shutting down", "closing the requests still running after 100ms"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr: got %q, want %q", stderr, want)
		}
	}
}

// TestMain lets a test run the test binary as benchview itself, to send it
// real signals: with BENCHVIEW_TEST_MAIN=1 it is main.
func TestMain(m *testing.M) {
	if os.Getenv("BENCHVIEW_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startMain runs `benchview args...` as a process of its own and waits
// for the URL it prints.
func startMain(t *testing.T, args ...string) (*exec.Cmd, *syncBuffer, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BENCHVIEW_TEST_MAIN=1")
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v; stderr: %s", err, stderr)
	}
	return cmd, stderr, strings.TrimSpace(line)
}

func TestCtrlCStopsTheServer(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	t.Run("exit status 0", func(t *testing.T) {
		cmd, stderr, page := startMain(t, "-addr", "127.0.0.1:0")
		if resp, _ := fetch(t, page); resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", page, resp.StatusCode)
		}
		cmd.Process.Signal(os.Interrupt)
		if err := cmd.Wait(); err != nil {
			t.Errorf("after Ctrl-C: got %v, want exit status 0; stderr: %s", err, stderr)
		}
		if got := stderr.String(); got != "benchview: shutting down\n" {
			t.Errorf("stderr: got %q, want only that it is shutting down", got)
		}
	})
	t.Run("a second Ctrl-C does not wait", func(t *testing.T) {
		// A report larger than the sockets' buffers (sparse: it takes no
		// disk), and a client that reads none of it: the request stays
		// running, and a single Ctrl-C would wait on it for 5 s.
		big := filepath.Join(t.TempDir(), "big.jsonl")
		f, err := os.Create(big)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(256 << 20)
		f.Close()
		cmd, stderr, page := startMain(t, "-addr", "127.0.0.1:0", big)
		u, _ := url.Parse(page)
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", u.Query().Get("baseline"), u.Host)
		if line, err := bufio.NewReader(conn).ReadString('\n'); err != nil || !strings.Contains(line, " 200 ") {
			t.Fatalf("the download did not start: %q, %v", line, err)
		}
		cmd.Process.Signal(os.Interrupt)
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(stderr.String(), "shutting down") {
			if time.Now().After(deadline) {
				t.Fatalf("no shutdown within 10s of Ctrl-C; stderr: %s", stderr)
			}
			time.Sleep(10 * time.Millisecond)
		}
		// Until the first Ctrl-C has let go of the signal, another is
		// caught and ignored; so Ctrl-C again until the process ends.
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		var waitErr error
		giveUp := time.After(10 * time.Second)
	press:
		for {
			cmd.Process.Signal(os.Interrupt)
			select {
			case waitErr = <-exited:
				break press
			case <-giveUp:
				t.Fatalf("the process outlived 10s of Ctrl-C; stderr: %s", stderr)
			case <-time.After(50 * time.Millisecond):
			}
		}
		var exit *exec.ExitError
		if !errors.As(waitErr, &exit) || exit.ExitCode() != -1 {
			t.Errorf("got %v, want the process ended by the second Ctrl-C", waitErr)
		}
		if strings.Contains(stderr.String(), "closing the requests") {
			t.Errorf("the second Ctrl-C waited out the shutdown: %s", stderr)
		}
	})
}

// TestEmbeddedViewerIsComplete checks, once `make build` has generated the
// viewer's files into web/, that the binary carries everything the page
// loads, so that bin/benchview alone is the whole viewer.
func TestEmbeddedViewerIsComplete(t *testing.T) {
	site, err := fs.Sub(webFiles, "web")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(site, "viewer.wasm"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the embedded viewer has no viewer.wasm: build with make build, not go build")
		}
		t.Skip("SKIPPING: web/viewer.wasm is not built (make build generates it)")
	}
	h := newTestHandler(t, site)
	index := get(h, "GET", "/").Body.String()
	var loads []string
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(index, -1) {
		if !strings.HasPrefix(m[1], "data:") {
			loads = append(loads, m[1])
		}
	}
	// What scripts load beyond the page's own references: main.js
	// compiles viewer.wasm, the viewer starts workers from worker.js,
	// which imports wasm_exec.js, and offers the examples.
	loads = append(loads, "viewer.wasm", "worker.js", "wasm_exec.js")
	examples, _ := fs.Glob(site, "examples/*.jsonl")
	if len(examples) == 0 {
		t.Errorf("no example reports embedded")
	}
	loads = append(loads, examples...)
	for _, name := range loads {
		rec := get(h, "GET", "/"+name, "Accept-Encoding", "gzip")
		if rec.Code != http.StatusOK || rec.Body.Len() == 0 {
			t.Errorf("GET /%s: got %d with %d bytes, want the file", name, rec.Code, rec.Body.Len())
		}
	}
	if rec := get(h, "GET", "/viewer.wasm", "Accept-Encoding", "gzip"); rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("viewer.wasm is not served compressed: is web/viewer.wasm.gz stale?")
	}

	// wasm_exec.js must come from the toolchain that built the WASM: the
	// two speak a protocol that changes between Go releases.
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("no go command to compare wasm_exec.js with: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := fs.ReadFile(site, "wasm_exec.js"); !bytes.Equal(got, want) {
		t.Errorf("the embedded wasm_exec.js is not this toolchain's (%s): rebuild with make build", goroot)
	}
}

func TestALoopbackServerAnswersOnlyToLoopbackNames(t *testing.T) {
	h := loopbackHostsOnly(newTestHandler(t, testSite(t)))
	for _, tc := range []struct {
		host   string
		status int
	}{
		{"127.0.0.1:8080", 200},
		{"127.0.0.1", 200},
		{"127.1.2.3:8080", 200},
		{"[::1]:8080", 200},
		{"localhost:8080", 200},
		{"LOCALHOST.:8080", 200},
		{"app.localhost:8080", 200},
		// What a page that rebound its own name to 127.0.0.1 sends.
		{"attacker.example:8080", 421},
		{"localhost.attacker.example:8080", 421},
		{"127.0.0.1.attacker.example", 421},
		{"192.168.1.10:8080", 421},
		{"[::ffff:10.0.0.1]:8080", 421},
		{"", 421},
	} {
		t.Run(tc.host, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/index.html", nil)
			req.Host = tc.host
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("status: got %d, want %d", rec.Code, tc.status)
			}
			if rec.Header().Get("Content-Security-Policy") != contentSecurityPolicy || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("a %d without the security headers: %v", rec.Code, rec.Header())
			}
			if tc.status != 200 && strings.Contains(rec.Body.String(), "benchview</title>") {
				t.Errorf("the page was served to %q", tc.host)
			}
		})
	}
}

// getWithHost sends GET path to the server at page with its own Host
// header, as a page under another name would.
func getWithHost(t *testing.T, page, path, host string) int {
	t.Helper()
	u, err := url.Parse(page)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("GET", u.Scheme+"://"+u.Host+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestServeRefusesOtherHostsOnLoopbackOnly(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "base.jsonl")
	if err := os.WriteFile(report, []byte("private numbers\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", report)
	if got := getWithHost(t, s.url, "/reports/baseline/base.jsonl", "rebound.example"); got != http.StatusMisdirectedRequest {
		t.Errorf("loopback server, Host rebound.example: got %d, want 421", got)
	}
	if got := getWithHost(t, s.url, "/reports/baseline/base.jsonl", "localhost"); got != http.StatusOK {
		t.Errorf("loopback server, Host localhost: got %d, want 200", got)
	}

	// Served to the network on purpose: any name the machine has is fine.
	s = startServeSite(t, testSite(t), "-addr", "0.0.0.0:0", report)
	if got := getWithHost(t, s.url, "/reports/baseline/base.jsonl", "buildbox.internal"); got != http.StatusOK {
		t.Errorf("server on every interface, Host buildbox.internal: got %d, want 200", got)
	}
}

// FuzzHandlerServesOnlyItsTable sends any request target through the
// handler: whatever the path, encoded or not, a 200 carries exactly the
// file its decoded path names in the table, and nothing answers 5xx.
func FuzzHandlerServesOnlyItsTable(f *testing.F) {
	for _, seed := range []string{
		"/", "/index.html", "/viewer.wasm", "/examples/base.jsonl", "/reports/baseline/base.jsonl",
		"/../index.html", "/%2e%2e/index.html", "/..%2findex.html", "/reports/baseline/..%2f..%2fsecret.txt",
		"//index.html", `/..\index.html`, "/index.html%00", "/.git/config", "/link.html", "/examples/",
		"/%252e%252e/", "/reports/baseline/base.jsonl/", "/./viewer.wasm", "/viewer.wasm.gz",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644); err != nil {
		f.Fatal(err)
	}
	report := writeReport(f, dir, "baseline", "base.jsonl", "report bytes\n")
	site := testSite(f)
	h := newTestHandler(f, site, report)
	want := map[string][]byte{"/": site["index.html"].Data, report.route: []byte("report bytes\n")}
	for _, name := range []string{"index.html", "app.js", "style.css", "viewer.wasm", "old.wasm", "cut.wasm", "logo.png", "examples/base.jsonl"} {
		want["/"+name] = site[name].Data
	}
	f.Fuzz(func(t *testing.T, target string) {
		u, err := url.ParseRequestURI(target)
		if err != nil || u.Host != "" || u.Scheme != "" {
			return // not an origin-form target: the HTTP server refuses it before any handler
		}
		req := &http.Request{Method: "GET", URL: u, RequestURI: target, Header: http.Header{}, Host: "127.0.0.1"}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK:
			body, ok := want[u.Path]
			if !ok {
				t.Fatalf("GET %q (path %q): 200 for a path not in the table", target, u.Path)
			}
			if !bytes.Equal(rec.Body.Bytes(), body) {
				t.Fatalf("GET %q: 200 with a body that is not %s's", target, u.Path)
			}
		case http.StatusFound:
			// Only the bare address, to the page with the report.
			if u.Path != "/" || u.RawQuery != "" || rec.Header().Get("Location") != "/?"+reportQuery([]servedReport{report}) {
				t.Fatalf("GET %q: 302 to %q", target, rec.Header().Get("Location"))
			}
		case http.StatusBadRequest, http.StatusNotFound:
		default:
			t.Fatalf("GET %q: status %d, want 200, 302 (the bare address), 400 or 404", target, rec.Code)
		}
	})
}

// swapIn puts what make creates at a temporary name in place of path, by
// rename, as an attacker who can write the report's folder would.
func swapIn(t *testing.T, path string, make func(tmp string) error) {
	t.Helper()
	tmp := path + ".swap"
	if err := make(tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// reportURL is the address the server at s serves its baseline at.
func reportURL(t *testing.T, s *server) string {
	t.Helper()
	page, err := url.Parse(s.url)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := page.Parse(page.Query().Get("baseline"))
	if err != nil {
		t.Fatal(err)
	}
	return ref.String()
}

// A symlink swapped in for a served report, while the server runs, is not
// followed: the server serves the file named on its command line and
// nothing a link points at, and serves it again once it is back.
func TestASymlinkSwappedInForAReportIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "base.jsonl")
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(report, []byte("the report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secret, []byte("a secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", report)
	u := reportURL(t, s)
	if resp, body := fetch(t, u); resp.StatusCode != http.StatusOK || body != "the report\n" {
		t.Fatalf("before the swap: %d %q", resp.StatusCode, body)
	}

	swapIn(t, report, func(tmp string) error { return os.Symlink(secret, tmp) })
	resp, body := fetch(t, u)
	if strings.Contains(body, "a secret") || resp.StatusCode != http.StatusNotFound {
		t.Errorf("a symlink to %s swapped in: got %d %q, want a 404 without its content", secret, resp.StatusCode, body)
	}
	// A link to another file of the same folder is refused as well.
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte("another file\n"), 0o644)
	swapIn(t, report, func(tmp string) error { return os.Symlink("other.jsonl", tmp) })
	if resp, body := fetch(t, u); strings.Contains(body, "another file") || resp.StatusCode != http.StatusNotFound {
		t.Errorf("a symlink to %s swapped in: got %d %q, want a 404", other, resp.StatusCode, body)
	}

	// A benchmark rerun that writes a new file and renames it into place
	// is served, fresh.
	swapIn(t, report, func(tmp string) error { return os.WriteFile(tmp, []byte("rerun\n"), 0o644) })
	if resp, body := fetch(t, u); resp.StatusCode != http.StatusOK || body != "rerun\n" {
		t.Errorf("after a rerun renamed into place: %d %q, want 200 \"rerun\\n\"", resp.StatusCode, body)
	}

	// A folder on the report's path swapped for a link to another folder
	// holding a file of the same name is refused as well.
	sub := filepath.Join(t.TempDir(), "runs")
	elsewhere := filepath.Join(t.TempDir(), "elsewhere")
	os.Mkdir(sub, 0o755)
	os.Mkdir(elsewhere, 0o755)
	os.WriteFile(filepath.Join(sub, "run.jsonl"), []byte("the run\n"), 0o644)
	os.WriteFile(filepath.Join(elsewhere, "run.jsonl"), []byte("elsewhere\n"), 0o644)
	s = startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", filepath.Join(sub, "run.jsonl"))
	if resp, body := fetch(t, reportURL(t, s)); resp.StatusCode != http.StatusOK || body != "the run\n" {
		t.Fatalf("before the folder swap: %d %q", resp.StatusCode, body)
	}
	if err := os.Rename(sub, sub+".old"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, sub); err != nil {
		t.Fatal(err)
	}
	if resp, body := fetch(t, reportURL(t, s)); strings.Contains(body, "elsewhere") || resp.StatusCode != http.StatusNotFound {
		t.Errorf("a folder on the path swapped for a link: got %d %q, want a 404", resp.StatusCode, body)
	}

	// A link named on the command line is resolved once, at start: the
	// file it named then is the one served.
	link := filepath.Join(dir, "latest.jsonl")
	if err := os.Symlink("other.jsonl", link); err != nil {
		t.Fatal(err)
	}
	s = startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", link)
	if resp, body := fetch(t, reportURL(t, s)); resp.StatusCode != http.StatusOK || body != "another file\n" {
		t.Errorf("served through a link named at start: %d %q, want 200 \"another file\\n\"", resp.StatusCode, body)
	}
}

// osThreads is how many OS threads this process runs (Linux).
func osThreads(t *testing.T) int {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if n, ok := strings.CutPrefix(line, "Threads:"); ok {
			v, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
	t.Fatal("no Threads: line in /proc/self/status")
	return 0
}

// A FIFO swapped in for a served report is refused at once: opening one
// for reading would block until a writer came, one OS thread per request.
// Many requests later the server's thread count is what it was.
func TestAFIFOSwappedInForAReportIsRefusedWithoutBlocking(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts threads in /proc/self/status")
	}
	report := filepath.Join(t.TempDir(), "base.jsonl")
	if err := os.WriteFile(report, []byte("the report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0", report)
	u := reportURL(t, s)
	fetch(t, u)
	swapIn(t, report, func(tmp string) error { return exec.Command("mkfifo", tmp).Run() })
	t.Cleanup(func() {
		// Release any reader still blocked in open(2), so that a failing
		// run does not leave the server unable to stop.
		if f, err := os.OpenFile(report, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})

	before := osThreads(t)
	transport := &http.Transport{}
	client := &http.Client{Transport: transport, Timeout: 5 * time.Second}
	const requests = 200
	statuses := make(chan int, requests)
	var wg sync.WaitGroup
	for range requests {
		wg.Go(func() {
			resp, err := client.Get(u)
			if err != nil {
				statuses <- 0
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses <- resp.StatusCode
		})
	}
	wg.Wait()
	transport.CloseIdleConnections() // or the server waits on them to stop
	close(statuses)
	answered := 0
	for code := range statuses {
		if code == http.StatusNotFound {
			answered++
		}
	}
	after := osThreads(t)
	t.Logf("%d requests: %d answered 404; OS threads %d before, %d after", requests, answered, before, after)
	if answered != requests {
		t.Errorf("%d of %d requests for a FIFO were answered 404; the rest hung or got another status", answered, requests)
	}
	if after > before+16 {
		t.Errorf("OS threads went from %d to %d over %d requests: requests are blocked opening the FIFO", before, after, requests)
	}
}

// rawRequest sends request over a new TCP connection to addr and returns
// the last of the n responses it reads back.
func rawRequest(t *testing.T, addr, request string, n int) *http.Response {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	// Written while the answer is read: a server that refuses a request
	// part way (headers over its limit) answers before the rest is sent,
	// and may reset the connection on what it never read.
	go io.WriteString(conn, request)
	br := bufio.NewReader(conn)
	var resp *http.Response
	for range n {
		if resp, err = http.ReadResponse(br, nil); err != nil {
			t.Fatalf("%.60q: no response: %v", request, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	return resp
}

// The errors net/http answers itself, before any handler runs, carry the
// security headers too: every answer does.
func TestErrorsAnsweredBeforeTheHandlerCarryTheSecurityHeaders(t *testing.T) {
	s := startServeSite(t, testSite(t), "-addr", "127.0.0.1:0")
	page, err := url.Parse(s.url)
	if err != nil {
		t.Fatal(err)
	}
	huge := "X-Big: " + strings.Repeat("a", 2<<20) + "\r\n"
	for _, c := range []struct {
		name, request string
		status, nth   int // the status of the nth response
	}{
		{"a bad escape", "GET /% HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, 1},
		{"a malformed Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, 1},
		{"two Hosts", "GET / HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", 400, 1},
		{"no Host", "GET / HTTP/1.1\r\n\r\n", 400, 1},
		{"HTTP/0.9", "GET /\r\n\r\n", 400, 1},
		{"a broken header line", "GET / HTTP/1.1\r\nHost: localhost\r\nno colon\r\n\r\n", 400, 1},
		{"headers of 2 MB", "GET / HTTP/1.1\r\nHost: localhost\r\n" + huge + "\r\n", 431, 1},
		{"an unknown expectation", "GET / HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\n\r\n", 417, 1},
		// Answered by the handler: the headers were there already.
		{"a good request", "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 200, 1},
		{"a bad request after a good one", "GET / HTTP/1.1\r\nHost: localhost\r\n\r\nGET /% HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := rawRequest(t, page.Host, c.request, c.nth)
			if resp.StatusCode != c.status {
				t.Errorf("status %q, want %d", resp.Status, c.status)
			}
			header := resp.Header
			for name, want := range map[string]string{
				"Content-Security-Policy":      contentSecurityPolicy,
				"X-Content-Type-Options":       "nosniff",
				"Referrer-Policy":              "no-referrer",
				"Cross-Origin-Opener-Policy":   "same-origin",
				"Cross-Origin-Embedder-Policy": "require-corp",
			} {
				if got := header.Values(name); len(got) != 1 || got[0] != want {
					t.Errorf("%s: %q, want %q once", name, got, want)
				}
			}
		})
	}
}

// The bare address of a server started with reports opens on them: it
// redirects to the page with the printed address's query. Any other
// query, and a server started with none, gets the page itself.
func TestTheBareAddressOpensOnTheNamedReports(t *testing.T) {
	dir := t.TempDir()
	base := writeReport(t, dir, "baseline", "base a.jsonl", "first run\n")
	cur := writeReport(t, dir, "current", "cur.jsonl", "second run\n")
	h := newTestHandler(t, testSite(t), base, cur)
	for _, method := range []string{"GET", "HEAD"} {
		rec := get(h, method, "/")
		if rec.Code != http.StatusFound {
			t.Fatalf("%s /: got %d, want 302", method, rec.Code)
		}
		want := "/?" + reportQuery([]servedReport{base, cur})
		checkHeader(t, rec, "Location", want)
		checkHeader(t, rec, "Cache-Control", "no-store")
		if rec.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("%s /: the redirect has no Content-Security-Policy", method)
		}
		if want != "/?baseline=/reports/baseline/base%2520a.jsonl&current=/reports/current/cur.jsonl" {
			t.Errorf("the query is %q", want)
		}
	}
	for _, target := range []string{"/?baseline=/reports/baseline/base%2520a.jsonl", "/?q", "/index.html"} {
		if rec := get(h, "GET", target); rec.Code != http.StatusOK {
			t.Errorf("GET %s: got %d, want 200 (the page)", target, rec.Code)
		}
	}
	if rec := get(newTestHandler(t, testSite(t)), "GET", "/"); rec.Code != http.StatusOK {
		t.Errorf("GET / of a server with no report: got %d, want 200", rec.Code)
	}
}
