package stats

// maxSorted is the largest side whose draws fit one 64-byte register, a
// byte each, for vectorSortedMedians.
const maxSorted = 64

// sortNetwork is a bitonic sorting network for 64 bytes, the tables
// vectorSortedMedians sorts a resample's draws by: at stage s of 21, lane
// i is compared with lane index[s][i] and keeps the larger of the two
// where bit i of max[s] is set, the smaller elsewhere. pad is 0xFF in the
// lanes at n and above, which then sort after every draw.
type sortNetwork struct {
	index [21][64]byte
	max   [21]uint64
	pad   [64]byte
}

// newSortNetwork returns the network for sides of n <= maxSorted: the
// shared stages, and n's pad.
func newSortNetwork(n int) *sortNetwork {
	net := new(sortNetwork)
	net.index, net.max = bitonic.index, bitonic.max
	for i := n; i < 64; i++ {
		net.pad[i] = 0xFF
	}
	return net
}

// bitonic is the network's stages, the same for every n.
var bitonic = func() (net sortNetwork) {
	s := 0
	// Bitonic sequences of k lanes, merged at distance j.
	for k := 2; k <= 64; k <<= 1 {
		for j := k >> 1; j > 0; j >>= 1 {
			for i := range 64 {
				partner := i ^ j
				net.index[s][i] = byte(partner)
				// A block ascends when bit k of its lanes is clear;
				// the lower lane of a pair keeps the smaller value there.
				if ascending := i&k == 0; (i < partner) != ascending {
					net.max[s] |= 1 << i
				}
			}
			s++
		}
	}
	return net
}()

// sort applies the network to b as the assembly does, lane by lane: what
// the tests hold the tables to.
func (net *sortNetwork) sort(b *[64]byte) {
	for i := range b {
		b[i] |= net.pad[i]
	}
	for s := range net.index {
		var next [64]byte
		for i := range b {
			x, y := b[i], b[net.index[s][i]]
			if net.max[s]>>i&1 == 1 {
				next[i] = max(x, y)
			} else {
				next[i] = min(x, y)
			}
		}
		*b = next
	}
}
