package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
)

// runCompare is `benchview compare [-fail-on-regression] BASELINE CURRENT`:
// one comparison line per row of CURRENT that has samples and whose key
// BASELINE has with samples, in CURRENT's order, as the reference prints
// them. Problems with either file go to stderr as file:line: reason.
//
// Exit status: 3 with -fail-on-regression when any verdict is regression;
// otherwise 1 when a line of either file could not be read (warnings do
// not count), else 0. A baseline with no rows that carry samples is
// refused, as the reference refuses it.
func runCompare(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview compare", flag.ContinueOnError)
	flags.SetOutput(stderr)
	failOnRegression := flags.Bool("fail-on-regression", false, "exit with status 3 when any row is a regression")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview compare [-fail-on-regression] BASELINE CURRENT")
		flags.PrintDefaults()
	}
	paths, err := parseArgs(flags, args, 2)
	if paths == nil {
		return err
	}
	base, err := readReport(paths[0], stderr)
	if err != nil {
		return err
	}
	cur, err := readReport(paths[1], stderr)
	if err != nil {
		return err
	}
	if !base.Sampled() {
		return fmt.Errorf("%s: %s", paths[0], report.NoSamplesReason)
	}

	if !cur.Sampled() && !cur.Failed() {
		fmt.Fprintf(stderr, "%s: warning: no rows with samples, so nothing to compare\n", paths[1])
	}
	rows := comparable(review.New(base, cur), stderr)
	compareAll(rows)
	out := bufio.NewWriter(stdout)
	regression := false
	for _, r := range rows {
		fmt.Fprintln(out, r.c.JSON(r.key.Benchmark, r.key.Kind, r.key.Backend))
		regression = regression || r.c.Verdict == stats.Regression
	}
	if err := out.Flush(); err != nil {
		return err
	}
	switch {
	case *failOnRegression && regression:
		return exitError{code: 3}
	case base.Failed() || cur.Failed():
		return exitError{code: 1}
	}
	return nil
}

// runStats is `benchview stats REPORT`: one line per row with samples,
// {"benchmark":B,"kind":K,"backend":E,"wall_ns":<summary with samples>},
// in the report's order. Exit status 1 when a line could not be read.
func runStats(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview stats", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview stats REPORT")
		flags.PrintDefaults()
	}
	paths, err := parseArgs(flags, args, 1)
	if paths == nil {
		return err
	}
	rep, err := readReport(paths[0], stderr)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	for _, row := range rep.Rows {
		if s, ok := stats.Of(row.Samples); ok {
			fmt.Fprintln(out, s.Line(row.Benchmark, row.Kind, row.Backend))
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if rep.Failed() {
		return exitError{code: 1}
	}
	return nil
}

// parseArgs parses flags and wants exactly n file names after them. It
// returns no names when there is nothing more to do: after -h (a nil
// error), or after a usage error (exit status 2, the usage printed).
func parseArgs(flags *flag.FlagSet, args []string, n int) ([]string, error) {
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, nil
		}
		return nil, exitError{code: 2} // flag has printed the reason and the usage
	}
	if flags.NArg() != n {
		what := "too few"
		if flags.NArg() > n {
			what = "too many"
		}
		fmt.Fprintf(flags.Output(), "%s: %s arguments\n", flags.Name(), what)
		flags.Usage()
		return nil, exitError{code: 2}
	}
	return flags.Args(), nil
}

// readReport reads the report at path and writes its problems to stderr,
// warnings marked as such.
func readReport(path string, stderr io.Writer) (*report.Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rep, err := report.Read(f, path)
	for _, p := range rep.Problems {
		if p.Warning {
			p.Msg = "warning: " + p.Msg
		}
		fmt.Fprintln(stderr, p.Error())
	}
	return rep, err
}

// pending is one comparison to make and print.
type pending struct {
	key       report.Key
	base, cur []uint64
	c         stats.Comparison
}

// comparable lists the rows compare prints: both sides have samples. The
// reference compares a row whatever its ok says; so does this, but it says
// so on stderr, since a row a run flagged is not a row to trust quietly.
func comparable(v *review.Review, stderr io.Writer) []pending {
	var rows []pending
	for _, r := range v.Rows {
		if r.BaseStats == nil || r.CurStats == nil {
			continue
		}
		if r.State != review.Compared {
			fmt.Fprintf(stderr, "%s:%d: warning: row %s is %s (%s); compared anyway, as the reference compares it\n",
				v.Cur.Name, r.Cur.Line, r.Key, r.State, flagged(r))
		}
		rows = append(rows, pending{key: r.Key, base: r.Base.Samples, cur: r.Cur.Samples})
	}
	return rows
}

// flagged says which side flagged a not-ok or unsupported row.
func flagged(r review.Row) string {
	switch {
	case !r.Base.OK && !r.Cur.OK:
		return "ok:false in both reports"
	case !r.Cur.OK:
		return "ok:false in the current report"
	case !r.Base.OK:
		return "ok:false in the baseline"
	}
	return "refused by a run"
}

// compareAll runs the comparisons on every core. One Comparer serves them
// all, so rows of the same sizes share the resampling.
func compareAll(rows []pending) {
	var comparer stats.Comparer
	next := make(chan *pending)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rows)) {
		wg.Go(func() {
			for p := range next {
				p.c = comparer.Compare(p.base, p.cur)
			}
		})
	}
	for i := range rows {
		next <- &rows[i]
	}
	close(next)
	wg.Wait()
}
