//go:build js && wasm

package components

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// Summary counts the rows by verdict; each count is a button that filters
// the table to those rows.
//
// Above the counts, for two reports, it shows the suite's geomean shift
// (pending until a worker computed it), the note on how many verdicts
// chance alone would call when there are enough rows for it to matter,
// and the switch between the reference's verdicts and adjusted ones.
type Summary struct {
	vecty.Core
	Host     Host           `vecty:"prop"`
	Counts   map[string]int `vecty:"prop"`
	Filter   string         `vecty:"prop"`
	Compared bool           `vecty:"prop"`
	Geomean  stats.Geomean  `vecty:"prop"`
	HasMean  bool           `vecty:"prop"` // Geomean is computed
	Tests    int            `vecty:"prop"` // rows with a verdict read off a p-value
	Adjust   string         `vecty:"prop"` // the view's adjustment, "" for none
	Done     bool           `vecty:"prop"` // every row is computed
	// For the reports of another tool than cove-bench: the metrics they
	// measure (time first), the one the rows show, and the configuration
	// they carry, as the lines the exported page shows.
	Metrics []review.Metric `vecty:"prop"`
	Metric  string          `vecty:"prop"`
	Config  []string        `vecty:"prop"`
}

// statuses are the verdicts a summary counts, in the table's order.
var statuses = []struct{ status, one, many string }{
	{"regression", "regression", "regressions"},
	{"improvement", "improvement", "improvements"},
	{"inside the noise", "inside the noise", "inside the noise"},
	{"underpowered", "underpowered", "underpowered"},
}

// Render shows one chip per status present, and one for the other rows.
func (s *Summary) Render() vecty.ComponentOrHTML {
	defer Span("render Summary")()
	chips := vecty.List{}
	other := 0
	for st, n := range s.Counts {
		if st != store.Pending && !isVerdict(st) {
			other += n
		}
	}
	if s.Compared {
		for _, st := range statuses {
			n := s.Counts[st.status]
			word := st.many
			if n == 1 {
				word = st.one
			}
			chips = append(chips, s.chip(st.status, format.Count(n)+" "+word, n))
		}
	}
	chips = append(chips, s.chip(store.Other, format.Count(other)+" not compared", other))
	counts := elem.Div(
		vecty.Markup(vecty.Class("counts"), vecty.Attribute("aria-label", "Rows by verdict")),
		chips,
	)
	if !s.Compared {
		return elem.Div(vecty.Markup(vecty.Class("summary")), s.renderMetric(), s.renderConfig(), counts)
	}
	return elem.Div(
		vecty.Markup(vecty.Class("summary")),
		s.renderMetric(),
		s.renderConfig(),
		s.renderGeomean(),
		s.renderAdjust(),
		s.renderChance(),
		counts,
	)
}

// renderGeomean is the suite's shift in the command line's words.
func (s *Summary) renderGeomean() *vecty.HTML {
	text, verdict := "geomean: computing…", store.Pending
	none := true // no row in common: nothing for a geomean to wait for
	for st, n := range s.Counts {
		if n > 0 && (isVerdict(st) || st == store.Pending) {
			none = false
		}
	}
	switch {
	case none || s.HasMean && s.Geomean.Rows == 0:
		text, verdict = "geomean: no row to compare", "underpowered"
	case s.HasMean:
		text, verdict = reviewtext.GeomeanLine(&s.Geomean), s.Geomean.Verdict.String()
	}
	return elem.Paragraph(
		vecty.Markup(prop.ID("geomean"), vecty.Class("geomean", format.StatusClass(verdict)),
			vecty.Data("verdict", verdict), vecty.Attribute("aria-busy", verdict == store.Pending)),
		vecty.Text(text),
	)
}

// renderChance says how many verdicts chance alone would call, or how
// many the adjustment took back.
func (s *Summary) renderChance() vecty.ComponentOrHTML {
	text := reviewtext.ChanceNote(s.Tests)
	if text == "" {
		return nil
	}
	text += "; the adjusted verdicts account for it."
	if s.Adjust != "" {
		text = "Verdicts adjusted for " + format.Count(s.Tests) + " comparisons (" + methodName(s.Adjust) +
			"): a row the adjustment calls inside the noise says the reference's verdict beside it."
	}
	return elem.Paragraph(vecty.Markup(prop.ID("chance"), vecty.Class("chance")), vecty.Text(text))
}

// renderAdjust is the switch between the reference's verdicts and
// adjusted ones.
func (s *Summary) renderAdjust() *vecty.HTML {
	options := vecty.List{}
	for _, m := range []string{"", stats.Holm, stats.BH} {
		options = append(options, elem.Option(
			vecty.Markup(prop.Value(m), vecty.Property("selected", m == s.Adjust)),
			vecty.Text(methodName(m)),
		))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("adjust")),
		elem.Label(vecty.Markup(prop.For("adjust")), vecty.Text("Verdicts")),
		elem.Select(
			vecty.Markup(prop.ID("adjust"), event.Change(func(e *vecty.Event) {
				s.Host.Dispatch(&actions.Adjust{Method: e.Target.Get("value").String()})
			})),
			options,
		),
	)
}

// renderMetric is the metric the rows show, and, when the reports measure
// several, the switch between them; nothing for cove-bench reports.
func (s *Summary) renderMetric() vecty.ComponentOrHTML {
	if len(s.Metrics) == 0 {
		return nil
	}
	if len(s.Metrics) == 1 {
		return elem.Paragraph(
			vecty.Markup(prop.ID("metric"), vecty.Class("metric"), vecty.Data("metric", s.Metrics[0].Name)),
			vecty.Text("Metric: "+metricName(s.Metrics[0])),
		)
	}
	options := vecty.List{}
	for _, m := range s.Metrics {
		options = append(options, elem.Option(
			vecty.Markup(prop.Value(m.Name), vecty.Property("selected", m.Name == s.Metric)),
			vecty.Text(metricName(m)),
		))
	}
	return elem.Div(
		vecty.Markup(vecty.Class("adjust", "metric-choice")),
		elem.Label(vecty.Markup(prop.For("metric")), vecty.Text("Metric")),
		elem.Select(
			vecty.Markup(prop.ID("metric"), vecty.Data("metric", s.Metric), event.Change(func(e *vecty.Event) {
				s.Host.Dispatch(&actions.SelectMetric{Name: e.Target.Get("value").String()})
			})),
			options,
		),
	)
}

// metricName is a metric as the switch names it: by its name as its tool
// prints it (ns/op, MB/s, real_time), and which way is better.
func metricName(m review.Metric) string {
	if m.Higher {
		return m.Name + " (higher is better)"
	}
	return m.Name + " (lower is better)"
}

// renderConfig is the configuration the reports carry, once for the
// review: their machine, their tool's settings.
func (s *Summary) renderConfig() vecty.ComponentOrHTML {
	if len(s.Config) == 0 {
		return nil
	}
	return elem.Paragraph(
		vecty.Markup(prop.ID("config"), vecty.Class("chance", "config")),
		vecty.Text(strings.Join(s.Config, " · ")),
	)
}

// methodName is an adjustment as the switch names it.
func methodName(method string) string {
	switch method {
	case stats.Holm:
		return "adjusted for many rows (Holm)"
	case stats.BH:
		return "adjusted for many rows (Benjamini–Hochberg)"
	}
	return "the reference's, at 95% a row"
}

// SkipRender skips a render that would show the same counts.
func (s *Summary) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Summary)
	return ok && s.Host == p.Host && maps.Equal(s.Counts, p.Counts) && s.Filter == p.Filter && s.Compared == p.Compared &&
		sameGeomean(s.Geomean, p.Geomean) && s.HasMean == p.HasMean && s.Tests == p.Tests && s.Adjust == p.Adjust && s.Done == p.Done &&
		slices.Equal(s.Metrics, p.Metrics) && s.Metric == p.Metric && slices.Equal(s.Config, p.Config)
}

// sameGeomean compares two geomeans, NaN fields alike.
func sameGeomean(a, b stats.Geomean) bool {
	return a.Rows == b.Rows && a.Verdict == b.Verdict && reviewtext.GeomeanLine(&a) == reviewtext.GeomeanLine(&b)
}

func (s *Summary) chip(status, text string, n int) *vecty.HTML {
	active := s.Filter == status
	next := status
	if active {
		next = "" // a second click shows every row again
	}
	// A count of zero would filter the table to nothing: its chip is
	// disabled (which assistive technology announces), and says why on
	// hover. An active one stays enabled, to show every row again.
	off := n == 0 && !active
	title := "Show only these rows"
	switch {
	case active:
		title = "Show every row again"
	case off:
		title = "No row to show"
	}
	return elem.Button(
		vecty.Markup(
			prop.Type("button"),
			vecty.Class("chip", format.StatusClass(status)),
			vecty.Data("status", status), vecty.Data("count", strconv.Itoa(n)),
			vecty.ClassMap{"active": active, "zero": n == 0},
			vecty.Attribute("aria-pressed", active),
			prop.Disabled(off),
			vecty.Attribute("title", title),
			event.Click(func(*vecty.Event) { s.Host.Dispatch(&actions.Filter{Status: next}) }),
		),
		vecty.Text(text),
	)
}

func isVerdict(status string) bool {
	switch status {
	case "regression", "improvement", "inside the noise", "underpowered":
		return true
	}
	return false
}
