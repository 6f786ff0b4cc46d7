package stats

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The golden vectors were written by the reference implementation; see
// testdata/README.md. Every line must come out byte for byte.

func TestGoldenStats(t *testing.T) {
	var got []string
	for _, line := range readLines(t, "stats.txt") {
		s, ok := Of(parseSamples(t, line))
		if !ok {
			t.Fatalf("stats.txt has an empty series")
		}
		got = append(got, s.JSONWithSamples())
	}
	checkGolden(t, "stats.expected", got)
}

func TestGoldenPairs(t *testing.T) {
	var got []string
	for _, line := range readLines(t, "pairs.txt") {
		b, c, ok := strings.Cut(line, ";")
		if !ok {
			t.Fatalf("pairs.txt line %q has no ';'", line)
		}
		got = append(got, Compare(parseSamples(t, b), parseSamples(t, c)).JSON("x", "vm", "vm"))
	}
	checkGolden(t, "pairs.expected", got)
}

func testdata(name string) string { return filepath.Join("..", "..", "testdata", name) }

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func parseSamples(t *testing.T, s string) []uint64 {
	t.Helper()
	var out []uint64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			t.Fatalf("bad sample %q: %v", f, err)
		}
		out = append(out, v)
	}
	return out
}

// checkGolden compares got with the lines of testdata/name and, on a
// mismatch, writes got beside it as name.got for diffing.
func checkGolden(t *testing.T, name string, got []string) {
	t.Helper()
	want := readLines(t, name)
	bad := 0
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			if bad < 5 {
				t.Errorf("%s line %d:\n got %s\nwant %s", name, i+1, g, w)
			}
			bad++
		}
	}
	if bad == 0 {
		return
	}
	t.Errorf("%s: %d of %d lines differ", name, bad, len(want))
	gotPath := testdata(name) + ".got"
	if err := os.WriteFile(gotPath, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
		t.Error(err)
	} else {
		t.Logf("wrote %s", gotPath)
	}
}
