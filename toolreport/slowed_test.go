package toolreport

import (
	"bufio"
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// slowedList reads a fixture README's table of benchmarks: the names in
// the first column (in backquotes, several to a row) and whether the
// second says "yes" (slowed) or "no" (not); rows saying neither (a failing
// benchmark) are left out.
func slowedList(t *testing.T, readme string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	slowed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		verdict := strings.TrimSpace(cells[2])
		yes, no := strings.HasPrefix(verdict, "yes"), strings.HasPrefix(verdict, "no")
		if !yes && !no {
			continue
		}
		for _, name := range strings.Split(cells[1], ",") {
			slowed[strings.Trim(strings.TrimSpace(name), "`")] = yes
		}
	}
	if len(slowed) == 0 {
		t.Fatalf("%s: no table of slowed benchmarks", readme)
	}
	return slowed
}

// median is the plain median of xs (the stats core is not yet float-ready;
// this test needs only a ratio far from 1).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// readmeName is how a fixture's README names a result: hyperfine's by its
// command with the parameter put back as {n}, Go's without its
// -GOMAXPROCS suffix.
func readmeName(r Result) string {
	name := r.Name
	for _, p := range r.Config {
		switch {
		case p.Key == "/gomaxprocs":
			name = strings.TrimSuffix(name, "-"+p.Value)
		case !p.File && !strings.HasPrefix(p.Key, "/"):
			name = strings.ReplaceAll(name, p.Value, "{"+p.Key+"}")
		}
	}
	return name
}

// TestSlowedBenchmarksStandOut checks each pair against its README: every
// benchmark the second run slowed has a median of its first metric (time)
// at least 1.5 times the first run's, every other one less. The slowdowns
// are 2x or 3x the work, and the README says how noisy the machine was.
func TestSlowedBenchmarksStandOut(t *testing.T) {
	pairs := []struct{ readme, base, cur string }{
		{"go/README.md", "go/base.txt", "go/cur.txt"},
		{"go/README.md", "go/base.json", "go/cur.json"},
		{"hyperfine/README.md", "hyperfine/base.json", "hyperfine/cur.json"},
		{"googlebench/README.md", "googlebench/base.json", "googlebench/cur.json"},
		{"pytest/README.md", "pytest/base.json", "pytest/cur.json"},
		{"criterion/README.md", "", ""},
	}
	for _, p := range pairs {
		name := p.base
		if name == "" {
			name = "criterion/target/criterion"
		}
		t.Run(name, func(t *testing.T) {
			slowed := slowedList(t, formats+p.readme)
			var base, cur *Report
			if p.base == "" {
				var err error
				base, cur, err = ReadCriterionPair(os.DirFS(formats+"criterion/target/criterion"), "", "")
				if err != nil {
					t.Fatal(err)
				}
			} else {
				var err error
				if base, err = Read(p.base, readFixture(t, p.base)); err != nil {
					t.Fatal(err)
				}
				if cur, err = Read(p.cur, readFixture(t, p.cur)); err != nil {
					t.Fatal(err)
				}
			}
			checked := 0
			for _, b := range base.Results {
				want, listed := slowed[readmeName(b)]
				if b.Failed || b.SummaryOnly() || !listed {
					continue
				}
				i := slices.IndexFunc(cur.Results, func(c Result) bool { return c.Key() == b.Key() })
				if i < 0 {
					t.Errorf("%s: not in %s", b.Key(), cur.Name)
					continue
				}
				ratio := median(cur.Results[i].Metrics[0].Samples) / median(b.Metrics[0].Samples)
				if got := ratio >= 1.5; got != want {
					t.Errorf("%s: median %s %.2fx the base's; the README says slowed: %v", b.Key(), b.Metrics[0].Name, ratio, want)
				}
				checked++
			}
			if checked < 3 {
				t.Errorf("only %d benchmarks checked against the README", checked)
			}
		})
	}
}
