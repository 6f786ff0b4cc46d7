//go:build js && wasm

package components

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"github.com/benchview/benchview/wasm/actions"
	"github.com/benchview/benchview/wasm/store"
)

// App is the whole page below <body>.
type App struct {
	vecty.Core
	Store *store.Store `vecty:"prop"`
	Host  Host         `vecty:"prop"`

	// ByAddress: the reports shown were loaded from the page's address.
	ByAddress bool
	// Kept is what the browser's storage holds of the reports shown.
	Kept Kept
	// Hold, when it reports true, has the page skip its renders: the
	// table's rows are being ordered in tasks of their own (the store's
	// OrderDue), and a render meanwhile would order them itself, in its
	// frame. The page renders once they are ordered.
	Hold func() bool

	shown store.Phase // the store's phase when App last rendered
	// reviewing: the review shows, and keeps showing while another
	// report is read for it.
	reviewing bool
}

// Shown is the phase the page shows: the store's phase when App last
// rendered, which lags the store's own until a pending render is done. The
// alert, the progress and the Download button rendered with it.
func (a *App) Shown() store.Phase { return a.shown }

// SkipRender skips a render while the page holds them (Hold). A render
// vecty was asked for before the last result arrived came in the next
// frame, and ordered ten thousand rows there: a frame of 50-90 ms.
func (a *App) SkipRender(vecty.Component) bool { return a.Hold != nil && a.Hold() }

// Render lays the page out, each part in a landmark: the header (banner),
// the two zones (a region), what is happening (a region), then the main
// landmark: the review (summary, charts, table) once there is one, what it
// will show before.
func (a *App) Render() vecty.ComponentOrHTML {
	defer Span("render App")()
	s := a.Store
	a.shown = s.Phase()
	done, total := s.Progress()
	setTitle(name(s, actions.Baseline), name(s, actions.Current))
	return elem.Div(
		vecty.Markup(vecty.Class("app")),
		&Header{
			Host: a.Host, Review: s.Review() != nil, CanDownload: s.CanDownload(),
			Downloading: s.Downloading(), DownloadErr: s.DownloadErr(),
			Filtered: s.View().Filter != "" || s.View().Search != "",
			Copied:   s.Copied(), ByAddress: a.ByAddress,
		},
		&Loader{
			Host:     a.Host,
			Names:    [2]string{name(s, actions.Baseline), name(s, actions.Current)},
			Loading:  [2]bool{s.Loading(actions.Baseline) != "", s.Loading(actions.Current) != ""},
			CanSwap:  s.Report(actions.Baseline) != nil || s.Report(actions.Current) != nil,
			Examples: examples,
		},
		&Status{Done: done, Total: total, Reading: reading(s), Problems: s.Problems()},
		&KeptNotice{Host: a.Host, Kept: a.Kept},
		&Shortcuts{Host: a.Host, Store: s},
		a.renderReview(),
	)
}

// renderReview is the review, or the introduction before there is one.
// One report whose partner is still being read waits for it: two reports
// dropped together are read side by side, and the first one in showed
// alone for a moment, then the pair showed in its place, every part of
// the page made twice (at ten thousand rows, the frame that remade them
// was one of the longest tasks of a drop). A review that shows stays
// while a report is read to replace one of its own.
func (a *App) renderReview() vecty.ComponentOrHTML {
	s := a.Store
	base, cur := s.Report(actions.Baseline) != nil, s.Report(actions.Current) != nil
	partner := base && s.Loading(actions.Current) != "" || cur && s.Loading(actions.Baseline) != ""
	switch {
	case !base && !cur:
		a.reviewing = false
		return &Intro{}
	case !a.reviewing && partner && !(base && cur):
		return &Intro{}
	}
	a.reviewing = true
	return &Review{Store: s, Host: a.Host}
}

// reading lists the reports being read.
func reading(s *store.Store) []Reading {
	var r []Reading
	for _, side := range []actions.Side{actions.Baseline, actions.Current} {
		if n := s.Loading(side); n != "" {
			read, size := s.Read(side)
			r = append(r, Reading{Name: n, Read: read, Size: size})
		}
	}
	return r
}

// name is what a side's zone says it holds.
func name(s *store.Store, side actions.Side) string {
	if n := s.Loading(side); n != "" {
		return n
	}
	if r := s.Report(side); r != nil {
		return r.Name
	}
	return ""
}

// Example is a pair of bundled reports one click away.
type Example struct {
	Label, Note       string
	Baseline, Current string // URLs relative to the page
}

var examples = []Example{
	{"a", "15 samples a row", "examples/base-a.jsonl", "examples/cur-a.jsonl"},
	{"b", "60 samples, three backends, drift", "examples/base-b.jsonl", "examples/cur-b.jsonl"},
	{"c", "a baseline below the six-sample floor", "examples/base-c.jsonl", "examples/cur-c.jsonl"},
}
