package export

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/visible"
)

//go:embed insights.js
var insightsJS string

// insightsJSON is what the page says beside the reference's verdicts
// (issue 11) and what its Copy buttons copy (issue 12), every sentence
// formatted here by package reviewtext, as the command line words it:
// insights.js only shows these strings, and words nothing itself.
type insightsJSON struct {
	// Markdown is exactly what `benchview compare -format markdown BASE
	// CUR` writes for the same files.
	Markdown string `json:"markdown"`
	// Suite is the geomean in words (reviewtext.Summary.Suite), "" when
	// there is none; Geomean its figures, for the interval chart.
	Suite   string       `json:"suite"`
	Geomean *geomeanJSON `json:"geomean"`
	// Chance is the chance-verdict note when enough rows were compared
	// for it to matter, else "".
	Chance string `json:"chance"`
	// Rows holds, by row key (a row's data-row), what a row shows beyond
	// its verdict; rows with nothing to show are left out.
	Rows map[string]*rowInsight `json:"rows"`
	// Marks are the short words a row's line shows for each of its
	// rowInsight's sentences (by kind: drift, outliers, advice), the
	// sentence itself in the mark's title, for screen readers, and under
	// the run-order chart of the row selected: a row stays one line high,
	// as the virtual table needs.
	Marks map[string]string `json:"marks"`
	// Adjusted holds, for each method (stats.Holm, stats.BH), the note on
	// its verdicts and the rows whose verdict it changes.
	Adjusted map[string]adjustedJSON `json:"adjusted"`
	// Methods are the switch's choices, in order: the reference's
	// verdicts (value ""), then each adjustment.
	Methods []methodJSON `json:"methods"`
}

// methodJSON is a choice of the adjusted-view switch.
type methodJSON struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// geomeanJSON is the suite's shift, in percent, and its verdict.
type geomeanJSON struct {
	Delta   float64  `json:"delta"`
	Lo      *float64 `json:"lo"`
	Hi      *float64 `json:"hi"`
	Verdict string   `json:"verdict"`
}

// rowInsight is one row's drift, outliers and advice in words, and the
// drift's trend lines for its run-order chart.
type rowInsight struct {
	Drift    string      `json:"drift,omitempty"`
	Outliers string      `json:"outliers,omitempty"`
	Advice   string      `json:"advice,omitempty"`
	Trends   []trendJSON `json:"trends,omitempty"`
}

// trendJSON is a side's trend as the run-order chart draws it: Sen's line
// through the middle of the run at the side's median, from the first
// sample (position "1") to the last (position To), in the chart's unit.
type trendJSON struct {
	Name string     `json:"name"`
	Side string     `json:"side"` // "base" or "cur"
	To   string     `json:"to"`
	Y    [2]float64 `json:"y"`
}

// adjustedJSON is one adjustment's view: its note, and for each row whose
// verdict it changes, the verdict shown instead (status, class and label,
// as table.go writes a pill).
type adjustedJSON struct {
	Note string              `json:"note"`
	Rows map[string]pillJSON `json:"rows"`
}

// pillJSON is a verdict as the table shows it; Title says it is adjusted
// and what the reference says.
type pillJSON struct {
	Status string `json:"status"`
	Class  string `json:"class"`
	Label  string `json:"label"`
	Title  string `json:"title"`
	// Reference says the verdict is adjusted and what the reference's
	// is, in words, for screen readers beside the pill.
	Reference string `json:"reference"`
}

// marks are insightsJSON.Marks.
var marks = map[string]string{"drift": "⚠ drift", "outliers": "outliers", "advice": "samples?"}

// adjustMethods are the adjusted views the page offers, in its order.
var adjustMethods = []string{stats.Holm, stats.BH}

// insights builds the page's insights of rv, whose Compared rows are
// computed. It works on a copy of the rows, computing as compare does
// the rows a run flagged that have samples on both sides, so that the
// Markdown is compare's; the page's own rows are left as they are.
//
// A review it cannot read (rows computed by a caller without their
// samples) gives "null", a page without the insights rather than none.
func insights(rv *review.Review) (b []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			b, err = []byte("null"), nil
		}
	}()
	cp := *rv
	cp.Rows = slices.Clone(rv.Rows)
	var comparer stats.Comparer
	for i := range cp.Rows {
		r := &cp.Rows[i]
		if r.Comparison == nil && r.BaseStats != nil && r.CurStats != nil {
			c := comparer.Compare(r.Base.Samples, r.Cur.Samples)
			r.Comparison = &c
		}
	}
	sum := reviewtext.New(&cp, reviewtext.Options{Extras: true, Comparer: &comparer})
	var md bytes.Buffer
	if err := sum.Markdown(&md); err != nil {
		return nil, err
	}
	in := insightsJSON{
		Markdown: md.String(),
		Suite:    sum.Suite(),
		Chance:   chanceNote(sum.Tests),
		Rows:     map[string]*rowInsight{},
		Marks:    marks,
		Methods:  []methodJSON{{"", "the reference's"}},
		Adjusted: map[string]adjustedJSON{},
	}
	if g := sum.Geomean; g != nil && g.Rows > 0 {
		in.Geomean = &geomeanJSON{Delta: g.Delta, Lo: finite(g.Lo), Hi: finite(g.Hi), Verdict: g.Verdict.String()}
	}
	for _, r := range sum.Rows {
		if r.State != review.Compared {
			continue // a flagged row shows no timing
		}
		x := &rowInsight{Drift: r.Extras.DriftNote(), Outliers: r.Extras.OutlierNote()}
		if r.Extras != nil {
			// Extras keep SamplesNeeded only where the verdict asks for
			// advice: inside the noise, underpowered.
			x.Advice = reviewtext.Advice(r.Extras.SamplesNeeded, adviceShift)
			x.Trends = trends(r)
		}
		if x.Drift != "" || x.Outliers != "" || x.Advice != "" || x.Trends != nil {
			in.Rows[r.Key.String()] = x
		}
	}
	for _, m := range adjustMethods {
		adj := reviewtext.New(&cp, reviewtext.Options{Adjust: m})
		a := adjustedJSON{Rows: map[string]pillJSON{}}
		for i, r := range adj.Rows {
			if r.State != review.Compared || r.Comparison == nil || r.Verdict == r.Comparison.Verdict {
				continue
			}
			s, ref := r.Verdict.String(), r.Comparison.Verdict.String()
			label := format.Status(&cp.Rows[i], s)
			said := "adjusted by " + methodNames[m] + "; the reference says " + format.Status(&cp.Rows[i], ref)
			a.Rows[r.Key.String()] = pillJSON{Status: s, Class: format.StatusClass(s), Label: label,
				Title: label + " (" + said + ")", Reference: said}
		}
		a.Note = adjustedNote(adj.Tests, m, len(a.Rows))
		in.Methods = append(in.Methods, methodJSON{m, "adjusted (" + methodNames[m] + ")"})
		in.Adjusted[m] = a
	}
	// encoding/json escapes < > &, so nothing in it can end a script
	// element; escapedJSON also writes the keys' bidirectional controls,
	// and every character beyond ASCII, as \u escapes, the same JSON, so
	// that the page's source holds none raw and is ASCII (markup.go).
	data, err := json.Marshal(in)
	return escapedJSON(data), err
}

// escapedJSON writes every rune visible.String would escape (encoding/json
// leaves the bidirectional controls and DEL to U+009F raw) and every rune
// beyond ASCII as its \u escape (a pair of them beyond U+FFFF). Such a
// rune can only be inside a JSON string, where the escape means the same
// character.
func escapedJSON(data []byte) []byte {
	escaped := func(r rune) bool { return r >= utf8.RuneSelf || visible.Unsafe(r) }
	if !bytes.ContainsFunc(data, escaped) {
		return data
	}
	out := make([]byte, 0, len(data)+64)
	for _, r := range string(data) {
		switch {
		case r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
		case escaped(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, byte(r))
		}
	}
	return out
}

// adviceShift is the shift, in percent, the advice is for: the page has
// no -threshold, so compare's default, 1%.
const adviceShift = 1

// chanceNote is reviewtext's chance note as the page says it (the
// command line points to -adjust, the page to its switch); "" below
// reviewtext.ChanceFrom verdicts.
func chanceNote(tests int) string {
	if n := reviewtext.ChanceNote(tests); n != "" {
		return n + "; the adjusted verdicts account for it."
	}
	return ""
}

// methodNames are the adjustments as the page names them.
var methodNames = map[string]string{stats.Holm: "Holm", stats.BH: "Benjamini–Hochberg"}

// adjustedNote says what an adjusted view changed: "Verdicts adjusted for
// 28 comparisons (Holm): 1 row the reference calls a regression or an
// improvement is inside the noise after adjustment."
func adjustedNote(tests int, method string, changed int) string {
	rows := "1 row the reference calls a regression or an improvement is"
	if changed != 1 {
		rows = format.Count(changed) + " rows the reference calls a regression or an improvement are"
	}
	return "Verdicts adjusted for " + format.Count(tests) + " comparisons (" + methodNames[method] + "): " +
		rows + " inside the noise after adjustment; their verdicts are outlined."
}

// trends are the trend lines of r's sides that drifted.
func trends(r reviewtext.Row) []trendJSON {
	unit := format.RowUnit(r.Row)
	var out []trendJSON
	add := func(name, side string, d stats.Drift, s *stats.FloatStats) {
		if !d.Drifted || s == nil || len(s.Taken) == 0 {
			return
		}
		med := s.Median()
		half := med * d.Pct / 200
		out = append(out, trendJSON{Name: name, Side: side, To: strconv.Itoa(len(s.Taken)),
			Y: [2]float64{unit.Of(med - half), unit.Of(med + half)}})
	}
	add("Baseline trend", "base", r.Extras.DriftBase, r.BaseStats)
	add("Current trend", "cur", r.Extras.DriftCur, r.CurStats)
	return out
}

// finite is &x, or nil for NaN or an infinity (JSON has neither).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
