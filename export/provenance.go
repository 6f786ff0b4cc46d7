package export

import (
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
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
}

// Source is a report's file.
type Source struct {
	// Modified is the file's modification time; zero when unknown (a
	// pipe, a file a browser handed over without one).
	Modified time.Time
}

// provenanceView is the provenance as the page writes it, every field
// text, escaped as it is written.
type provenanceView struct {
	Base, Cur, BaseModified, CurModified, Version string
	// Config says what the reports carry about their machine and
	// configuration.
	Config string
}

// noConfig is what a page says when neither report names its machine or
// configuration: a cove-bench report, the one format a page reads, has
// no line for them.
const noConfig = "Neither report names its machine or configuration: a cove-bench report carries no line for them."

// provenanceOf is what the page of rv says about its reports.
func provenanceOf(rv *review.Review, p Provenance) provenanceView {
	return provenanceView{
		Base:         visible.String(name(rv.Base)),
		Cur:          visible.String(name(rv.Cur)),
		BaseModified: modified(rv.Base, p.Base),
		CurModified:  modified(rv.Cur, p.Cur),
		Version:      p.Version,
		Config:       noConfig,
	}
}

// modified is when a present report's file was last modified, in UTC to
// the second, "" when unknown.
func modified(r *report.Report, s Source) string {
	if !present(r) || s.Modified.IsZero() {
		return ""
	}
	return s.Modified.UTC().Format("2006-01-02 15:04:05 UTC")
}
