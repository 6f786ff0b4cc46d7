package store

import (
	"testing"

	"github.com/benchview/benchview/wasm/actions"
)

// Swap is part of the view: the address says it, and restoring a view
// that says otherwise (the back button) swaps the reports back.
func TestSwapLivesInTheView(t *testing.T) {
	s := New()
	s.Dispatch(&actions.ReportLoaded{Side: actions.Baseline, Report: read(t, "base-a.jsonl")})
	s.Dispatch(&actions.ReportLoaded{Side: actions.Current, Report: read(t, "cur-a.jsonl")})
	check := func(when string, swap bool, base string) {
		t.Helper()
		if got := s.View().Swap; got != swap {
			t.Errorf("%s: the view's Swap is %v, want %v", when, got, swap)
		}
		if got := s.Report(actions.Baseline).Name; got != base {
			t.Errorf("%s: the baseline is %q, want %q", when, got, base)
		}
	}
	check("as loaded", false, "base-a.jsonl")
	s.Dispatch(&actions.Swap{})
	check("after Swap", true, "cur-a.jsonl")
	if f := s.View().Fragment(); f != "swap=1" {
		t.Errorf("after Swap the fragment is %q, want swap=1", f)
	}
	s.Dispatch(&actions.RestoreView{Fragment: "#q=x&swap=1"})
	check("restoring a swapped view", true, "cur-a.jsonl")
	s.Dispatch(&actions.RestoreView{Fragment: "#q=x"})
	check("restoring an unswapped view", false, "base-a.jsonl")
	s.Dispatch(&actions.Swap{})
	s.Dispatch(&actions.Unswap{})
	check("after Unswap", false, "cur-a.jsonl") // the reports wait for the new pair
}
