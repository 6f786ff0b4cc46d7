//go:build !race

package stats

// raceEnabled: the tests run under the race detector (see reps).
const raceEnabled = false
