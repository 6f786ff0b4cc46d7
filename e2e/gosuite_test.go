package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// goSuiteSource is a package of funcs benchmarks of subs sub-benchmarks
// each: a suite of funcs × subs rows for go test -bench. With
// GOSUITE_SLOW set, every seventh benchmark does four times the work.
func goSuiteSource(funcs, subs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `package gosuite

import (
	"os"
	"strconv"
	"testing"
)

var sink int

var slow = os.Getenv("GOSUITE_SLOW") != ""

func work(n int) int {
	s := 0
	for i := range n {
		s += i * i %% 7
	}
	return s
}

func run(b *testing.B, f int) {
	for n := 1; n <= %d; n++ {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			k := 200 * n
			if slow && f%%7 == 0 {
				k *= 4
			}
			for range b.N {
				sink += work(k)
			}
		})
	}
}
`, subs)
	for f := range funcs {
		fmt.Fprintf(&b, "\nfunc BenchmarkF%04d(b *testing.B) { run(b, %d) }\n", f, f)
	}
	return b.String()
}

// goSuite has go test -bench run a generated suite of funcs × subs rows,
// count times each, once as it is and once slowed, and returns the two
// outputs' paths: what go test printed, as a user would save it.
func goSuite(t tb, funcs, subs, count int) (base, cur string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "gosuite")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":        "module gosuite\n\ngo 1.22\n",
		"suite_test.go": goSuiteSource(funcs, subs),
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	// Compiled once, run twice: the two runs differ only in the work
	// GOSUITE_SLOW adds.
	bin := filepath.Join(dir, "gosuite.test")
	build := exec.Command(goTool, "test", "-c", "-o", bin, ".")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	base, cur = filepath.Join(dir, "base.txt"), filepath.Join(dir, "cur.txt")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, out := range []string{base, cur} {
		wg.Go(func() {
			cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", ".", "-test.benchtime", "1x", "-test.count", fmt.Sprint(count))
			cmd.Dir = src
			if i == 1 {
				cmd.Env = append(os.Environ(), "GOSUITE_SLOW=1")
			}
			text, err := cmd.Output()
			if err == nil {
				err = os.WriteFile(out, text, 0o644)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("running the suite: %v", err)
		}
	}
	return base, cur
}

// statusCounts runs `benchview compare -format json` on the pair and
// counts its rows' statuses.
func statusCounts(t *testing.T, base, cur string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	s := bufio.NewScanner(strings.NewReader(compareAs(t, "-format", "json", base, cur)))
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		var line struct{ Benchmark, Status string }
		if err := json.Unmarshal(s.Bytes(), &line); err != nil {
			t.Fatalf("compare -format json printed %q: %v", s.Text(), err)
		}
		if line.Benchmark != "" { // not the geomean's line
			counts[line.Status]++
		}
	}
	return counts
}

// A suite as go test -bench prints it, of more than a thousand rows: read
// by the page's workers, who say how far they are, paired while the
// workers begin on its rows, and ready with compare's counts; a search finds a row, whose run order is
// drawn in view once selected.
func TestAGoBenchSuiteOfThousandsOfRows(t *testing.T) {
	const funcs, subs, count = 300, 4, 6
	base, cur := goSuite(t, funcs, subs, count)
	want := statusCounts(t, base, cur)
	rows := 0
	for _, n := range want {
		rows += n
	}
	if rows != funcs*subs || want["regression"] == 0 {
		t.Fatalf("compare -format json gave %v, want %d rows, some regressions", want, funcs*subs)
	}
	b := idleViewer(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.__progress = [];
		new MutationObserver(() => {
			const bar = document.querySelector(".progress progress[aria-label='bytes read']");
			if (bar) __progress.push([+bar.value, +bar.max]);
		}).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true})`))
	b.setFilesWithin(t, suiteTimeout, base, cur)
	// The workers say how far into the files they are as they read them.
	partly := 0
	for _, p := range eval[[][2]float64](t, b, `__progress`) {
		if p[0] > 0 && p[0] < p[1] {
			partly++
		}
	}
	if partly == 0 {
		t.Errorf("the page never showed the reports partly read")
	}
	got := chipCounts(t, b)
	for _, v := range []string{"regression", "improvement", "inside the noise", "underpowered"} {
		if got[v] != want[v] {
			t.Errorf("the summary says %d %s, benchview compare %d", got[v], v, want[v])
		}
	}
	if ahead := eval[int](t, b, `benchviewAhead()`); ahead <= 0 || ahead > rows {
		t.Errorf("the workers were given %d of the rows while they were paired, want some", ahead)
	}
	if n := len(tableRows(t, b)); n == 0 || n > 200 {
		t.Errorf("%d rows in the document of a table of %d, want a window of them", n, rows)
	}
	if alert := eval[string](t, b, `[...document.querySelectorAll("[role=alert]")].map(e => e.textContent).join(" ")`); strings.TrimSpace(alert) != "" {
		t.Errorf("the page alerts %q", alert)
	}

	// F0123's sub-benchmarks are in the middle of the suite.
	b.do(t, chromedp.SendKeys(chromedp.CSS("#search"), "F0123/"))
	b.waitFor(t, "the search for F0123/", ready+fmt.Sprintf(` && document.querySelectorAll("tr[data-row]").length === %d`, subs))
	key := tableRows(t, b)[0].Key
	if !strings.HasPrefix(key, "F0123/n=") {
		t.Fatalf("the search for F0123/ shows %q first", key)
	}
	selectInView(t, b, key, count)
}

// cachedGoSuite is goSuite's pair, kept in the user's cache folder and
// used again by the next run of the same Go: go test takes some four
// minutes to run a suite of ten thousand rows twice on two cores, and
// make bench would wait for it every time.
func cachedGoSuite(t tb, funcs, subs, count int) (base, cur string) {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		return goSuite(t, funcs, subs, count)
	}
	dir := filepath.Join(cache, "benchview", fmt.Sprintf("gosuite-%dx%dx%d-%s", funcs, subs, count, runtime.Version()))
	base, cur = filepath.Join(dir, "base.txt"), filepath.Join(dir, "cur.txt")
	if _, err := os.Stat(cur); err == nil {
		return base, cur
	}
	b, c := goSuite(t, funcs, subs, count)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return b, c
	}
	for _, f := range [][2]string{{b, base}, {c, cur}} {
		data, err := os.ReadFile(f[0])
		if err == nil {
			err = os.WriteFile(f[1]+".tmp", data, 0o644)
		}
		if err == nil {
			err = os.Rename(f[1]+".tmp", f[1])
		}
		if err != nil {
			return b, c
		}
	}
	return base, cur
}

// goSuiteDrops is how many drops BenchmarkGoBenchSuite times, the first
// on a fresh browser.
const goSuiteDrops = 4

// BenchmarkGoBenchSuite times a suite as go test -bench prints it, of
// 10,000 rows (2,500 benchmarks of four sub-benchmarks, six counts each,
// run by go test itself), on the command line (native benchview compare,
// the whole process) and in the viewer (from the drop of both files to
// ready), and reports their ratio and the longest main-thread task, as
// BenchmarkSuite does for cove-bench's reports: another tool's report
// takes another reader, and the page reads it another way (the viewer's
// readTool).
func BenchmarkGoBenchSuite(b *testing.B) {
	base, cur := cachedGoSuite(b, 2500, 4, 6)
	var native, ready, longest []float64
	for b.Loop() {
		br := withProbe(b)
		for range goSuiteDrops {
			native = append(native, timeCompare(b, base, cur))
			r, l, t := dropWithin(b, br, base, cur, suiteTimeout)
			ready, longest = append(ready, r), append(longest, l)
			b.Logf("go test -bench, 10,000 rows: ready after %.0f ms: %s", r, t.timeline())
		}
	}
	reportDrops(b, native, ready, longest)
}
