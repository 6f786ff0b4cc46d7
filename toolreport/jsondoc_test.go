package toolreport

import (
	"bytes"
	"encoding/json"
	"reflect"
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
	took := 0
	for _, o := range objects {
		if sameEntry(t, []byte(o)) {
			took++
		}
	}
	if took < 4 {
		t.Errorf("fill took %d of the entries, want the plain ones", took)
	}
}

// sameEntry checks fill against json.Unmarshal for one document, and
// reports whether fill took it.
func sameEntry(t *testing.T, data []byte) bool {
	t.Helper()
	fs, err := fields(data)
	if err != nil {
		return false
	}
	var got gbEntry
	if !got.fill(fs) {
		return false
	}
	var want gbEntry
	if err := json.Unmarshal(data, &want); err != nil {
		t.Errorf("%s: fill took it, json.Unmarshal says %v", data, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: fill gave %+v, json.Unmarshal %+v", data, got, want)
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
