package toolreport_test

import (
	"fmt"

	"github.com/benchview/benchview/toolreport"
)

func ExampleRead() {
	text := `goos: linux
pkg: example
BenchmarkHash/size=4K-8   	  100	  3040 ns/op	1347.37 MB/s
BenchmarkHash/size=4K-8   	  100	  3100 ns/op	1321.29 MB/s
BenchmarkHash/size=4K-8   	  100	  30x0 ns/op
`
	r, err := toolreport.Read("bench.txt", []byte(text))
	if err != nil {
		panic(err) // only for a file that is no report it reads
	}
	fmt.Println(r.Format)
	for _, res := range r.Results {
		fmt.Println(res.Label(), "from line", res.Line)
		for _, m := range res.Metrics {
			fmt.Printf("  %s as %s, better %s: %g\n", m.Name, m.Unit, m.Better, m.Samples)
		}
	}
	for _, p := range r.Problems {
		fmt.Println(p.Error())
	}
	// Output:
	// go test -bench
	// Hash/size=4K-8 from line 3
	//   ns/op as sec/op, better lower: [3.04e-06 3.1e-06]
	//   MB/s as B/s, better higher: [1.34737e+09 1.32129e+09]
	// bench.txt:5: parsing measurement: invalid syntax
}

func ExampleSniff() {
	_, err := toolreport.Sniff("index.html", []byte("<!DOCTYPE html>\n<html>"))
	fmt.Println(err)
	// Output:
	// index.html: not a report benchview reads (cove-bench JSONL, go test -bench text or its go test -json output, hyperfine --export-json, Google Benchmark --benchmark_format=json, pytest-benchmark --benchmark-json, criterion sample.json or target/criterion folder); its first line is "<!DOCTYPE html>"
}
