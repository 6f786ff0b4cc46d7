//go:build !amd64 || purego

package stats

// maxVectorN is the largest n vectorDraws would take.
const maxVectorN = 0

// vectorDraws is nil: there is no vector kernel for this target, and every
// draw is made by the scalar loops in bootstrap.go.
var vectorDraws func(state, n, r uint64, inv float64, out []uint32)
