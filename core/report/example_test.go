package report_test

import (
	"fmt"
	"strings"

	"github.com/benchview/benchview/core/report"
)

func ExampleRead() {
	text := `{"benchmark":"pure","kind":"vm","backend":"vm","wall_ns":{"min":3,"mean":6,"max":9,"samples":[7,3,5,9]},"ok":true}
{"benchmark":"pure","kind":"unsupported","backend":"ast","what":"a spawn","ok":false}
<html><body>Not Found</body></html>
{"benchmark":"pure","kind":"vm","backend":"frame","wall_ns":{"samples":[7,-3]}}
`
	r, err := report.Read(strings.NewReader(text), "current.jsonl")
	if err != nil {
		panic(err) // only a failing io.Reader gets here
	}
	for _, row := range r.Rows {
		fmt.Printf("%d %s %v ok=%v what=%q\n", row.Line, row.Key, row.Samples, row.OK, row.What)
	}
	for _, p := range r.Problems {
		fmt.Println(p.Error())
	}
	// Output:
	// 1 pure/vm/vm [7 3 5 9] ok=true what=""
	// 2 pure/unsupported/ast [] ok=false what="a spawn"
	// current.jsonl:3: not JSON: the line looks like HTML or XML ("<html><body>Not Found</body></html>"); is this a saved web page rather than the report?
	// current.jsonl:4: wall_ns.samples[1] is -3: negative; a wall time cannot be below zero
}
