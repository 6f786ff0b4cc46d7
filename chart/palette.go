package chart

import (
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"math"
)

// palette is the colours of one theme. The page's CSS uses the same ones
// (web/style.css), so a verdict has one colour in the table and the chart.
// Each colour a chart draws with reads at 4.5:1 or more on the chart's
// panel (WCAG 2.2 AA asks 3:1 of graphics, 4.5:1 of the labels).
type palette struct {
	text, muted, grid, zero string
	tooltipBG, tooltipText  string
	base, cur               string
	regression, improvement string
	noise, underpowered     string
	selected                string
	panel                   string // the background the chart sits on
}

var (
	light = palette{
		text: "#1f2430", muted: "#5f6b7a", grid: "#e4e7ec", zero: "#1f2430",
		tooltipBG: "#ffffff", tooltipText: "#1f2430",
		base: "#5b6bd6", cur: "#b5520f",
		regression: "#b3261e", improvement: "#136c3e",
		noise: "#6b7482", underpowered: "#9a6a00",
		selected: "#1f2430", panel: "#ffffff",
	}
	dark = palette{
		text: "#d8dde6", muted: "#98a2b3", grid: "#2c323d", zero: "#d8dde6",
		tooltipBG: "#1d222b", tooltipText: "#d8dde6",
		base: "#8c99f2", cur: "#f4a261",
		regression: "#f0727a", improvement: "#4cc38a",
		noise: "#8f99a8", underpowered: "#e0b04a",
		selected: "#ffffff", panel: "#1a1e26",
	}
)

func paletteFor(isDark bool) palette {
	if isDark {
		return dark
	}
	return light
}

// verdictColor is the colour of a computed comparison's verdict.
func (p palette) verdictColor(v stats.Verdict) string {
	switch v {
	case stats.Regression:
		return p.regression
	case stats.Improvement:
		return p.improvement
	case stats.InsideTheNoise:
		return p.noise
	}
	return p.underpowered
}

// compared reports whether r has a computed comparison to draw: one
// whose shift has a place on an axis of percents, which a metric that
// rose from a baseline of zero (Δ +∞%) has not; the table shows it.
func compared(r review.Row) bool {
	return r.State == review.Compared && r.Comparison != nil && !math.IsInf(r.Comparison.Delta, 0) &&
		!math.IsInf(r.Comparison.Lo, 0) && !math.IsInf(r.Comparison.Hi, 0)
}
