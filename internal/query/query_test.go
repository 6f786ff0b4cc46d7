package query

import (
	"net/url"
	"reflect"
	"testing"
)

// inputs are strings of the kinds the page's addresses hold, and some
// that no well-formed address does.
var inputs = []string{
	"", "a", "a=b", "baseline=reports%2Fa.jsonl&current=reports/b.jsonl",
	"sort=delta&desc=1&q=sum%20x+y&row=suite%2F%C3%A9%2Fvm", "a=1&a=2&b", "=x", "k=",
	"a;b=1&c=2", "x=%zz&y=1", "x=%4&y=%41", "%", "%%", "a=%e2%9c%93", "++=+", "&&&", "a==b",
	"name with space/ünï/<b>\"'&#;", "~-_.!*()", "\x00\xff%00",
}

// Each function gives what net/url's gives, errors (but not their words)
// included.
func TestAsNetURL(t *testing.T) {
	for _, s := range inputs {
		same(t, s)
	}
}

func same(t *testing.T, s string) {
	t.Helper()
	if got, want := Escape(s), url.QueryEscape(s); got != want {
		t.Errorf("Escape(%q) = %q, url.QueryEscape %q", s, got, want)
	}
	got, ok := unescape(s, true)
	want, werr := url.QueryUnescape(s)
	if !ok {
		got = "" // as url.QueryUnescape gives with its error
	}
	if got != want || ok != (werr == nil) {
		t.Errorf("unescape(%q, true) = %q, %v; url.QueryUnescape %q, %v", s, got, ok, want, werr)
	}
	got, err := PathUnescape(s)
	want, werr = url.PathUnescape(s)
	if got != want || (err == nil) != (werr == nil) {
		t.Errorf("PathUnescape(%q) = %q, %v; url.PathUnescape %q, %v", s, got, err, want, werr)
	}
	q, err := Parse(s)
	wq, werr := url.ParseQuery(s)
	if !reflect.DeepEqual(map[string][]string(q), map[string][]string(wq)) || (err == nil) != (werr == nil) {
		t.Errorf("Parse(%q) = %q, %v; url.ParseQuery %q, %v", s, q, err, wq, werr)
	}
	if got, want := q.Encode(), wq.Encode(); got != want {
		t.Errorf("Encode of %q = %q, url.Values %q", s, got, want)
	}
	if got, want := q.Get("a"), wq.Get("a"); got != want {
		t.Errorf("Get(a) of %q = %q, url.Values %q", s, got, want)
	}
}

func TestSetAndEncode(t *testing.T) {
	q, u := Values{}, url.Values{}
	for _, kv := range [][2]string{{"current", "b c/d"}, {"baseline", "a&b=c"}, {"current", "é"}} {
		q.Set(kv[0], kv[1])
		u.Set(kv[0], kv[1])
	}
	if got, want := q.Encode(), u.Encode(); got != want {
		t.Errorf("Encode = %q, url.Values %q", got, want)
	}
}

// FuzzAsNetURL: for any string, the same as net/url.
func FuzzAsNetURL(f *testing.F) {
	for _, s := range inputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1000 {
			return // net/url limits how many pairs a query may hold
		}
		same(t, s)
	})
}
