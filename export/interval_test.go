package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// assemble puts an interval option together from its parts as page.js
// does (drawInterval): the frame of the theme, the label, bar and mark of
// each shown row in order, the mark's position set to the row's place,
// and the selection merged into the selected row's bar and mark.
func assemble(t *testing.T, iv *intervalJSON, bars []barJSON, shown []int, selected, theme int) any {
	t.Helper()
	var frame map[string]any
	decode(t, iv.Frames[theme], &frame)
	var labels, items, marks []any
	for pos, i := range shown {
		b := bars[i]
		var label, item any
		decode(t, b.Label, &label)
		decode(t, b.Item[theme], &item)
		if i == selected {
			item = merge(item, iv.Selected[theme].Bar)
		}
		labels, items = append(labels, label), append(items, item)
		if b.Mark != nil {
			var mark map[string]any
			decode(t, b.Mark[theme], &mark)
			mark["value"] = []any{mark["value"].([]any)[0], float64(pos)}
			if i == selected {
				mark = merge(mark, iv.Selected[theme].Mark).(map[string]any)
			}
			marks = append(marks, mark)
		}
	}
	frame["yAxis"].([]any)[0].(map[string]any)["data"] = orEmpty(labels)
	series := frame["series"].([]any)
	series[0].(map[string]any)["data"] = orEmpty(items)
	series[1].(map[string]any)["data"] = orEmpty(marks)
	return frame
}

// merge is page.js's merge: p's keys replace a's, objects merged
// recursively.
func merge(a, p any) any {
	am, aObj := a.(map[string]any)
	pm, pObj := p.(map[string]any)
	if !aObj || !pObj {
		return p
	}
	out := make(map[string]any, len(am))
	for k, v := range am {
		out[k] = v
	}
	for k, v := range pm {
		out[k] = merge(am[k], v)
	}
	return out
}

func orEmpty(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}

func decode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
}

// TestThePartsMakeTheViewersIntervalChart checks the parts a page carries
// against the viewer's builder: for the golden reviews (set c has
// underpowered rows, which have marks), in both themes, for the rows in
// the page's order, reversed, and every other one, with no row, a
// compared row and an underpowered row selected, the option page.js
// assembles is the one chart.IntervalStyled gives for those rows.
func TestThePartsMakeTheViewersIntervalChart(t *testing.T) {
	for _, set := range []string{"a", "b", "c"} {
		rv := review.New(readGolden(t, "base-"+set+".jsonl"), readGolden(t, "cur-"+set+".jsonl"))
		if err := compute(rv); err != nil {
			t.Fatal(err)
		}
		var rows []review.Row
		inOrder, _ := ordered(rv.Rows, true)
		for _, r := range inOrder {
			if compared(r) {
				rows = append(rows, *r)
			}
		}
		iv, bars, err := intervalParts(rows)
		if err != nil {
			t.Fatalf("set %s: %v", set, err)
		}
		all, reversed, alternate := []int{}, []int{}, []int{}
		selections := []int{-1, len(rows) / 2}
		for i := range rows {
			all = append(all, i)
			reversed = append([]int{i}, reversed...)
			if i%2 == 1 {
				alternate = append(alternate, i)
			}
			if rows[i].Comparison.Verdict == stats.Underpowered && len(selections) < 3 {
				selections = append(selections, i)
			}
		}
		// No shown row is not drawn: page.js says so instead.
		for name, shown := range map[string][]int{"page order": all, "reversed": reversed, "every other": alternate} {
			for _, sel := range selections {
				for theme, dark := range themes {
					var subset []review.Row
					for _, i := range shown {
						subset = append(subset, rows[i])
					}
					style := chart.Style{Dark: dark}
					if sel >= 0 {
						style.Selected = rows[sel].Key.String()
					}
					option, err := chart.IntervalStyled(subset, style)
					if err != nil {
						t.Fatal(err)
					}
					var want any
					decode(t, option, &want)
					got := assemble(t, iv, bars, shown, sel, theme)
					if !reflect.DeepEqual(got, want) {
						g, _ := json.Marshal(got)
						t.Errorf("set %s, %s, selected %d, dark %v: the parts make\n%.2000s\nthe builder gives\n%.2000s", set, name, sel, dark, g, option)
					}
				}
			}
		}
		if set == "c" && len(selections) < 3 {
			t.Error("set c has no underpowered row: the marks are not tested")
		}
	}
}

// TestTheHeightsAreTheViewers: page.js sizes the chart for n bars with the
// numbers intervalHeights reads off chart.IntervalHeight.
func TestTheHeightsAreTheViewers(t *testing.T) {
	h := intervalHeights()
	for n := range 5000 {
		got := min(h.Max, max(h.Min, h.Fixed+h.PerBar*n))
		if want := min(chart.IntervalHeight(n), maxIntervalHeight); got != want {
			t.Fatalf("%d bars: %d pixels, chart.IntervalHeight says %d", n, got, want)
		}
	}
	// The most bars page.js draws are minBarPitch apart at least, and one
	// more would not be: the chart draws as many as its labels allow.
	pitch := func(n int) int { return (min(h.Max, max(h.Min, h.Fixed+h.PerBar*n)) - h.Fixed) / n }
	if h.MaxBars < 1 || pitch(h.MaxBars) < minBarPitch || pitch(h.MaxBars+1) >= minBarPitch {
		t.Errorf("at most %d bars: %d pixels apart, %d apart with one more; want them %d apart at least, and as many as fit",
			h.MaxBars, pitch(max(h.MaxBars, 1)), pitch(h.MaxBars+1), minBarPitch)
	}
}

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

// TestEqualJSONIsDeepEqual: equalJSON says what reflect.DeepEqual says of
// every pair of values decoded from these documents, nested ones included.
func TestEqualJSONIsDeepEqual(t *testing.T) {
	docs := []string{
		`null`, `true`, `false`, `0`, `1`, `1.5`, `""`, `"1"`, `"a"`,
		`[]`, `[1]`, `[1,2]`, `[2,1]`, `["1"]`, `[null]`, `[[1]]`, `[[1,2]]`, `[{"a":1}]`,
		`{}`, `{"a":1}`, `{"a":"1"}`, `{"b":1}`, `{"a":1,"b":2}`, `{"a":[1,{"b":null}]}`, `{"a":[1,{"b":false}]}`,
	}
	values := make([]any, len(docs))
	for i, d := range docs {
		if err := json.Unmarshal([]byte(d), &values[i]); err != nil {
			t.Fatal(err)
		}
	}
	for i, a := range values {
		for j, b := range values {
			if got, want := equalJSON(a, b), reflect.DeepEqual(a, b); got != want {
				t.Errorf("equalJSON(%s, %s) = %v, want %v", docs[i], docs[j], got, want)
			}
		}
	}
}
