package export

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/wasm/chart"
)

var (
	//go:embed page.tmpl
	pageTemplate string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
)

var pageHTML = template.Must(template.New("page").Parse(pageTemplate))

// Page returns one self-contained HTML page showing rv: the table, the
// interval chart and a run-order chart per row, with echartsJS (the ECharts
// library, as the viewer serves it in web/echarts.min.js) inlined.
//
// Compared rows whose Comparison is still nil are computed first, in
// parallel; rows a caller already computed are kept as they are. The error
// is non-nil only when echartsJS cannot be inlined safely or a chart's
// options cannot be built; problems the reports had are shown on the page.
func Page(rv *review.Review, echartsJS []byte) ([]byte, error) {
	if len(echartsJS) == 0 {
		return nil, errors.New("export: no ECharts library to inline")
	}
	if err := inlinable(echartsJS); err != nil {
		return nil, fmt.Errorf("export: the ECharts library cannot be inlined: %w", err)
	}
	compute(rv)
	rows := ordered(rv.Rows)
	data, err := pageData(rows)
	if err != nil {
		return nil, err
	}
	v := view{
		IntervalHeight: intervalHeight(rows),
		Title:          title(rv),
		Base:           name(rv.Base),
		Cur:            name(rv.Cur),
		Summary:        summary(rows),
		Problems:       problems(rv),
		Filters:        filters(rows),
		CSS:            template.CSS(pageCSS),
		Data:           template.JS(data),
		ECharts:        template.JS(echartsJS),
		Script:         template.JS(pageJS),
	}
	v.CSP = csp(echartsJS, []byte(pageJS))
	for _, r := range rows {
		v.Rows = append(v.Rows, rowOf(r))
	}
	var b bytes.Buffer
	if err := pageHTML.Execute(&b, v); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return b.Bytes(), nil
}

// view is what page.tmpl renders. Strings are escaped by html/template; the
// three typed blocks are inserted verbatim, which is why pageData escapes
// its JSON and inlinable checks the library.
type view struct {
	Title, Base, Cur, Summary, CSP string
	IntervalHeight                 int // pixels
	Problems, Filters              []string
	Rows                           []rowView
	CSS                            template.CSS
	Data, ECharts, Script          template.JS
}

// rowView is one table row, formatted.
type rowView struct {
	Key, Verdict, State, Label               string
	BaseMedian, CurMedian, Quartiles, IQR, N string
	Delta, Interval                          string
}

// csp allows the page's two inline scripts by their hashes, inline styles
// (ECharts styles its elements through the style attribute) and data:
// images, and nothing else: the page can fetch nothing, run nothing else,
// and submit nothing.
func csp(scripts ...[]byte) string {
	var src []string
	for _, s := range scripts {
		sum := sha256.Sum256(s)
		src = append(src, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return "default-src 'none'; script-src " + strings.Join(src, " ") +
		"; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
}

// inlinable reports why js cannot sit inside a <script> element unchanged:
// "</script" would end the element, and "<!--" can make the HTML parser
// swallow the rest of the page. The minified ECharts builds contain neither.
func inlinable(js []byte) error {
	lower := bytes.ToLower(js)
	for _, bad := range []string{"</script", "<!--"} {
		if bytes.Contains(lower, []byte(bad)) {
			return fmt.Errorf("it contains %q", bad)
		}
	}
	return nil
}

// rank orders rows for "regressions first": what needs a reader's attention
// before what does not. page.js keeps the same table (RANK).
func rank(r *review.Row) int {
	switch status(r) {
	case "regression":
		return 0
	case string(review.NotOK):
		return 1
	case "improvement":
		return 2
	case "inside the noise":
		return 3
	case "underpowered":
		return 4
	case string(review.OnlyInCurrent):
		return 5
	case string(review.OnlyInBaseline):
		return 6
	default: // unsupported
		return 7
	}
}

// status is a row's verdict when it was compared, its state otherwise: the
// value of its data-verdict or data-state attribute.
func status(r *review.Row) string {
	if r.State == review.Compared && r.Comparison != nil {
		return r.Comparison.Verdict.String()
	}
	return string(r.State)
}

// ordered returns pointers to rows in the page's first order: by rank, then
// the largest shift first, then the review's order. page.js sorts the same
// way by default, so the table reads the same before and after the script.
func ordered(rows []review.Row) []*review.Row {
	out := make([]*review.Row, len(rows))
	for i := range rows {
		out[i] = &rows[i]
	}
	slices.SortStableFunc(out, func(a, b *review.Row) int {
		if c := rank(a) - rank(b); c != 0 {
			return c
		}
		da, db := absDelta(a), absDelta(b)
		switch {
		case da == db || (math.IsNaN(da) && math.IsNaN(db)):
			return 0
		case math.IsNaN(db) || da > db:
			return -1
		default:
			return 1
		}
	})
	return out
}

// absDelta is |Δ%| of a compared row, NaN for the others.
func absDelta(r *review.Row) float64 {
	if r.Comparison == nil {
		return math.NaN()
	}
	d := math.Abs(r.Comparison.Delta)
	if math.IsInf(d, 0) {
		return math.NaN()
	}
	return d
}

// maxIntervalHeight bounds the interval chart's height in pixels: a canvas
// much taller than this fails to draw in browsers, so past a few hundred
// rows the bars get thinner instead of the chart taller.
const maxIntervalHeight = 10_000

// intervalHeight is the height the interval chart of rows needs, as the
// viewer sizes it.
func intervalHeight(rows []*review.Row) int {
	n := 0
	for _, r := range rows {
		if r.Comparison != nil {
			n++
		}
	}
	return min(chart.IntervalHeight(n), maxIntervalHeight)
}
