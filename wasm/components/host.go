//go:build js && wasm

package components

import (
	"syscall/js"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/wasm/actions"
)

// Host is what the components need from the page around them. main.go
// implements it; it is the only way a component causes a side effect.
type Host interface {
	// Dispatch hands an action to the store.
	Dispatch(action any)
	// Open reads files a user picked or dropped. side is where they were
	// put; Anywhere when they were dropped on the page.
	Open(side Placement, files js.Value)
	// OpenURLs loads reports by URL, as ?baseline=…&current=… does.
	OpenURLs(baseline, current string)
	// Forget empties the browser's storage of the reports kept in it
	// (see Kept).
	Forget()
	// OpenKept opens the reports the browser's storage keeps from an
	// earlier visit (see Kept).
	OpenKept()
	// Download offers the review shown as one self-contained HTML file,
	// the page `benchview export` writes.
	Download()
	// Copy puts the review on the clipboard: what is CopyMarkdown (the
	// text `benchview compare -format markdown` writes) or CopyLink (the
	// address with the view).
	Copy(what string)
	// NewChart makes the DOM node a chart; onClick receives the name of a
	// clicked data item (a row's data-row key).
	NewChart(node js.Value, onClick func(name string)) Chart
}

// Chart is a chart drawn into a node the component owns.
type Chart interface {
	// Draw replaces the chart's option with the one option returns
	// (ECharts JSON, and the data of the series it leaves out) for the
	// chart's size, and calls done once it is on screen. option is
	// called later, in a task of its own, and not at all when a later
	// Draw replaces this one first; an error from it is a bug: it is
	// logged, and done is not called.
	Draw(option func(chart.Frame) (chart.Option, error), done func())
	// Dispose releases the chart.
	Dispose()
}

// What Copy copies.
const (
	CopyMarkdown = "markdown"
	CopyLink     = "link"
)

// Placement is where files were put: on a side's zone, or anywhere.
type Placement int

// Anywhere is files dropped outside both zones; the host assigns them.
const Anywhere Placement = -1

// On is the placement of files put on side's zone.
func On(side actions.Side) Placement { return Placement(side) }
