package report

import "strconv"

// Problem is a line that could not be read, or a warning about one.
type Problem struct {
	File string
	Line int // 0 when the problem is the whole file
	Msg  string
	// Warning is true for something read but worth telling (a repeated
	// key); false for a line that could not be read whole.
	Warning bool
}

// Error formats the problem as "file:line: msg", or "file: msg" when it is
// about the whole file.
func (p Problem) Error() string {
	if p.Line == 0 {
		return p.File + ": " + p.Msg
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ": " + p.Msg
}
