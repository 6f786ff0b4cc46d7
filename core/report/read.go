package report

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"runtime"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// maxLine is the longest line Read will hold. A row's line grows with its
// samples (about ten bytes each), so a legitimate line can be large, and
// the reader must not refuse one: 512 MiB is some fifty million samples in
// one row. What the cap stops is a file that opens with '{' and never ends
// a line, which would otherwise be read into memory whole.
//
// Holding a line allocates at most 1.25 times the cap, whatever the input
// (lineReader.grow says how), and the peak stays near the cap: a 600 MB
// line of '{' peaked at about 650 MB resident, where append's growth took
// it to 2.0 GB.
const maxLine = 512 << 20

// maxProblems is how many problems Read lists before it only counts them:
// a file that is not a report at all would otherwise produce one problem a
// line, which helps no one and costs memory in proportion to the file.
const maxProblems = 100

// Read reads a JSONL report as a stream. Bad lines become Problems and
// reading continues; the error is non-nil only when r itself fails, and
// the Report then holds what was read before it did.
//
// A UTF-8 byte order mark and CRLF line endings are accepted. A file that
// is empty, or that holds binary data rather than text, gets one problem
// for the whole file.
func Read(r io.Reader, name string) (*Report, error) { return read(r, name, maxLine) }

// read is Read with the longest line it holds as a parameter, for tests.
func read(r io.Reader, name string, max int) (*Report, error) {
	b := builder{rep: &Report{Name: name}, index: map[Key]int{}}
	b.size = sizeOf(r)
	lr := lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
	if msg := sniffBinary(&lr); msg != "" {
		b.problem(0, msg, false)
		return b.done(), nil
	}
	for {
		line, err := lr.next()
		if line.n > 0 {
			b.line(line, lr.max)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return b.done(), &readError{name, err}
		}
	}
	if lr.n == 0 {
		b.problem(0, "the file is empty; a report holds one JSON object per line", false)
	} else if !lr.content {
		b.problem(0, "the file holds only blank lines; a report holds one JSON object per line", false)
	}
	return b.done(), nil
}

// sizeOf is how many bytes r holds, when it tells by a Size method
// (bytes.Reader, strings.Reader, the viewer's Blob reader), else 0.
func sizeOf(r io.Reader) int64 {
	if s, ok := r.(interface{ Size() int64 }); ok {
		return s.Size()
	}
	return 0
}

// sniffBinary looks at the start of the file for data that is not text,
// and says what it looks like. One problem for the file beats one a line.
func sniffBinary(lr *lineReader) string {
	head, _ := lr.br.Peek(512)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "does not look like a JSONL report: it is gzip-compressed; decompress it first (gunzip)"
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return "does not look like a JSONL report: it is UTF-16 text; save it as UTF-8"
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return "does not look like a JSONL report: it is a zip archive; extract the report from it first"
	case bytes.IndexByte(head, 0) >= 0:
		return "does not look like a JSONL report: it holds binary data (NUL bytes), not lines of JSON text"
	}
	return ""
}

// rawLine is one line of input, without its line ending.
type rawLine struct {
	text []byte // the line; only its start when skipped
	n    int    // 1-based line number; 0 for no line
	end  int64  // how many bytes of input were read up to the line's end
	// skipped says the line was not held whole: it does not open with '{',
	// so it cannot be a row, or it is longer than the reader's max.
	skipped, tooLong bool
}

// lineReader splits a stream into lines of any length, reusing one buffer.
type lineReader struct {
	br      *bufio.Reader
	max     int // the longest line held; longer ones are skipped
	buf     []byte
	n       int   // lines read
	read    int64 // bytes read
	content bool  // some line held more than white space
}

// keepBuffer is the largest line buffer kept from one line to the next;
// a larger one, grown for one long line, is left to the collector.
const keepBuffer = 16 << 20

// next returns the next line. At the end of input it returns io.EOF, with
// the last line if that line had no newline.
func (lr *lineReader) next() (rawLine, error) {
	lr.buf = lr.buf[:0]
	if cap(lr.buf) > keepBuffer {
		lr.buf = nil
	}
	var line rawLine
	for {
		chunk, err := lr.br.ReadSlice('\n')
		lr.read += int64(len(chunk))
		if !line.skipped {
			if len(lr.buf)+len(chunk) > lr.max {
				line.skipped, line.tooLong = true, true
			} else {
				lr.grow(len(chunk))
				lr.buf = append(lr.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			if !line.skipped && !opensObject(lr.buf, lr.n == 0) {
				line.skipped = true // keep the start for the message, drop the rest
			}
			continue
		}
		if len(lr.buf) > 0 || len(chunk) > 0 {
			lr.n++
			line.n, line.end = lr.n, lr.read
			line.text = bytes.TrimSuffix(lr.buf, []byte("\n"))
			if len(bytes.TrimSpace(bytes.TrimPrefix(line.text, bom))) > 0 {
				lr.content = true
			}
		}
		return line, err
	}
}

// grow makes room for n more bytes in the line buffer, which must fit
// under max. The buffer doubles from 64 KiB, not by append's quarters
// (which allocated some five times the cap on the way to it); once a line
// outgrows an eighth of max, the buffer goes straight to max. A line that
// long is rare, and may be hostile: that way this is its last copy, the
// collector frees the buffers outgrown first, and the pages of max the
// line does not fill are never touched, so never resident.
func (lr *lineReader) grow(n int) {
	need := len(lr.buf) + n
	if need <= cap(lr.buf) {
		return
	}
	size := max(cap(lr.buf), 64<<10)
	for size < need {
		size *= 2
	}
	if size > lr.max/8 {
		size = lr.max
		runtime.GC()
	}
	buf := make([]byte, len(lr.buf), size)
	copy(buf, lr.buf)
	lr.buf = buf
}

// opensObject reports whether a line's first byte that is not white space
// (or, on line 1, a byte order mark) is '{', or whether the line is all
// white space so far.
func opensObject(b []byte, first bool) bool {
	if first {
		b = bytes.TrimPrefix(b, bom)
	}
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) == 0 || b[0] == '{'
}

var bom = []byte("\xef\xbb\xbf")

// rowID tells rows apart: the key, and for comparison lines what they
// compare.
type rowID struct {
	Key
	of string
}

// builder collects rows and problems as lines arrive. A row is found again
// by its key in index, the position of the key's first row; pos has
// only the rows after that first of a key that has comparison lines of
// more than one kind (Of). One map, not two a row: under WebAssembly the
// second map's hashing and growth were a sixth of reading a suite.
type builder struct {
	rep     *Report
	index   map[Key]int   // the position in rep.Rows of each key's first row
	pos     map[rowID]int // position in rep.Rows of a key's rows after its first
	dropped int           // problems past maxProblems, counted only
	parser  parser        // every line's (see parser.line)
	// size is the input's length when the reader tells it (a file, a
	// Blob, bytes in memory), else 0; end is where the last line read
	// ends. Rows are allocated for as many as the lines so far say the
	// whole input holds (see grow).
	size, end int64
	sized     bool // index has been made for that many
}

func (b *builder) line(l rawLine, max int) {
	text := l.text
	if l.n == 1 {
		text = bytes.TrimPrefix(text, bom)
	}
	// Columns in messages count from the start of the line as an editor
	// shows it, not from the first character after the white space.
	left := bytes.TrimLeftFunc(text, unicode.IsSpace)
	col0 := len(text) - len(left)
	text = bytes.TrimRightFunc(left, unicode.IsSpace) // also the \r of CRLF
	switch {
	case l.tooLong:
		b.problem(l.n, "the line is longer than "+size(max)+", the most a line may hold; skipped", false)
		return
	case len(text) == 0:
		return
	case l.skipped || text[0] != '{':
		b.problem(l.n, notAnObject(text), false)
		return
	}
	b.end = l.end
	row, p := b.parser.line(text, col0)
	row.Line = l.n
	for _, w := range p.warnings {
		b.problem(l.n, w, true)
	}
	if p.err != "" {
		b.problem(l.n, p.err, false)
	}
	if p.keep {
		b.add(row)
	}
}

func (b *builder) add(row Row) {
	i, ok := b.index[row.Key]
	switch {
	case !ok:
		b.index[row.Key] = len(b.rep.Rows)
	case b.rep.Rows[i].Of != row.Of:
		id := rowID{row.Key, row.Of}
		if i, ok = b.pos[id]; !ok {
			if b.pos == nil {
				b.pos = map[rowID]int{}
			}
			b.pos[id] = len(b.rep.Rows)
		}
	}
	if ok {
		b.problem(row.Line, "row "+row.Key.String()+" repeats line "+strconv.Itoa(b.rep.Rows[i].Line)+"; the later line is kept, as the reference keeps it", true)
		b.rep.Rows[i] = row
		return
	}
	if len(b.rep.Rows) == cap(b.rep.Rows) {
		b.grow()
	}
	b.rep.Rows = append(b.rep.Rows, row)
}

// grow makes room for the rows the rest of the input likely holds, when
// its size is known and some rows have been read: as many again as the
// rows so far for each stretch of input as long as theirs, and a
// sixteenth more. Doubling from nothing copied a suite's rows some
// fourteen times, and growing the index rehashed its keys as often:
// under WebAssembly, with the collector's work, half of reading it. A
// guess that falls short leaves append to grow on from there; one
// bounded by the input's size cannot run away.
func (b *builder) grow() {
	n := len(b.rep.Rows)
	if b.size <= 0 || n < growAfter || b.end <= 0 {
		return
	}
	want := int(min(float64(n)*float64(b.size)/float64(b.end)*17/16+16, float64(b.size/minRowLine)))
	if want <= n {
		return
	}
	rows := make([]Row, n, want)
	copy(rows, b.rep.Rows)
	b.rep.Rows = rows
	if !b.sized {
		b.sized = true
		index := make(map[Key]int, want)
		for k, i := range b.index {
			index[k] = i
		}
		b.index = index
	}
}

// growAfter is how many rows are read before grow guesses how many the
// input holds; minRowLine bounds the guess: no line that names a row is
// shorter ({"benchmark":"","kind":"","backend":""} is 40 bytes).
const (
	growAfter  = 16
	minRowLine = 40
)

func (b *builder) problem(line int, msg string, warning bool) {
	if len(b.rep.Problems) >= maxProblems {
		b.dropped++
		return
	}
	b.rep.Problems = append(b.rep.Problems, Problem{File: b.rep.Name, Line: line, Msg: msg, Warning: warning})
}

func (b *builder) done() *Report {
	b.rep.keys = &keyIndex{m: b.index, unique: len(b.index) == len(b.rep.Rows)}
	if b.dropped > 0 {
		b.rep.Problems = append(b.rep.Problems, Problem{File: b.rep.Name,
			Msg: strconv.Itoa(b.dropped) + " more problems are not listed (only the first " + strconv.Itoa(maxProblems) + " are)"})
	}
	return b.rep
}

// notAnObject says why a line that does not open with '{' is not a row,
// in words that point at the likely mistake.
func notAnObject(text []byte) string {
	switch {
	case bytes.IndexByte(text, 0) >= 0 || !validUTF8Start(text):
		return "not JSON: the line holds binary data, not text"
	case text[0] == '<':
		return "not JSON: the line looks like HTML or XML (" + snippet(text) + "); is this a saved web page rather than the report?"
	case text[0] == '[':
		return "a JSON array, but a report holds one JSON object ({...}) per line"
	}
	return "not JSON: a report line is one JSON object starting with '{', but this one starts " + snippet(text)
}

// snippet quotes the start of a line for a message, safely.
func snippet(text []byte) string {
	const max = 40
	if len(text) > max {
		return strconv.Quote(string(text[:max])) + "…"
	}
	return strconv.Quote(string(text))
}

// validUTF8Start reports whether the first bytes of b are UTF-8, allowing
// a character cut at the end of what is looked at.
func validUTF8Start(b []byte) bool {
	if len(b) > 64 {
		b = b[:64]
		for i := 0; i < 3 && !utf8.Valid(b); i++ {
			b = b[:len(b)-1]
		}
	}
	return utf8.Valid(b)
}

// size writes a byte count for a message.
func size(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + " MiB"
	}
	return strconv.Itoa(n) + " bytes"
}

// readError is the reader's own failure, under the report's name.
type readError struct {
	name string
	err  error
}

func (e *readError) Error() string { return e.name + ": " + e.err.Error() }
func (e *readError) Unwrap() error { return e.err }
