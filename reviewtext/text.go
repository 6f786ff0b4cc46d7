package reviewtext

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"
)

// Text writes the summary as an aligned table for a terminal, one line a
// row in the review's order (medians in the row's unit, Δ% and its 95%
// interval, the status), then the headline and its notes. With color, the
// status is coloured with ANSI escapes; every other byte is plain text,
// and names are visible-escaped either way.
func (s *Summary) Text(w io.Writer, color bool) error {
	b := bufio.NewWriter(w)
	rows := make([]cells, len(s.Rows))
	statuses := make([]Status, len(s.Rows))
	for i, r := range s.Rows {
		rows[i], statuses[i] = cellsOf(r, s.Threshold), r.Status
	}
	writeTable(b, rows, statuses, color)
	b.WriteString("\n" + s.Headline() + "\n")
	if suite := s.Suite(); suite != "" {
		b.WriteString(suite + "\n")
	}
	for _, n := range s.Notes() {
		b.WriteString(n + "\n")
	}
	return b.Flush()
}

// colors are the ANSI colours of the statuses: red for what fails a
// gate, green for an improvement, yellow for what needs a look, dim for
// rows with nothing to compare.
var colors = [nStatus]string{
	Regression:     "\x1b[31m",
	Failed:         "\x1b[1;31m",
	Missing:        "\x1b[33m",
	Improvement:    "\x1b[32m",
	BelowThreshold: "\x1b[33m",
	Underpowered:   "\x1b[33m",
	Added:          "\x1b[2m",
	Unsupported:    "\x1b[2m",
}

// width is the width of each column of a table, in runes.
type width [6]int

func (c cells) list() [6]string {
	return [6]string{c.Name, c.Baseline, c.Current, c.Delta, c.Interval, c.Verdict}
}

// writeTable writes the table's header and rows aligned in columns; with
// color, each row's status is painted as colors says. Summary.Text and
// MetricSummary.Text share it.
func writeTable(b *bufio.Writer, rows []cells, statuses []Status, color bool) {
	head := cells{"row", "baseline", "current", "Δ%", "95% interval", "verdict"}
	width := widths(head)
	for _, c := range rows {
		width = maxWidths(width, widths(c))
	}
	writeLine(b, head, width, "")
	for i, c := range rows {
		paint := ""
		if color {
			paint = colors[statuses[i]]
		}
		writeLine(b, c, width, paint)
	}
}

func widths(c cells) width {
	var w width
	for i, s := range c.list() {
		w[i] = utf8.RuneCountInString(s)
	}
	return w
}

func maxWidths(a, b width) width {
	for i := range a {
		a[i] = max(a[i], b[i])
	}
	return a
}

// writeLine writes one line of the table: the name left-aligned, the
// numbers right-aligned, the interval and status left-aligned; paint, when
// not empty, colours the status.
func writeLine(b *bufio.Writer, c cells, w width, paint string) {
	f := c.list()
	pad := func(i int) string { return strings.Repeat(" ", w[i]-utf8.RuneCountInString(f[i])) }
	b.WriteString(f[0] + pad(0))
	for i := 1; i <= 3; i++ {
		b.WriteString("  " + pad(i) + f[i])
	}
	b.WriteString("  " + f[4] + pad(4) + "  ")
	if paint != "" {
		b.WriteString(paint + f[5] + "\x1b[0m")
	} else {
		b.WriteString(f[5])
	}
	b.WriteByte('\n')
}
