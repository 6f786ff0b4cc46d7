package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/core/stats"
	"github.com/benchview/benchview/format"
	"github.com/benchview/benchview/reviewtext"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
)

// Exit statuses, one table for every verb (README, `benchview help`).
const (
	exitUnusable = 1 // a file that cannot be used at all; with -strict, any bad line
	exitUsage    = 2 // a usage error, always with its reason
	exitGate     = 3 // the gate failed
	exitNothing  = 4 // nothing compared, under a -fail-on-* flag
)

// compareUsage is the first line of compare's usage.
const compareUsage = "Usage: benchview compare [-format text|markdown|csv|json] [-threshold P] [-adjust holm|bh] " +
	"[-fail-on-regression] [-fail-on-underpowered] [-fail-on-missing] [-strict] BASELINE CURRENT\n" +
	"       benchview compare [flags] [-baseline NAME] [-current NAME] CRITERION_FOLDER"

// statsUsage is the first line of stats' usage.
const statsUsage = "Usage: benchview stats [-strict] [-baseline NAME] REPORT"

// formats are the values of compare's -format; "" is the reference's lines.
var formats = []string{"text", "markdown", "csv", "json"}

// compareFlags are compare's options.
type compareFlags struct {
	format, adjust                                      string
	threshold                                           float64
	failOnRegression, failOnUnderpowered, failOnMissing bool
	strict                                              bool
	baseline, current                                   string // a criterion folder's baselines
}

// gated reports whether any -fail-on-* flag is given.
func (f compareFlags) gated() bool {
	return f.failOnRegression || f.failOnUnderpowered || f.failOnMissing
}

// runCompare is `benchview compare [flags] BASELINE CURRENT`. Without
// -format it prints the reference's comparison line for every row of
// CURRENT that has samples and whose key BASELINE has with samples, in
// CURRENT's order; -format text|markdown|csv|json writes the same review
// for people or programs (package reviewtext). Problems with either file,
// and rows that failed, are underpowered or are missing from CURRENT, are
// told on stderr whatever the format. Two reports of another tool (or one
// criterion folder) are compared by compareTools instead.
//
// Exit status: see the table in main.go's usage.
func runCompare(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview compare", flag.ContinueOnError)
	flags.SetOutput(stderr)
	var o compareFlags
	flags.StringVar(&o.format, "format", "", "write `text` (a table), markdown (a pull-request comment), csv, or json (one generic object a row); default: the reference's JSON lines")
	flags.Float64Var(&o.threshold, "threshold", 0, "a regression shifting less than `P` percent is reported as below threshold and does not fail the gate")
	flags.StringVar(&o.adjust, "adjust", "", "adjust the verdicts the statuses and the gate read for the number of rows compared, by `holm` or bh (the reference's lines keep theirs)")
	flags.BoolVar(&o.failOnRegression, "fail-on-regression", false, "exit with status 3 when a row is a regression (at least -threshold) or a failed benchmark (ok:false)")
	flags.BoolVar(&o.failOnUnderpowered, "fail-on-underpowered", false, "exit with status 3 when a row is underpowered")
	flags.BoolVar(&o.failOnMissing, "fail-on-missing", false, "exit with status 3 when a row of the baseline is missing from the current run")
	flags.BoolVar(&o.strict, "strict", false, "exit with status 1 when a line of either report could not be read")
	flags.StringVar(&o.baseline, "baseline", "base", "with one criterion folder: the saved baseline `NAME` to compare against")
	flags.StringVar(&o.current, "current", "new", "with one criterion folder: the baseline `NAME` to compare (criterion keeps its latest run in new)")
	flags.Usage = func() {
		fmt.Fprintln(flags.Output(), compareUsage)
		flags.PrintDefaults()
	}
	paths, err := parseArgsOr(flags, args, 2, isDir)
	if paths == nil {
		return err
	}
	switch {
	case o.format != "" && !slices.Contains(formats, o.format):
		return usageError(flags, fmt.Sprintf("-format %q: want one of %s", o.format, strings.Join(formats, ", ")))
	case o.threshold < 0 || math.IsNaN(o.threshold) || math.IsInf(o.threshold, 0):
		return usageError(flags, fmt.Sprintf("-threshold %v: want a percentage of zero or more", o.threshold))
	case o.adjust != "" && !stats.AdjustMethod(o.adjust):
		return usageError(flags, fmt.Sprintf("-adjust %q: want holm or bh", o.adjust))
	}
	if tb, tc, err := readToolPair(paths, o.baseline, o.current, stderr); tb != nil || err != nil {
		if err != nil {
			return err
		}
		return compareTools(tb, tc, o, stdout, stderr)
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
		fmt.Fprintf(stderr, "%s: warning: no rows with samples, so nothing to compare\n", visible.String(paths[1]))
	}

	v := review.New(base, cur)
	rows := comparable(v)
	var comparer stats.Comparer
	p := newProgress(stderr, len(rows))
	compareAll(rows, &comparer, p)
	if o.format != "" {
		p.then("drift, outliers and the suite's geomean")
	}
	sum := reviewtext.New(v, reviewtext.Options{
		Threshold: o.threshold,
		Adjust:    o.adjust,
		Extras:    o.format != "", // the reference's lines need none
		Comparer:  &comparer,
	})
	p.end()
	tellRows(stderr, sum)
	if err := writeSummary(stdout, o.format, rows, sum); err != nil {
		return err
	}
	return verdictOf(o, gate{
		counts: sum.Counts, judged: sum.Judged(), compared: sum.Compared(),
		base: base.Name, cur: cur.Name, curSampled: cur.Sampled(),
		unread: base.Failed() || cur.Failed(), failed: "benchmark (ok:false)",
	}, stderr)
}

// writeSummary writes the review in format.
func writeSummary(stdout io.Writer, format string, rows []*review.Row, sum *reviewtext.Summary) error {
	switch format {
	case "text":
		return sum.Text(stdout, colorful(stdout))
	case "markdown":
		return sum.Markdown(stdout)
	case "csv":
		return sum.CSV(stdout)
	case "json":
		return sum.JSON(stdout)
	}
	out := bufio.NewWriter(stdout)
	for _, r := range rows {
		fmt.Fprintln(out, r.Comparison.JSON(r.Key.Benchmark, r.Key.Kind, r.Key.Backend))
	}
	return out.Flush()
}

// gate is what compare's exit is read from, whatever the reports' format.
type gate struct {
	counts           [reviewtext.NStatus]int
	judged, compared int    // see reviewtext.Summary's methods
	base, cur        string // the reports' names
	curSampled       bool   // the current report has samples
	unread           bool   // a line of either report could not be read
	failed           string // what a Failed row is, for the gate's reason
}

// verdictOf is compare's exit: nothing compared, then -strict, then the
// gate, each said on stderr.
func verdictOf(o compareFlags, g gate, stderr io.Writer) error {
	if g.judged == 0 {
		why := fmt.Sprintf("%s and %s share no row that both measured and neither flagged", visible.String(g.base), visible.String(g.cur))
		if g.compared > 0 {
			why = "every row compared is underpowered, so none has a verdict"
		}
		if g.curSampled || o.gated() {
			what := "warning: "
			if o.gated() {
				what = ""
			}
			fmt.Fprintf(stderr, "benchview compare: %snothing compared: %s\n", what, why)
		}
		if o.gated() {
			return exitError{code: exitNothing}
		}
	}
	if o.strict && g.unread {
		fmt.Fprintln(stderr, "benchview compare: -strict: a line of the reports could not be read (see above)")
		return exitError{code: exitUnusable}
	}
	var reasons []string
	count := func(on bool, n int, what string) {
		if on && n > 0 {
			reasons = append(reasons, format.Count(n)+" "+what)
		}
	}
	c := g.counts
	failed, suffix, _ := strings.Cut(g.failed, " ")
	if suffix != "" {
		suffix = " " + suffix
	}
	count(o.failOnRegression, c[reviewtext.Regression], plural(c[reviewtext.Regression], "regression"))
	count(o.failOnRegression, c[reviewtext.Failed], "failed "+plural(c[reviewtext.Failed], failed)+suffix)
	count(o.failOnUnderpowered, c[reviewtext.Underpowered], "underpowered "+plural(c[reviewtext.Underpowered], "row"))
	count(o.failOnMissing, c[reviewtext.Missing], plural(c[reviewtext.Missing], "row")+" missing from the current run")
	if len(reasons) > 0 {
		fmt.Fprintf(stderr, "benchview compare: the gate fails: %s\n", strings.Join(reasons, ", "))
		return exitError{code: exitGate}
	}
	return nil
}

// plural is word for n of it.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// maxTold is how many rows of one kind stderr names one by one.
const maxTold = 10

// tellRows says on stderr which rows are not what they seem or are not
// there: failed benchmarks, underpowered rows, rows missing from the
// current run. The human formats list them too; stderr names them
// whatever the format, up to maxTold of each kind.
func tellRows(stderr io.Writer, sum *reviewtext.Summary) {
	for _, t := range []struct {
		status reviewtext.Status
		say    func(r reviewtext.Row) string
	}{
		{reviewtext.Failed, func(r reviewtext.Row) string {
			file, row := curName(sum), r.Cur // the side that flagged it, the current one first
			if r.Cur == nil || r.Cur.OK {
				file, row = visible.String(sum.Baseline), r.Base
			}
			what := ""
			if r.Comparison != nil {
				what = ": its line is printed as the reference prints it, but it is never read as a timing"
			}
			return fmt.Sprintf("%s:%d: warning: row %s is a failed benchmark (%s)%s",
				file, row.Line, visible.String(r.Key.String()), flagged(r.Row), what)
		}},
		{reviewtext.Underpowered, func(r reviewtext.Row) string {
			return fmt.Sprintf("%s:%d: warning: row %s is underpowered (%d vs %d samples, %d needed a side): no verdict is claimed",
				curName(sum), r.Cur.Line, visible.String(r.Key.String()), len(r.BaseStats.Sorted), len(r.CurStats.Sorted), stats.MinSamples)
		}},
		{reviewtext.Missing, func(r reviewtext.Row) string {
			return fmt.Sprintf("%s:%d: warning: row %s is missing from %s: the current run has no samples for it",
				visible.String(sum.Baseline), r.Base.Line, visible.String(r.Key.String()), curName(sum))
		}},
	} {
		rows := sum.With(t.status)
		for i, r := range rows {
			if i == maxTold {
				fmt.Fprintf(stderr, "benchview compare: warning: and %s more %s rows (-format text lists every row)\n", format.Count(len(rows)-i), t.status)
				break
			}
			fmt.Fprintln(stderr, t.say(r))
		}
	}
}

// curName is the current report's name, made visible.
func curName(sum *reviewtext.Summary) string { return visible.String(sum.Current) }

// runStats is `benchview stats [-strict] REPORT`: one line per row with
// samples, {"benchmark":B,"kind":K,"backend":E,"wall_ns":<summary with
// samples>}, in the report's order. Bad lines are told on stderr; with
// -strict they make the exit status 1.
func runStats(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview stats", flag.ContinueOnError)
	flags.SetOutput(stderr)
	strict := flags.Bool("strict", false, "exit with status 1 when a line of the report could not be read")
	baseline := flags.String("baseline", "new", "for a criterion folder: the baseline `NAME` to read")
	flags.Usage = func() {
		fmt.Fprintln(flags.Output(), statsUsage)
		flags.PrintDefaults()
	}
	paths, err := parseArgs(flags, args, 1)
	if paths == nil {
		return err
	}
	if f, err := sniffFile(paths[0]); isTool(f) {
		return statsTool(paths[0], *baseline, *strict, stdout, stderr)
	} else if err != nil && !isSniff(err) {
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
	if *strict && rep.Failed() {
		return exitError{code: exitUnusable}
	}
	return nil
}

// statsTool is stats for another tool's report: a line per result and
// metric with samples (reviewtext.MetricStats); a result with only a
// summary is told on stderr.
func statsTool(path, baseline string, strict bool, stdout, stderr io.Writer) error {
	rep, err := readTool(path, baseline, stderr)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	for i := range rep.Results {
		r := &rep.Results[i]
		for j := range r.Metrics {
			if m := &r.Metrics[j]; m.Samples != nil {
				out.Write(reviewtext.MetricStats(r, m))
			} else {
				fmt.Fprintf(stderr, "%s:%d: warning: row %s has only the tool's summary, no samples (%s)\n",
					visible.String(rep.Name), r.Line, visible.String(r.Label()+" ["+m.Name+"]"), visible.String(r.Note))
			}
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if strict && unread(rep) {
		return exitError{code: exitUnusable}
	}
	return nil
}

// parseArgs parses flags and wants exactly n file names after them. It
// returns no names when there is nothing more to do: after -h (a nil
// error), or after a usage error (exit status 2, the reason and the usage
// printed).
func parseArgs(flags *flag.FlagSet, args []string, n int) ([]string, error) {
	return parseArgsOr(flags, args, n, nil)
}

// parseArgsOr is parseArgs that also takes one name alone when one
// accepts it (a criterion folder holds both sides).
func parseArgsOr(flags *flag.FlagSet, args []string, n int, one func(string) bool) ([]string, error) {
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(flags.Output(), exitStatuses)
			return nil, nil
		}
		return nil, exitError{code: exitUsage} // flag has printed the reason and the usage
	}
	if flags.NArg() == 1 && one != nil && one(flags.Arg(0)) {
		return flags.Args(), nil
	}
	if flags.NArg() != n {
		what := "too few"
		if flags.NArg() > n {
			what = "too many"
		}
		return nil, usageError(flags, fmt.Sprintf("%s arguments: want %d report %s, got %d", what, n, plural(n, "file"), flags.NArg()))
	}
	return flags.Args(), nil
}

// usageError prints "NAME: reason" and the usage of flags on its output,
// and returns the usage exit status. Every verb's usage errors go through
// it, so that none ends without its reason.
func usageError(flags *flag.FlagSet, reason string) error {
	fmt.Fprintf(flags.Output(), "%s: %s\n", flags.Name(), reason)
	flags.Usage()
	return exitError{code: exitUsage}
}

// readReport reads the report at path and writes its problems to stderr,
// warnings marked as such, with every control and bidi character of a
// name or a quoted line made visible.
func readReport(path string, stderr io.Writer) (*report.Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		r = sizedFile{f, fi.Size()}
	}
	rep, err := report.Read(r, path)
	tellProblems(rep, stderr)
	return rep, err
}

// sizedFile tells report.Read a regular file's size, by which it
// allocates the rows once.
type sizedFile struct {
	*os.File
	size int64
}

func (f sizedFile) Size() int64 { return f.size }

// tellProblems writes a report's problems to stderr as file:line: message,
// warnings marked as such, with every control and bidi character of a name
// or a quoted line made visible. compare, stats and export all print them so.
func tellProblems(r *report.Report, stderr io.Writer) {
	for _, p := range r.Problems {
		if p.Warning {
			p.Msg = "warning: " + p.Msg
		}
		fmt.Fprintln(stderr, visible.String(p.Error()))
	}
}

// comparable lists the rows compare prints: both sides have samples. The
// reference compares a row whatever its ok says; so does this (the line
// keeps byte-identity with the reference), but every human output and
// stderr flag such a row as a failed benchmark, never a timing.
func comparable(v *review.Review) []*review.Row {
	var rows []*review.Row
	for i := range v.Rows {
		if r := &v.Rows[i]; r.BaseStats != nil && r.CurStats != nil {
			rows = append(rows, r)
		}
	}
	return rows
}

// flagged says which side flagged a not-ok or unsupported row.
func flagged(r *review.Row) string {
	switch {
	case r.Base != nil && !r.Base.OK && r.Cur != nil && !r.Cur.OK:
		return "ok:false in both reports"
	case r.Cur != nil && !r.Cur.OK:
		return "ok:false in the current report"
	case r.Base != nil && !r.Base.OK:
		return "ok:false in the baseline"
	}
	return "refused by a run"
}

// compareAll fills every row's Comparison on every core, telling p each
// time a row is done. One Comparer serves them all, so rows of the same
// sizes share the resampling (and the geomean after them).
func compareAll(rows []*review.Row, comparer *stats.Comparer, p *progress) {
	next := make(chan *review.Row)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rows)) {
		wg.Go(func() {
			for r := range next {
				c := comparer.Compare(r.Base.Samples, r.Cur.Samples)
				r.Comparison = &c
				p.done()
			}
		})
	}
	for _, r := range rows {
		next <- r
	}
	close(next)
	wg.Wait()
}

// colorful reports whether w is a terminal that may be coloured: it is
// one, and NO_COLOR (no-color.org) is unset or empty.
func colorful(w io.Writer) bool {
	return os.Getenv("NO_COLOR") == "" && isTerminal(w)
}

// isTerminal reports whether w is a character device, such as a terminal.
// /dev/null is one too; what is written there for a terminal is lost
// unseen, so the check needs nothing finer, nor a dependency.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progress tells, on a terminal, how many rows of a long comparison are
// done: after progressDelay, a line rewritten in place every
// progressEvery, erased at the end. A nil *progress tells nothing.
type progress struct {
	w     io.Writer
	total int
	n     atomic.Int64
	next  atomic.Pointer[string] // what is computed once the rows are
	stop  chan struct{}
	wg    sync.WaitGroup
}

const (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
)

// newProgress is the progress of total rows on stderr when stderr is a
// terminal, nil otherwise (a log gains nothing from a line redrawn).
func newProgress(stderr io.Writer, total int) *progress {
	if !isTerminal(stderr) {
		return nil
	}
	return startProgress(stderr, total, progressDelay, progressEvery)
}

// startProgress starts telling progress on w after delay, every every.
func startProgress(w io.Writer, total int, delay, every time.Duration) *progress {
	p := &progress{w: w, total: total, stop: make(chan struct{})}
	start := time.Now()
	p.wg.Go(func() {
		select {
		case <-p.stop:
			return
		case <-time.After(delay):
		}
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			line := "\rbenchview compare: " + format.Count(int(p.n.Load())) + " of " + format.Count(p.total) + " rows compared"
			if next := p.next.Load(); next != nil {
				line += "; now " + *next
			}
			// The time says the work goes on while one long row holds
			// the count still.
			line += fmt.Sprintf(" (%d s)", int(time.Since(start).Seconds()))
			fmt.Fprint(p.w, line)
			select {
			case <-p.stop:
				fmt.Fprint(p.w, "\r\x1b[K")
				return
			case <-tick.C:
			}
		}
	})
	return p
}

// done counts a finished row.
func (p *progress) done() {
	if p != nil {
		p.n.Add(1)
	}
}

// then says what is being computed after the rows.
func (p *progress) then(what string) {
	if p != nil {
		p.next.Store(&what)
	}
}

// end stops telling and erases the line, if one was written.
func (p *progress) end() {
	if p != nil {
		close(p.stop)
		p.wg.Wait()
	}
}

// isDir reports whether path is a folder (a criterion folder, for
// compare and stats).
func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// sniffFile tells which tool wrote the file at path from its start, as
// toolreport.Sniff does; a folder is criterion's. An error that is not
// Sniff's (the file cannot be opened) is returned as it is.
func sniffFile(path string) (toolreport.Format, error) {
	if isDir(path) {
		return toolreport.Criterion, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, toolreport.SniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return toolreport.Sniff(path, head[:n])
}

// readToolPair reads compare's two sides when they are reports of another
// tool than cove-bench: one criterion folder (its baselines baseline and
// current), or two files or folders of one tool. It returns nil reports
// and no error when the sides are for the cove-bench reader (cove-bench's,
// or neither placed, whose lines that reader explains one by one); an
// error for sides of two formats, a side placed and the other not, or a
// side that cannot be read (toolSides).
func readToolPair(paths []string, baseline, current string, stderr io.Writer) (base, cur *toolreport.Report, err error) {
	if len(paths) == 1 {
		base, cur, err = toolreport.ReadCriterionPair(os.DirFS(paths[0]), baseline, current)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", paths[0], err)
		}
		base.Name, cur.Name = paths[0]+" "+base.Name, paths[0]+" "+cur.Name
		tellProblemList(base.Problems, stderr)
		tellProblemList(cur.Problems, stderr)
		return base, cur, nil
	}
	formats, errs, err := sniffFiles(paths)
	if err != nil {
		return nil, nil, err
	}
	if tool, err := toolSides(paths, formats, errs); !tool {
		return nil, nil, err
	}
	names := [2]string{baseline, current}
	var reps [2]*toolreport.Report
	for i, p := range paths {
		if reps[i], err = readTool(p, names[i], stderr); err != nil {
			return nil, nil, err
		}
	}
	return reps[0], reps[1], nil
}

// sniffFiles is sniffFile of each path: the formats, and beside each the
// error of Sniff for a file it cannot place. The error returned is for a
// file that cannot be read at all.
func sniffFiles(paths []string) ([]toolreport.Format, []error, error) {
	formats, errs := make([]toolreport.Format, len(paths)), make([]error, len(paths))
	for i, p := range paths {
		formats[i], errs[i] = sniffFile(p)
		if errs[i] != nil && !isSniff(errs[i]) {
			return nil, nil, errs[i]
		}
	}
	return formats, errs, nil
}

// toolSides says whether sides of these formats (each with Sniff's error
// beside it, for a file it cannot place) are read as another tool's
// reports. It is false, with no error, when no side is another tool's:
// the cove-bench reader then reads them, and explains line by line a file
// Sniff cannot place. It is an error for a side Sniff cannot place beside
// another tool's, and for sides of two formats, each named: compare,
// export and the server refuse those alike.
func toolSides(paths []string, formats []toolreport.Format, errs []error) (bool, error) {
	if !slices.ContainsFunc(formats, isTool) {
		return false, nil
	}
	for _, err := range errs {
		if err != nil {
			return false, err
		}
	}
	for i := 1; i < len(formats); i++ {
		if formats[i] != formats[0] {
			return false, fmt.Errorf("%s is a %s report and %s a %s report: compare two reports of one tool",
				visible.String(paths[0]), formats[0], visible.String(paths[i]), formats[i])
		}
	}
	return true, nil
}

// isTool reports whether f is another tool's format than cove-bench's.
func isTool(f toolreport.Format) bool { return f != "" && f != toolreport.CoveBench }

// isSniff reports whether err is toolreport.Sniff's "not a report"
// rather than a failure to read the file.
func isSniff(err error) bool {
	var pe *os.PathError
	return !errors.As(err, &pe) && !errors.Is(err, io.ErrUnexpectedEOF)
}

// readTool reads the report of another tool at path (a criterion folder:
// its baseline named baseline) and tells its problems on stderr.
func readTool(path, baseline string, stderr io.Writer) (*toolreport.Report, error) {
	if isDir(path) {
		rep, err := toolreport.ReadCriterion(os.DirFS(path), baseline)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		rep.Name = path + " " + baseline
		tellProblemList(rep.Problems, stderr)
		return rep, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return readToolData(path, data, stderr)
}

// readToolData reads data, the report of another tool at path, and tells
// its problems on stderr.
func readToolData(path string, data []byte, stderr io.Writer) (*toolreport.Report, error) {
	rep, err := toolreport.Read(path, data)
	if err != nil {
		return nil, err
	}
	tellProblemList(rep.Problems, stderr)
	return rep, nil
}

// tellProblemList is tellProblems for a list of problems.
func tellProblemList(problems []report.Problem, stderr io.Writer) {
	tellProblems(&report.Report{Problems: problems}, stderr)
}

// unread reports whether a line of r could not be read (a problem that
// is not a warning), as report.Report.Failed does.
func unread(r *toolreport.Report) bool {
	return (&report.Report{Problems: r.Problems}).Failed()
}

// sampled reports whether any result of r has samples.
func sampled(r *toolreport.Report) bool {
	for i := range r.Results {
		if !r.Results[i].SummaryOnly() {
			return true
		}
	}
	return false
}

// compareTools is compare for two reports of another tool than
// cove-bench: one JSON line per (result, metric) compared and a geomean
// line per unit (reviewtext.MetricSummary.JSON; -format text, markdown and
// csv write its Text, Markdown and CSV); the rows that failed,
// kept only a summary, are underpowered or missing told on stderr; the
// gate as for cove-bench.
func compareTools(base, cur *toolreport.Report, o compareFlags, stdout, stderr io.Writer) error {
	if !sampled(base) {
		return fmt.Errorf("%s: no result with samples, so nothing to compare against", visible.String(base.Name))
	}
	if !sampled(cur) {
		fmt.Fprintf(stderr, "%s: warning: no results with samples, so nothing to compare\n", visible.String(cur.Name))
	}
	matched := toolreport.Match(base, cur)
	rows := make([]reviewtext.MetricRow, len(matched))
	for i := range matched {
		rows[i].Row = matched[i]
	}
	var comparer stats.Comparer
	p := newProgress(stderr, len(rows))
	compareMetrics(rows, &comparer, p)
	p.then("drift, outliers and the suite's geomeans")
	sum := reviewtext.NewMetrics(base.Name, cur.Name, rows, reviewtext.Options{
		Threshold: o.threshold, Adjust: o.adjust, Extras: true, Comparer: &comparer,
	})
	p.end()
	sum.Config = cur.Shared()
	sum.Problems = append(slices.Clone(base.Problems), cur.Problems...)
	tellMetricRows(stderr, sum)
	var err error
	switch o.format {
	case "text":
		err = sum.Text(stdout, colorful(stdout))
	case "markdown":
		err = sum.Markdown(stdout)
	case "csv":
		err = sum.CSV(stdout)
	default:
		err = sum.JSON(stdout)
	}
	if err != nil {
		return err
	}
	return verdictOf(o, gate{
		counts: sum.Counts, judged: sum.Judged(), compared: sum.Compared(),
		base: base.Name, cur: cur.Name, curSampled: sampled(cur),
		unread: unread(base) || unread(cur), failed: "run",
	}, stderr)
}

// compareMetrics is compareAll for rows of metrics: every row with
// samples on both sides, failed runs included (never read as fine: their
// status says so), in the metric's direction, by stats.CompareMetric as
// the pages compare them (a baseline median of zero included).
func compareMetrics(rows []reviewtext.MetricRow, comparer *stats.Comparer, p *progress) {
	next := make(chan *reviewtext.MetricRow)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rows)) {
		wg.Go(func() {
			for r := range next {
				c := comparer.CompareMetric(r.BaseMetric.Samples, r.CurMetric.Samples, r.CurMetric.Better == toolreport.Higher)
				r.Comparison = &c
				p.done()
			}
		})
	}
	for i := range rows {
		r := &rows[i]
		if r.BaseMetric != nil && r.CurMetric != nil && r.BaseMetric.Samples != nil && r.CurMetric.Samples != nil {
			next <- r
		}
	}
	close(next)
	wg.Wait()
}

// metricName is how stderr names a row of a metric: the result's key
// and the metric.
func metricName(r reviewtext.MetricRow) string {
	return visible.String(r.Result().Label() + " [" + r.Metric().Name + "]")
}

// tellMetricRows is tellRows for rows of metrics: failed runs, rows with
// only a summary, underpowered rows and rows missing from the current
// run, each with the file and line it was read from.
func tellMetricRows(stderr io.Writer, sum *reviewtext.MetricSummary) {
	where := func(r reviewtext.MetricRow) string {
		res, file := r.Cur, sum.Current
		if res == nil || (!res.Failed && r.Base != nil && r.Base.Failed) {
			res, file = r.Base, sum.Baseline
		}
		return fmt.Sprintf("%s:%d", visible.String(file), res.Line)
	}
	for _, t := range []struct {
		status reviewtext.Status
		say    func(r reviewtext.MetricRow) string
	}{
		{reviewtext.Failed, func(r reviewtext.MetricRow) string {
			why := r.Result().Why
			if r.Base != nil && r.Base.Failed && (r.Cur == nil || !r.Cur.Failed) {
				why = r.Base.Why + ", in the baseline"
			}
			return fmt.Sprintf("%s: warning: row %s is a failed run (%s): it is never read as a timing", where(r), metricName(r), visible.String(why))
		}},
		{reviewtext.Underpowered, func(r reviewtext.MetricRow) string {
			if r.State == toolreport.SummaryOnly {
				note := r.Result().Note
				if r.Base != nil && r.Base.SummaryOnly() && r.Base.Note != "" {
					note = r.Base.Note
				}
				return fmt.Sprintf("%s: warning: row %s has only the tool's summary, no samples (%s): nothing is compared", where(r), metricName(r), visible.String(note))
			}
			nb, nc := len(r.BaseMetric.Samples), len(r.CurMetric.Samples)
			if nb >= stats.MinSamples && nc >= stats.MinSamples {
				return fmt.Sprintf("%s: warning: row %s has a baseline median of zero, so no shift can be read: no verdict is claimed", where(r), metricName(r))
			}
			return fmt.Sprintf("%s: warning: row %s is underpowered (%d vs %d samples, %d needed a side): no verdict is claimed",
				where(r), metricName(r), nb, nc, stats.MinSamples)
		}},
		{reviewtext.Missing, func(r reviewtext.MetricRow) string {
			return fmt.Sprintf("%s: warning: row %s is missing from %s: the current run has no samples for it", where(r), metricName(r), visible.String(sum.Current))
		}},
	} {
		rows := sum.With(t.status)
		for i, r := range rows {
			if i == maxTold {
				fmt.Fprintf(stderr, "benchview compare: warning: and %s more %s rows\n", format.Count(len(rows)-i), t.status)
				break
			}
			fmt.Fprintln(stderr, t.say(r))
		}
	}
}
