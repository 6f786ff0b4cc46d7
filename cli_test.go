package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
)

// runCLI runs benchview with args and returns its stdout, stderr and error.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

// exitCode is the status main would exit with for err.
func exitCode(err error) int {
	var exit exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.code
	}
	return 1
}

// goldenLines splits compare-X.expected into its stats lines and its
// comparison lines.
func goldenLines(t *testing.T, x string) (statsLines, comparisons []string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "compare-"+x+".expected"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"kind":"comparison"`) {
			comparisons = append(comparisons, sc.Text())
		} else {
			statsLines = append(statsLines, sc.Text())
		}
	}
	return statsLines, comparisons
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func checkLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s line %d:\n got %s\nwant %s", what, i+1, got[i], want[i])
			break
		}
	}
	t.Errorf("%s: got %d lines, want %d", what, len(got), len(want))
}

func TestCompareGolden(t *testing.T) {
	for _, x := range []string{"a", "b", "c"} {
		t.Run(x, func(t *testing.T) {
			out, errs, err := runCLI(t, "compare", "testdata/base-"+x+".jsonl", "testdata/cur-"+x+".jsonl")
			// Set c's rows are all underpowered, which stderr names.
			if err != nil || (errs != "") != (x == "c") {
				t.Fatalf("err = %v, stderr = %q", err, errs)
			}
			_, want := goldenLines(t, x)
			checkLines(t, "compare", lines(out), want)
		})
	}
}

func TestStatsGolden(t *testing.T) {
	for _, x := range []string{"a", "b", "c"} {
		t.Run(x, func(t *testing.T) {
			out, errs, err := runCLI(t, "stats", "testdata/cur-"+x+".jsonl")
			if err != nil || errs != "" {
				t.Fatalf("err = %v, stderr = %q", err, errs)
			}
			want, _ := goldenLines(t, x)
			checkLines(t, "stats", lines(out), want)
		})
	}
}

func TestFailOnRegression(t *testing.T) {
	// Set b drifts inside the current run: some rows are regressions.
	base, cur := "testdata/base-b.jsonl", "testdata/cur-b.jsonl"
	out, _, err := runCLI(t, "compare", "-fail-on-regression", base, cur)
	if code := exitCode(err); code != 3 {
		t.Errorf("exit status %d, want 3", code)
	}
	if !strings.Contains(out, `"verdict":"regression"`) {
		t.Errorf("no regression printed, yet the status says there was one")
	}
	if _, _, err := runCLI(t, "compare", base, cur); err != nil {
		t.Errorf("without -fail-on-regression: %v, want status 0", err)
	}
	// Set c's baseline is below the floor, so nothing is a regression:
	// the flag changes nothing.
	if _, _, err := runCLI(t, "compare", "-fail-on-regression", "testdata/base-c.jsonl", "testdata/cur-c.jsonl"); err != nil {
		t.Errorf("set c: %v, want status 0", err)
	}
}

// write puts text in a file in a fresh directory and returns its path.
func write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	rowA = `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"samples":[100,101,102,103,104,105]},"ok":true}` + "\n"
	rowB = `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[200,201,202,203,204,205]},"ok":true}` + "\n"
)

func TestBadLinesAreToldAndTheGoodOnesStillCompared(t *testing.T) {
	base := write(t, "base.jsonl", rowA+"<html>oops</html>\n"+rowB)
	cur := write(t, "cur.jsonl", rowB+`{"benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[1,-2]}}`+"\n"+rowA)
	out, errs, err := runCLI(t, "compare", base, cur)
	if code := exitCode(err); code != 0 {
		t.Errorf("exit status %d, want 0: bad lines in a usable file do not change it", code)
	}
	if _, _, err := runCLI(t, "compare", "-strict", base, cur); exitCode(err) != 1 {
		t.Errorf("-strict: exit status %d, want 1", exitCode(err))
	}
	want := []string{
		base + `:2: not JSON: the line looks like HTML or XML ("<html>oops</html>"); is this a saved web page rather than the report?`,
		cur + ":2: wall_ns.samples[1] is -2: negative; a wall time cannot be below zero",
	}
	checkLines(t, "stderr", lines(errs), want)
	got := lines(out)
	if len(got) != 2 || !strings.HasPrefix(got[0], `{"benchmark":"b",`) || !strings.HasPrefix(got[1], `{"benchmark":"a",`) {
		t.Errorf("stdout = %q, want b then a, in the current's order", got)
	}
}

func TestStatsTellsBadLinesAndPrintsTheGoodOnes(t *testing.T) {
	path := write(t, "r.jsonl", rowA+"{\"benchmark\":\"x\",\"kind\":\"vm\",\"backend\":\"vm\",\"wall_ns\":{\"samples\":[1.5]}}\n"+rowB[:40])
	out, errs, err := runCLI(t, "stats", path)
	if code := exitCode(err); code != 0 {
		t.Errorf("exit status %d, want 0: bad lines in a usable file do not change it", code)
	}
	if _, _, err := runCLI(t, "stats", "-strict", path); exitCode(err) != 1 {
		t.Errorf("-strict: exit status %d, want 1", exitCode(err))
	}
	checkLines(t, "stderr", lines(errs), []string{
		path + ":2: wall_ns.samples[0] is 1.5: not a whole number; samples are whole nanoseconds, with no fraction",
		path + `:3: not valid JSON at column 41: the line ends inside a string (is the line cut short?)`,
	})
	checkLines(t, "stdout", lines(out), []string{
		`{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"min":100,"mean":102,"max":105,"p25":101.2,"median":102.5,"p75":103.8,"iqr":2.5,"samples":[100,101,102,103,104,105]}}`,
	})
}

func TestARepeatedKeyIsAWarningNotAFailure(t *testing.T) {
	base := write(t, "base.jsonl", rowA+rowA)
	out, errs, err := runCLI(t, "compare", base, base)
	if err != nil {
		t.Errorf("err = %v, want status 0", err)
	}
	checkLines(t, "stderr", lines(errs), []string{
		base + ":2: warning: row a/vm/vm repeats line 1; the later line is kept, as the reference keeps it",
		base + ":2: warning: row a/vm/vm repeats line 1; the later line is kept, as the reference keeps it",
	})
	if len(lines(out)) != 1 {
		t.Errorf("stdout = %q, want one comparison", out)
	}
}

func TestANotOKRowIsComparedAndSaidSo(t *testing.T) {
	base := write(t, "base.jsonl", rowA)
	cur := write(t, "cur.jsonl", strings.Replace(rowA, `"ok":true`, `"ok":false`, 1))
	out, errs, err := runCLI(t, "compare", base, cur)
	if err != nil {
		t.Errorf("err = %v, want status 0", err)
	}
	checkLines(t, "stderr", lines(errs), []string{
		cur + ":1: warning: row a/vm/vm is a failed benchmark (ok:false in the current report): its line is printed as the reference prints it, but it is never read as a timing",
		"benchview compare: warning: nothing compared: " + base + " and " + cur + " share no row that both measured and neither flagged",
	})
	if len(lines(out)) != 1 {
		t.Errorf("stdout = %q, want the comparison still", out)
	}
}

func TestABaselineWithoutSamplesIsRefused(t *testing.T) {
	old := write(t, "old.jsonl", `{"benchmark":"a","kind":"vm","backend":"vm","wall_ns":{"min":1,"mean":2,"max":3},"ok":true}`+"\n")
	cur := write(t, "cur.jsonl", rowA)
	out, _, err := runCLI(t, "compare", old, cur)
	if err == nil || err.Error() != old+": "+report.NoSamplesReason {
		t.Errorf("err = %v, want the reference's reason under the file name", err)
	}
	if exitCode(err) != 1 || out != "" {
		t.Errorf("exit status %d, stdout %q; want 1 and nothing", exitCode(err), out)
	}
	empty := write(t, "empty.jsonl", "")
	_, errs, err := runCLI(t, "compare", empty, cur)
	if err == nil || !strings.Contains(errs, empty+": the file is empty") {
		t.Errorf("empty baseline: err = %v, stderr = %q", err, errs)
	}
}

func TestACurrentWithoutSamplesIsSaidToHaveNothing(t *testing.T) {
	base := write(t, "base.jsonl", rowA)
	cur := write(t, "cur.jsonl", `{"benchmark":"a","kind":"unsupported","backend":"vm","what":"x","ok":false}`+"\n")
	out, errs, err := runCLI(t, "compare", base, cur)
	checkLines(t, "stderr", lines(errs), []string{
		cur + ": warning: no rows with samples, so nothing to compare",
		base + ":1: warning: row a/vm/vm is missing from " + cur + ": the current run has no samples for it",
	})
	if err != nil || out != "" {
		t.Errorf("err = %v, stdout = %q", err, out)
	}
}

func TestAMissingFileIsAClearError(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.jsonl")
	for _, args := range [][]string{
		{"compare", missing, "testdata/cur-a.jsonl"},
		{"compare", "testdata/base-a.jsonl", missing},
		{"stats", missing},
	} {
		_, _, err := runCLI(t, args...)
		if err == nil || !strings.Contains(err.Error(), missing) || !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v: err = %v, want one naming %s", args, err, missing)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		usage string
	}{
		{[]string{"compare"}, compareUsage},
		{[]string{"compare", "a.jsonl"}, compareUsage},
		{[]string{"compare", "a", "b", "c"}, compareUsage},
		{[]string{"compare", "-nope", "a", "b"}, compareUsage},
		{[]string{"stats"}, "Usage: benchview stats [-strict] REPORT"},
		{[]string{"stats", "a", "b"}, "Usage: benchview stats [-strict] REPORT"},
	} {
		out, errs, err := runCLI(t, c.args...)
		if exitCode(err) != 2 || out != "" || !strings.Contains(errs, c.usage) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2 and the usage", c.args, exitCode(err), out, errs)
		}
	}
	for _, args := range [][]string{{"compare", "-h"}, {"stats", "-h"}} {
		if _, errs, err := runCLI(t, args...); err != nil || !strings.Contains(errs, "Usage:") {
			t.Errorf("%v: err = %v, stderr = %q; want the usage and status 0", args, err, errs)
		}
	}
}
