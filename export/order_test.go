package export

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

func readGolden(t *testing.T, name string) *report.Report {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := report.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestThePageStartsInTheViewersOrder loads the golden reports into the
// viewer's store, computes its rows as its workers would, and checks that
// the page's first order is the table the viewer shows.
func TestThePageStartsInTheViewersOrder(t *testing.T) {
	for _, set := range []string{"a", "b", "c"} {
		base, cur := readGolden(t, "base-"+set+".jsonl"), readGolden(t, "cur-"+set+".jsonl")

		s := store.New()
		s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: base})
		s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: cur})
		for _, j := range s.Jobs() {
			s.Dispatch(&actions.RowComputed{Review: j.Review, Index: j.Index, Comparison: stats.Compare(j.Base, j.Cur)})
		}
		var viewer []string
		for _, r := range s.Rows() {
			viewer = append(viewer, r.Key.String())
		}

		rv := review.New(base, cur)
		compute(rv)
		var page []string
		for _, r := range ordered(rv.Rows) {
			page = append(page, r.Key.String())
		}
		if !slices.Equal(page, viewer) {
			t.Errorf("set %s: the page starts with\n%q\nthe viewer with\n%q", set, page, viewer)
		}
	}
}
