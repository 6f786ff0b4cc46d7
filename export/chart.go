package export

import (
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/wasm/chart"
)

// The charts come from the viewer's option builders, so that the page draws
// exactly what the viewer draws. The page has one, light, theme.
var (
	intervalOption = func(rows []review.Row) ([]byte, error) { return chart.Interval(rows, false) }
	runOrderOption = func(row review.Row) ([]byte, error) { return chart.RunOrder(row, false) }
)
