package toolreport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fieldsByDecoder is fields as a json.Decoder reads an object, token by
// token: what fields must agree with.
func fieldsByDecoder(raw []byte) ([]field, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var fs []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		fs = append(fs, field{tok.(string), v})
	}
	return fs, true
}

// objects are entries of the kinds the readers meet, and some they
// should not.
var objects = []string{
	`{}`,
	` { "a" : 1 , "b":"x" } `,
	`{"name":"BM_Sum/1024","run_name":"BM_Sum/1024","run_type":"iteration","repetitions":10,"repetition_index":3,"threads":1,"iterations":1000,"real_time":1.5e+03,"cpu_time":1499.75,"time_unit":"ns","items_per_second":-2.5E-3}`,
	`{"k\"ey":"va\\lue \u00b5s","nested":{"a":[1,{"b":"}"}],"c":"]"},"e":[],"t":true,"f":false,"n":null}`,
	"{\"tab\"\t:\n[ 1 ,\r\n2 ]}",
	`{"µ":"ünïcode ✓","same":1,"same":2}`,
	`{"name":"x","real_time":null,"error_occurred":"true"}`,
	`{"Name":"upper","REAL_TIME":5,"repetition_index":1.5}`,
	"{\"name\":\"bad \xff utf-8\",\"k\x8e\":0,\"repetition_index\":-0,\"cpu_time\":-0.0}",
	`{"name":"BM_Broken","error_occurred":true,"error_message":"it \"broke\""}`,
	`[1,2]`, `"str"`, `12`, `null`,
}

// TestFieldsRefuseWhatIsNoObject: fields is given valid JSON, but what is
// not an object, or has no comma or a comma too many, is an error all the
// same.
func TestFieldsRefuseWhatIsNoObject(t *testing.T) {
	for _, o := range []string{`{"a":1 "b":2}`, `{"a":1,}`, `{"a" 1}`, `{"a":}`, `{"a":1`, `{1:2}`, `[]`, ``} {
		if fs, err := fields(json.RawMessage(o)); err == nil {
			t.Errorf("%s: fields %q, want an error", o, fs)
		}
	}
}

// TestFieldsSplitAsADecoderDoes compares fields with a decoder's tokens.
func TestFieldsSplitAsADecoderDoes(t *testing.T) {
	for _, o := range objects {
		if !json.Valid([]byte(o)) {
			t.Fatalf("%s is not valid JSON: fields is given none", o)
		}
		want, isObject := fieldsByDecoder([]byte(o))
		got, err := fields(json.RawMessage(o))
		if (err == nil) != isObject || isObject && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fields %q (%v), a decoder %q (object: %v)", o, got, err, want, isObject)
		}
	}
}

// TestAnEntryFillsAsUnmarshalFillsIt: whatever fill takes, it sets as
// json.Unmarshal sets it; what it leaves is for Unmarshal.
func TestAnEntryFillsAsUnmarshalFillsIt(t *testing.T) {
	fillTakes(t, objects, 4, sameEntry)
}

// fillTakes checks each document with same, and that the fill took at
// least least of them (the plain ones).
func fillTakes(t *testing.T, docs []string, least int, same func(*testing.T, []byte) bool) {
	t.Helper()
	took := 0
	for _, o := range docs {
		if same(t, []byte(o)) {
			took++
		}
	}
	if took < least {
		t.Errorf("fill took %d of the entries, want the plain ones", took)
	}
}

// sameEntry checks gbEntry.fill against json.Unmarshal for one document,
// and reports whether fill took it.
func sameEntry(t *testing.T, data []byte) bool {
	t.Helper()
	return sameFill[gbEntry](t, data)
}

// sameFill checks E's fill against json.Unmarshal for one document, and
// reports whether fill took it.
func sameFill[E any, P interface {
	*E
	fill([]field) bool
}](t *testing.T, data []byte) bool {
	t.Helper()
	fs, err := fields(data)
	if err != nil {
		return false
	}
	var got E
	if !P(&got).fill(fs) {
		return false
	}
	var want E
	if err := json.Unmarshal(data, &want); err != nil {
		t.Errorf("%s: fill took it, json.Unmarshal says %v", data, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("%s: fill gave %s, json.Unmarshal %s", data, g, w)
	}
	return true
}

// FuzzEntryFill: for any valid JSON, fields splits as a decoder does, and
// an entry fill takes is the one json.Unmarshal makes.
func FuzzEntryFill(f *testing.F) {
	for _, o := range objects {
		f.Add([]byte(o))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		want, isObject := fieldsByDecoder(data)
		got, err := fields(data)
		if (err == nil) != isObject || isObject && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: fields %q (%v), a decoder %q (object: %v)", data, got, err, want, isObject)
		}
		sameEntry(t, data)
	})
}

// pytestEntries are entries of pytest-benchmark's kind, plain and not.
var pytestEntries = []string{
	`{"group": null, "name": "test_bench[0-0]", "fullname": "t.py::test_bench[0-0]", "params": {"f": 0, "n": 0}, "param": "0-0", "extra_info": {}, "options": {"disable_gc": false, "max_time": 1e-05}, "stats": {"min": 2.143999154213816e-06, "max": 4.6290006139315665e-06, "mean": 2.9088332667015493e-06, "stddev": 1.0453498259375066e-06, "rounds": 6, "median": 2.3645006876904517e-06, "iqr": 1.6e-06, "outliers": "1;0", "ops": 343780.4467679039, "data": [4.6290006139315665e-06, 2.4940018192864954e-06, 3.7770005292259157e-06, 2.234999556094408e-06, 2.143999154213816e-06, 2.173997927457094e-06], "iterations": 1}}`,
	`{"group":"g","name":"n","params":null,"stats":{"min":null,"max":1,"mean":-0,"stddev":0.5E+1,"median":7,"rounds":0,"data":[]}}`,
	`{"name":"n","stats":null}`,
	`{"name":"n","stats":{"data":null,"rounds":-3}}`,
	`{"name":"n","stats":{"data":[1,2],"data":[3]}}`,
	`{"name":"n","stats":{"rounds":6.0,"data":[1]}}`,
	`{"name":"n","stats":{"data":[1,"2"]}}`,
	`{"name":"n","stats":{"data":[1e400]}}`,
	`{"Name":"upper","stats":{"MIN":1}}`,
	`{"name":"n","stats":{"Data":[1]}}`,
	`{"name":"esc\"aped","group":"g\u00e9"}`,
	`{"name":"n","group":"a","group":null}`,
	`{"name":1}`,
	`{"name":"n","stats":[1]}`,
	`{"name":"n","stats":{"data":{"a":1}}}`,
	"{\"name\":\"n\",\"stats\":{\"data\":[ 1 ,\n2\t]}}",
}

// TestAPytestEntryFillsAsUnmarshalFillsIt: whatever pytestBenchmark.fill
// takes, it sets as json.Unmarshal sets it; what it leaves is for
// Unmarshal.
func TestAPytestEntryFillsAsUnmarshalFillsIt(t *testing.T) {
	fillTakes(t, append(pytestEntries, objects...), 6, samePytestEntry)
}

// samePytestEntry checks pytestBenchmark.fill against json.Unmarshal for
// one document, and reports whether fill took it.
func samePytestEntry(t *testing.T, data []byte) bool {
	t.Helper()
	return sameFill[pytestBenchmark](t, data)
}

// FuzzPytestFill: for any valid JSON, an entry pytestBenchmark.fill
// takes is the one json.Unmarshal makes.
func FuzzPytestFill(f *testing.F) {
	for _, o := range append(pytestEntries, objects...) {
		f.Add([]byte(o))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(data) {
			samePytestEntry(t, data)
		}
	})
}

// jsonReaders are the readers that walk a jsonDoc.
var jsonReaders = []struct {
	name string
	read func(name string, data []byte, tell func(int)) *Report
}{
	{"hyperfine", readHyperfine},
	{"googlebench", readGoogleBenchmark},
	{"pytest", readPytest},
}

// bothWalks reads data with each JSON reader on the fast walk and on the
// decoder's, and fails when any report differs.
func bothWalks(t *testing.T, data []byte) {
	t.Helper()
	for _, rd := range jsonReaders {
		fast := rd.read("f.json", data, nil)
		walkFast = false
		slow := rd.read("f.json", data, nil)
		walkFast = true
		if f, s := dumpReport(fast), dumpReport(slow); f != s {
			t.Errorf("%s reads %.200q as\n%s on the fast walk, as\n%s on the decoder's", rd.name, data, f, s)
		}
	}
}

// dumpReport writes r out whole, summaries included, for comparing two
// reports (a NaN figure equal to a NaN, which DeepEqual does not take).
func dumpReport(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s problems %q\n", r.Name, r.Format, r.Problems)
	for _, res := range r.Results {
		metrics := res.Metrics
		res.Metrics = nil
		fmt.Fprintf(&b, "%+v\n", res)
		for _, m := range metrics {
			sum := "no summary"
			if m.Summary != nil {
				sum = fmt.Sprintf("%+v", *m.Summary)
			}
			fmt.Fprintf(&b, "  %s %s %s samples %v (nil %v) %s\n", m.Name, m.Unit, m.Better, m.Samples, m.Samples == nil, sum)
		}
	}
	return b.String()
}

// jsonDocuments are whole files of the JSON formats and of other shapes.
var jsonDocuments = []string{
	`{}`, `[]`, `1`, `"s"`, `null`, `{"benchmarks":1}`, `{"results":{"a":1}}`,
	`{"benchmarks":[]}`, ` { "benchmarks" : [ ] , "context" : { } } `,
	`{"context":{"host_name":"h","num_cpus":2},"benchmarks":[{"name":"BM_a","run_name":"BM_a","run_type":"iteration","repetition_index":0,"real_time":1,"cpu_time":1,"time_unit":"ns"},{"name":"BM_a","run_name":"BM_a","run_type":"iteration","repetition_index":1,"real_time":2,"cpu_time":2,"time_unit":"ns"}]}`,
	`{"machine_info":{"machine":"x86_64","python_version":"3"},"benchmarks":[{"name":"t","group":null,"params":{"n":1},"stats":{"min":1,"max":2,"mean":1.5,"median":1.5,"stddev":0.5,"rounds":2,"data":[1,2]}},{"name":"u"},5,[1]]}`,
	`{"results":[{"command":"sleep 1","times":[1.0,1.1],"exit_codes":[0,0]},{"command":"x"}]}`,
	"{\"k\\u00e9y\":1,\"benchmarks\":[{\"name\":\"a\\\"b\"}],\"extra\":[{\"}\":\"]\"}]}",
	`{"benchmarks":[1,2]} {"more":1}`,
	`{"benchmarks":[{"name":"a"},`, `{"benchmarks":[{"name":"a"}`, `{"benchmarks" 1}`,
}

// TestBothWalksReadTheSame: a valid document reads the same on the fast
// walk as on the decoder's, the tools' own files included.
func TestBothWalksReadTheSame(t *testing.T) {
	for _, doc := range jsonDocuments {
		bothWalks(t, []byte(doc))
	}
	for _, path := range []string{"googlebench/base.json", "googlebench/cur.json", "hyperfine/base.json", "hyperfine/cur.json", "pytest/base.json", "pytest/cur.json", "pytest/summary.json"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "formats", path))
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(data) {
			t.Errorf("%s is not valid JSON: the fast walk never reads it", path)
		}
		bothWalks(t, data)
	}
}

// FuzzBothWalks: whatever the file, both walks read the same.
func FuzzBothWalks(f *testing.F) {
	for _, doc := range jsonDocuments {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) { bothWalks(t, data) })
}

// A lineCounter gives the line that holds each offset, asked in any
// order, and the last line that holds anything.
func TestLinesCountedAsTheWalkAsks(t *testing.T) {
	for _, text := range []string{"", "\n", "a", "a\n", "a\nb", "\n\nx\n\ny\n", "{\n \"a\": [\n1,\n2]\n}\n"} {
		data := []byte(text)
		l := newLineCounter(data)
		for _, off := range []int64{0, 3, 1, 7, 2, -4, int64(len(data)), 100, 5, 0} {
			want := 1 + bytes.Count(data[:min(max(off, 0), int64(len(data)))], []byte("\n"))
			if got := l.at(off); got != want {
				t.Errorf("%q: line at %d = %d, want %d", text, off, got, want)
			}
		}
		want := strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
		if got := l.last(); got != want {
			t.Errorf("%q: last line %d, want %d", text, got, want)
		}
	}
}
