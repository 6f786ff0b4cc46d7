package stats

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// line builds one JSON line. It writes into a strings.Builder so that a row
// of millions of samples is built once, not built and then copied into a
// string.
type line struct {
	strings.Builder
	num [32]byte // room to format one number
}

func (l *line) uint(v uint64) { l.Write(strconv.AppendUint(l.num[:0], v, 10)) }

// fixed writes x with prec decimals, rounding the exact binary value half
// to even as the reference's {:.N} does. A number that is not finite is
// written as null, so that the line stays JSON.
func (l *line) fixed(x float64, prec int) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		l.WriteString("null")
		return
	}
	l.Write(strconv.AppendFloat(l.num[:0], x, 'f', prec, 64))
}

// name writes s as a JSON string. The reference writes names between
// quotes as they are; so does this whenever that is valid JSON, and it
// escapes only what would not be: a quote, a backslash, a control
// character, a byte that is not UTF-8 (written as U+FFFD). Nothing is
// escaped for HTML's sake; a page that shows a name escapes it there.
func (l *line) name(s string) {
	l.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			l.WriteString(s[start:i])
			l.WriteString(`\ufffd`)
			i++
			start = i
			continue
		}
		l.WriteString(s[start:i])
		switch c {
		case '"', '\\':
			l.WriteByte('\\')
			l.WriteByte(c)
		case '\n':
			l.WriteString(`\n`)
		case '\r':
			l.WriteString(`\r`)
		case '\t':
			l.WriteString(`\t`)
		default:
			l.WriteString(`\u00`)
			l.WriteByte(hex[c>>4])
			l.WriteByte(hex[c&0xf])
		}
		i++
		start = i
	}
	l.WriteString(s[start:])
	l.WriteByte('"')
}

const hex = "0123456789abcdef"
