package export

import (
	"strings"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/visible"
)

// present reports whether r is a report that was read, rather than nil or
// the empty stand-in the viewer pairs a lone report with.
func present(r *report.Report) bool {
	return r != nil && (r.Name != "" || len(r.Rows) > 0 || len(r.Problems) > 0)
}

// twoReports reports whether rv compares two reports, rather than showing one.
func twoReports(rv *review.Review) bool { return present(rv.Base) && present(rv.Cur) }

// title names the review by its reports, as a person sees their names
// (visible.String: no control or bidirectional character obeyed).
func title(rv *review.Review) string {
	switch {
	case twoReports(rv):
		return "benchview: " + visible.String(rv.Base.Name) + " → " + visible.String(rv.Cur.Name)
	case present(rv.Cur):
		return "benchview: " + visible.String(rv.Cur.Name)
	case present(rv.Base):
		return "benchview: " + visible.String(rv.Base.Name)
	}
	return "benchview"
}

// name is a report's name, "" for a missing one.
func name(r *report.Report) string {
	if !present(r) {
		return ""
	}
	return r.Name
}

// summary counts rows (in page order) by status, in words: "3
// regressions, 1,040 inside the noise, 1 only in baseline".
func summary(rows []*review.Row) string {
	var parts []string
	n := 0
	for i, r := range rows {
		n++
		if i+1 == len(rows) || status(rows[i+1]) != status(r) {
			parts = append(parts, format.Count(n)+" "+counted(status(r), n))
			n = 0
		}
	}
	return strings.Join(parts, ", ")
}

// counted is how n rows of a status are counted in words.
func counted(status string, n int) string {
	switch status {
	case "regression", "improvement":
		if n != 1 {
			return status + "s"
		}
	case string(review.NotOK):
		return "not ok"
	case string(review.OnlyInBaseline):
		return "only in baseline"
	case string(review.OnlyInCurrent):
		return "only in current"
	}
	return status
}

// problems are the reports' problems as "file:line: message" lines, and
// the reference's refusal of a baseline without samples.
func problems(rv *review.Review) []string {
	var out []string
	if twoReports(rv) && !rv.Base.Sampled() {
		out = append(out, rv.Base.Name+": "+report.NoSamplesReason)
	}
	for _, rep := range []*report.Report{rv.Base, rv.Cur} {
		if rep == nil {
			continue
		}
		for _, p := range rep.Problems {
			msg := p.Error()
			if p.Warning {
				msg = "warning: " + msg
			}
			out = append(out, msg)
		}
	}
	return out
}
