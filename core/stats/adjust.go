package stats

import (
	"math"
	"slices"
)

// The methods Adjust knows.
const (
	// Holm is Holm's step-down method: the chance of even one false
	// verdict among all the rows stays at most alpha.
	Holm = "holm"
	// BH is Benjamini and Hochberg's method: of the verdicts kept, the
	// expected share that are false stays at most alpha. It keeps more
	// than Holm when many rows really changed.
	BH = "bh"
)

// AdjustMethod reports whether Adjust knows method.
func AdjustMethod(method string) bool { return method == Holm || method == BH }

// Adjust says which of ps stay significant at alpha after adjusting for
// the number of them, by Holm or BH (method "holm" or "bh"). A NaN p (an
// underpowered row) is no test: it is never significant and does not
// count among the tests. Significant means at most the adjusted level,
// so a single p-value is significant exactly when p <= alpha, as an
// unadjusted Comparison's is. It panics on any other method: check with
// AdjustMethod first.
func Adjust(ps []float64, method string, alpha float64) []bool {
	if !AdjustMethod(method) {
		panic("stats: Adjust knows \"holm\" and \"bh\", not " + method)
	}
	var order []int // the tests, by ascending p; ties keep their order
	for i, p := range ps {
		if !math.IsNaN(p) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case ps[a] < ps[b]:
			return -1
		case ps[a] > ps[b]:
			return 1
		}
		return 0
	})
	m := len(order)
	kept := 0 // the smallest p-values, this many of them, are significant
	switch method {
	case Holm:
		// Step down: the kth smallest is tested at alpha/(m-k), and the
		// first that fails stops it.
		for kept < m && ps[order[kept]] <= alpha/float64(m-kept) {
			kept++
		}
	case BH:
		// Step up: the largest k whose kth smallest p is at most
		// k*alpha/m, and every smaller one with it.
		for k := m; k > 0; k-- {
			if ps[order[k-1]] <= float64(k)*alpha/float64(m) {
				kept = k
				break
			}
		}
	}
	significant := make([]bool, len(ps))
	for _, i := range order[:kept] {
		significant[i] = true
	}
	return significant
}

// Adjusted is the verdict after adjustment: a Regression or Improvement
// whose p-value is not significant (see Adjust) is InsideTheNoise; any
// other verdict is unchanged.
func (c Comparison) Adjusted(significant bool) Verdict {
	if !significant && (c.Verdict == Regression || c.Verdict == Improvement) {
		return InsideTheNoise
	}
	return c.Verdict
}
