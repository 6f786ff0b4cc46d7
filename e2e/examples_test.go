package e2e

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 4's acceptance says the example reports are one click from the
// first screen. For each bundled example, the viewer opened with no report
// named shows its link on the first screen (inside the 1280×800 viewport,
// unscrolled, nothing drawn over it), and one real mouse click on it brings
// the page to ready with the verdicts benchview compare gives for the
// example's two files, both named in the drop zones and in the address, so
// that the review can be shared as it is.
func TestTheExamplesAreOneClickFromTheFirstScreen(t *testing.T) {
	srv := serve(t)
	b := open(t, srv)
	for _, set := range []string{"a", "b", "c"} {
		t.Run(set, func(t *testing.T) {
			base := filepath.Join("..", "web", "examples", "base-"+set+".jsonl")
			cur := filepath.Join("..", "web", "examples", "cur-"+set+".jsonl")
			b.do(t, chromedp.Navigate(b.origin+"/"))
			b.waitFor(t, "the first screen", `document.body.dataset.state === "idle"`)
			if n := eval[int](t, b, `document.querySelectorAll("tr[data-row]").length`); n != 0 {
				t.Fatalf("the first screen shows %d rows before any report is named", n)
			}

			// The link is found by what a reader sees on it.
			label := "Example " + set
			at := eval[int](t, b, `[...document.querySelectorAll(".examples li")].findIndex(li => li.querySelector("a")?.textContent.trim() === `+jsString(label)+`)`)
			if at < 0 {
				t.Fatalf("the first screen has no link %q; its examples read %q", label,
					eval[string](t, b, `document.querySelector(".examples")?.textContent ?? "(no .examples)"`))
			}
			link := `.examples li:nth-child(` + strconv.Itoa(at+1) + `) a`
			where := eval[string](t, b, `(() => {
				const a = document.querySelector(`+jsString(link)+`);
				const r = a.getBoundingClientRect();
				if (window.scrollX !== 0 || window.scrollY !== 0) return "the page is scrolled to " + window.scrollX + "," + window.scrollY;
				if (r.width === 0 || r.height === 0) return "it is " + r.width + "×" + r.height;
				if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
					return "it is at " + [r.left, r.top, r.right, r.bottom].join(",") + ", outside the " + innerWidth + "×" + innerHeight + " viewport";
				const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
				if (!a.contains(hit)) return "its middle shows " + (hit ? hit.outerHTML.slice(0, 80) : "nothing");
				return "";
			})()`)
			if where != "" {
				t.Fatalf("%q is not on the first screen: %s", label, where)
			}

			b.do(t, chromedp.Click(chromedp.CSS(link)))
			b.waitFor(t, "example "+set+" after one click", ready+
				` && document.querySelector("label[for=baseline-file] .zone-file").textContent === `+jsString(filepath.Base(base))+
				` && document.querySelector("label[for=current-file] .zone-file").textContent === `+jsString(filepath.Base(cur)))
			checkVerdicts(t, tableRows(t, b), compare(t, base, cur))

			addr := eval[[]string](t, b, `(() => { const q = new URLSearchParams(location.search); return [q.get("baseline") ?? "", q.get("current") ?? ""]; })()`)
			if want := []string{"examples/" + filepath.Base(base), "examples/" + filepath.Base(cur)}; addr[0] != want[0] || addr[1] != want[1] {
				t.Errorf("after the click the address names %q, want %q", addr, want)
			}
		})
	}
}
