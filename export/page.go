package export

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/benchview/benchview/chart"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export/internal/sha256"
)

var (
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
)

// Page returns one self-contained HTML page showing rv: the table, the
// interval chart and a run-order chart per row, with echartsJS (the ECharts
// library, as the viewer serves it in web/echarts.min.js) inlined.
//
// Compared rows whose Comparison is still nil are computed first, in
// parallel; rows a caller already computed are kept as they are, and when
// all are, nothing is computed. The error is non-nil only when rv is nil,
// echartsJS is not UTF-8 text, or the page cannot be built (a bug, a
// panic included, reported rather than raised); problems the reports had
// are shown on the page.
func Page(rv *review.Review, echartsJS []byte) (page []byte, err error) {
	return PageWith(rv, echartsJS, Provenance{})
}

// PageWith is Page saying, beside the reports' names, what p says of
// them: their files' modification times and the benchview that wrote it.
func PageWith(rv *review.Review, echartsJS []byte, p Provenance) (page []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			page, err = nil, fmt.Errorf("export: %v", p)
		}
	}()
	if rv == nil {
		return nil, errors.New("export: no review")
	}
	if len(echartsJS) == 0 {
		return nil, errors.New("export: no ECharts library to inline")
	}
	// The page runs the library from a string, and the policy allows it by
	// the hash of that string's UTF-8: other bytes would not survive.
	if !utf8.Valid(echartsJS) {
		return nil, errors.New("export: the ECharts library is not UTF-8 text")
	}
	if err := compute(rv); err != nil {
		return nil, err
	}
	paired := twoReports(rv)
	rows, t := ordered(rv.Rows, paired)
	table := tableOf(rows, paired)
	b, err := pageData(rv, rows, t, table.Columns, paired)
	if err != nil {
		return nil, err
	}
	ins := []byte("null") // one report alone: nothing to compare or copy
	if paired {
		if ins, err = insights(rv); err != nil {
			return nil, err
		}
	}
	v := view{
		Title:          title(rv),
		Paired:         paired,
		Provenance:     provenanceOf(rv, p),
		Summary:        summary(rows),
		Problems:       problems(rv),
		Table:          table,
		IntervalHeight: intervalHeight(rows),
		CSP:            csp(echartsJS, []byte(pageJS), []byte(insightsJS)),
		CSS:            pageCSS,
		Data:           packed(b.Data),
		Bars:           packed(b.Bars),
		RunOrder:       packed(b.RunOrder),
		ECharts:        packed(echartsJS),
		Script:         pageJS,
		Insights:       string(ins),
		InsightsScript: insightsJS,
	}
	var m markup
	m.page(v)
	return []byte(m.String()), nil
}

// view is what markup.page writes. Title to Problems and Table are text
// (the provenance included), escaped as they are written; CSS, the blocks
// and Script go in as they are: our own style and script, and base64,
// whose alphabet holds nothing HTML would read.
type view struct {
	Title, Summary, CSP string
	Provenance          provenanceView
	Paired              bool // two reports: an interval chart
	Problems            []string
	Table               tableView
	IntervalHeight      int // pixels
	CSS, Script         string
	// Insights is the JSON of insightsJSON (insights.go), escaped by
	// encoding/json so that no "</script" can be in it; InsightsScript
	// (insights.js) shows it, after Script.
	Insights, InsightsScript      string
	Data, Bars, RunOrder, ECharts string // packed
}

// csp allows exactly the given inline scripts by their hashes (page.js, and
// ECharts, which page.js inserts as an inline script once inflated), inline
// styles (ECharts styles its elements through the style attribute) and
// data: images, and nothing else: the page can fetch nothing, run nothing
// else, and submit nothing.
func csp(scripts ...[]byte) string {
	var src []string
	for _, s := range scripts {
		sum := sha256.Sum256(s)
		src = append(src, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return "default-src 'none'; script-src " + strings.Join(src, " ") +
		"; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
}

// packed is b gzipped and in base64: what page.js inflates with the
// browser's DecompressionStream. It roughly thirds ECharts and the options,
// whose keys repeat row after row.
func packed(b []byte) string {
	var buf bytes.Buffer
	enc := base64.NewEncoder(base64.StdEncoding, &buf)
	zw, _ := gzip.NewWriterLevel(enc, gzip.BestCompression) // a valid level: no error
	// Writes to a bytes.Buffer through gzip and base64 cannot fail.
	zw.Write(b)
	zw.Close()
	enc.Close()
	return buf.String()
}

// maxIntervalHeight bounds the interval chart's height in pixels: it draws
// the rows in view in the table, and stays beside the table however many
// those are, their bars thinner rather than the chart taller; but never
// closer than minBarPitch pixels, where each bar's label (12 px) stays
// apart from the next. So it draws the bars of the first rows in view,
// as many as fit (height.MaxBars: 10), and its note says so: in a window
// 1,500 px high, the 24 rows in view had bars 7 px apart, their labels
// written over each other.
const (
	maxIntervalHeight = 240
	minBarPitch       = 17
)

// intervalHeight is the height the interval chart of rows needs, as the
// viewer sizes it.
func intervalHeight(rows []*review.Row) int {
	n := 0
	for _, r := range rows {
		if compared(r) {
			n++
		}
	}
	return min(chart.IntervalHeight(n), maxIntervalHeight)
}
