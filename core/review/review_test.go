package review

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/stats"
)

func read(t *testing.T, name, text string) *report.Report {
	t.Helper()
	r, err := report.Read(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) > 0 {
		t.Fatalf("%s: %v", name, r.Problems)
	}
	return r
}

func line(bench, kind, backend, rest string) string {
	return fmt.Sprintf(`{"benchmark":%q,"kind":%q,"backend":%q%s}`+"\n", bench, kind, backend, rest)
}

const six = `,"wall_ns":{"samples":[10,11,12,13,14,15]},"ok":true`

// describe is one line per review row: key, state, which sides are there.
func describe(v *Review) []string {
	var out []string
	for _, r := range v.Rows {
		side := func(row *report.Row, s any) string {
			switch {
			case row == nil:
				return "-"
			case s != nil:
				return "samples"
			}
			return "row"
		}
		out = append(out, fmt.Sprintf("%s %q base=%s cur=%s", r.Key, r.State,
			side(r.Base, nilIfNil(r.BaseStats)), side(r.Cur, nilIfNil(r.CurStats))))
	}
	return out
}

func nilIfNil[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

// pairingReports are two reports with a row of every kind a review pairs.
func pairingReports(t *testing.T) (base, cur *report.Report) {
	base = read(t, "base",
		line("gone", "vm", "vm", six)+
			line("both", "vm", "vm", six)+
			line("refused", "unsupported", "vm", `,"what":"a spawn","ok":false`)+
			line("both", "trace_overhead", "vm", `,"overhead_ratio":1.3`)+
			line("flagged", "vm", "vm", six)+
			line("summary", "vm", "vm", `,"wall_ns":{"min":1,"mean":2,"max":3}`)+
			line("old", "vm", "vm", `,"wall_ns":{"min":1,"mean":2,"max":3}`))
	cur = read(t, "cur",
		line("new", "vm", "vm", six)+
			line("both", "vm", "vm", six)+
			line("both", "trace_overhead", "vm", `,"overhead_ratio":1.3`)+
			line("both", "comparison", "vm", `,"of":"vm","verdict":"underpowered"`)+
			line("flagged", "vm", "vm", `,"wall_ns":{"samples":[10,11,12,13,14,15]},"ok":false`)+
			line("summary", "vm", "vm", six)+
			line("failed", "vm", "vm", `,"ok":false`))
	return base, cur
}

func TestPairing(t *testing.T) {
	base, cur := pairingReports(t)
	got := describe(New(base, cur))
	want := []string{
		// The current report's keys, in its order...
		`new/vm/vm "only-in-current" base=- cur=samples`,
		`both/vm/vm "" base=samples cur=samples`,
		// (trace_overhead and comparison lines are left out)
		`flagged/vm/vm "not-ok" base=samples cur=samples`,
		// a baseline with only a summary has no samples to compare against
		`summary/vm/vm "only-in-current" base=row cur=samples`,
		`failed/vm/vm "not-ok" base=- cur=row`,
		// ...then the keys only the baseline has, in its order.
		`gone/vm/vm "only-in-baseline" base=samples cur=-`,
		`refused/unsupported/vm "unsupported" base=row cur=-`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows:\n got %q\nwant %q", got, want)
	}
}

// A Pairing stepped a few keys at a time makes New's rows, and says it
// is done only once the last key (14: seven a report) is paired.
func TestPairingInSteps(t *testing.T) {
	base, cur := pairingReports(t)
	want := describe(New(base, cur))
	for _, n := range []int{1, 2, 5, 14} {
		checkSteps(t, NewPairing(base, cur), n, 14, want)
	}
}

// checkSteps steps p n keys at a time, and checks it makes the rows
// described by want, and says it is done only after the last of keys.
func checkSteps(t *testing.T, p *Pairing, n, keys int, want []string) {
	t.Helper()
	steps := 1
	for !p.Step(n) {
		steps++
	}
	if got := describe(p.Review()); !slices.Equal(got, want) {
		t.Errorf("%d at a time: rows\n got %q\nwant %q", n, got, want)
	}
	if wantSteps := (keys + n - 1) / n; steps != wantSteps {
		t.Errorf("%d at a time: done after %d steps, want %d", n, steps, wantSteps)
	}
}

// Reports with the same keys in the same order pair row by row (the
// aligned way, no lookup), and make the rows the general way makes: the
// same pairs as when the baseline's rows come in another order.
func TestReportsInOneOrderPairRowByRow(t *testing.T) {
	var b, c strings.Builder
	for i := range 40 {
		samples := fmt.Sprintf(`,"wall_ns":{"samples":[%d,%d,%d,%d,%d,%d]}`, 10+i, 12, 11, 13, 9, 10)
		okness := ""
		if i%9 == 4 {
			okness = `,"ok":false`
		}
		b.WriteString(line(fmt.Sprint("row", i), "vm", "vm", samples))
		c.WriteString(line(fmt.Sprint("row", i), "vm", "vm", samples+okness))
	}
	base, cur := read(t, "base", b.String()), read(t, "cur", c.String())
	if !report.SameKeys(cur, base) {
		t.Fatal("two reports of the same keys in the same order are not SameKeys")
	}
	reversed := slices.Clone(base.Rows)
	slices.Reverse(reversed)
	shuffled := report.New("base", reversed, nil)
	if report.SameKeys(cur, shuffled) {
		t.Fatal("a baseline in another order is SameKeys")
	}
	want := describe(New(shuffled, cur))
	for _, n := range []int{1, 7, 40} {
		p := NewPairing(base, cur)
		checkSteps(t, p, n, 40, want)
		for i, r := range p.Review().Rows {
			if r.Base != &base.Rows[i] || r.Cur != &cur.Rows[i] {
				t.Fatalf("row %d (%s) is not the reports' own rows %d", i, r.Key, i)
			}
		}
	}
}

// Reports unpacked from their binary form, whose rows hold their samples
// sorted, pair into the rows with the same summaries as the reports read:
// the same sorted samples, run order and mean, bit for bit.
func TestSortedRowsSummarizeAsRead(t *testing.T) {
	base, cur := readFile(t, "base-b.jsonl"), readFile(t, "cur-b.jsonl")
	want, got := New(base, cur), New(unpack(t, base), unpack(t, cur))
	if len(got.Rows) != len(want.Rows) || len(want.Rows) == 0 {
		t.Fatalf("%d rows unpacked, %d read", len(got.Rows), len(want.Rows))
	}
	sorted := 0
	for i, w := range want.Rows {
		g := got.Rows[i]
		for _, side := range []struct {
			g, w *stats.FloatStats
			row  *report.Row
		}{{g.BaseStats, w.BaseStats, g.Base}, {g.CurStats, w.CurStats, g.Cur}} {
			if (side.g == nil) != (side.w == nil) {
				t.Fatalf("%s: summarized %v, read %v", w.Key, side.g, side.w)
			}
			if side.w == nil {
				continue
			}
			if &side.g.Sorted[0] != &side.row.Sorted[0] {
				t.Fatalf("%s: the summary sorted the samples again", w.Key)
			}
			if !slices.Equal(side.g.Sorted, side.w.Sorted) || !slices.Equal(side.g.Taken, side.w.Taken) || side.g.Mean != side.w.Mean {
				t.Fatalf("%s: summarized %+v, read %+v", w.Key, *side.g, *side.w)
			}
			sorted++
		}
	}
	if sorted == 0 {
		t.Fatal("no row has samples")
	}
}

func TestOneReportAloneIsAView(t *testing.T) {
	rep := read(t, "only", line("a", "vm", "vm", six)+line("b", "unsupported", "vm", `,"ok":false`))
	for _, c := range []struct {
		name      string
		base, cur *report.Report
		want      []string
	}{
		{"as the current", nil, rep, []string{`a/vm/vm "only-in-current" base=- cur=samples`, `b/unsupported/vm "unsupported" base=- cur=row`}},
		{"as the baseline", rep, nil, []string{`a/vm/vm "only-in-baseline" base=samples cur=-`, `b/unsupported/vm "unsupported" base=row cur=-`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := describe(New(c.base, c.cur)); !slices.Equal(got, c.want) {
				t.Errorf("rows:\n got %q\nwant %q", got, c.want)
			}
		})
	}
	if rows := New(nil, nil).Rows; len(rows) != 0 {
		t.Errorf("New(nil, nil) has %d rows", len(rows))
	}
}

func TestComputeFillsOnlyComparedRows(t *testing.T) {
	base := read(t, "base", line("a", "vm", "vm", six)+line("f", "vm", "vm", six))
	cur := read(t, "cur", line("a", "vm", "vm", six)+line("f", "vm", "vm", `,"wall_ns":{"samples":[1,2,3,4,5,6]},"ok":false`))
	v := New(base, cur)
	for i := range v.Rows {
		if v.Rows[i].Comparison != nil {
			t.Fatalf("%s: New computed a comparison", v.Rows[i].Key)
		}
		v.Rows[i].Compute()
	}
	if c := v.Rows[0].Comparison; c == nil || c.Delta != 0 {
		t.Errorf("a/vm/vm: Comparison = %+v, want a zero shift", c)
	}
	if v.Rows[1].Comparison != nil {
		t.Errorf("f/vm/vm is not-ok, but Compute compared it")
	}
}

// The golden comparisons come out of the pipeline reader → review →
// stats, line for line: for each current row with samples, its stats
// line, then its comparison when the baseline has the row.
func TestGoldenCompare(t *testing.T) {
	for _, x := range []string{"a", "b", "c"} {
		t.Run(x, func(t *testing.T) {
			v := New(readFile(t, "base-"+x+".jsonl"), readFile(t, "cur-"+x+".jsonl"))
			var wg sync.WaitGroup
			for i := range v.Rows { // rows share nothing: compute them at once
				wg.Go(v.Rows[i].Compute)
			}
			wg.Wait()
			var got []string
			for _, r := range v.Rows {
				if r.CurStats == nil {
					continue
				}
				exact, _ := stats.Of(r.Cur.Samples) // the reference's line is of the exact samples
				got = append(got, exact.Line(r.Key.Benchmark, r.Key.Kind, r.Key.Backend))
				if r.Comparison != nil {
					got = append(got, r.Comparison.JSON(r.Key.Benchmark, r.Key.Kind, r.Key.Backend))
				}
			}
			checkGolden(t, "compare-"+x+".expected", got)
		})
	}
}

func testdata(name string) string { return filepath.Join("..", "..", "testdata", name) }

func readFile(t *testing.T, name string) *report.Report {
	t.Helper()
	f, err := os.Open(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := report.Read(f, name)
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%s: %v %v", name, err, r.Problems)
	}
	return r
}

// checkGolden compares got with the lines of testdata/name and, on a
// mismatch, writes got beside it as name.got.
func checkGolden(t *testing.T, name string, got []string) {
	t.Helper()
	f, err := os.Open(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if slices.Equal(got, want) {
		return
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s line %d:\n got %s\nwant %s", name, i+1, got[i], want[i])
			break
		}
	}
	t.Errorf("%s: got %d lines, want %d", name, len(got), len(want))
	if err := os.WriteFile(testdata(name)+".got", []byte(strings.Join(got, "\n")+"\n"), 0o644); err == nil {
		t.Logf("wrote %s.got", testdata(name))
	}
}
