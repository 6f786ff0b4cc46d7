package export

import (
	"html"
	"path"

	"github.com/benchview/benchview/internal/query"
)

// SiteReports is the folder, relative to a static site's root, that holds
// the reports the site opens on.
const SiteReports = "reports"

// SiteReportNames returns the file names under SiteReports for reports
// read from the given paths: their base names, with every byte but ASCII
// letters, digits, '.', '-' and '_' replaced by '_' (so that a name means the
// same in a file system, a URL path and a query), and, when two would
// collide, prefixed by their role ("baseline-", "current-"). paths are
// slash-separated; callers on other systems pass filepath.ToSlash of theirs.
func SiteReportNames(paths ...string) []string {
	names := make([]string, len(paths))
	seen := make(map[string]bool)
	collide := false
	for i, p := range paths {
		names[i] = safeName(path.Base(p))
		collide = collide || seen[names[i]]
		seen[names[i]] = true
	}
	if collide {
		roles := []string{"baseline-", "current-"}
		for i := range names {
			names[i] = roles[i%len(roles)] + names[i]
		}
	}
	return names
}

// safeName keeps the bytes of name that need no escaping anywhere.
func safeName(name string) string {
	b := []byte(name)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '-', c == '_':
		default:
			b[i] = '_'
		}
	}
	if s := string(b); s != "." && s != ".." {
		return s
	}
	return "report"
}

// SiteQuery is the query that opens the viewer of a static site on the
// named reports (names from SiteReportNames; the second may be absent):
// "?baseline=reports/a.jsonl&current=reports/b.jsonl". Names are escaped
// as query values; the slash after the folder is kept so the link reads.
func SiteQuery(names ...string) string {
	q := ""
	for i, n := range names {
		if i > 1 {
			break
		}
		sep, key := "?", "baseline="
		if i == 1 {
			sep, key = "&", "current="
		}
		q += sep + key + SiteReports + "/" + query.Escape(n)
	}
	return q
}

// SiteRedirect is a small page that sends its reader, with no script, to
// target (relative to the page, such as "index.html" + SiteQuery(...)): a
// file a static site can be linked by when its index is the viewer itself.
func SiteRedirect(target string) []byte {
	t := html.EscapeString(target)
	return []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'">
<meta http-equiv="refresh" content="0; url=` + t + `">
<title>benchview review</title>
</head>
<body>
<p>This review opens in the benchview viewer: <a href="` + t + `">open it</a>.</p>
</body>
</html>
`)
}
