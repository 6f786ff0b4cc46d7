package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// describe writes a report as text, NaN and all, for comparing two reads.
func describe(r *Report) string {
	var b strings.Builder
	for _, row := range r.Rows {
		fmt.Fprintf(&b, "%d %q %v %v %q %q", row.Line, row.Key, row.Samples, row.OK, row.What, row.Of)
		if row.Summary != nil {
			fmt.Fprintf(&b, " %v", *row.Summary)
		}
		b.WriteByte('\n')
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "%s %v\n", p.Error(), p.Warning)
	}
	return b.String()
}

func FuzzRead(f *testing.F) {
	for _, name := range []string{"base-a.jsonl", "cur-c.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		f.Add(bytes.Join(lines[:4], nil))
		f.Add(lines[28]) // the unsupported line
	}
	for _, s := range []string{
		"", "\n", "\xef\xbb\xbf" + row + "\r\n", row + "}", row[:60], "<html>", "[1]", "\x1f\x8b", "\x00",
		`{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[1,-2,1.5,1e3,18446744073709551616,"3",null]}}`,
		`{"benchmark":"a\"\u00e9\ud800","kind":"k","backend":"e","x":[NaN,inf,-inf,{"y":[]}],"ok":false}`,
		`{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"median":null,"min":-inf,"max":"x","samples":[1]}}`,
		`{"benchmark":"\ud800\ud800","kind":"\udc00\ud800\udc00","backend":"vm"}`,
		`{"benchmark":"b","benchmark":"c","kind":"vm","backend":"vm","wall_ns":{"samples":[1],"samples":[2]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(bytes.NewReader(data), "f")
		if err != nil {
			t.Fatalf("Read of a byte slice failed: %v", err)
		}
		again, _ := Read(bytes.NewReader(data), "f")
		if describe(r) != describe(again) {
			t.Fatalf("two reads differ:\n%s\n%s", describe(r), describe(again))
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		if len(r.Problems) > maxProblems+1 {
			t.Fatalf("%d problems listed", len(r.Problems))
		}
		for _, p := range r.Problems {
			if p.Line < 0 || p.Line > lines || p.File != "f" || p.Msg == "" {
				t.Fatalf("problem %+v out of place in %d lines", p, lines)
			}
		}
		for _, row := range r.Rows {
			if row.Samples != nil && len(row.Samples) == 0 {
				t.Fatalf("row %s has empty, non-nil samples", row.Key)
			}
			if row.Samples != nil && row.Summary != nil {
				t.Fatalf("row %s has samples and a summary", row.Key)
			}
			if row.Line < 1 || row.Line > lines {
				t.Fatalf("row %s on line %d of %d", row.Key, row.Line, lines)
			}
			// What was read can be written back and read again.
			back := readBack(t, row)
			if len(back.Rows) != 1 || back.Rows[0].Key != row.Key || !slices.Equal(back.Rows[0].Samples, row.Samples) {
				t.Fatalf("row %q %v did not survive a round trip: %s", row.Key, row.Samples, describe(back))
			}
		}
		agreeWithEncodingJSON(t, data, r)
	})
}

// readBack writes row as a harness line, with encoding/json's quoting, and
// reads it.
func readBack(t *testing.T, row Row) *Report {
	q := func(s string) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var s strings.Builder
	fmt.Fprintf(&s, `{"benchmark":%s,"kind":%s,"backend":%s`, q(row.Benchmark), q(row.Kind), q(row.Backend))
	if row.Samples != nil {
		s.WriteString(`,"wall_ns":{"samples":[`)
		for i, v := range row.Samples {
			if i > 0 {
				s.WriteByte(',')
			}
			s.WriteString(strconv.FormatUint(v, 10))
		}
		s.WriteString("]}")
	}
	s.WriteString("}")
	r, _ := Read(strings.NewReader(s.String()), "back")
	return r
}

// agreeWithEncodingJSON checks a one-line input that encoding/json reads as
// a row with whole-number samples: this reader must read the same row,
// with no problem beyond a warning.
func agreeWithEncodingJSON(t *testing.T, data []byte, r *Report) {
	data = bytes.TrimSpace(data)
	if bytes.ContainsAny(data, "\n\r") || !json.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return
	}
	var line map[string]json.RawMessage
	if json.Unmarshal(data, &line) != nil || repeatsAName(data) || repeatsAName(line["wall_ns"]) {
		return // encoding/json keeps the last of a repeated field, this the first
	}
	var key Key
	for name, dst := range map[string]*string{"benchmark": &key.Benchmark, "kind": &key.Kind, "backend": &key.Backend} {
		if json.Unmarshal(line[name], dst) != nil {
			return
		}
	}
	// A map, not a struct: encoding/json matches struct fields without
	// regard to case ("sAmples"), and a report's keys are case-sensitive.
	var wall map[string]json.RawMessage
	var wallSamples []json.RawMessage
	if raw, ok := line["wall_ns"]; ok {
		if json.Unmarshal(raw, &wall) != nil {
			return
		}
		if raw, ok := wall["samples"]; ok && json.Unmarshal(raw, &wallSamples) != nil {
			return
		}
	}
	var samples []uint64
	for _, n := range wallSamples {
		// Numbers only: encoding/json reads a string that holds a number
		// ("100") into a json.Number too, and a report's samples are
		// never quoted.
		v, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil {
			return
		}
		samples = append(samples, v)
	}
	if ok, present := line["ok"]; present && string(ok) != "true" && string(ok) != "false" {
		return
	}
	for _, name := range []string{"what", "of"} {
		if raw, present := line[name]; present && (len(raw) == 0 || raw[0] != '"') {
			return
		}
	}
	for _, p := range r.Problems {
		if !p.Warning {
			t.Fatalf("encoding/json reads %q but this reader says %s", data, p.Error())
		}
	}
	if len(r.Rows) != 1 || r.Rows[0].Key != key || !slices.Equal(r.Rows[0].Samples, samples) {
		t.Fatalf("encoding/json reads %q as %q %v; this reader as %s", data, key, samples, describe(r))
	}
}

// repeatsAName reports whether raw is a JSON object in which a name
// appears twice at its own level.
func repeatsAName(raw []byte) bool {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token() // the '{'
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		name, ok := tok.(string)
		if err != nil || !ok {
			return false
		}
		if seen[name] {
			return true
		}
		seen[name] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}
