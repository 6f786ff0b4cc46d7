package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// Download report, pressed from the keyboard, saves one HTML file named
// after the reports, byte for byte the file `benchview export` writes for
// the same reports; opened from disk in a browser that never saw benchview,
// with no request allowed but the file itself, it shows every row of the
// viewer with the same data-verdict (or data-state).
func TestDownloadReportOpensFromDiskWithTheViewersVerdicts(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	dir := t.TempDir()
	allowDownloads(t, b, dir)
	base, cur := golden("b")
	b.load(t, base, cur)
	if eval[bool](t, b, `document.getElementById("download").disabled`) {
		t.Fatal("Download report is disabled on a ready page")
	}
	viewer := tableRows(t, b)

	b.do(t, chromedp.Focus(chromedp.ID("download")), chromedp.KeyEvent("\r"))
	want := filepath.Join(dir, "review-base-b-vs-cur-b.html")
	page := waitForFile(t, want)
	b.waitFor(t, "the button to be ready again", `!document.getElementById("download").disabled && !document.querySelector(".download-error")`)

	if got, want := readFile(t, page), exportCLI(t, base, cur); !bytes.Equal(got, want) {
		t.Errorf("Download report wrote %d bytes, not the %d that benchview export writes for the same reports", len(got), len(want))
	}

	f, doc := openFile(t, page)
	f.do(t, chromedp.Navigate(doc))
	f.waitFor(t, "the downloaded page", `document.body.dataset.state === "ready"`)
	got := rowStates(t, f)
	byKey := map[string]pageRow{}
	for _, r := range got {
		byKey[r.Key] = r
	}
	if len(got) != len(viewer) {
		t.Errorf("the downloaded page has %d rows, the viewer %d", len(got), len(viewer))
	}
	for _, v := range viewer {
		r, ok := byKey[v.Key]
		switch {
		case !ok:
			t.Errorf("row %s is missing from the downloaded page", v.Key)
		case r.Verdict != v.Verdict || r.State != v.State:
			t.Errorf("row %s: the downloaded page says verdict %q state %q, the viewer %q %q", v.Key, r.Verdict, r.State, v.Verdict, v.State)
		}
	}
}

// allowDownloads has the browser save downloads in dir.
func allowDownloads(t *testing.T, b *browser, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.CallBrowser(b.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
	}); err != nil {
		t.Fatalf("allowing downloads: %v", err)
	}
}

// rowStates reads the key, verdict and state of every row a page shows
// (the viewer's or an exported one).
func rowStates(t *testing.T, b *browser) []pageRow {
	t.Helper()
	return eval[[]pageRow](t, b, `[...document.querySelectorAll("tr[data-row]")].map(tr => ({
		Key: tr.dataset.row, Verdict: tr.dataset.verdict ?? "", State: tr.dataset.state ?? ""}))`)
}

// exportCLI is the page `benchview export` writes for base and cur, given
// by their paths: it names them by their file names, as the viewer does.
func exportCLI(t *testing.T, base, cur string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "review.html")
	cmd := exec.Command(binary(t), "export", "-o", out, base, cur)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("benchview export: %v\n%s", err, msg)
	}
	return readFile(t, out)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitForFile waits, up to a minute, for a download to finish as path (the
// browser writes it under another name until it is complete).
func waitForFile(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if info, err := os.Stat(path); err == nil && info.Size() > 0 {
			return path
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(filepath.Dir(path))
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Fatalf("no %s after a minute; the download folder has [%s]", filepath.Base(path), strings.Join(names, " "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
