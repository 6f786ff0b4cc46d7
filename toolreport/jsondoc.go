package toolreport

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The JSON formats are read as a stream of tokens, not with one Unmarshal,
// so that each entry of a results array is decoded on its own: an entry
// that does not fit is one problem at its line, and a file cut short keeps
// every entry before the cut.

// lineCounter turns byte offsets into 1-based line numbers, counting the
// newlines before each offset asked from the last one asked: a walk asks
// in the order of the file, so the file is counted once. An index of
// every line's start, built first, had been a tenth of reading a suite
// natively (1.5 million lines in a Google Benchmark suite of 39 MB).
type lineCounter struct {
	data []byte
	off  int // the last offset asked, within data
	line int // the line that holds it
}

func newLineCounter(data []byte) lineCounter { return lineCounter{data: data, line: 1} }

// at is the line holding byte off (the first line for an offset before
// the start, the last for one past the end).
func (l *lineCounter) at(off int64) int {
	o := int(min(max(off, 0), int64(len(l.data))))
	if o < l.off {
		l.off, l.line = 0, 1 // asked for an earlier line: count again
	}
	l.line += bytes.Count(l.data[l.off:o], newline)
	l.off = o
	return l.line
}

var newline = []byte{'\n'}

// last is the number of the last line that holds anything.
func (l *lineCounter) last() int {
	n := l.at(int64(len(l.data)))
	if len(l.data) > 0 && l.data[len(l.data)-1] == '\n' {
		n-- // a final newline starts no line
	}
	return n
}

// jsonDoc walks one JSON document and records where it broke.
//
// A document that is valid JSON, as nearly every one is, is walked over
// its bytes (fast, at pos): each value's end found by valueEnd, each
// entry of an array handed over as a slice of data. A json.Decoder had
// scanned every entry twice (to find its end, then to decode it into a
// RawMessage), a third of reading a suite under WebAssembly; one check
// that the whole is valid is one scan. Any other document is walked with
// the decoder, token by token, which says where it broke and keeps the
// entries before that. Both walks give the same report
// (TestBothWalksReadTheSame, FuzzBothWalks).
type jsonDoc struct {
	data  []byte
	lines lineCounter
	dec   *json.Decoder // nil on the fast walk
	pos   int           // where the fast walk is: the next value starts at or after it
	r     *Report
	tell  progress // how far into data the walk is, as it goes through an array
}

// walkFast says whether a valid document is walked over its bytes; tests
// turn it off to compare the decoder's walk with it.
var walkFast = true

func newJSONDoc(r *Report, data []byte, tell func(done int)) *jsonDoc {
	d := &jsonDoc{data: data, lines: newLineCounter(data), r: r, tell: progress{f: tell}}
	if !walkFast || !json.Valid(data) {
		d.dec = json.NewDecoder(bytes.NewReader(data))
		d.dec.UseNumber()
	}
	return d
}

// at is the offset of the next value on the fast walk, past white space.
// Neither it nor punct is inlined: at each of the walk's steps, they made
// the page's WebAssembly larger by kilobytes.
//
//go:noinline
func (d *jsonDoc) at() int {
	d.pos = skipSpace(d.data, d.pos)
	return d.pos
}

// valueFast is the next value on the fast walk, which it passes.
func (d *jsonDoc) valueFast() json.RawMessage {
	start := d.at()
	end := valueEnd(d.data, start) // the document is valid: there is one
	d.pos = end
	return d.data[start:end:end]
}

// punct passes the white space and the one byte c that follow on the fast
// walk, and reports whether c was there.
//
//go:noinline
func (d *jsonDoc) punct(c byte) bool {
	if i := d.at(); i < len(d.data) && d.data[i] == c {
		d.pos++
		return true
	}
	return false
}

// progress tells a reader's caller how far into its data it is, in bytes,
// at most every progressStep (f nil: tells nobody). A suite's file takes
// seconds to read in a browser's worker, where the page shows how far it
// is.
type progress struct {
	f    func(done int)
	next int
}

// progressStep is how many bytes a reader reads between two words of
// its progress.
const progressStep = 1 << 20

// at says that the reader is done bytes into its data.
func (p *progress) at(done int) {
	if p.f != nil && done >= p.next {
		p.next = done + progressStep
		p.f(done)
	}
}

// next is the offset where the next value starts: past the whitespace
// and separators after the decoder's position.
func (d *jsonDoc) next() int64 {
	off := d.dec.InputOffset()
	for off < int64(len(d.data)) && strings.IndexByte(" \t\r\n,:", d.data[off]) >= 0 {
		off++
	}
	return off
}

// fail records err, the error that stopped the walk, at its line.
func (d *jsonDoc) fail(err error) {
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		d.r.problem(d.lines.at(syn.Offset-1), "not JSON here: "+strings.TrimPrefix(syn.Error(), "json: ")+"; nothing after it was read")
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		d.r.problem(d.lines.last(), "the file ends in the middle of its JSON (cut short?); what came before was read")
	default:
		d.r.problem(d.lines.at(d.dec.InputOffset()), strings.TrimPrefix(err.Error(), "json: "))
	}
}

// object reads an object, calling field with each key; field must read
// the key's value (d.skip when it has no use for it). It returns false
// when the walk failed (and says why).
func (d *jsonDoc) object(what string, field func(key string) bool) bool {
	if d.dec == nil {
		return d.objectFast(what, field)
	}
	start := d.next()
	tok, err := d.dec.Token()
	if err != nil {
		d.fail(err)
		return false
	}
	if tok != json.Delim('{') {
		d.r.problem(d.lines.at(start), what+" is not a JSON object")
		return false
	}
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			d.fail(err)
			return false
		}
		if !field(tok.(string)) {
			return false
		}
	}
	if _, err := d.dec.Token(); err != nil {
		d.fail(err)
		return false
	}
	return true
}

// array reads an array, handing each element raw with the line it starts
// on. It returns false when the walk failed.
func (d *jsonDoc) array(what string, elem func(line int, raw json.RawMessage)) bool {
	if d.dec == nil {
		return d.arrayFast(what, elem)
	}
	start := d.next()
	tok, err := d.dec.Token()
	if err != nil {
		d.fail(err)
		return false
	}
	if tok != json.Delim('[') {
		d.r.problem(d.lines.at(start), what+" is not a JSON array")
		return d.skipRest(tok)
	}
	for d.dec.More() {
		line := d.lines.at(d.next())
		var raw json.RawMessage
		if err := d.dec.Decode(&raw); err != nil {
			d.fail(err)
			return false
		}
		elem(line, raw)
		d.tell.at(int(d.dec.InputOffset()))
	}
	if _, err := d.dec.Token(); err != nil {
		d.fail(err)
		return false
	}
	return true
}

// objectFast is object on the fast walk.
func (d *jsonDoc) objectFast(what string, field func(key string) bool) bool {
	start := d.at()
	if !d.punct('{') {
		d.r.problem(d.lines.at(int64(start)), what+" is not a JSON object")
		return false
	}
	if d.punct('}') {
		return true
	}
	for {
		key, _ := jsonString(d.valueFast()) // valid: a key is a string
		d.punct(':')
		if !field(key) {
			return false
		}
		if !d.punct(',') {
			d.punct('}')
			return true
		}
	}
}

// arrayFast is array on the fast walk.
func (d *jsonDoc) arrayFast(what string, elem func(line int, raw json.RawMessage)) bool {
	start := d.at()
	if !d.punct('[') {
		d.r.problem(d.lines.at(int64(start)), what+" is not a JSON array")
		d.valueFast()
		return true
	}
	if d.punct(']') {
		return true
	}
	for {
		line := d.lines.at(int64(d.at()))
		raw := d.valueFast()
		elem(line, raw)
		d.tell.at(d.pos)
		if !d.punct(',') {
			d.punct(']')
			return true
		}
	}
}

// skipRest reads what is left of a value whose first token was tok.
func (d *jsonDoc) skipRest(tok json.Token) bool {
	if tok != json.Delim('{') && tok != json.Delim('[') {
		return true
	}
	for depth := 1; depth > 0; {
		t, err := d.dec.Token()
		if err != nil {
			d.fail(err)
			return false
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return true
}

// value decodes the next value into v. It returns false when the walk
// failed.
func (d *jsonDoc) value(v *json.RawMessage) bool {
	if d.dec == nil {
		*v = d.valueFast()
		return true
	}
	if err := d.dec.Decode(v); err != nil {
		d.fail(err)
		return false
	}
	return true
}

// skip reads the next value and drops it.
func (d *jsonDoc) skip() bool {
	var raw json.RawMessage
	return d.value(&raw)
}

// end checks that nothing but whitespace follows the document.
func (d *jsonDoc) end() {
	if d.dec == nil {
		return // valid JSON is one value
	}
	if off := d.next(); off < int64(len(d.data)) {
		d.r.problem(d.lines.at(off), "more after the end of the JSON document; it was not read")
	}
}

// unmarshal decodes one entry of an array, or says at line why it could
// not.
func unmarshal(r *Report, line int, raw json.RawMessage, v any) bool {
	if err := json.Unmarshal(raw, v); err != nil {
		r.problem(line, "entry left out: "+strings.TrimPrefix(err.Error(), "json: "))
		return false
	}
	return true
}

// field is one key of an object with its raw value, in file order.
type field struct {
	Key string
	Raw json.RawMessage
}

// fields lists an object's keys and raw values in their order (the
// order a map would lose). raw is a value a decoder has read whole
// already (an entry of an array, a RawMessage field), so it is valid
// JSON: it is split in one pass, each key and value a slice of it, where
// a decoder's tokens took half of reading a Google Benchmark suite
// (3.3 s natively for 100,000 entries, 39 MB). Anything but an object
// is an error; so is an object whose keys, colons and commas are not
// where JSON has them, should one come.
func fields(raw json.RawMessage) ([]field, error) {
	notObject := errors.New("not a JSON object")
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return nil, notObject
	}
	var fs []field
	for i = skipSpace(raw, i+1); i < len(raw) && raw[i] != '}'; {
		end := valueEnd(raw, i)
		if raw[i] != '"' || end < 0 {
			return nil, notObject
		}
		key, ok := jsonString(raw[i:end])
		colon := skipSpace(raw, end)
		if !ok || colon >= len(raw) || raw[colon] != ':' {
			return nil, notObject
		}
		start := skipSpace(raw, colon+1)
		stop := valueEnd(raw, start)
		if stop < 0 {
			return nil, notObject
		}
		fs = append(fs, field{key, raw[start:stop:stop]})
		switch i = skipSpace(raw, stop); {
		case i < len(raw) && raw[i] == ',':
			if i = skipSpace(raw, i+1); i >= len(raw) || raw[i] != '"' {
				return nil, notObject
			}
		case i < len(raw) && raw[i] != '}':
			return nil, notObject
		}
	}
	if i >= len(raw) {
		return nil, notObject
	}
	return fs, nil
}

// keyIndex is key's index in keys, -1 when it is none of them, and -2
// when json.Unmarshal would take it as one of them all the same (in other
// letters' case).
func keyIndex(keys []string, key string) int {
	if k := slices.Index(keys, key); k >= 0 {
		return k
	}
	for _, known := range keys {
		if len(known) == len(key) && strings.EqualFold(known, key) {
			return -2
		}
	}
	return -1
}

// plainString is a JSON string without escapes, of valid UTF-8; false
// for anything else. Neither it nor plainNumber is inlined: at each of
// fill's fields, they made the page's WebAssembly 6 KB larger, gzipped.
//
//go:noinline
func plainString(raw json.RawMessage) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || bytes.IndexByte(raw, '\\') >= 0 || !utf8.Valid(raw) {
		return "", false
	}
	return string(raw[1 : len(raw)-1]), true
}

// plainNumber is plainFloat's number, for a field of a pointer to one.
//
//go:noinline
func plainNumber(raw json.RawMessage) (*float64, bool) {
	v, ok := plainFloat(raw)
	return &v, ok
}

// plainFloat is a JSON number literal as json.Unmarshal parses it into a
// float64; false for anything else.
func plainFloat(raw []byte) (float64, bool) {
	if len(raw) == 0 || raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	return v, err == nil
}

// skipSpace is the offset of the first byte at or after i in b that is
// not JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// valueEnd is the offset just past the JSON value that starts at i in b,
// or -1 when none does: a string to its closing quote, an object or an
// array to its closing bracket, a number or a literal to the next
// delimiter. It does not check what it passes over.
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end := valueEnd(b, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && !delimiter(b[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// delimiter reports whether c ends a number or a literal: white space or
// what may follow a value. A switch, where strings.IndexByte was a call a
// byte under WebAssembly, and a tenth of reading a pytest-benchmark suite.
func delimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', ']', '}':
		return true
	}
	return false
}

// jsonString is the string a JSON string literal (quotes included)
// holds; false when it is not one.
func jsonString(lit []byte) (string, bool) {
	if bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1]), true // nothing to undo or replace
	}
	var s string
	return s, json.Unmarshal(lit, &s) == nil
}

// filePairs are the File pairs of the keys of object raw that are
// scalars, in the order of keys.
func filePairs(raw json.RawMessage, keys []string) []Pair {
	fs, _ := fields(raw)
	var ps []Pair
	for _, k := range keys {
		for _, f := range fs {
			if v, ok := scalar(f.Raw); ok && f.Key == k {
				ps = append(ps, Pair{Key: k, Value: v, File: true})
			}
		}
	}
	return ps
}

// scalar is a JSON string, number or boolean as text, and false for
// anything else (null, objects, arrays).
func scalar(raw json.RawMessage) (string, bool) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return v, true
	case json.Number:
		return v.String(), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// number is a JSON number as a float64, false for anything else. A
// number literal is parsed as it is (json.Number's Float64 parses it so
// too), without a decoder; a string holding a number is one, as a
// decoder makes it a json.Number.
func number(raw json.RawMessage) (float64, bool) {
	if len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		f, err := strconv.ParseFloat(string(raw), 64)
		return f, err == nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// badSample says why v cannot be a sample ("" when it can): samples are
// finite and not negative, as times, sizes, counts and rates all are.
func badSample(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "is not a finite number"
	case v < 0:
		return "is negative"
	}
	return ""
}

// figure is a summary figure, NaN when absent.
func figure(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}
