//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"github.com/benchview/benchview/wasm/actions"
)

// Header is the page's title, what it does in one sentence, and the page's
// own actions: the Download report button.
type Header struct {
	vecty.Core
	Host        Host   `vecty:"prop"`
	Review      bool   `vecty:"prop"` // a review is shown
	CanDownload bool   `vecty:"prop"` // it is ready to be downloaded
	Downloading bool   `vecty:"prop"`
	DownloadErr string `vecty:"prop"`
	// Filtered: the table shows some rows only (a filter or a search);
	// the report downloaded has every row, and the header says so.
	Filtered bool           `vecty:"prop"`
	Copied   actions.Copied `vecty:"prop"`
	// ByAddress: the reports were loaded from the address, so a link
	// opens them; a link to dropped files opens the view without them.
	ByAddress bool `vecty:"prop"`
}

// SkipRender skips a render that would show the same header.
func (h *Header) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Header)
	return ok && *h == *p
}

// Render shows the title, the sentence and the actions.
func (h *Header) Render() vecty.ComponentOrHTML {
	defer Span("render Header")()
	return elem.Header(
		vecty.Markup(vecty.Class("page-header")),
		elem.Div(
			elem.Heading1(vecty.Text("benchview")),
			elem.Paragraph(
				vecty.Markup(vecty.Class("tagline")),
				vecty.Text("Drop a baseline and a current benchmark report to see, row by row, what changed — with a 95% interval, computed in your browser. Nothing is uploaded."),
			),
		),
		elem.Div(
			vecty.Markup(vecty.Class("header-actions")),
			vecty.If(h.Review, h.renderCopy()),
			vecty.If(h.Review, h.renderDownload()),
		),
	)
}

// renderDownload is the Download report button, and why the last download
// failed.
func (h *Header) renderDownload() vecty.List {
	label := "Download report"
	if h.Downloading {
		label = "Preparing the report…"
	}
	var failed vecty.ComponentOrHTML
	if h.DownloadErr != "" {
		failed = elem.Paragraph(
			vecty.Markup(vecty.Class("download-error"), vecty.Attribute("role", "alert")),
			vecty.Text("The report could not be built: "+h.DownloadErr),
		)
	}
	var note vecty.ComponentOrHTML
	if h.Filtered {
		note = elem.Paragraph(
			vecty.Markup(prop.ID("download-note"), vecty.Class("download-note")),
			vecty.Text("The report has every row: the filter and the search apply to this page only."),
		)
	}
	return vecty.List{
		elem.Button(
			vecty.Markup(
				prop.Type("button"), prop.ID("download"), vecty.Class("download"),
				prop.Disabled(!h.CanDownload),
				vecty.Attribute("aria-busy", h.Downloading),
				vecty.Attribute("title", "One HTML file with every row of this review and its charts, to share: it opens from disk, with no network and no benchview"),
				event.Click(func(*vecty.Event) { h.Host.Download() }),
			),
			vecty.Text(label),
		),
		note,
		failed,
	}
}

// renderCopy is the Copy as Markdown and Copy link buttons, and what the
// last copy did.
func (h *Header) renderCopy() vecty.List {
	said := ""
	switch c := h.Copied; {
	case c.Err != "":
		said = "Could not copy: " + c.Err
	case c.What == CopyMarkdown:
		said = "Markdown copied: paste it into a pull-request comment."
	case c.What == CopyLink && h.ByAddress:
		said = "Link copied: it opens these reports in this view."
	case c.What == CopyLink:
		said = "Link copied: it opens this view, but the reports were dropped, not loaded by address, so whoever opens it drops them too."
	}
	button := func(id, label, title, what string) *vecty.HTML {
		return elem.Button(
			vecty.Markup(
				prop.Type("button"), prop.ID(id), vecty.Class("copy"),
				prop.Disabled(!h.CanDownload && !h.Downloading),
				vecty.Attribute("title", title),
				event.Click(func(*vecty.Event) { h.Host.Copy(what) }),
			),
			vecty.Text(label),
		)
	}
	return vecty.List{
		button("copy-markdown", "Copy as Markdown",
			"The text benchview compare -format markdown writes for these reports, for a pull-request comment", CopyMarkdown),
		button("copy-link", "Copy link", "The address of this page with the view: sort, filter, search, selection and verdicts", CopyLink),
		elem.Span(vecty.Markup(prop.ID("copied"), vecty.Class("copied"), vecty.Attribute("role", "status")), vecty.Text(said)),
	}
}

// Intro explains the page before anything is loaded: the main landmark
// until a review takes its place.
type Intro struct {
	vecty.Core
}

// Render says what the page will show.
func (i *Intro) Render() vecty.ComponentOrHTML {
	defer Span("render Intro")()
	return elem.Main(
		vecty.Markup(vecty.Class("intro")),
		elem.Heading2(vecty.Text("What you will see")),
		elem.UnorderedList(
			elem.ListItem(elem.Strong(vecty.Text("A verdict per row: ")), vecty.Text("regression, improvement or inside the noise, read off a bootstrap interval on the shift of the median.")),
			elem.ListItem(elem.Strong(vecty.Text("Interval bars: ")), vecty.Text("every row's Δ% with its 95% interval, against the zero line.")),
			elem.ListItem(elem.Strong(vecty.Text("Run order: ")), vecty.Text("each sample where the run took it, to tell a drifting machine from a noisy benchmark.")),
		),
		elem.Paragraph(vecty.Text("Reports are JSON lines written by cove-bench: one object per row, with its wall-time samples in wall_ns.samples.")),
	)
}
