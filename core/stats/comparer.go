package stats

import "sync"

// maxBootstraps bounds how many sizes a Comparer keeps: each is some 80 to
// 160 kB, and a report whose rows all differ in size gains nothing from
// keeping them.
const maxBootstraps = 32

// Comparer compares many pairs of series, such as the rows of two reports,
// building the resampling for each pair of sizes once. Rows of one report
// mostly share their sample counts, so after the first row of a size the
// rest cost a few lookups per resample instead of every draw. The answers
// are Compare's, bit for bit.
//
// The zero value is ready to use, and a Comparer is safe for concurrent
// use: rows may be compared on as many goroutines as there are cores.
type Comparer struct {
	mu    sync.Mutex
	sizes map[[2]int]*lazyBootstrap
}

// lazyBootstrap is built by the first goroutine that needs it; others
// that need it meanwhile wait rather than build it again.
type lazyBootstrap struct {
	once sync.Once
	bs   *bootstrap
}

// Compare is Compare(baseline, current), reusing what earlier comparisons
// of the same sizes built.
func (c *Comparer) Compare(baseline, current []uint64) Comparison {
	return compare(baseline, current, c.bootstrap)
}

func (c *Comparer) bootstrap(nb, nc int) *bootstrap {
	c.mu.Lock()
	if c.sizes == nil {
		c.sizes = map[[2]int]*lazyBootstrap{}
	}
	lb, ok := c.sizes[[2]int{nb, nc}]
	if !ok {
		lb = &lazyBootstrap{}
		if len(c.sizes) < maxBootstraps {
			c.sizes[[2]int{nb, nc}] = lb
		}
	}
	c.mu.Unlock()
	lb.once.Do(func() { lb.bs = newBootstrap(nb, nc) })
	return lb.bs
}
