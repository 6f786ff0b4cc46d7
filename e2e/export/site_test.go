package exporte2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
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
			b := newBrowser(t, func(u string) bool { return strings.HasPrefix(u, srv.URL+"/") })
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
