package reviewtext

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"strconv"
)

// JSON writes one JSON object a line for every compared row (both sides
// have samples: the rows the reference prints a line for), in the
// review's order. The fields, in this order:
//
//	benchmark         the row's benchmark name
//	config            {"kind":K,"backend":E}: what else names the row
//	unit, better      "ns" and "lower": the metric and which way is good
//	baseline_median   the baseline's median, one decimal
//	median            the current median, one decimal
//	delta_pct         the shift in percent of the baseline median, two decimals
//	ci_low_pct        the 95% interval's ends, null when underpowered
//	ci_high_pct
//	verdict           the reference's verdict
//	ok                false when a run reported the row ok:false
//	status            the row's Status: "below threshold" for a regression
//	                  under -threshold, "failed" for an ok:false row
//
// A number that is not finite is null.
func (s *Summary) JSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	for _, r := range s.Rows {
		c := r.Comparison
		if c == nil {
			continue
		}
		var j jsonLine
		j.str("benchmark", r.Key.Benchmark)
		j.raw("config", `{"kind":`+quote(r.Key.Kind)+`,"backend":`+quote(r.Key.Backend)+`}`)
		j.str("unit", "ns")
		j.str("better", "lower")
		j.num("baseline_median", c.BaselineMedian, 1)
		j.num("median", c.Median, 1)
		j.num("delta_pct", c.Delta, 2)
		j.num("ci_low_pct", c.Lo, 2)
		j.num("ci_high_pct", c.Hi, 2)
		j.str("verdict", c.Verdict.String())
		j.raw("ok", strconv.FormatBool(r.Status != Failed))
		j.str("status", r.Status.String())
		b.Write(j.end())
	}
	return b.Flush()
}

// jsonLine builds one object, fields in the order written.
type jsonLine struct{ buf []byte }

func (j *jsonLine) raw(name, value string) {
	if j.buf == nil {
		j.buf = append(j.buf, '{')
	} else {
		j.buf = append(j.buf, ',')
	}
	j.buf = append(j.buf, quote(name)...)
	j.buf = append(j.buf, ':')
	j.buf = append(j.buf, value...)
}

func (j *jsonLine) str(name, value string) { j.raw(name, quote(value)) }

// num writes x with prec decimals, or null when it is not finite.
func (j *jsonLine) num(name string, x float64, prec int) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		j.raw(name, "null")
		return
	}
	j.raw(name, strconv.FormatFloat(x, 'f', prec, 64))
}

// end closes the object and the line.
func (j *jsonLine) end() []byte { return append(j.buf, '}', '\n') }

// quote is s as a JSON string (a byte that is not UTF-8 becomes U+FFFD).
func quote(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
