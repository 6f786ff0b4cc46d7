package stats

import (
	"strings"
	"testing"
)

// A plan drawn in parts and joined compares rows as the plan a Comparer
// draws itself, bit for bit, at every kind of side the draws count
// differently (tiny, narrow, wide; odd and even), whatever the order the
// parts are joined in; its progress counts every resample of both sides.
func TestAPlanJoinedFromPartsIsTheDrawnOne(t *testing.T) {
	for _, sizes := range [][2]int{{12, 15}, {30, 31}, {200, 257}, {1001, 300}} {
		nb, nc := sizes[0], sizes[1]
		drawn := 0
		var parts []PlanPart
		for _, r := range [][2]int{{7000, Resamples}, {0, 2500}, {2500, 7000}} {
			p, err := DrawPlanPart(nb, nc, r[0], r[1], func(k int) { drawn += k })
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		if drawn != 2*Resamples {
			t.Errorf("%v: progress told of %d resamples drawn, want %d", sizes, drawn, 2*Resamples)
		}
		var joined, own Comparer
		if err := joined.JoinPlan(nb, nc, parts); err != nil {
			t.Fatalf("%v: %v", sizes, err)
		}
		for k := range 3 {
			base, cur := series(100_000, 6, nb, uint64(2*k+1)), series(101_000, 6, nc, uint64(2*k+2))
			if got, want := joined.Compare(base, cur), own.Compare(base, cur); !sameBits(got, want) {
				t.Errorf("%v: joined plan %+v, drawn plan %+v", sizes, got, want)
			}
		}
	}
}

// Parts that are not one plan's are refused, and leave the Comparer
// drawing its own.
func TestJoinPlanRefusesPartsOfNoPlan(t *testing.T) {
	part := func(nb, nc, from, to int) PlanPart {
		p, err := DrawPlanPart(nb, nc, from, to, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	beyond := part(20, 21, 0, Resamples)
	beyond.CurLower = append([]uint32(nil), beyond.CurLower...)
	beyond.CurLower[5] = 21
	for _, c := range []struct {
		name  string
		parts []PlanPart
		want  string
	}{
		{"a gap", []PlanPart{part(20, 21, 0, 100), part(20, 21, 200, Resamples)}, "does not follow resample 100"},
		{"an overlap", []PlanPart{part(20, 21, 0, 300), part(20, 21, 200, Resamples)}, "does not follow resample 300"},
		{"too few", []PlanPart{part(20, 21, 0, 300)}, "end at resample 300"},
		{"other sizes", []PlanPart{part(20, 21, 0, 300), part(21, 20, 300, Resamples)}, "for 21 and 20 samples"},
		{"a position beyond the side", []PlanPart{beyond}, "beyond 21 samples"},
	} {
		var cmp Comparer
		err := cmp.JoinPlan(20, 21, c.parts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
		if len(cmp.sizes) != 0 {
			t.Errorf("%s: the Comparer took a plan", c.name)
		}
	}
	if _, err := DrawPlanPart(20, 21, 0, Resamples+1, nil); err == nil {
		t.Error("a part beyond the resamples was drawn")
	}
}
