package a11y

import (
	"testing"
)

// box is an element's place on the screen, in CSS pixels.
type box struct {
	What                     string
	Left, Right, Top, Bottom float64
}

// firstRows are the boxes of the name, the Δ% and the verdict of the
// table's first n rows, read after the table is scrolled into view.
const firstRows = `(n => {
	document.getElementById("results-scroll").scrollIntoView({block: "start"});
	const out = [];
	for (const tr of [...document.querySelectorAll("tr[data-row]")].slice(0, n)) {
		for (const [what, sel] of [["name", ".row-name"], ["Δ%", "td.delta"], ["verdict", ".pill"]]) {
			const r = tr.querySelector(sel).getBoundingClientRect();
			out.push({What: tr.dataset.row + " " + what, Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom});
		}
	}
	return out;
})`

// TestAPhoneShowsNameDeltaAndVerdict opens example b at 390×844, light
// and dark: the name, Δ% and verdict of the first rows are on the screen
// without scrolling sideways, the page itself does not scroll sideways,
// and the name stays when the table does. Screenshots go to the folder
// the test prints.
func TestAPhoneShowsNameDeltaAndVerdict(t *testing.T) {
	const width, height = 390, 844
	u := serve(t)
	dir := screenshots(t)
	t.Logf("screenshots in %s", dir)
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			v := open(t, u, width, height)
			v.scheme(t, scheme)
			v.example(t, "b")
			v.screenshot(t, dir, "phone-"+scheme+"-top.png")
			audit(t, v, "example b on a phone")
			eval[bool](t, v, `document.querySelector(".interval-panel").scrollIntoView({block: "start"}), true`)
			v.screenshot(t, dir, "phone-"+scheme+"-bars.png")

			if w := eval[float64](t, v, `document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth`); w > 0 {
				t.Errorf("the page scrolls %v px sideways", w)
			}
			view := eval[float64](t, v, `document.documentElement.clientWidth`)
			boxes := eval[[]box](t, v, firstRows+"(6)")
			if len(boxes) != 18 {
				t.Fatalf("read %d boxes, want 3 for each of 6 rows", len(boxes))
			}
			for _, b := range boxes {
				if b.Left < 0 || b.Right > view || b.Top < 0 || b.Bottom > height || b.Right-b.Left < 8 {
					t.Errorf("%s is at x %.0f–%.0f, y %.0f–%.0f: not whole in the %.0f×%d screen", b.What, b.Left, b.Right, b.Top, b.Bottom, view, height)
				}
			}
			v.screenshot(t, dir, "phone-"+scheme+"-table.png")

			// Scrolled sideways, the table keeps its rows' names in view.
			scrolled := eval[float64](t, v, `(() => { const s = document.getElementById("results-scroll"); s.scrollLeft = 400; return s.scrollLeft; })()`)
			if scrolled < 100 {
				t.Errorf("the table scrolls %v px sideways, want its other columns off to the right", scrolled)
			}
			for _, b := range eval[[]box](t, v, firstRows+"(3)") {
				if b.What[len(b.What)-4:] == "name" && (b.Left < 0 || b.Right > view) {
					t.Errorf("scrolled sideways, %s is at x %.0f–%.0f", b.What, b.Left, b.Right)
				}
			}
			v.screenshot(t, dir, "phone-"+scheme+"-table-scrolled.png")
		})
	}
}
