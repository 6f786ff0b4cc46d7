package report

import (
	"bytes"
	"errors"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// parsed is what parser.line concluded about a line besides its row.
type parsed struct {
	keep     bool     // the row is worth keeping (it may still carry err)
	err      string   // why the line could not be read whole; empty if it could
	warnings []string // things read but worth telling
}

// line reads one line that opens with '{'.
//
// Most lines are either read whole or lost with a reason. One case is
// neither: a line that breaks off, or goes wrong, after its row was
// complete — its three names and a whole wall_ns object — as a truncated
// last line does. The reference's scan keeps such a row, so this keeps it
// too, and still reports the line.
//
// A builder reads every line of a report with one parser, so that what a
// line needs besides its row (the parser, its wall_ns, the names it has
// seen) is not allocated again for each, and its samples are carved
// from shared blocks (p.slab). Under WebAssembly the allocations and the
// collector's work for them were a third of reading a suite.
func (p *parser) line(text []byte, col0 int) (Row, parsed) {
	p.b, p.i, p.col0 = text, 0, col0
	p.seen = p.inline[:0]
	p.warnings = nil
	row := Row{OK: true}
	var res parsed
	var wall *wallNS
	err := p.object(func(name string) error {
		if p.seen.has(name) {
			p.warnings = append(p.warnings, "field "+strconv.Quote(name)+" appears twice; the first is used, as the reference uses it")
			return p.skip(0)
		}
		p.seen.add(name)
		switch name {
		case "benchmark":
			return p.stringOf(&row.Benchmark, &p.names[0], name)
		case "kind":
			return p.stringOf(&row.Kind, &p.names[1], name)
		case "backend":
			return p.stringOf(&row.Backend, &p.names[2], name)
		case "what":
			return p.stringInto(&row.What, name)
		case "of":
			return p.stringInto(&row.Of, name)
		case "ok":
			return p.boolInto(&row.OK, name)
		case "wall_ns":
			if p.peek() != '{' {
				// The reference looks for the first "wall_ns":{ and reads
				// past anything else, so this is no reason to lose the
				// line, nor the wall_ns to use if one follows.
				start := p.i
				if err := p.skip(0); err != nil {
					return err
				}
				p.seen.remove(name)
				p.warnings = append(p.warnings, `"wall_ns" is `+p.quote(start)+", not an object ({...}); it is ignored, as the reference ignores it")
				return nil
			}
			w, err := p.wallNS()
			if err == nil || w != nil && w.samples != nil {
				wall = w // on an error, for the samples complete before it
			}
			return err
		}
		return p.skip(0)
	})
	if err == nil {
		p.space()
		if p.i < len(p.b) {
			err = p.errorf("unexpected " + p.what() + " after the object's closing '}'")
		}
	}
	res.warnings = p.warnings
	named := p.seen.has("benchmark") && p.seen.has("kind") && p.seen.has("backend")
	if err != nil {
		res.err = err.Error()
		if named && wall != nil && wall.samples != nil {
			res.err += "; the row's samples were complete before it and are kept"
			res.keep = true
			row.Samples = wall.samples
		}
		return row, res
	}
	if !named {
		res.err = missingNames(p.seen)
		if res.err == "" {
			res.warnings = append(res.warnings, `a JSON object that names no row (it has no "benchmark", "kind" or "backend"); skipped`)
		}
		return row, res
	}
	res.keep = true
	if wall != nil {
		row.Samples = wall.samples
		if row.Samples == nil {
			row.Summary = wall.summary()
			// A summary is all such a row shows, so what is missing from
			// it is worth a word; beside samples it is recomputed anyway.
			for _, odd := range wall.odd {
				res.warnings = append(res.warnings, odd+"; the row's summary is shown without it")
			}
		}
	}
	return row, res
}

// missingNames says which of the three names a line lacks when it has
// some but not all of them; a line with none is not meant as a row.
func missingNames(seen names) string {
	var have, lack []string
	for _, n := range []string{"benchmark", "kind", "backend"} {
		if seen.has(n) {
			have = append(have, strconv.Quote(n))
		} else {
			lack = append(lack, strconv.Quote(n))
		}
	}
	if len(have) == 0 {
		return ""
	}
	return "the line has " + join(have) + " but no " + join(lack) + ", so it names no row"
}

func join(s []string) string {
	switch len(s) {
	case 1:
		return s[0]
	case 2:
		return s[0] + " and " + s[1]
	}
	return s[0] + ", " + s[1] + " and " + s[2]
}

// wallNS is what a line's wall_ns object holds.
type wallNS struct {
	samples        []uint64 // nil when absent or empty
	min, mean, max *uint64
	median         float64
	// odd says which summary fields hold something other than a number
	// (null, NaN, inf, a string), for a row that has only its summary.
	odd []string
}

func (w *wallNS) summary() *Summary {
	if w.min == nil || w.mean == nil || w.max == nil {
		return nil
	}
	return &Summary{Min: *w.min, Mean: *w.mean, Max: *w.max, Median: w.median}
}

// wallNS reads the wall_ns object: its samples, or the summary an older
// report carries in their place. Other fields (p25, iqr, ...) are derived
// from the samples and are recomputed rather than trusted.
//
// The reference reads nothing of wall_ns but its samples, so no value of
// a summary field (null, NaN, inf, -inf, a string) loses a row: a field
// that is not a number is left out of the summary. On a syntax error the
// object is returned with what was read before it. The caller has seen
// the object's '{'.
//
// It is p's own wallNS, valid until p reads the next line: a line has one
// (a second wall_ns is skipped).
func (p *parser) wallNS() (*wallNS, error) {
	w := &p.wall
	*w = wallNS{median: math.NaN()}
	p.wallSeen = p.wallInline[:0]
	err := p.object(func(name string) error {
		if p.wallSeen.has(name) {
			p.warnings = append(p.warnings, "field "+strconv.Quote(name)+" appears twice in wall_ns; the first is used, as the reference uses it")
			return p.skip(0)
		}
		p.wallSeen.add(name)
		switch name {
		case "samples":
			s, err := p.samples()
			w.samples = s
			return err
		case "min", "mean", "max":
			v, ok, err := p.summaryNumber(w, name)
			if ok {
				switch name {
				case "min":
					w.min = &v
				case "mean":
					w.mean = &v
				case "max":
					w.max = &v
				}
			}
			return err
		case "median":
			tok, _, err := p.summaryValue(w, name)
			if tok != nil {
				if f, perr := strconv.ParseFloat(string(tok), 64); perr == nil {
					w.median = f
				}
			}
			return err
		}
		return p.skip(0)
	})
	return w, err
}

// summaryNumber reads a summary's min, mean or max: ok only for a whole
// non-negative number (an old report's summary is shown, never computed
// with, so one that is not whole is left out rather than refused).
func (p *parser) summaryNumber(w *wallNS, name string) (v uint64, ok bool, err error) {
	tok, whole, err := p.summaryValue(w, name)
	if tok == nil || tok[0] == '-' || !whole {
		return 0, false, err
	}
	v, ok = parseUint(tok)
	return v, ok, nil
}

// summaryValue reads the value of the summary field wall_ns.name: the
// number's text when it is a number, nil (and a note in w.odd) when it is
// any other value, such as Rust's NaN and inf or a null.
func (p *parser) summaryValue(w *wallNS, name string) (tok []byte, whole bool, err error) {
	p.space()
	c := p.peek()
	if c == '-' && p.i+1 < len(p.b) {
		c = p.b[p.i+1]
	}
	if c >= '0' && c <= '9' {
		return p.number()
	}
	start := p.i
	if err := p.skip(0); err != nil {
		return nil, false, err
	}
	w.odd = append(w.odd, "wall_ns."+name+" is "+p.quote(start)+", not a number")
	return nil, false, nil
}

// samples reads wall_ns.samples: an array of whole, non-negative numbers
// of nanoseconds that fit in 64 bits. Anything else in it loses the line,
// with a reason that names the sample.
func (p *parser) samples() ([]uint64, error) {
	p.space()
	if p.peek() != '[' {
		return nil, p.errorf(`"wall_ns.samples" should be an array of whole numbers ([...]), not ` + p.what())
	}
	p.i++
	// The samples are read into the block's free end; a row that does not
	// fit in it is moved to memory of its own (grown).
	if cap(p.slab)-len(p.slab) < minFree {
		p.slab = make([]uint64, 0, min(slabSamples, max(4*minFree, 2*cap(p.slab))))
	}
	out := p.slab[len(p.slab):len(p.slab)]
	k, done := p.plainSamples(&out)
	if done {
		return p.keep(out), nil
	}
	for ; ; k++ {
		p.space()
		if k == 0 && p.peek() == ']' {
			p.i++
			return nil, nil // an empty array: a row with no samples
		}
		v, ok := p.plainSample()
		if !ok {
			var err error
			if v, err = p.sample(k); err != nil {
				return nil, err
			}
		}
		if len(out) == cap(out) {
			out = grown(out, p.b[p.i:])
		}
		out = append(out, v)
		p.space()
		switch p.peek() {
		case ',':
			p.i++
		case ']':
			p.i++
			return p.keep(out), nil
		default:
			return nil, p.errorf("expected ',' or ']' after wall_ns.samples[" + strconv.Itoa(k) + "], found " + p.what())
		}
	}
}

// plainSamples reads the samples ahead as most reports write them, each
// a plainSample followed at once by ',' or ']', into out, up to the
// first that is not so written: it returns how many it read, with p
// before that sample, or done with p past the array's ']'. Each sample
// read in one loop, without a call for its digits, the white space
// around it and the separator after it: under WebAssembly a call is
// dear, and these were a quarter of reading a suite.
func (p *parser) plainSamples(out *[]uint64) (k int, done bool) {
	b, i := p.b, p.i
	for i < len(b) {
		start := i
		var v uint64
		for ; i < len(b) && i-start < 19; i++ {
			c := b[i] - '0'
			if c > 9 {
				break
			}
			v = v*10 + uint64(c)
		}
		if i == start || i == len(b) || b[i] != ',' && b[i] != ']' {
			p.i = start // not written so (or a 20th digit): left to the caller
			return k, false
		}
		if len(*out) == cap(*out) {
			*out = grown(*out, b[start:])
		}
		*out = append(*out, v)
		k++
		i++
		if b[i-1] == ']' {
			p.i = i
			return k, true
		}
	}
	p.i = i
	return k, false
}

// grown is out in memory of its own with room for the samples ahead,
// counted by the commas before the array's ']' in rest (one sample and
// one a comma): a long row costs its samples, not twice as many.
func grown(out []uint64, rest []byte) []uint64 {
	n := 1
	for _, c := range rest {
		if c == ']' {
			break
		}
		if c == ',' {
			n++
		}
	}
	return append(make([]uint64, 0, len(out)+n), out...)
}

// keep gives the samples read into out for the row, capped at their
// length, so that no append to them reaches the next row's; when they
// are in the block, the block's free end moves past them.
func (p *parser) keep(out []uint64) []uint64 {
	if free := p.slab[len(p.slab):cap(p.slab)]; len(out) > 0 && len(out) <= len(free) && &out[0] == &free[0] {
		p.slab = p.slab[:len(p.slab)+len(out)]
	}
	return out[:len(out):len(out)]
}

// plainSample reads a sample written as most are, up to 19 digits and
// nothing else (below 10^19, so no overflow), and says whether it was;
// when not, it has read nothing, and sample reads it and says what is
// wrong with it, if anything. It took a sixth of the time of reading a
// suite's report under WebAssembly, as number and parseUint.
func (p *parser) plainSample() (uint64, bool) {
	var v uint64
	i := p.i
	for ; i < len(p.b) && i-p.i < 19; i++ {
		c := p.b[i] - '0'
		if c > 9 {
			break
		}
		v = v*10 + uint64(c)
	}
	if i == p.i || i < len(p.b) && (p.b[i] >= '0' && p.b[i] <= '9' || p.b[i] == '.' || p.b[i] == 'e' || p.b[i] == 'E') {
		return 0, false
	}
	p.i = i
	return v, true
}

// sample reads wall_ns.samples[k].
func (p *parser) sample(k int) (uint64, error) {
	start := p.i
	bad := func(why string) error {
		return errors.New("wall_ns.samples[" + strconv.Itoa(k) + "] is " + p.quote(start) + ": " + why)
	}
	switch c := p.peek(); {
	case c == '"':
		if _, err := p.string(); err != nil {
			return 0, err
		}
		return 0, bad("a string; samples are numbers of nanoseconds, written without quotes")
	case c == '-', c == '+', c >= '0' && c <= '9':
	case c == 0 && p.i >= len(p.b):
		return 0, p.errorf("the line ends inside wall_ns.samples (truncated?)")
	default:
		if err := p.skip(0); err != nil {
			return 0, err
		}
		return 0, bad("not a number; samples are whole numbers of nanoseconds")
	}
	// The reference reads a sample with Rust's u64 parser, which also
	// takes a leading '+' and leading zeros; so does this.
	plus := p.peek() == '+'
	if plus {
		p.i++
	}
	tok, whole, err := p.number()
	if err != nil {
		return 0, err
	}
	switch {
	case tok[0] == '-':
		return 0, bad("negative; a wall time cannot be below zero")
	case !whole && bytes.ContainsAny(tok, "eE"):
		return 0, bad("written with an exponent; write samples as plain whole numbers of nanoseconds (1000, not 1e3)")
	case !whole:
		return 0, bad("not a whole number; samples are whole nanoseconds, with no fraction")
	}
	v, ok := parseUint(tok)
	if !ok {
		return 0, bad("too large; a sample must fit in 64 bits (at most 18446744073709551615 ns)")
	}
	return v, nil
}

// parseUint reads a string of decimal digits; ok is false when the value
// does not fit in 64 bits. It takes bytes so that reading a sample
// allocates nothing.
func parseUint(digits []byte) (v uint64, ok bool) {
	if len(digits) < 20 { // at most 10^19 - 1: no overflow possible
		for _, c := range digits {
			v = v*10 + uint64(c-'0')
		}
		return v, true
	}
	for _, c := range digits {
		hi, lo := bits.Mul64(v, 10)
		lo, carry := bits.Add64(lo, uint64(c-'0'), 0)
		if hi != 0 || carry != 0 {
			return 0, false
		}
		v = lo
	}
	return v, true
}

// parser reads JSON from one line. It keeps to the JSON grammar except
// where the reference is more lenient and a harness is known to rely on
// it: Rust spells non-finite floats NaN, inf and -inf, and a line that
// holds them is still read (those values are never used).
type parser struct {
	b    []byte
	i    int
	col0 int   // bytes of the line before b, for the columns in messages
	seen names // the line's top-level fields so far
	// warnings are things read but worth telling, in line order.
	warnings []string
	inline   [8]string // seen's memory, for a line of up to eight fields

	// What line reuses from one line to the next (see line).
	wall       wallNS    // the line's wall_ns (wallNS)
	wallSeen   names     // its fields so far
	wallInline [8]string // wallSeen's memory
	// slab is the block the rows' samples are carved from: a row's are
	// slab[len(slab):][:n], and len(slab) moves past them once they are
	// read. Its blocks stay alive as long as any row of theirs does, as
	// the rows of one report do.
	slab []uint64
	// names are recent benchmark, kind and backend names (stringOf).
	names [3]recent
}

// slabSamples is how many samples a block of a parser's slab holds at
// most: 256 KB, some 1,100 rows of 30 samples. The first holds 32 KB, and
// each next twice the last up to that. A row is read into a new block
// when fewer than minFree are free in the last; one that outgrows the
// block has memory of its own.
const (
	slabSamples = 32 << 10
	minFree     = 1 << 10
)

// names is a set of an object's field names. An object has a handful:
// looking through them is cheaper than a map's hashing, which, under
// WebAssembly, has no hardware to help it.
type names []string

func (n names) has(name string) bool { return slices.Contains(n, name) }

func (n *names) add(name string) { *n = append(*n, name) }

func (n *names) remove(name string) {
	if i := slices.Index(*n, name); i >= 0 {
		*n = slices.Delete(*n, i, i+1)
	}
}

// maxDepth bounds nesting, so that a line of ten million '[' is an error
// and not ten million stack frames.
const maxDepth = 200

func (p *parser) peek() byte {
	if p.i < len(p.b) {
		return p.b[p.i]
	}
	return 0
}

func (p *parser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\r', '\n':
			p.i++
		default:
			return
		}
	}
}

// errorf is a syntax error at the current column.
func (p *parser) errorf(msg string) error {
	return errors.New("not valid JSON at column " + strconv.Itoa(p.col0+p.i+1) + ": " + msg)
}

// what names the byte at the current position for a message.
func (p *parser) what() string {
	if p.i >= len(p.b) {
		return "the end of the line (is the line cut short?)"
	}
	c := p.b[p.i]
	if c < 0x20 || c >= utf8.RuneSelf {
		return byteName(c)
	}
	return strconv.QuoteRune(rune(c))
}

// byteName names a byte that is not printable, for a message.
func byteName(c byte) string {
	const hex = "0123456789abcdef"
	return "byte 0x" + string([]byte{hex[c>>4], hex[c&0xf]})
}

// quote is the input from start to the current position, for a message.
func (p *parser) quote(start int) string {
	s := p.b[start:p.i]
	if len(s) > 40 {
		return string(s[:40]) + "…"
	}
	return string(s)
}

// object reads an object, calling member for each name with the position
// at the member's value, which member must consume.
func (p *parser) object(member func(name string) error) error {
	p.space()
	if p.peek() != '{' {
		return p.errorf("expected '{', found " + p.what())
	}
	p.i++
	p.space()
	if p.peek() == '}' {
		p.i++
		return nil
	}
	for {
		p.space()
		if p.peek() != '"' {
			return p.errorf("expected a field name in quotes, found " + p.what())
		}
		name, err := p.name()
		if err != nil {
			return err
		}
		p.space()
		if p.peek() != ':' {
			return p.errorf("expected ':' after the field name " + strconv.Quote(name) + ", found " + p.what())
		}
		p.i++
		p.space()
		if err := member(name); err != nil {
			return err
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
		case '}':
			p.i++
			return nil
		default:
			return p.errorf("expected ',' or '}' after the value of " + strconv.Quote(name) + ", found " + p.what())
		}
	}
}

// stringOf is stringInto for a name that rows share, such as a kind:
// one that recent holds is that string again rather than a copy.
func (p *parser) stringOf(dst *string, recent *recent, name string) error {
	if p.peek() != '"' {
		return p.stringInto(dst, name)
	}
	v, err := p.stringIn(recent)
	*dst = v
	return err
}

// recent is the last distinct names a field held, written plainly (no
// escapes): a report's rows name a handful of kinds and backends, and
// each benchmark for several rows in a row.
type recent struct {
	names [8]string
	next  int       // where the next name goes, over the oldest
	_     [0]func() // never compared: no equality function in the WebAssembly
}

// find is the name held whose text is b.
func (r *recent) find(b []byte) (string, bool) {
	for _, s := range r.names {
		if len(s) == len(b) && string(b) == s {
			return s, true
		}
	}
	return "", false
}

func (r *recent) add(s string) {
	r.names[r.next] = s
	r.next = (r.next + 1) % len(r.names)
}

func (p *parser) stringInto(dst *string, name string) error {
	if p.peek() != '"' {
		return p.errorf(strconv.Quote(name) + " should be a string, not " + p.what())
	}
	s, err := p.string()
	*dst = s
	return err
}

func (p *parser) boolInto(dst *bool, name string) error {
	switch {
	case p.literal("true"):
		*dst = true
	case p.literal("false"):
		*dst = false
	default:
		return p.errorf(strconv.Quote(name) + " should be true or false, not " + p.what())
	}
	return nil
}

func (p *parser) literal(word string) bool {
	if len(p.b)-p.i >= len(word) && string(p.b[p.i:p.i+len(word)]) == word {
		p.i += len(word)
		return true
	}
	return false
}

// skip reads a value of any kind and drops it.
func (p *parser) skip(depth int) error {
	if depth > maxDepth {
		return p.errorf("values nested more than " + strconv.Itoa(maxDepth) + " deep")
	}
	p.space()
	switch c := p.peek(); {
	case c == '{':
		return p.object(func(string) error { return p.skip(depth + 1) })
	case c == '[':
		p.i++
		p.space()
		if p.peek() == ']' {
			p.i++
			return nil
		}
		for {
			if err := p.skip(depth + 1); err != nil {
				return err
			}
			p.space()
			switch p.peek() {
			case ',':
				p.i++
			case ']':
				p.i++
				return nil
			default:
				return p.errorf("expected ',' or ']' in an array, found " + p.what())
			}
		}
	case c == '"':
		_, err := p.string()
		return err
	case c == '-' || c >= '0' && c <= '9':
		if p.literal("-inf") || p.literal("-Infinity") {
			return nil
		}
		_, _, err := p.number()
		return err
	case p.literal("true"), p.literal("false"), p.literal("null"),
		p.literal("NaN"), p.literal("inf"), p.literal("Infinity"):
		return nil
	}
	return p.errorf("expected a value, found " + p.what())
}

// number reads a JSON number and returns its text, a slice of the line,
// and whether it is written as a whole number (no fraction, no exponent).
// Leading zeros, which JSON forbids and Rust's integer parser takes, are
// allowed.
func (p *parser) number() (tok []byte, whole bool, err error) {
	start := p.i
	if p.peek() == '-' {
		p.i++
	}
	if !p.digits() {
		return nil, false, p.errorf("expected a digit, found " + p.what())
	}
	whole = true
	if p.peek() == '.' {
		whole = false
		p.i++
		if !p.digits() {
			return nil, false, p.errorf("expected a digit after '.', found " + p.what())
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		whole = false
		p.i++
		if c := p.peek(); c == '+' || c == '-' {
			p.i++
		}
		if !p.digits() {
			return nil, false, p.errorf("expected a digit in the exponent, found " + p.what())
		}
	}
	return p.b[start:p.i], whole, nil
}

func (p *parser) digits() bool {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	return p.i > start
}

// name reads a field's name: a JSON string, the same string for each
// field a report is known to hold, so that reading it allocates nothing.
func (p *parser) name() (string, error) {
	if end := bytes.IndexByte(p.b[p.i+1:], '"'); end >= 0 {
		if s, ok := knownName(p.b[p.i+1 : p.i+1+end]); ok {
			p.i += end + 2
			return s, nil
		}
	}
	return p.string()
}

// knownName is the field name b spells, if a report is known to hold it
// (comparing string(b) converts nothing).
func knownName(b []byte) (string, bool) {
	for _, n := range fieldNames {
		if string(b) == n {
			return n, true
		}
	}
	return "", false
}

// fieldNames are the fields a report is known to hold, at the top level
// of a line and in its wall_ns.
var fieldNames = []string{
	"benchmark", "kind", "backend", "what", "of", "ok", "iterations",
	"wall_ns", "samples", "min", "mean", "max", "median",
}

// string reads a JSON string. Bytes that are not UTF-8 become U+FFFD, as
// encoding/json makes them.
func (p *parser) string() (string, error) { return p.stringIn(nil) }

// stringIn is string, giving a string written plainly (no escapes, valid
// UTF-8) from recent when it holds it, and adding it when not; recent
// may be nil.
func (p *parser) stringIn(recent *recent) (string, error) {
	p.i++ // the opening quote
	start := p.i
	// The common case: no escapes, valid UTF-8.
	for p.i < len(p.b) {
		c := p.b[p.i]
		if c == '"' {
			s := p.b[start:p.i]
			p.i++
			if recent != nil {
				if v, ok := recent.find(s); ok {
					return v, nil
				}
			}
			if utf8.Valid(s) {
				v := string(s)
				if recent != nil {
					recent.add(v)
				}
				return v, nil
			}
			return string([]rune(string(s))), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.i++
	}
	buf := append([]byte(nil), p.b[start:p.i]...)
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			if utf8.Valid(buf) {
				return string(buf), nil
			}
			return string([]rune(string(buf))), nil
		case c < 0x20:
			return "", p.errorf("a control character (" + byteName(c) + ") inside a string; it must be escaped")
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		p.i++ // the backslash
		e := p.peek()
		p.i++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.errorf(`a \u escape needs four hex digits`)
			}
			if utf16.IsSurrogate(r) {
				// As encoding/json does: a pair makes one character; a
				// surrogate that pairs with nothing is a U+FFFD of its own,
				// and the escape after it is read afresh (it may begin a
				// pair itself).
				r = p.pairWith(r)
			}
			buf = utf8.AppendRune(buf, r)
		default:
			p.i--
			return "", p.errorf(p.what() + ` cannot follow '\' in a string`)
		}
	}
	return "", p.errorf("the line ends inside a string (is the line cut short?)")
}

// pairWith reads the low half of a surrogate pair whose high half is r,
// when a \u escape holding one follows, and returns the character they
// make; otherwise it consumes nothing and returns U+FFFD.
func (p *parser) pairWith(r rune) rune {
	start := p.i
	if p.literal(`\u`) {
		if r2, ok := p.hex4(); ok {
			if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
				return pair
			}
		}
	}
	p.i = start
	return utf8.RuneError
}

func (p *parser) hex4() (rune, bool) {
	if len(p.b)-p.i < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(v), true
}
