package toolreport

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	m := func(names ...string) []Metric {
		var ms []Metric
		for _, n := range names {
			ms = append(ms, Metric{Name: n, Samples: []float64{1}})
		}
		return ms
	}
	base := &Report{Results: []Result{
		{Name: "a", Metrics: m("ns/op", "B/op")},
		{Name: "gone", Metrics: m("ns/op")},
		{Name: "b", Config: []Pair{{Key: "n", Value: "1"}}, Metrics: m("ns/op")},
		{Name: "bad", Metrics: m("ns/op")},
		{Name: "sum", Metrics: []Metric{{Name: "time"}}},
	}}
	cur := &Report{Results: []Result{
		{Name: "b", Config: []Pair{{Key: "n", Value: "2"}}, Metrics: m("ns/op")}, // another key than base's b
		{Name: "a", Metrics: m("MB/s", "ns/op")},
		{Name: "a", Metrics: m("allocs/op")}, // the key again: paired by its first
		{Name: "bad", Metrics: m("ns/op"), Failed: true},
		{Name: "sum", Metrics: m("time")},
	}}
	var got []string
	for _, r := range Match(base, cur) {
		got = append(got, r.Result().Key()+" "+r.Metric().Name+" "+string(r.State))
	}
	want := []string{
		"b n=2 ns/op only-in-current",
		"a MB/s only-in-current",
		"a ns/op ",
		"a B/op only-in-baseline",
		"bad ns/op failed",
		"sum time summary-only",
		"gone ns/op only-in-baseline",
		"b n=1 ns/op only-in-baseline",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
