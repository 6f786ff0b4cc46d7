package export

import (
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/tableview"
)

var (
	noscriptTable = regexp.MustCompile(`(?s)<noscript>(<table id="results".*?)</noscript>`)
	dataCol       = regexp.MustCompile(`data-col="([^"]*)"`)
)

// pageParts is a page as page.js reads it: the rows' markup cut from the
// noscript table as page.js cuts it, the data block, and the line blocks.
type pageParts struct {
	rows           []string
	cols           []string
	data           pageJSON
	bars, runOrder []string
}

func readParts(t *testing.T, p string) pageParts {
	t.Helper()
	m := noscriptTable.FindStringSubmatch(p)
	if m == nil {
		t.Fatal("no table in a noscript element")
	}
	text := m[1]
	open := strings.Index(text, "<tbody>") + len("<tbody>")
	end := strings.LastIndex(text, "\n</tbody>")
	var parts pageParts
	parts.rows = strings.Split(text[open:end], "\n<tr")[1:]
	for _, c := range dataCol.FindAllStringSubmatch(text[:open], -1) {
		parts.cols = append(parts.cols, c[1])
	}
	scripts := scriptTag.FindAllStringSubmatch(p, -1)
	if err := json.Unmarshal(unpack(t, scripts[0][2]), &parts.data); err != nil {
		t.Fatalf("data block: %v", err)
	}
	parts.bars = strings.Split(string(unpack(t, scripts[2][2])), "\n")
	parts.runOrder = strings.Split(string(unpack(t, scripts[3][2])), "\n")
	return parts
}

// TestPageJSReadsTheRowsItIsGiven: the table's rows, cut as page.js cuts
// them, are the data's rows, one for one, even with hostile names; every
// column has its ranks; every line index points at a line.
func TestPageJSReadsTheRowsItIsGiven(t *testing.T) {
	for name, rv := range map[string]*review.Review{
		"hostile":    reviewOf(hostileNames, func(i int) int { return i%3 - 1 }),
		"golden b":   review.New(readGolden(t, "base-b.jsonl"), readGolden(t, "cur-b.jsonl")),
		"one report": review.New(nil, readGolden(t, "cur-a.jsonl")),
	} {
		parts := readParts(t, page(t, rv))
		d := parts.data
		if len(parts.rows) != len(d.Rows) || len(d.Keys) != len(d.Rows) {
			t.Fatalf("%s: %d rows of markup, %d of data, %d keys", name, len(parts.rows), len(d.Rows), len(d.Keys))
		}
		for i, row := range parts.rows {
			key := dataRowAttr.FindStringSubmatch("<tr" + row)
			if key == nil || html.UnescapeString(key[1]) != d.Keys[i] {
				t.Errorf("%s: row %d's markup %.80q is not the data's %.60q", name, i, row, d.Keys[i])
			}
			if r := d.Rows[i]; r.Bar >= len(parts.bars)-1 || d.RunOrder[i] >= len(parts.runOrder)-1 {
				t.Errorf("%s: row %d points past its blocks (bar %d, run order %d)", name, i, r.Bar, d.RunOrder[i])
			}
		}
		for _, c := range parts.cols {
			if len(d.Ranks[c]) != len(d.Rows) {
				t.Errorf("%s: column %s has %d ranks for %d rows", name, c, len(d.Ranks[c]), len(d.Rows))
			}
		}
	}
}

// TestThePagesOrdersAreTableviews: walking the page's ranks as page.js
// does gives, for every column both ways, the order tableview gives.
func TestThePagesOrdersAreTableviews(t *testing.T) {
	rv := review.New(readGolden(t, "base-c.jsonl"), readGolden(t, "cur-c.jsonl"))
	parts := readParts(t, page(t, rv))
	tab := tableview.New(rv.Rows, true)
	for _, col := range parts.cols {
		for _, desc := range []bool{false, true} {
			var want []string
			for _, i := range tab.Order(col, desc) {
				want = append(want, tab.Name(i))
			}
			var got []string
			for _, i := range walk(parts.data.Ranks[col], desc) {
				got = append(got, parts.data.Keys[i])
			}
			if !slices.Equal(got, want) {
				t.Errorf("by %s desc=%v: the page orders\n%q\ntableview\n%q", col, desc, got, want)
			}
		}
	}
}

// walk is page.js's orderOf: rows rank by rank, each rank's rows and then
// those without one (-1) in index order.
func walk(ranks []int, desc bool) []int {
	var buckets [][]int
	var none []int
	for i, r := range ranks {
		if r < 0 {
			none = append(none, i)
			continue
		}
		for len(buckets) <= r {
			buckets = append(buckets, nil)
		}
		buckets[r] = append(buckets[r], i)
	}
	if desc {
		slices.Reverse(buckets)
	}
	return append(slices.Concat(buckets...), none...)
}
