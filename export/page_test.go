package export

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"html"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
)

// fakeECharts stands in for the library in tests that look at the page's
// structure; the browser tests (e2e/export) inline the real one.
var fakeECharts = []byte("window.echarts = undefined; // not the library\n")

// hostileNames are benchmark names written to break out of every context
// the page puts a name in.
var hostileNames = []string{
	`</script><script>window.__pwned=1</script>`,
	`<img src=x onerror="window.__pwned=1">`,
	`"quoted" 'single' & ampersand`,
	`<!--<script>window.__pwned=1//`,
	"\u2028line\u2029separators",
	`{{.Title}} ]]> */ //`,
	strings.Repeat("very-long-name/", 2000),
}

// series is n samples around centre, spread by ±spread, in a fixed order.
func series(centre, spread uint64, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = centre - spread + uint64(i*7919)%(2*spread+1)
	}
	return s
}

// pairedRow is a Compared row of review with the given name, computed.
func pairedRow(benchmark string, base, cur []uint64) review.Row {
	k := report.Key{Benchmark: benchmark, Kind: "interpreter", Backend: "vm"}
	b, _ := stats.OfFloats(stats.Floats(base))
	c, _ := stats.OfFloats(stats.Floats(cur))
	cmp := stats.Compare(base, cur)
	return review.Row{
		Key: k, State: review.Compared,
		Base:      &report.Row{Key: k, Line: 1, Samples: base, OK: true},
		Cur:       &report.Row{Key: k, Line: 1, Samples: cur, OK: true},
		BaseStats: &b, CurStats: &c, Comparison: &cmp,
	}
}

// reviewOf is a review of one compared row per name, each with shift % of
// the baseline median, plus one unsupported row.
func reviewOf(names []string, shift func(i int) int) *review.Review {
	rv := &review.Review{
		Base: &report.Report{Name: "base.jsonl"},
		Cur:  &report.Report{Name: "cur.jsonl"},
	}
	for i, n := range names {
		base := series(1_000_000, 20_000, 15)
		cur := series(uint64(1_000_000+10_000*shift(i)), 20_000, 15)
		r := pairedRow(n, base, cur)
		rv.Rows = append(rv.Rows, r)
		rv.Base.Rows = append(rv.Base.Rows, *r.Base)
		rv.Cur.Rows = append(rv.Cur.Rows, *r.Cur)
	}
	k := report.Key{Benchmark: names[0], Kind: "unsupported", Backend: "vm"}
	rv.Rows = append(rv.Rows, review.Row{Key: k, State: review.Unsupported,
		Cur: &report.Row{Key: k, OK: true, What: `needs <host> "calls"`}})
	return rv
}

func page(t testing.TB, rv *review.Review) string {
	t.Helper()
	b, err := Page(rv, fakeECharts)
	if err != nil {
		t.Fatalf("Page: %v", err)
	}
	return string(b)
}

var (
	dataRowAttr = regexp.MustCompile(`<tr data-row="([^"]*)"`)
	scriptTag   = regexp.MustCompile(`(?is)<script([^>]*)>(.*?)</script`)
	cspMeta     = regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`)
)

func TestEveryRowIsInTheTableOnceWithItsName(t *testing.T) {
	rv := reviewOf(hostileNames, func(i int) int { return i })
	p := page(t, rv)
	var got []string
	for _, m := range dataRowAttr.FindAllStringSubmatch(p, -1) {
		got = append(got, html.UnescapeString(m[1]))
	}
	if len(got) != len(rv.Rows) {
		t.Fatalf("%d rows in the table, want %d", len(got), len(rv.Rows))
	}
	seen := make(map[string]int)
	for _, k := range got {
		seen[k]++
	}
	for _, r := range rv.Rows {
		if seen[r.Key.String()] != 1 {
			t.Errorf("row %.60q appears %d times, want once", r.Key.String(), seen[r.Key.String()])
		}
	}
}

func TestHostileNamesStayData(t *testing.T) {
	p := page(t, reviewOf(hostileNames, func(i int) int { return i % 3 }))
	// The page has exactly its seven script elements: a name that closed
	// one, or opened another, would change the count.
	scripts := scriptTag.FindAllStringSubmatch(p, -1)
	if len(scripts) != 7 {
		t.Fatalf("%d script elements, want 7", len(scripts))
	}
	if n := strings.Count(strings.ToLower(p), "<script"); n != 7 {
		t.Errorf("%d \"<script\" in the page, want 7", n)
	}
	// The table sits in a noscript element, whose content the browser
	// reads as text up to the first "</noscript": a name must not end it.
	if n := strings.Count(strings.ToLower(p), "</noscript"); n != 2 {
		t.Errorf("%d \"</noscript\" in the page, want 2 (the notice's and the table's)", n)
	}
	for _, bad := range []string{"<img", "onerror=\"", "<!--"} {
		if strings.Contains(p, bad) {
			t.Errorf("page contains %q unescaped", bad)
		}
	}
	// The data block is base64 of gzipped JSON, one entry a row, and the
	// bars block one line a compared row; the interval chart's items in it
	// carry every name, escaped by chart.
	var d struct {
		Rows []struct{ Bar int }
	}
	if err := json.Unmarshal(unpack(t, scripts[0][2]), &d); err != nil {
		t.Fatalf("data block: %v", err)
	}
	if len(d.Rows) != len(hostileNames)+1 {
		t.Errorf("data block has %d rows, want %d", len(d.Rows), len(hostileNames)+1)
	}
	bars := strings.Split(strings.TrimSuffix(string(unpack(t, scripts[2][2])), "\n"), "\n")
	names := make(map[string]bool)
	for _, r := range d.Rows {
		if r.Bar < 0 {
			continue
		}
		var bar struct{ Item []json.RawMessage } // light, dark
		if err := json.Unmarshal([]byte(bars[r.Bar]), &bar); err != nil {
			t.Fatalf("bar line %d: %v", r.Bar, err)
		}
		var item struct{ Name string }
		if err := json.Unmarshal(bar.Item[1], &item); err != nil {
			t.Fatalf("interval item: %v", err)
		}
		names[item.Name] = true
	}
	for _, n := range hostileNames {
		if k := n + "/interpreter/vm"; !names[k] {
			t.Errorf("the interval chart lost the name %.60q", n)
		}
	}
	if !strings.Contains(p, html.EscapeString(`unsupported: needs <host> "calls"`)) {
		t.Error("the unsupported row's reason is missing or unescaped")
	}
}

func TestTheCSPAllowsExactlyThePageScripts(t *testing.T) {
	p := page(t, reviewOf([]string{"a", "b"}, func(i int) int { return i }))
	m := cspMeta.FindStringSubmatch(p)
	if m == nil {
		t.Fatal("no Content-Security-Policy meta element")
	}
	policy := html.UnescapeString(m[1])
	for _, want := range []string{"default-src 'none'", "style-src 'unsafe-inline'", "img-src data:"} {
		if !strings.Contains(policy, want) {
			t.Errorf("policy %q lacks %q", policy, want)
		}
	}
	// Three scripts run: the page's own and its insights', inline, and
	// ECharts, which the first inserts once inflated. Nothing else may.
	scripts := scriptTag.FindAllStringSubmatch(p, -1)
	if len(scripts) != 7 {
		t.Fatalf("%d script elements, want 7", len(scripts))
	}
	lib := unpack(t, scripts[1][2])
	if !bytes.Equal(lib, fakeECharts) {
		t.Errorf("the packed library is %q, want %q", lib, fakeECharts)
	}
	var hashes []string
	for _, s := range [][]byte{lib, []byte(scripts[4][2]), []byte(scripts[6][2])} {
		sum := sha256.Sum256(s)
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	want := "script-src " + strings.Join(hashes, " ") + ";"
	if !strings.Contains(policy, want) {
		t.Errorf("policy %q\ndoes not allow exactly the page's scripts: want %q", policy, want)
	}
	if !strings.Contains(scripts[4][2], "echarts.init") {
		t.Error("the page script is not inlined")
	}
}

// unpack reverses packed.
func unpack(t *testing.T, block string) []byte {
	t.Helper()
	zr, err := gzip.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(strings.TrimSpace(block))))
	if err != nil {
		t.Fatalf("block is not base64 of gzip: %v", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("block is not base64 of gzip: %v", err)
	}
	return b
}

func TestTheTableStartsWithRegressions(t *testing.T) {
	// Shifts of 0, +4, -4, +8 %: two regressions, the larger first, then the
	// improvement, then the noise (the spread is ±2 %, the samples many).
	shifts := []int{0, 4, -4, 8}
	p := page(t, reviewOf([]string{"noise", "up4", "down4", "up8"}, func(i int) int { return shifts[i] }))
	var got []string
	for _, m := range dataRowAttr.FindAllStringSubmatch(p, -1) {
		got = append(got, strings.TrimSuffix(html.UnescapeString(m[1]), "/interpreter/vm"))
	}
	want := "up8 up4 down4 noise noise/unsupported/vm"
	if strings.Join(got, " ") != want {
		t.Errorf("order %q, want %q", strings.Join(got, " "), want)
	}
}

func TestProblemsAreShownAsAnAlert(t *testing.T) {
	rv := reviewOf([]string{"a"}, func(int) int { return 0 })
	rv.Cur.Problems = []report.Problem{{File: "cur.jsonl", Line: 7, Msg: "bad <json>"}}
	p := page(t, rv)
	want := `<div role="alert">`
	if !strings.Contains(p, want) || !strings.Contains(p, html.EscapeString("cur.jsonl:7: bad <json>")) {
		t.Errorf("no alert naming cur.jsonl:7 in the page")
	}
}

func TestTheLibraryTravelsIntact(t *testing.T) {
	rv := reviewOf([]string{"a"}, func(int) int { return 0 })
	// A library may hold anything a script can: packed, none of it is HTML.
	js := []byte("x = '</script><!--<script>'; // é\n")
	b, err := Page(rv, js)
	if err != nil {
		t.Fatal(err)
	}
	scripts := scriptTag.FindAllStringSubmatch(string(b), -1)
	if len(scripts) != 7 || !bytes.Equal(unpack(t, scripts[1][2]), js) {
		t.Errorf("the library did not travel intact")
	}
	for _, bad := range [][]byte{nil, []byte("x = '\xff';")} {
		if _, err := Page(rv, bad); err == nil {
			t.Errorf("Page accepted the library %q", bad)
		}
	}
}

// pageBudget bounds what a page of the golden reports b (33 rows, 60
// samples a side) carries besides ECharts: its table, data, charts'
// options, style and script. They weighed 93 KB when this was written
// (2026-12-03), and the whole file 542 KB, ECharts' 449 KB included; the
// budget leaves room to grow, and a change that needs more says why here.
// 125 KB by issue 11's insights; issue 13 (the adjusted views' tables,
// the charts told in words, the keyboard grid and its shortcuts, units
// on every duration, the provenance) raised it from 128 KB to 160 KB.
const pageBudget = 160 << 10

// TestTheGoldenPageStaysSmall: the issue asks for a page that stays small.
func TestTheGoldenPageStaysSmall(t *testing.T) {
	rv := review.New(readGolden(t, "base-b.jsonl"), readGolden(t, "cur-b.jsonl"))
	b, err := Page(rv, fakeECharts)
	if err != nil {
		t.Fatal(err)
	}
	own := len(b) - len(packed(fakeECharts))
	t.Logf("the page of golden b carries %d bytes besides ECharts", own)
	if own > pageBudget {
		t.Errorf("the page of golden b carries %d bytes besides ECharts, over its budget of %d", own, pageBudget)
	}
}

// BenchmarkPage10000 exports 10,000 compared rows of 15 samples a side and
// reports the page's size.
func BenchmarkPage10000(b *testing.B) {
	names := make([]string, 10_000)
	for i := range names {
		names[i] = fmt.Sprintf("bench-%05d", i)
	}
	rv := reviewOf(names, func(i int) int { return i%9 - 4 })
	echarts := fakeECharts
	if js, err := os.ReadFile("../node_modules/echarts/dist/echarts.min.js"); err == nil {
		echarts = js
	}
	var size int
	for b.Loop() {
		out, err := Page(rv, echarts)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// TestThePackageIsPure reads the package's own imports: no file system, no
// browser, so that the same code serves the command line and the viewer;
// and no template package, whose execution would cost the viewer's
// WebAssembly 2.7 MB (see markup.go).
func TestThePackageIsPure(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	forbidden := []string{"os", "syscall/js", "html/template", "text/template"}
	for _, pkg := range pkgs {
		for name, f := range pkg.Files {
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(forbidden, p) {
					t.Errorf("%s imports %s", name, p)
				}
			}
		}
	}
}

// TestTheViewerLinksNoCrypto lists what the package needs in the browser:
// any crypto package links Go's FIPS 140 module, 3 MB of WebAssembly the
// viewer's Download button would carry (internal/sha256 is why none is).
func TestTheViewerLinksNoCrypto(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no go command under js/wasm")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on PATH to list the package's imports")
	}
	cmd := exec.Command(gocmd, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps (js/wasm): %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "crypto" || strings.HasPrefix(dep, "crypto/") {
			t.Errorf("for js/wasm the package links %s", dep)
		}
	}
}

// TestOurScriptAndStyleStayInTheirElements: page.js and page.css go into
// the page as they are, so they must not hold the end of their element.
func TestOurScriptAndStyleStayInTheirElements(t *testing.T) {
	for name, text := range map[string]string{"page.js": pageJS, "page.css": pageCSS} {
		for _, end := range []string{"</script", "</style", "<!--"} {
			if strings.Contains(strings.ToLower(text), end) {
				t.Errorf("%s contains %q", name, end)
			}
		}
	}
}

// TestABrokenReviewIsAnErrorNotAPanic: the viewer calls Page, and a panic
// there would end the viewer. A Compared row with no sides cannot be
// computed; it panics inside core, on one of Page's goroutines.
func TestABrokenReviewIsAnErrorNotAPanic(t *testing.T) {
	k := report.Key{Benchmark: "broken", Kind: "k", Backend: "e"}
	for name, rv := range map[string]*review.Review{
		"nil review":        nil,
		"row with no sides": {Rows: []review.Row{{Key: k, State: review.Compared}}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Page(rv, fakeECharts); err == nil {
				t.Error("Page returned no error")
			}
		})
	}
}

// TestComputedRowsAreNotComputedAgain: rows that come with their
// Comparison (the viewer's) are drawn as they are. These have no samples
// to compute from: computing them would panic, and fail Page.
func TestComputedRowsAreNotComputedAgain(t *testing.T) {
	rv := reviewOf([]string{"a", "b"}, func(i int) int { return 4 * i })
	for i := range rv.Rows {
		if r := &rv.Rows[i]; r.State == review.Compared {
			r.Base, r.Cur = nil, nil
		}
	}
	if _, err := Page(rv, fakeECharts); err != nil {
		t.Fatalf("Page: %v", err)
	}
}

func TestOneReportAloneIsAView(t *testing.T) {
	k := report.Key{Benchmark: "alone", Kind: "vm", Backend: "vm"}
	samples := series(2_000_000, 10_000, 9)
	s, _ := stats.OfFloats(stats.Floats(samples))
	row := report.Row{Key: k, Line: 1, Samples: samples, OK: true}
	for _, cur := range []*report.Report{nil, {}} { // the command line's nil, the viewer's empty stand-in
		rv := &review.Review{
			Base: &report.Report{Name: "only.jsonl", Rows: []report.Row{row}},
			Cur:  cur,
			Rows: []review.Row{{Key: k, State: review.OnlyInBaseline, Base: &row, BaseStats: &s}},
		}
		p := page(t, rv)
		for _, want := range []string{
			`data-row="alone/vm/vm" data-state="only-in-baseline"`,
			`<title>benchview: only.jsonl</title>`,
			`scope="colgroup" class="group">Samples</th>`,
			`<td class="num median">` + format.Milliseconds.Format(s.Median()) + `</td>`,
		} {
			if !strings.Contains(p, want) {
				t.Errorf("cur %v: the page lacks %s", cur, want)
			}
		}
		if strings.Contains(p, `data-col="delta"`) || strings.Contains(p, "role=\"alert\"") {
			t.Errorf("cur %v: a lone report shows a Δ column or an alert", cur)
		}
	}
}

func TestTheSummaryCountsInWords(t *testing.T) {
	shifts := []int{8, 4, -4, 0, 0}
	p := readable(page(t, reviewOf([]string{"a", "b", "c", "d", "e"}, func(i int) int { return shifts[i] })))
	want := `6 rows · <span id="summary">2 regressions, 1 improvement, 2 inside the noise, 1 unsupported</span>`
	if !strings.Contains(p, want) {
		t.Errorf("the page does not say %q", want)
	}
}

// Counts of a thousand rows or more are grouped as the page's other
// counts are (format.Count): the header, its summary and the count of
// rows shown, which page.js recounts alike.
func TestTheHeaderGroupsThousands(t *testing.T) {
	names := make([]string, 1200)
	for i := range names {
		names[i] = fmt.Sprintf("bench%04d", i)
	}
	// Every 100th row 8% slower: 12 regressions, as in
	// TestTheSummaryCountsInWords; reviewOf adds an unsupported row.
	p := readable(page(t, reviewOf(names, func(i int) int {
		if i%100 == 0 {
			return 8
		}
		return 0
	})))
	for _, want := range []string{
		`1,201 rows · <span id="summary">12 regressions, 1,188 inside the noise, 1 unsupported</span>`,
		`>1,201 rows shown</span>`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
}

// A bidirectional control in a name is shown in the table, never obeyed:
// U+202E would reverse the rest of the row's name so that one row could
// pose as another. The cell shows it as visible.String does (as the
// viewer and the command line do); the data-row key stays the raw name.
func TestBidiControlsInNamesAreShown(t *testing.T) {
	p := readable(page(t, reviewOf([]string{"evil\u202egnp.exe"}, func(int) int { return 0 })))
	if !strings.Contains(p, `<tr data-row="evil`+"\u202e"+`gnp.exe/interpreter/vm"`) {
		t.Error("the data-row key is not the raw name")
	}
	if !strings.Contains(p, `<span class="bench">evil\u202egnp.exe</span>`) {
		t.Error("the name cell does not show the control escaped")
	}
	// reviewOf adds an unsupported row of the first name: two rows, two
	// keys, and the control raw nowhere else.
	if n, keys := strings.Count(p, "\u202e"), strings.Count(p, `data-row="evil`+"\u202e"); n != keys || keys != 2 {
		t.Errorf("U+202E appears raw %d times in the page's markup, want only in the 2 data-row keys (%d)", n, keys)
	}
}

// A side's sample count is written for people, as the viewer writes it:
// digits grouped by thousands.
func TestASampleCountIsGroupedByThousands(t *testing.T) {
	samples := make([]float64, 12_345)
	for i := range samples {
		samples[i] = float64(1000 + i%17)
	}
	s, ok := stats.OfFloats(samples)
	if !ok {
		t.Fatal("no stats of 12,345 samples")
	}
	cells := side(&s, format.UnitFor(s.Median()))
	if got := cells[len(cells)-1]; got.Text != "12,345" || got.Class != "n" {
		t.Errorf("the n cell is %+v, want 12,345", got)
	}
}
