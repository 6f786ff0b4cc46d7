package review_test

import (
	"fmt"
	"strings"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
)

func ExampleNew() {
	base, _ := report.Read(strings.NewReader(`{"benchmark":"parse","kind":"vm","backend":"vm","wall_ns":{"samples":[100,102,98,101,99,100,103,97]}}
{"benchmark":"spawn","kind":"unsupported","backend":"vm","what":"a spawn","ok":false}
`), "base.jsonl")
	cur, _ := report.Read(strings.NewReader(`{"benchmark":"parse","kind":"vm","backend":"vm","wall_ns":{"samples":[120,118,121,119,122,117,120,121]}}
{"benchmark":"lex","kind":"vm","backend":"vm","wall_ns":{"samples":[5,6,5,6,5,6]}}
`), "cur.jsonl")
	v := review.New(base, cur)
	for i := range v.Rows {
		r := &v.Rows[i]
		r.Compute()
		if r.State == review.Compared {
			fmt.Printf("%s: %s, %+.2f%% [%+.2f%%, %+.2f%%]\n", r.Key, r.Comparison.Verdict, r.Comparison.Delta, r.Comparison.Lo, r.Comparison.Hi)
		} else {
			fmt.Printf("%s: %s\n", r.Key, r.State)
		}
	}
	// Output:
	// parse/vm/vm: regression, +20.00% [+17.33%, +22.45%]
	// lex/vm/vm: only-in-current
	// spawn/unsupported/vm: unsupported
}
