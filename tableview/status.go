package tableview

import "github.com/benchview/benchview/core/review"

// Pending is the status of a compared row whose comparison has not
// arrived yet (the viewer's, while its workers compute; never a page's).
const Pending = "pending"

// Other is the filter that shows the rows that are not comparisons.
const Other = "other"

// Status is the row's verdict ("regression", "improvement", "inside the
// noise", "underpowered") when it is computed, Pending before, or its
// review.State when it is not a comparison: the value of the row's
// data-verdict or data-state attribute.
func Status(r *review.Row) string {
	switch {
	case r.State != review.Compared:
		return string(r.State)
	case r.Comparison == nil:
		return Pending
	}
	return r.Comparison.Verdict.String()
}

// HasVerdict reports whether r shows a verdict (data-verdict) rather than
// a state (data-state) or Pending.
func HasVerdict(r *review.Row) bool {
	return r.State == review.Compared && r.Comparison != nil
}

// rank orders statuses the way the table starts: regressions first, then
// improvements, then the rest by how much they say.
var rank = map[string]int{
	"regression":                  0,
	"improvement":                 1,
	"inside the noise":            2,
	"underpowered":                3,
	Pending:                       4,
	string(review.NotOK):          5,
	string(review.Unsupported):    6,
	string(review.OnlyInCurrent):  7,
	string(review.OnlyInBaseline): 8,
}

// Rank is status's place in the default order, 0 first; a status the
// table does not know goes after every known one.
func Rank(status string) int {
	if r, ok := rank[status]; ok {
		return r
	}
	return len(rank)
}

// Filter is a choice of the table's filter: Value travels in the fragment
// as filter=Value.
type Filter struct{ Value, Label string }

// Filters are the filter's choices, in the order a menu lists them.
var Filters = []Filter{
	{"", "Every row"},
	{"regression", "Regressions"},
	{"improvement", "Improvements"},
	{"inside the noise", "Inside the noise"},
	{"underpowered", "Underpowered"},
	{Other, "Not compared"},
}
