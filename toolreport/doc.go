// Package toolreport reads the reports other benchmark tools write into
// one model, so that benchview can review them as it reviews cove-bench's:
//
//   - go test -bench text, and the go test -json output it is inside
//     (ReadGo, through golang.org/x/perf/benchfmt and benchunit, the code
//     benchstat runs);
//   - hyperfine --export-json (ReadHyperfine);
//   - Google Benchmark's JSON (ReadGoogleBenchmark);
//   - pytest-benchmark's JSON (ReadPytest);
//   - criterion's sample.json (ReadCriterionSample) and its target/criterion
//     folder of baselines (ReadCriterion, ReadCriterionPair, read through an
//     fs.FS).
//
// Sniff tells the formats apart by content, with the file's name as a hint
// when the content cannot say; it also knows cove-bench's JSONL, whose
// reader stays core/report. Read sniffs and reads.
//
// The model: a Report holds Results, each a benchmark's name as its tool
// prints it and its configuration (ordered key=value Pairs), with one or
// more Metrics, each a tidied unit, the direction that is better and its
// samples in run order as float64 in that unit. A row the tool kept only a
// summary of says so (SummaryOnly, Note); a run the tool says failed is
// marked Failed. One file per format; units are tidied in units.go alone.
//
// A reader never stops at a bad entry: it records a Problem ("file:line:
// message", core/report's shape) and keeps every good result, and a file cut
// short keeps everything before the cut. It never guesses a sample: a value
// that is not a finite, non-negative number leaves its entry out, said.
//
// The package opens no files and touches no page: it takes bytes (and an
// fs.FS for criterion's folders) and builds natively and for js/wasm. It
// lives outside core/ because benchfmt imports os and fmt (for its Files
// reader and its errors), which core's no-I/O rule forbids; nothing here
// calls them.
//
// What it costs in WASM (GOOS=js GOARCH=wasm, -trimpath -ldflags='-s -w',
// gzip -9, measured 2026-12-03 at this package's first commit): the viewer
// (wasm/cmd/viewer) with every reader kept by a call of Read grows from
// 1,688,317 to 1,803,432 bytes gzipped (+115 KB; +428 KB before gzip), of
// which benchfmt and benchunit, with the benchmath and go-moremath they
// import, are 39 KB. The viewer already has encoding/json; a bare main with
// core/report alone grows by 301 KB gzipped, mostly encoding/json. Sniff
// alone (a page that only names the format of a dropped file) costs 22 KB
// gzipped in a main that has core/report and encoding/json already, and
// Read's readers 94 KB more (measured 2026-12-03, Go 1.26.8).
package toolreport
