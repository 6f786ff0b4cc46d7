package toolreport

import (
	"bytes"
	"strings"
	"testing"
)

// lineOf is the 1-based line of data holding byte off.
func lineOf(data []byte, off int) int { return bytes.Count(data[:off], []byte("\n")) + 1 }

// entryLine is the line of the last entry to open before off: a JSON
// array of objects, one "{" a line, as every tool here writes them.
func entryLine(data []byte, off int) int {
	lines := strings.Split(string(data[:off]), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) == "{" {
			return i + 1
		}
	}
	return 0
}

// resultDumps are the dump lines of each result of r, by key.
func resultDumps(r *Report) map[string]string {
	m := map[string]string{}
	for _, res := range r.Results {
		m[res.Key()] = dump(&Report{Results: []Result{res}})
	}
	return m
}

// damages are one damaged file of each format: data with one value made
// unreadable at the nth match of find, and the line the problem must name.
var damages = []struct {
	path, find, replace string
	nth                 int
	line                func(data []byte, off int) int
}{
	{"go/base.txt", " ns/op", " ns/op x", 12, lineOf}, // "x" where a value goes: a syntax error
	{"go/base.json", `{"Time"`, `{"Time`, 30, lineOf}, // an event that is not JSON
	{"hyperfine/base.json", `"times": [`, `"times": "oops", "x": [`, 2, entryLine},
	{"googlebench/base.json", `"real_time": `, `"real_time": "oops", "x": `, 3, entryLine},
	{"pytest/base.json", `"data": [`, `"data": "oops", "x": [`, 2, entryLine},
	{"criterion/target/criterion/total/base/sample.json", `,`, `,"x",`, 3, lineOf},
}

// TestDamagedFiles makes one value of each format unreadable: the reader
// must name its file and line, and every other result must be read as in
// the whole file.
func TestDamagedFiles(t *testing.T) {
	for _, d := range damages {
		t.Run(d.path, func(t *testing.T) {
			data := readFixture(t, d.path)
			off := -1
			for range d.nth {
				i := bytes.Index(data[off+1:], []byte(d.find))
				if i < 0 {
					t.Fatalf("fewer than %d of %q", d.nth, d.find)
				}
				off += 1 + i
			}
			bad := append(append(bytes.Clone(data[:off]), d.replace...), data[off+len(d.find):]...)
			whole, err := Read(d.path, data)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Read(d.path, bad)
			if err != nil {
				t.Fatal(err)
			}
			want := d.line(data, off)
			if len(r.Problems) != 1 || r.Problems[0].Line != want || r.Problems[0].File != d.path {
				t.Fatalf("problems %v, want one at %s:%d", r.Problems, d.path, want)
			}
			t.Log(r.Problems[0].Error())
			checkKept(t, whole, r, 1)
		})
	}
}

// checkKept checks that part, a read of a damaged or cut copy, has every
// result of whole but at most spoilt, read the same.
func checkKept(t *testing.T, whole, part *Report, spoilt int) {
	t.Helper()
	got := resultDumps(part)
	differ := 0
	for k, w := range resultDumps(whole) {
		if got[k] != w {
			differ++
		}
	}
	if differ > spoilt {
		t.Errorf("%d results missing or read otherwise, want at most %d:\n%s", differ, spoilt, dump(part))
	}
}

// TestCutFiles cuts each fixture short in the middle of a line 60% of the
// way in: a problem names the last line, and every result that ended
// before the cut is read as in the whole file.
func TestCutFiles(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx.path, func(t *testing.T) {
			data := readFixture(t, fx.path)
			cut := len(data) * 6 / 10
			if fx.format == GoBench && !isGoTestJSON(data) {
				// A Go result line cut between fields still parses, with
				// fewer units; cut where a unit must follow.
				cut += bytes.Index(data[cut:], []byte(" ns/op"))
			}
			whole, err := Read(fx.path, data)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Read(fx.path, data[:cut])
			if err != nil {
				t.Fatal(err)
			}
			if r.Format != fx.format {
				t.Errorf("format %q, want %q", r.Format, fx.format)
			}
			last := lineOf(data, cut)
			if len(r.Problems) == 0 {
				t.Fatal("no problem said")
			}
			first := last
			if isGoTestJSON(data) {
				// The cut event ends a benchmark line begun in an event
				// or two before it: that line is said too, where it began.
				first = last - 2
			}
			for _, p := range r.Problems {
				if p.File != fx.path || p.Line < first || p.Line > last {
					t.Errorf("problem %q, want one at %s:%d", p.Error(), fx.path, last)
				}
			}
			// Results that began before the cut and were complete in it:
			// all but the one the cut fell in (the last begun).
			kept := &Report{}
			for i, res := range whole.Results {
				if i+1 < len(whole.Results) && whole.Results[i+1].Line < last {
					kept.Results = append(kept.Results, res)
				}
			}
			checkKept(t, kept, r, 0)
			if len(kept.Results) == 0 && fx.format != Criterion {
				t.Errorf("no result complete before line %d: cut later", last)
			}
		})
	}
}
