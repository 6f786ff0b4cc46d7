package export

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
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
	two := paired(rv)
	data, err := pageData(rows, two)
	if err != nil {
		return nil, err
	}
	v := view{
		Title:          title(rv),
		Base:           name(rv.Base),
		Cur:            name(rv.Cur),
		Summary:        summary(rows),
		Problems:       problems(rv),
		Filters:        filters,
		Table:          tableOf(rows, two),
		IntervalHeight: intervalHeight(rows),
		CSP:            csp(echartsJS, []byte(pageJS)),
		CSS:            template.CSS(pageCSS),
		Data:           template.JS(data),
		ECharts:        template.JS(echartsJS),
		Script:         template.JS(pageJS),
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
	Problems                       []string
	Filters                        []filter
	Table                          tableView
	IntervalHeight                 int // pixels
	CSS                            template.CSS
	Data, ECharts, Script          template.JS
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

// maxIntervalHeight bounds the interval chart's height in pixels: a canvas
// much taller than this fails to draw in browsers, so past a few hundred
// rows the bars get thinner instead of the chart taller.
const maxIntervalHeight = 10_000

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
