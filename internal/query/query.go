// Package query reads and writes the query strings and fragments of the
// page's addresses (?baseline=…&current=…, #sort=…&row=…) as net/url
// does, for the code that runs in the page: net/url brings net/netip,
// and with it package unique and weak pointers, some 15 KB of the
// WebAssembly a first visit downloads, gzipped, for four functions.
//
// Each function here gives what its net/url namesake gives, bit for bit
// (query_test.go checks them against it).
package query

import (
	"errors"
	"slices"
	"strings"
)

// Values maps a key to its values, as url.Values does.
type Values map[string][]string

// Get is the first value of key, "" when it has none.
func (v Values) Get(key string) string {
	if vs := v[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// Set makes value key's only value.
func (v Values) Set(key, value string) { v[key] = []string{value} }

// Encode is v as "k=v&k=v", its keys sorted, each key and value escaped
// (Escape).
func (v Values) Encode() string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, val := range v[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(Escape(k))
			b.WriteByte('=')
			b.WriteString(Escape(val))
		}
	}
	return b.String()
}

// errBad is a query that does not parse: url.ParseQuery's and the
// unescapes' errors say more, which no caller here reads.
var errBad = errors.New("query: malformed escape or separator")

// Parse reads a query string ("k=v&k=v", without '?') into Values, as
// url.ParseQuery does: a pair holding ';' or a malformed escape is left
// out, and the error says so.
func Parse(query string) (Values, error) {
	m := Values{}
	var err error
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		if strings.Contains(pair, ";") {
			err = errBad
			continue
		}
		if pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		key, ok1 := unescape(key, true)
		value, ok2 := unescape(value, true)
		if !ok1 || !ok2 {
			err = errBad
			continue
		}
		m[key] = append(m[key], value)
	}
	return m, err
}

// PathUnescape undoes the escapes of a path segment: "%XX" is the byte
// XX, and '+' stays.
func PathUnescape(s string) (string, error) {
	if u, ok := unescape(s, false); ok {
		return u, nil
	}
	return "", errBad
}

// unescape decodes s's escapes, and its '+' as spaces when plus; false
// when a '%' is not followed by two hex digits.
func unescape(s string, plus bool) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", false
			}
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case c == '+' && plus:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// Escape escapes s to sit in a query as a key or a value, as
// url.QueryEscape does: letters, digits and "-_.~" stay, a space is '+',
// every other byte "%XX" (upper-case hex).
func Escape(s string) string {
	const hex = "0123456789ABCDEF"
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if unreserved(c) {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+16), s[:i]...)
		}
		if c == ' ' {
			b = append(b, '+')
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
