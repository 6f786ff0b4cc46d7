package tableview

import "testing"

func TestFragment(t *testing.T) {
	for _, v := range []View{
		{},
		{Sort: ColDelta, Desc: true},
		{Filter: "inside the noise", Search: "a&b=c #d", Selected: "<img src=x>/vm/ü"},
		{Adjust: "holm"},
		{Filter: "regression", Adjust: "bh"},
		{Swap: true},
		{Sort: ColDelta, Selected: "a/b/c", Adjust: "holm", Swap: true},
		{Metric: "B/op"},
		{Filter: "regression", Metric: "sec/op &x"},
	} {
		f := v.Fragment()
		if got := ParseFragment("#" + f); got != v {
			t.Errorf("ParseFragment(%q) = %+v, want %+v", f, got, v)
		}
	}
	if f := (View{}).Fragment(); f != "" {
		t.Errorf("the default view's fragment is %q, want empty", f)
	}
	if f := (View{Sort: "delta", Desc: true, Selected: "a/b/c"}).Fragment(); f != "sort=delta&desc=1&row=a%2Fb%2Fc" {
		t.Errorf("fragment = %q", f)
	}
	if v := ParseFragment("#filter=regression&q=pure&row=pure%2Fvm%2Fvm&zz=1"); v != (View{Filter: "regression", Search: "pure", Selected: "pure/vm/vm"}) {
		t.Errorf("parsed view = %+v", v)
	}
	// A method Adjust does not know leaves the reference's verdicts.
	if v := ParseFragment("#adjust=bonferroni&q=x"); v != (View{Search: "x"}) {
		t.Errorf("parsed view = %+v, want the search alone", v)
	}
	if f := (View{Search: "x", Adjust: "holm"}).Fragment(); f != "q=x&adjust=holm" {
		t.Errorf("fragment = %q", f)
	}
	// Swap comes last, and only "1" swaps: a hand-edited link with
	// another value keeps the reports as the address gives them.
	if f := (View{Search: "x", Adjust: "holm", Swap: true}).Fragment(); f != "q=x&adjust=holm&swap=1" {
		t.Errorf("fragment = %q", f)
	}
	if v := ParseFragment("#swap=yes&q=x"); v != (View{Search: "x"}) {
		t.Errorf("parsed view = %+v, want the search alone", v)
	}
}

func TestSortByTogglesTheDirection(t *testing.T) {
	var v View
	for _, c := range []struct {
		col  string
		want View
	}{
		// The shift's first click puts the largest regression first.
		{ColDelta, View{Sort: ColDelta, Desc: true}},
		{ColDelta, View{Sort: ColDelta}},
		{ColInterval, View{Sort: ColInterval, Desc: true}},
		{ColName, View{Sort: ColName}},
		{ColBaseMedian, View{Sort: ColBaseMedian}},
		{ColVerdict, View{}},
		{ColVerdict, View{Desc: true}},
	} {
		v = v.SortBy(c.col)
		if v != c.want {
			t.Errorf("after sorting by %s: %+v, want %+v", c.col, v, c.want)
		}
	}
}
