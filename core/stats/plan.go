package stats

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"
)

// PlanPart is a share of the resampling plan of a comparison of nb
// baseline samples with nc current ones: for resamples From up to To,
// the sorted positions each side's median lies between. Drawing a plan
// is nearly all of a long row's cost (two soak runs of 100,000 samples
// a side, 2 × 10^9 draws), and each resample's draws are the same
// whoever draws them, so a page can draw the parts of one plan on
// several workers (DrawPlanPart) and join them on each (JoinPlan): the
// rows of those sizes then compare as if the worker had drawn the whole
// plan itself, bit for bit. A Comparer on a machine's cores already
// splits a plan over them; this is for workers that share no memory.
//
// Its fields are plain numbers, to be copied between workers as they
// are; Upper is Lower when the side's size is odd (one position).
type PlanPart struct {
	NB, NC   int
	From, To int
	// BaseLower[i-From] and BaseUpper[i-From] are resample i's
	// positions on the baseline side, CurLower and CurUpper on the
	// current one.
	BaseLower, BaseUpper, CurLower, CurUpper []uint32
}

// DrawPlanPart draws resamples from up to to of the plan for sizes nb
// and nc (both at least 1, 0 <= from <= to <= Resamples). report, when
// not nil, is told of the resamples drawn as blocks of them finish, on
// either side: 2 × (to - from) in all.
func DrawPlanPart(nb, nc, from, to int, report func(resamples int)) (PlanPart, error) {
	if nb < 1 || nc < 1 {
		return PlanPart{}, errors.New("stats: a plan for " + strconv.Itoa(nb) + " and " + strconv.Itoa(nc) + " samples")
	}
	if from < 0 || from > to || to > resamples {
		return PlanPart{}, errors.New("stats: plan part " + span(from, to) + " is not within " + span(0, resamples))
	}
	stride := uint64(nb+nc) * gamma
	part := PlanPart{NB: nb, NC: nc, From: from, To: to}
	part.BaseLower, part.BaseUpper = drawSide(nb, seed, stride, from, to, report)
	part.CurLower, part.CurUpper = drawSide(nc, seed+uint64(nb)*gamma, stride, from, to, report)
	return part, nil
}

// drawSide is one side's positions for resamples from up to to, as
// medians draws them, a block at a time.
func drawSide(n int, start, stride uint64, from, to int, report func(int)) (lower, upper []uint32) {
	h := float64(n-1) * 0.5
	lo, hi := int(math.Floor(h)), int(math.Ceil(h))
	pos := positions{lower: make([]uint32, resamples)}
	pos.upper = pos.lower
	if hi != lo {
		pos.upper = make([]uint32, resamples)
	}
	d := newDrawer(n)
	for b := from; b < to; b += block {
		e := min(b+block, to)
		drawRange(d, start, stride, lo, hi, pos, b, e)
		if report != nil {
			report(e - b)
		}
	}
	return pos.lower[from:to:to], pos.upper[from:to:to]
}

// JoinPlan gives c the plan for sizes nb and nc whose parts (in any
// order) cover resamples 0..Resamples once each: its comparisons of
// those sizes use it as the plan they would have drawn. It is an error
// for the parts to be of other sizes, to leave a gap or overlap, or to
// hold a position beyond their side; c is unchanged then. A Comparer
// that has a plan for those sizes already keeps it, and one that keeps
// as many sizes as it can does not take it (its rows then draw theirs).
func (c *Comparer) JoinPlan(nb, nc int, parts []PlanPart) error {
	bs, err := joinPlan(nb, nc, parts)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sizes == nil {
		c.sizes = map[[2]int]*lazyBootstrap{}
	}
	key := [2]int{nb, nc}
	if _, ok := c.sizes[key]; ok || len(c.sizes) >= maxBootstraps {
		return nil
	}
	lb := &lazyBootstrap{}
	lb.once.Do(func() { lb.bs = bs })
	c.sizes[key] = lb
	return nil
}

// joinPlan is the bootstrap whose draws parts hold.
func joinPlan(nb, nc int, parts []PlanPart) (*bootstrap, error) {
	sorted := slices.Clone(parts)
	slices.SortFunc(sorted, func(a, b PlanPart) int { return cmp.Compare(a.From, b.From) })
	side := func(n int, lower, upper func(p PlanPart) []uint32) (positions, error) {
		h := float64(n-1) * 0.5
		pos := positions{lower: make([]uint32, 0, resamples), frac: h - math.Floor(h)}
		odd := math.Floor(h) == math.Ceil(h)
		if !odd {
			pos.upper = make([]uint32, 0, resamples)
		}
		for _, p := range sorted {
			lo, hi := lower(p), upper(p)
			if len(lo) != p.To-p.From || len(hi) != len(lo) {
				return positions{}, errors.New("stats: plan part " + span(p.From, p.To) + " holds " + strconv.Itoa(len(lo)) + " positions")
			}
			for i := range lo {
				if lo[i] >= uint32(n) || hi[i] >= uint32(n) || odd && hi[i] != lo[i] {
					return positions{}, errors.New("stats: plan part " + span(p.From, p.To) + " holds a position beyond " + strconv.Itoa(n) + " samples")
				}
			}
			pos.lower = append(pos.lower, lo...)
			if !odd {
				pos.upper = append(pos.upper, hi...)
			}
		}
		if odd {
			pos.upper = pos.lower
		}
		return pos, nil
	}
	next := 0
	for _, p := range sorted {
		switch {
		case p.NB != nb || p.NC != nc:
			return nil, errors.New("stats: a plan part for " + strconv.Itoa(p.NB) + " and " + strconv.Itoa(p.NC) + " samples joined to a plan for " + strconv.Itoa(nb) + " and " + strconv.Itoa(nc))
		case p.From != next || p.To < p.From:
			return nil, errors.New("stats: plan part " + span(p.From, p.To) + " does not follow resample " + strconv.Itoa(next))
		}
		next = p.To
	}
	if next != resamples {
		return nil, errors.New("stats: plan parts end at resample " + strconv.Itoa(next) + " of " + strconv.Itoa(resamples))
	}
	base, err := side(nb, func(p PlanPart) []uint32 { return p.BaseLower }, func(p PlanPart) []uint32 { return p.BaseUpper })
	if err != nil {
		return nil, err
	}
	cur, err := side(nc, func(p PlanPart) []uint32 { return p.CurLower }, func(p PlanPart) []uint32 { return p.CurUpper })
	if err != nil {
		return nil, err
	}
	bs := &bootstrap{base: base, cur: cur}
	bs.base.slots()
	bs.cur.slots()
	bs.cells = newCells(bs)
	return bs, nil
}

// span is "from..to", for messages: the package imports no fmt (see
// core_test.go), which would bring in os.
func span(from, to int) string { return strconv.Itoa(from) + ".." + strconv.Itoa(to) }
