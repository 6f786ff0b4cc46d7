package format

import "strconv"

// Count writes n with its thousands separated by commas, as the page
// writes counts of rows: 10,000.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// Rows is n rows, in words: "1 row", "10,000 rows".
func Rows(n int) string {
	if n == 1 {
		return "1 row"
	}
	return Count(n) + " rows"
}
