// Package suitegen writes a pair of benchmark reports of any size in the
// cove-bench JSONL format, for the benchmarks and end-to-end tests that need
// a suite as large as a real one (10,000 rows) or rows as long as a soak run
// (100,000 samples). It is deterministic: the same Spec writes the same
// bytes, so a figure measured on it can be measured again.
//
// The rows are not a real tool's output, and nothing here pretends they are:
// they are shaped like the harness's reports (benchmark/kind/backend keys,
// wall_ns.samples in run order, ok:true), with timings drawn from a skewed
// distribution around a per-row centre. A fixed share of rows is slowed or
// sped up in the current report so that every verdict appears.
package suitegen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Spec says what pair to write.
type Spec struct {
	Rows    int    // rows in each report
	Samples int    // samples a row, each side
	Seed    uint64 // the same seed writes the same reports
}

// Side is which report of the pair to write.
type Side int

const (
	Baseline Side = iota
	Current
)

// Shift is the change the current report carries for row i, as a factor
// of the row's centre: every 7th row is 8% slower, every 11th (that is not
// also slowed) 6% faster, the rest unchanged. Tests use it to know which
// verdicts to expect.
func Shift(i int) float64 {
	switch {
	case i%7 == 3:
		return 1.08
	case i%11 == 5:
		return 0.94
	}
	return 1
}

// Name is row i's key, benchmark/kind/backend, as the reports spell it.
func Name(i int) (benchmark, kind, backend string) {
	backends := [...]string{"vm", "ast", "jit"}
	return fmt.Sprintf("suite%04d", i/3), "case" + strconv.Itoa(i), backends[i%3]
}

// Write writes one side of the pair described by s to w.
func Write(w io.Writer, s Spec, side Side) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	seed2 := uint64(side) + 1
	rng := rand.New(rand.NewPCG(s.Seed, seed2))
	var buf []byte
	for i := range s.Rows {
		b, k, e := Name(i)
		// Centres from 10 µs to 100 ms, spread log-uniformly.
		centre := 1e4 * math.Pow(10, 4*float64((i*7919)%1000)/1000)
		if side == Current {
			centre *= Shift(i)
		}
		buf = buf[:0]
		buf = fmt.Appendf(buf, `{"benchmark":%q,"kind":%q,"backend":%q,"iterations":%d,"wall_ns":{"samples":[`, b, k, e, s.Samples)
		for j := range s.Samples {
			if j > 0 {
				buf = append(buf, ',')
			}
			// Lognormal noise of about 2%, plus a rare slow sample.
			x := centre * math.Exp(0.02*rng.NormFloat64())
			if rng.IntN(50) == 0 {
				x *= 1.3
			}
			buf = strconv.AppendUint(buf, uint64(math.Max(1, math.Round(x))), 10)
		}
		buf = append(buf, "]},\"ok\":true}\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteFiles writes the pair to dir as base.jsonl and cur.jsonl and returns
// their paths; the baseline is the older file, by a second.
func WriteFiles(dir string, s Spec) (base, cur string, err error) {
	base, cur = filepath.Join(dir, "base.jsonl"), filepath.Join(dir, "cur.jsonl")
	// The baseline first: a page given both files at once takes the
	// older for the baseline.
	for _, f := range []struct {
		path string
		side Side
	}{{base, Baseline}, {cur, Current}} {
		path, side := f.path, f.side
		f, err := os.Create(path)
		if err != nil {
			return "", "", err
		}
		err = Write(f, s, side)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", "", err
		}
	}
	// Written within the same millisecond, they would be of one age to
	// a browser (File.lastModified): the baseline a second older.
	info, err := os.Stat(cur)
	if err != nil {
		return "", "", err
	}
	older := info.ModTime().Add(-time.Second)
	if err := os.Chtimes(base, older, older); err != nil {
		return "", "", err
	}
	return base, cur, nil
}
