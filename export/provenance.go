package export

import (
	"slices"
	"strconv"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
)

// Provenance is what a page says about what was measured where, beside
// the reports' names: what only the one who exports knows.
type Provenance struct {
	// Base and Cur are the reports' files, in the review's order.
	Base, Cur Source
	// Version is the benchview that wrote the page, as `benchview
	// --version` says it; "" when unknown.
	Version string
	// Metrics are every metric the reports of another tool measure
	// (toolreport.Metrics), the review's own among them: the page lists
	// the others, and how to export the page of one. Nil for cove-bench
	// reports, which have one.
	Metrics []review.Metric
}

// Source is a report's file.
type Source struct {
	// Modified is the file's modification time; zero when unknown (a
	// pipe, a file a browser handed over without one).
	Modified time.Time
	// Config are the lines of configuration every row of the report
	// shares, as ConfigLines makes them ("goos: linux"); nil when it has
	// none, as a cove-bench report.
	Config []string
}

// ConfigLines are the lines a page shows of r's configuration: "key:
// value" for each pair that every result of r shares (toolreport's
// Shared: Go's goos, goarch, pkg and cpu lines, Google Benchmark's
// context, pytest-benchmark's machine_info), in r's order. Nil for a nil
// report and one without such pairs: hyperfine's parameters, and any
// configuration a row has of its own, are in the rows' names already.
func ConfigLines(r *toolreport.Report) []string {
	if r == nil {
		return nil
	}
	var lines []string
	for _, p := range r.Shared() {
		lines = append(lines, p.Key+": "+p.Value)
	}
	return lines
}

// provenanceView is the provenance as the page writes it, every field
// text, escaped as it is written.
type provenanceView struct {
	Base, Cur, BaseModified, CurModified, Version string
	// Config says that the reports carry nothing about their machine and
	// configuration, when Configs is empty.
	Config string
	// Configs are the reports' configuration lines: one part for both
	// reports when they say the same, else one a report.
	Configs []configPart
	// Metric says which metric the page shows, for another tool's
	// reports (nil for cove-bench's).
	Metric *metricView
}

// configPart is the configuration lines of one report, or of both.
type configPart struct {
	Of    string // "both reports", "the baseline", "the current report", "the report"
	Lines []string
}

// metricView is the metric a page shows and those it could show.
type metricView struct {
	// Unit is "unit sec/op, " when the unit is not the name, else "".
	Name, Unit, Better string
	// Others are the reports' other metrics' names.
	Others []string
}

// noConfig is what a page says when neither report names its machine or
// configuration: a cove-bench report has no line for them.
const noConfig = "Neither report names its machine or configuration: a cove-bench report carries no line for them."

// noToolConfig is noConfig for another tool's reports, which may carry
// one, but give none that all their rows share.
const noToolConfig = "Neither report names a machine or a configuration all its rows share: each row's name carries its own."

// provenanceOf is what the page of rv says about its reports.
func provenanceOf(rv *review.Review, p Provenance) provenanceView {
	v := provenanceView{
		Base:         visible.String(name(rv.Base)),
		Cur:          visible.String(name(rv.Cur)),
		BaseModified: modified(rv.Base, p.Base),
		CurModified:  modified(rv.Cur, p.Cur),
		Version:      p.Version,
		Configs:      configParts(rv, p),
		Metric:       metricOf(rv.Metric, p.Metrics),
	}
	if len(v.Configs) == 0 {
		v.Config = noConfig
		if rv.Metric != nil {
			v.Config = noToolConfig
		}
	}
	return v
}

// configParts are the configuration lines of rv's reports, made visible:
// once when both say the same, else each report's (the lines of one that
// has none are empty); none when neither says any.
func configParts(rv *review.Review, p Provenance) []configPart {
	base, cur := visibleLines(p.Base.Config), visibleLines(p.Cur.Config)
	switch {
	case base == nil && cur == nil:
		return nil
	case !twoReports(rv):
		return []configPart{{"the report", append(base, cur...)}}
	case slices.Equal(base, cur):
		return []configPart{{"both reports", base}}
	}
	return []configPart{{"the baseline", base}, {"the current report", cur}}
}

// visibleLines are lines, each made visible; nil for none.
func visibleLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		out = append(out, visible.String(l))
	}
	return out
}

// metricOf is what the page says of m, the review's metric, among all
// the reports' metrics; nil for a cove-bench review (m nil).
func metricOf(m *review.Metric, all []review.Metric) *metricView {
	if m == nil {
		return nil
	}
	v := &metricView{Name: visible.String(m.Name), Better: "lower is better"}
	if m.Unit != m.Name {
		v.Unit = "unit " + visible.String(m.Unit) + ", "
	}
	if m.Higher {
		v.Better = "higher is better"
	}
	for _, o := range all {
		if o.Name != m.Name {
			v.Others = append(v.Others, visible.String(o.Name))
		}
	}
	return v
}

// modified is when a present report's file was last modified, in UTC to
// the second, "" when unknown.
func modified(r *report.Report, s Source) string {
	if !present(r) || s.Modified.IsZero() {
		return ""
	}
	return utcSecond(s.Modified)
}

// utcSecond is t as t.UTC().Format("2006-01-02 15:04:05 UTC") writes it,
// without time's formatting: this is the only time the viewer's
// WebAssembly formats, and time.Format took 10 KB of the gzip a first
// visit downloads.
func utcSecond(t time.Time) string {
	t = t.UTC()
	year, month, day := t.Date()
	b := padded(nil, year, 4)
	for i, n := range [...]int{int(month), day, t.Hour(), t.Minute(), t.Second()} {
		b = padded(append(b, "-- ::"[i]), n, 2)
	}
	return string(b) + " UTC"
}

// padded appends n in decimal, with zeros before it to width digits at
// least, and a minus sign before those when it is negative (as time's
// formatting writes a year).
func padded(b []byte, n, width int) []byte {
	if n < 0 {
		b, n = append(b, '-'), -n
	}
	digits := strconv.Itoa(n)
	for range width - len(digits) {
		b = append(b, '0')
	}
	return append(b, digits...)
}
