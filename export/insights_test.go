package export

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/reviewtext"
)

// timings are n samples of a skewed timing around median ns (lognormal
// noise of the given relative spread), drifting linearly by drift (a
// fraction of the median) from the run's start to its end.
func timings(rng *rand.Rand, median, spread, drift float64, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		trend := 1 + drift*(float64(i)/float64(n-1)-0.5)
		s[i] = uint64(median * trend * math.Exp(spread*rng.NormFloat64()))
	}
	return s
}

// insightReports are a baseline and a current report built for the
// insights, seed-fixed: "drifting" (its current run slows by 10% over
// the run), "clean" (the same shift, no drift), "noisy" (no real shift,
// ten samples of 5% noise: inside the noise), "marginal" (a shift a
// single test calls and an adjustment for many rows does not), and 24
// "steady/N" rows that did not change, so that chance matters.
func insightReports(seed uint64) (base, cur string) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b, c strings.Builder
	line := func(w *strings.Builder, name string, s []uint64) {
		j, _ := json.Marshal(s)
		fmt.Fprintf(w, `{"benchmark":%q,"kind":"interpreter","backend":"vm","ok":true,"wall_ns":{"samples":%s}}`+"\n", name, j)
	}
	row := func(name string, n int, spread, shift, drift float64) {
		line(&b, name, timings(rng, 1e6, spread, 0, n))
		line(&c, name, timings(rng, 1e6*(1+shift), spread, drift, n))
	}
	row("drifting", 60, 0.01, 0.05, 0.10)
	row("clean", 60, 0.01, 0.05, 0)
	row("noisy", 10, 0.05, 0, 0)
	row("marginal", 30, 0.04, 0.025, 0)
	for i := range 24 {
		row(fmt.Sprintf("steady/%d", i), 30, 0.02, 0, 0)
	}
	return b.String(), c.String()
}

// insightReview reads the reports of insightReports as export reads them.
func insightReview(t testing.TB) *review.Review {
	t.Helper()
	b, c := insightReports(11)
	base, err := report.Read(strings.NewReader(b), "base.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := report.Read(strings.NewReader(c), "cur.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return review.New(base, cur)
}

// shipped is the insights a page of rv carries, read back from the page.
func shipped(t *testing.T, rv *review.Review) insightsJSON {
	t.Helper()
	p := page(t, rv)
	m := regexpInsights.FindStringSubmatch(p)
	if m == nil {
		t.Fatal("the page has no insights block")
	}
	var in insightsJSON
	if err := json.Unmarshal([]byte(m[1]), &in); err != nil {
		t.Fatalf("insights block: %v", err)
	}
	return in
}

func TestInsightsMarkTheDriftingRowOnly(t *testing.T) {
	in := shipped(t, insightReview(t))
	d := in.Rows["drifting/interpreter/vm"]
	if d == nil || !strings.HasPrefix(d.Drift, "drift: current +") {
		t.Fatalf("drifting row: %+v, want a drift of the current side", d)
	}
	if len(d.Trends) != 1 || d.Trends[0].Side != "cur" || d.Trends[0].To != "60" || !(d.Trends[0].Y[1] > d.Trends[0].Y[0]) {
		t.Errorf("drifting row's trends %+v, want the current side's, rising over 60 samples", d.Trends)
	}
	if c := in.Rows["clean/interpreter/vm"]; c != nil && (c.Drift != "" || c.Trends != nil) {
		t.Errorf("clean row marked as drifting: %+v", c)
	}
}

func TestInsightsAdviseTheRowInsideTheNoise(t *testing.T) {
	in := shipped(t, insightReview(t))
	n := in.Rows["noisy/interpreter/vm"]
	if n == nil || !strings.HasPrefix(n.Advice, "about ") || !strings.HasSuffix(n.Advice, " samples a side would resolve a 1% shift") {
		t.Fatalf("noisy row: %+v, want the samples-needed advice", n)
	}
	if c := in.Rows["clean/interpreter/vm"]; c != nil && c.Advice != "" {
		t.Errorf("a regression got advice: %q", c.Advice)
	}
}

func TestInsightsSayWhatChanceAndAdjustmentDo(t *testing.T) {
	rv := insightReview(t)
	in := shipped(t, rv)
	if !strings.HasPrefix(in.Chance, "With 28 rows compared at 95%, about 1.4 regressions or improvements") {
		t.Errorf("chance note %q", in.Chance)
	}
	for _, m := range adjustMethods {
		a := in.Adjusted[m]
		if !strings.HasPrefix(a.Note, "Verdicts adjusted for 28 comparisons ("+methodNames[m]+"): "+strconv.Itoa(len(a.Rows))+" row") {
			t.Errorf("%s: note %q", m, a.Note)
		}
		for key, p := range a.Rows {
			if p.Status != "inside the noise" || p.Class != "noise" {
				t.Errorf("%s: %s adjusted to %+v, want inside the noise", m, key, p)
			}
			if !strings.HasPrefix(p.Title, "inside the noise (adjusted by "+methodNames[m]+"; the reference says ") {
				t.Errorf("%s: %s's title %q", m, key, p.Title)
			}
		}
	}
	var methods []string
	for _, m := range in.Methods {
		methods = append(methods, m.Value+"="+m.Label)
	}
	if got := strings.Join(methods, ", "); got != "=the reference's, holm=adjusted (Holm), bh=adjusted (Benjamini–Hochberg)" {
		t.Errorf("the switch's choices: %s", got)
	}
	// Of 28 rows, 24 unchanged: chance calls one, Holm takes it back.
	if len(in.Adjusted[stats.Holm].Rows) == 0 {
		t.Error("Holm changes no verdict")
	}
	if _, ok := in.Adjusted[stats.Holm].Rows["clean/interpreter/vm"]; ok {
		t.Error("Holm took back the clean row's +5% regression")
	}
}

// The adjusted note counts thousands as the page's other counts do.
func TestTheAdjustedNoteGroupsThousands(t *testing.T) {
	want := "Verdicts adjusted for 12,345 comparisons (Holm): 1,024 rows the reference calls a regression or an improvement are inside the noise after adjustment; their verdicts are outlined."
	if got := adjustedNote(12_345, stats.Holm, 1_024); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestInsightsCarryComparesGeomeanAndMarkdown(t *testing.T) {
	in := shipped(t, insightReview(t))
	// What `benchview compare -format markdown` does: compare every row
	// with samples on both sides, then summarise with the extras.
	rv := insightReview(t)
	var c stats.Comparer
	for i := range rv.Rows {
		if r := &rv.Rows[i]; r.BaseStats != nil && r.CurStats != nil {
			cmp := c.Compare(r.Base.Samples, r.Cur.Samples)
			r.Comparison = &cmp
		}
	}
	sum := reviewtext.New(rv, reviewtext.Options{Extras: true, Comparer: &c})
	var md strings.Builder
	sum.Markdown(&md)
	if in.Markdown != md.String() {
		t.Errorf("Markdown differs from compare's:\n%s\nwant\n%s", in.Markdown, md.String())
	}
	g := sum.Geomean
	if in.Geomean == nil || in.Geomean.Delta != g.Delta || *in.Geomean.Lo != g.Lo || *in.Geomean.Hi != g.Hi || in.Geomean.Verdict != g.Verdict.String() {
		t.Errorf("geomean %+v, want %+v", in.Geomean, g)
	}
	if in.Suite != sum.Suite() || !strings.HasPrefix(in.Suite, "geomean ") {
		t.Errorf("suite %q, want %q", in.Suite, sum.Suite())
	}
}

func TestInsightsKeepNamesData(t *testing.T) {
	p := page(t, reviewOf(hostileNames, func(i int) int { return i % 3 }))
	m := regexpInsights.FindStringSubmatch(p)
	if m == nil {
		t.Fatal("no insights block")
	}
	if strings.ContainsAny(m[1], "<>") {
		t.Error("the insights block holds a < or >: a name could end it")
	}
	var in insightsJSON
	if err := json.Unmarshal([]byte(m[1]), &in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(in.Markdown, "`</script><script>window.__pwned=1</script>/interpreter/vm`") {
		t.Errorf("the Markdown lost or mangled a hostile name:\n%.600s", in.Markdown)
	}
}

func TestOneReportAloneHasNoInsights(t *testing.T) {
	p := page(t, review.New(nil, readGolden(t, "cur-a.jsonl")))
	if m := regexpInsights.FindStringSubmatch(p); m == nil || m[1] != "null" {
		t.Errorf("insights of one report: %v, want null", m)
	}
}

var regexpInsights = regexp.MustCompile(`<script type="application/json" id="benchview-insights">(.*?)</script>`)
