package exporte2e

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// siteQuery finds the query of the link `export -site` prints.
var siteQuery = regexp.MustCompile(`/(\?baseline=\S+)`)

func TestAStaticSiteOpensOnItsReports(t *testing.T) {
	base, cur := golden(t, "base-b.jsonl"), golden(t, "cur-b.jsonl")
	want := compare(t, base, cur)
	dir := filepath.Join(t.TempDir(), "site")
	out := benchview(t, "export", "-site", dir, base, cur)
	m := siteQuery.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("export -site printed no link to open:\n%s", out)
	}

	// A plain static server, not benchview's: what any host would do, at
	// the root and below a path, as a project site is hosted.
	files := http.FileServer(http.Dir(dir))
	mux := http.NewServeMux()
	mux.Handle("/", files)
	mux.Handle("/team/review/", http.StripPrefix("/team/review", files))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for _, start := range []string{srv.URL + "/" + m[1], srv.URL + "/review.html", srv.URL + "/team/review/review.html"} {
		t.Run(strings.TrimPrefix(start, srv.URL), func(t *testing.T) {
			b := newBrowserFor(t, "127.0.0.1", func(u string) bool { return strings.HasPrefix(u, srv.URL+"/") })
			b.do(t, chromedp.Navigate(start))
			waitReady(t, b, 2*time.Minute)
			if loc := eval[string](t, b, `location.search`); loc != m[1] {
				t.Errorf("the viewer is at %q, want %q", loc, m[1])
			}
			rows := eval[[]tableRow](t, b, `Array.from(document.querySelectorAll('[data-row]:not(.run-order-chart)')).map(e => ({
				Key: e.dataset.row, Verdict: e.dataset.verdict || '', State: e.dataset.state || ''}))`)
			shown := make(map[string]string)
			for _, r := range rows {
				shown[r.Key] = r.Verdict
			}
			for k, c := range want {
				if v, ok := shown[k]; !ok || v != c.Verdict {
					t.Errorf("row %s: verdict %q (shown %v), compare says %q", k, v, ok, c.Verdict)
				}
			}
			if _, blocked, _ := b.seen(); len(blocked) > 0 {
				t.Errorf("the site tried to leave its origin: %q", blocked)
			}
			noErrors(t, b)
		})
	}
}

// TestAStaticSiteHoldsOnlyWhatItServes checks that a site names no folder
// the reports came from, and leaves out the gzip copies benchview's own
// server sends to browsers that accept them (viewer.wasm.gz): a static host
// serves every file as it is, the loader fetches viewer.wasm, and the copy
// would be some 1.6 MB nobody reads.
func TestAStaticSiteHoldsOnlyWhatItServes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	benchview(t, "export", "-site", dir, golden(t, "base-a.jsonl"), golden(t, "cur-a.jsonl"))
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	from := filepath.Dir(golden(t, "base-a.jsonl"))
	for _, f := range files {
		if strings.HasSuffix(f, ".gz") {
			t.Errorf("the site holds %s, which no page of it fetches", f)
		}
		// Like an exported page, a site is shared: the folder the reports
		// came from stays out of it.
		if data, err := os.ReadFile(filepath.Join(dir, f)); err != nil || strings.Contains(string(data), from) {
			t.Errorf("%s names the folder %s the reports came from (or cannot be read: %v)", f, from, err)
		}
	}
	for _, want := range []string{"index.html", "main.js", "worker.js", "viewer.wasm", "review.html", "reports/base-a.jsonl", "reports/cur-a.jsonl"} {
		if !slices.Contains(files, want) {
			t.Errorf("the site has no %s; it holds %q", want, files)
		}
	}
}

// TestAStaticSiteOpenedFromDiskSaysToServeIt opens a site's index.html, and
// its review.html, from file://, as a double click does. The viewer cannot
// start there (a browser lets no file:// page fetch the WebAssembly beside
// it); the page must say so in plain words, and what to do instead, not
// "TypeError: Failed to fetch".
func TestAStaticSiteOpenedFromDiskSaysToServeIt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	benchview(t, "export", "-site", dir, golden(t, "base-a.jsonl"), golden(t, "cur-a.jsonl"))
	root := (&url.URL{Scheme: "file", Path: dir}).String() + "/"
	for _, page := range []string{"index.html", "review.html"} {
		t.Run(page, func(t *testing.T) {
			b := newBrowser(t, func(u string) bool { return strings.HasPrefix(u, root) })
			b.do(t, chromedp.Navigate(root+page))
			waitFor(t, b, "the page to give up", `document.body && document.body.dataset.state === 'error'`, time.Minute)
			alert := eval[string](t, b, `[...document.querySelectorAll('[role=alert]')].map(e => e.textContent).join(' | ')`)
			// review.html sent the browser to the viewer with its query: the
			// address to open once the folder is served keeps it.
			query := eval[string](t, b, `location.search`)
			if page == "review.html" && !strings.HasPrefix(query, "?baseline=") {
				t.Errorf("review.html led to the query %q, want the reports'", query)
			}
			for _, want := range []string{"served over HTTP", "python3 -m http.server", "http://localhost:8000/index.html" + query, "benchview export -o review.html"} {
				if !strings.Contains(alert, want) {
					t.Errorf("the alert says %q: it does not say %q", alert, want)
				}
			}
			for _, jargon := range []string{"TypeError", "Failed to fetch"} {
				if strings.Contains(alert, jargon) {
					t.Errorf("the alert says %q: %q tells a reader nothing", alert, jargon)
				}
			}
			if _, blocked, _ := b.seen(); len(blocked) > 0 {
				t.Errorf("the page asked for something outside its folder: %q", blocked)
			}
		})
	}
}
