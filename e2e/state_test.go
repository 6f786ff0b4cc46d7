package e2e

import (
	"cmp"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// shownRows is what a page shows of its table, in order, and the row it
// selects: the viewer renders only the rows it shows, the exported page
// hides the others.
const shownRows = `({
	Keys: [...document.querySelectorAll("tr[data-row]")].filter(tr => !tr.hidden).map(tr => tr.dataset.row),
	Selected: document.querySelector("tr[data-row][aria-selected=true]")?.dataset.row ?? "",
	Cells: [...document.querySelectorAll("tr[data-row]")].filter(tr => !tr.hidden).map(tr => [...tr.cells].map(c => {
		// The notes beside a verdict (drift, outliers, advice) are worded
		// differently by design: the viewer writes them out (.note), the
		// exported page shows short marks with the sentence in their
		// title (.insight). The tests of each page check them; here the
		// rest of the cells must read alike.
		const k = c.cloneNode(true);
		k.querySelectorAll(".note, .insight").forEach(n => n.remove());
		return k.textContent.trim();
	}))})`

type shown struct {
	Keys     []string
	Selected string
	Cells    [][]string
}

// A link holds the view in its fragment, and means the same in the viewer
// and in the page `benchview export` writes: a reader sent either link, or
// the exported file with the viewer's fragment, sees what the sender saw.
// For every sortable column, both ways, then filters, a search and a
// selection, the two pages show the same rows, reading alike cell for
// cell, in the same order.
func TestAFragmentMeansTheSameInTheViewerAndTheExportedPage(t *testing.T) {
	for _, set := range []string{"a", "c"} {
		t.Run(set, func(t *testing.T) {
			base, cur := golden(set)
			srv := serve(t, base, cur)
			viewer := open(t, srv)
			viewer.do(t, chromedp.Navigate(srv.String()))
			viewer.waitFor(t, "the viewer on golden "+set, ready)

			path := filepath.Join(t.TempDir(), "review.html")
			if err := os.WriteFile(path, exportCLI(t, base, cur), 0o644); err != nil {
				t.Fatal(err)
			}
			page, doc := openFile(t, path)
			page.do(t, chromedp.Navigate(doc))
			page.waitFor(t, "the exported page of golden "+set, `document.body.dataset.state === "ready"`)

			rows := tableRows(t, viewer)
			if len(rows) < 3 {
				t.Fatalf("golden %s shows %d rows", set, len(rows))
			}
			cols := eval[[]string](t, page, `[...document.querySelectorAll("th[data-col]")].map(th => th.dataset.col)`)
			if viewerCols := eval[[]string](t, viewer, `[...document.querySelectorAll("th[data-col]")].map(th => th.dataset.col)`); !slices.Equal(cols, viewerCols) {
				t.Fatalf("the exported page sorts by %q, the viewer by %q", cols, viewerCols)
			}
			var fragments []string
			for _, c := range cols {
				fragments = append(fragments, "sort="+c, "sort="+c+"&desc=1")
			}
			// Every filter that leaves a row; then a sort, a filter and a
			// search at once; a search and a selection; a selection.
			statuses := map[string]bool{"": true}
			for _, r := range rows {
				statuses[cmp.Or(r.Verdict, "other")] = true
			}
			for _, f := range eval[[]string](t, viewer, `[...document.querySelectorAll("#verdict-filter option")].map(o => o.value)`) {
				if statuses[f] {
					fragments = append(fragments, "filter="+url.QueryEscape(f))
				}
			}
			first := rows[0]
			backend := first.Key[strings.LastIndex(first.Key, "/")+1:]
			fragments = append(fragments,
				"sort=delta&desc=1&filter="+url.QueryEscape(cmp.Or(first.Verdict, "other"))+"&q="+url.QueryEscape(backend),
				"q="+url.QueryEscape(rows[2].Key)+"&row="+url.QueryEscape(rows[2].Key),
				"sort=name&row="+url.QueryEscape(rows[1].Key),
			)
			for _, f := range fragments {
				sameView(t, viewer, page, "#"+f)
			}
		})
	}
}

// noRow is a fragment whose search leaves no row: each fragment is opened
// after it, so that neither page can pass for the next view by still
// showing the last one.
const noRow = "#q=no-row-has-this-name"

// sameView opens fragment in both pages and waits until they show the
// same rows in the same order, at least one, and select the same row; then
// the rows must read alike.
func sameView(t *testing.T, viewer, page *browser, fragment string) {
	t.Helper()
	for _, f := range []string{noRow, fragment} {
		set := `location.hash = ` + jsString(f)
		viewer.do(t, chromedp.Evaluate[chromedp.Void](set))
		page.do(t, chromedp.Evaluate[chromedp.Void](set))
		deadline := time.Now().Add(20 * time.Second)
		for {
			// The viewer draws a row's name first and its cells in a later
			// frame: the rows must read alike once it is done.
			v, p := eval[shown](t, viewer, shownRows), eval[shown](t, page, shownRows)
			same := slices.Equal(v.Keys, p.Keys) && v.Selected == p.Selected && (len(v.Keys) > 0) == (f != noRow)
			differ := -1
			for i := 0; same && differ < 0 && i < len(v.Cells); i++ {
				if !slices.Equal(v.Cells[i], p.Cells[i]) {
					differ = i
				}
			}
			if same && differ < 0 {
				break
			}
			if time.Now().After(deadline) {
				if differ >= 0 {
					t.Errorf("%s: row %s reads\n%q in the viewer,\n%q in the exported page", f, v.Keys[differ], v.Cells[differ], p.Cells[differ])
				} else {
					t.Errorf("%s: the viewer shows %q (selected %q), the exported page %q (selected %q)",
						f, v.Keys, v.Selected, p.Keys, p.Selected)
				}
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}
