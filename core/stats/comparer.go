package stats

import "sync"

// maxBootstraps bounds how many sizes a Comparer keeps: each is some 80 to
// 160 kB, and a report whose rows all differ in size gains nothing from
// keeping them.
const maxBootstraps = 32

// Comparer compares many pairs of series, such as the rows of two reports,
// building the resampling for each pair of sizes once. Rows of one report
// mostly share their sample counts, so after the first row of a size the
// rest cost at most a few lookups per resample instead of every draw. The
// answers are Compare's, bit for bit.
//
// The zero value is ready to use, and a Comparer is safe for concurrent
// use: rows may be compared on as many goroutines as there are cores.
// A long row uses the cores by itself: its resampling plan is drawn on
// as many goroutines as GOMAXPROCS (see drawMedians), with the same bits.
type Comparer struct {
	// Progress, when not nil, is told how a long row's resampling plan
	// is coming along: done of total resamples drawn (total counts both
	// sides, 2 × Resamples), each time a hundredth of a side is drawn,
	// so at most 200 calls a plan. It is called only for plans of at
	// least ProgressMin samples (both sides together), which take tens of
	// milliseconds and more (a million samples a side take minutes); a
	// row whose sizes were compared before, or whose plan was joined
	// (JoinPlan), has its plan and reports nothing. Calls never overlap, even from rows compared on several
	// goroutines, but may come from any goroutine; done rises to total
	// within one plan, and a row compared meanwhile with other sizes
	// starts its own count. Set it before the first comparison.
	Progress func(done, total int)

	mu         sync.Mutex
	sizes      map[[2]int]*lazyBootstrap
	progressMu sync.Mutex // one Progress call at a time
}

// ProgressMin is the fewest samples, both sides together, for which a
// Comparer reports a plan's progress: about 20 ms of draws on one core.
const ProgressMin = 1000

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

// CompareFloats is CompareFloats(baseline, current), reusing what earlier
// comparisons of the same sizes built, of either kind of sample: the
// resampling depends on the sizes alone.
func (c *Comparer) CompareFloats(baseline, current []float64) Comparison {
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
	lb.once.Do(func() { lb.bs = newBootstrap(nb, nc, c.reporter(nb+nc)) })
	return lb.bs
}

// reporter is what a plan for n samples, both sides together, tells of
// its progress: nil when there is nothing to tell it to or n is below
// ProgressMin, else a count of the resamples drawn passed on to Progress.
func (c *Comparer) reporter(n int) func(resamples int) {
	if c.Progress == nil || n < ProgressMin {
		return nil
	}
	done := 0
	return func(k int) {
		c.progressMu.Lock()
		defer c.progressMu.Unlock()
		done += k
		c.Progress(done, 2*resamples)
	}
}
