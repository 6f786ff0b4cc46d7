package keyse2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// keptCount is how many reports the browser's storage (IndexedDB) holds,
// -1 when the database does not exist.
const keptCount = `(async () => {
	if (!(await indexedDB.databases()).some(d => d.name === "benchview")) return -1;
	const db = await new Promise((ok, fail) => { const r = indexedDB.open("benchview"); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
	try {
		if (!db.objectStoreNames.contains("reports")) return 0;
		return await new Promise((ok, fail) => { const r = db.transaction("reports").objectStore("reports").count(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
	} finally { db.close(); }
})()`

// Two reports dropped by hand survive a reload: the same review comes
// back, with a notice naming them (a new visit offers them, and opens
// them on a button); Forget empties the storage, and a reload then shows
// the first screen.
func TestDroppedReportsSurviveAReload(t *testing.T) {
	files := copyExamples(t, "base-b.jsonl", "cur-b.jsonl")
	p := open(t, serve(t))
	p.Do(t, navigate(p.origin+"/"))
	p.waitFor(t, "the first screen", `document.body.dataset.state === "idle"`)
	if n := eval[int](t, p, keptCount); n > 0 {
		t.Fatalf("a fresh browser keeps %d reports", n)
	}
	p.Do(t, chromedp.SetUploadFiles(chromedp.CSS("#current-file"), []string{files[1]}))
	p.Do(t, chromedp.SetUploadFiles(chromedp.CSS("#baseline-file"), []string{files[0]}))
	p.waitFor(t, "the dropped review", ready+` && document.querySelectorAll("#results tr[data-row]").length > 10`)
	review := eval[string](t, p, rowsAndVerdicts)
	waitKept(t, p, 2)
	if notice := eval[string](t, p, `document.getElementById("kept").textContent`); !strings.Contains(notice, "base-b.jsonl and cur-b.jsonl") {
		t.Errorf("before the reload, the notice says %q", notice)
	}

	// A new visit, no reload, offers them; Open them opens them.
	p.Do(t, navigate(p.origin+"/"))
	p.waitFor(t, "the first screen of a new visit", `document.body.dataset.state === "idle" && !!document.getElementById("open-kept")`)
	if notice := eval[string](t, p, `document.getElementById("kept").textContent`); !strings.Contains(notice, "base-b.jsonl and cur-b.jsonl") {
		t.Errorf("on a new visit, the notice says %q, want it to offer the kept files", notice)
	}
	p.tabTo(t, "Open them", `el.id === "open-kept"`, false, 40)
	p.press(t, kb.Enter)
	p.waitFor(t, "the kept review opened", ready+` && document.querySelectorAll("#results tr[data-row]").length > 10`)
	if got := eval[string](t, p, rowsAndVerdicts); got != review {
		t.Errorf("opened from the storage, the review is\n%s\nwant\n%s", got, review)
	}

	// A reload opens them at once.
	p.Do(t, chromedp.Reload())
	p.waitFor(t, "the review after a reload", ready+` && document.querySelectorAll("#results tr[data-row]").length > 10`)
	if got := eval[string](t, p, rowsAndVerdicts); got != review {
		t.Errorf("after a reload the review is\n%s\nwant\n%s", got, review)
	}
	zones := eval[[]string](t, p, `[...document.querySelectorAll(".zone .zone-file")].map(z => z.textContent)`)
	if len(zones) != 2 || zones[0] != "base-b.jsonl" || zones[1] != "cur-b.jsonl" {
		t.Errorf("after a reload the zones hold %q, want base-b.jsonl and cur-b.jsonl", zones)
	}
	notice := eval[string](t, p, `document.getElementById("kept").textContent`)
	if !strings.Contains(notice, "Restored") || !strings.Contains(notice, "base-b.jsonl and cur-b.jsonl") {
		t.Errorf("after a reload the notice says %q, want it to name the restored files", notice)
	}
	if role := eval[string](t, p, `document.getElementById("kept").getAttribute("role")`); role != "status" {
		t.Errorf("the notice's role is %q, want status", role)
	}

	// Forget, from the keyboard.
	p.tabTo(t, "Forget", `el.id === "forget"`, false, 40)
	p.press(t, kb.Enter)
	waitKept(t, p, 0)
	if notice := eval[string](t, p, `document.getElementById("kept").textContent`); !strings.Contains(notice, "Forgotten") {
		t.Errorf("after Forget the notice says %q", notice)
	}
	p.Do(t, chromedp.Reload())
	p.waitFor(t, "the first screen after forgetting", `document.body.dataset.state === "idle"`)
	if n := eval[int](t, p, `document.querySelectorAll("#results tr[data-row]").length`); n != 0 {
		t.Errorf("after Forget and a reload, %d rows show", n)
	}
	if intro := eval[bool](t, p, `!!document.querySelector(".intro")`); !intro {
		t.Errorf("after Forget and a reload, the first screen's intro is not shown")
	}
	if notice := eval[string](t, p, `document.getElementById("kept").textContent`); notice != "" {
		t.Errorf("after Forget and a reload, the notice says %q", notice)
	}
	p.noPointer(t)
}

// waitKept waits up to a minute for the storage to hold n reports.
func waitKept(t *testing.T, p *tab, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		got := eval[int](t, p, keptCount)
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the browser's storage holds %d reports, want %d", got, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
