// Package chart builds the ECharts options of the viewer's two charts, the
// interval bars of a review and the run-order scatter of one row, from
// go-echarts' option types, and returns them as the JSON that echarts'
// setOption takes. The viewer and the exported page (which the command
// line's export writes) both use it: it is no browser code.
//
// It compiles natively so that options are tested without a browser, and it
// is shared with the exported report page. Every string a report supplies
// reaches the option either as canvas text (axis labels, which ECharts never
// parses as markup) or HTML-escaped (tooltips, which ECharts shows as
// innerHTML); braces are escaped too, so that no name is read as an ECharts
// template variable. Options carry no JavaScript functions: they would not
// survive JSON, so every label and tooltip is formatted here in Go.
//
// It draws nothing and holds no state; it refuses to guess at rows that have
// not been computed (they are left out of the interval bars until they are).
package chart
