package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export"
	"github.com/benchview/benchview/internal/version"
	"github.com/benchview/benchview/toolreport"
	"github.com/benchview/benchview/visible"
)

// runExport is `benchview export [-o FILE.html] [-site DIR] [-strict]
// [-metric NAME] BASELINE [CURRENT]`: it writes the review as one
// self-contained page, as a static site of the viewer opening on the
// reports, or both.
func runExport(args []string, stdout, stderr io.Writer) error {
	web, err := fs.Sub(webFiles, "web")
	if err != nil {
		return err
	}
	return exportWith(web, args, stdout, stderr)
}

// exportWith is runExport with the viewer's files (web, the embedded web/)
// as a parameter, so tests need not build them.
//
// Both outputs read the reports once, the same way, as compare reads
// them: their problems go to stderr as file:line, and a report with no
// row at all (empty, binary, compressed, not a report) is refused with
// exit status 1 and nothing written. Bad lines in a usable report do not
// change the status; with -strict they make it 1, after the outputs are
// written (the page shows the problems too). Another tool's reports are
// read as compare reads them, one criterion folder included; the page
// shows one of their metrics (-metric), and the site copies the files.
func exportWith(web fs.FS, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview export", flag.ContinueOnError)
	flags.SetOutput(stderr)
	out := flags.String("o", "", "write the page to `FILE.html` (- for standard output)")
	siteDir := flags.String("site", "", "write a static site of the viewer and the reports into `DIR` (new or empty)")
	strict := flags.Bool("strict", false, "exit with status 1 when a line of a report could not be read")
	metric := flags.String("metric", "", "for another tool's reports: the page shows the metric `NAME` (ns/op, B/op, real_time…; default: the first they have, a time)")
	baseline := flags.String("baseline", "base", "with one criterion folder: the saved baseline `NAME` to compare against")
	current := flags.String("current", "new", "with one criterion folder: the baseline `NAME` to compare (criterion keeps its latest run in new)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview export [-o FILE.html] [-site DIR] [-strict] [-metric NAME] BASELINE [CURRENT]\n"+
			"       benchview export -o FILE.html [flags] [-baseline NAME] [-current NAME] CRITERION_FOLDER")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError{code: 2}
	}
	inputs := flags.Args()
	switch {
	case *out == "" && *siteDir == "":
		return usageError(flags, "nothing to write: give -o FILE.html, -site DIR, or both")
	case len(inputs) < 1 || len(inputs) > 2:
		return usageError(flags, fmt.Sprintf("want BASELINE [CURRENT], got %d report files", len(inputs)))
	case *siteDir != "" && slices.ContainsFunc(inputs, isDir):
		// The site's viewer fetches each side as one file; a criterion
		// folder is many (the server refuses one for the same reason).
		return usageError(flags, "-site: a folder (criterion's) cannot be a site's report: give -o FILE.html for the folder, or the site one sample.json a side")
	}
	var echarts []byte
	if *out != "" {
		if *out != "-" {
			if err := refuseInput(*out, inputs); err != nil {
				return err
			}
		}
		var err error
		if echarts, err = fs.ReadFile(web, "echarts.min.js"); err != nil {
			return errors.New("this binary has no ECharts to inline (web/echarts.min.js); build it with make")
		}
	}
	var site *siteDraft
	if *siteDir != "" {
		var err error
		if site, err = newSiteDraft(*siteDir, web); err != nil {
			return err
		}
		defer site.discard()
	}
	in, err := readInputs(inputs, [2]string{*baseline, *current}, site, stderr)
	if err != nil {
		return err
	}
	rv, prov, err := in.review(*metric)
	if err != nil {
		return usageError(flags, err.Error())
	}
	if *out != "" {
		if err := exportPage(*out, rv, prov, echarts, stdout); err != nil {
			return err
		}
	}
	if site != nil {
		says := stdout
		if *out == "-" {
			says = stderr // standard output holds the page
		}
		if err := site.finish(inputs, says); err != nil {
			return err
		}
	}
	if *strict && in.failed() {
		fmt.Fprintln(stderr, "benchview export: -strict: a line of the reports could not be read (see above)")
		return exitError{code: 1}
	}
	return nil
}

// exportInputs are the reports export read: cove-bench's, or another
// tool's; the second of each pair nil for a lone report.
type exportInputs struct {
	cove [2]*report.Report
	tool [2]*toolreport.Report // both nil for cove-bench reports
	// modified are the files' modification times, zero for what is not
	// a regular file (a pipe has none, a folder many).
	modified [2]time.Time
}

// readInputs reads each report once, telling its problems on stderr, and
// when site is not nil copies the bytes read into the site as they are
// read: a report is never read twice, so a pipe serves as well as a file,
// and the copy is bounded by what the reader reads (a file of NUL bytes,
// such as /dev/zero, is refused from its first block). Which tool wrote a
// report is told from its first bytes, peeked at before anything is read
// (so a pipe is placed too); sides of two tools are refused as compare
// refuses them, and one criterion folder is both sides (its baselines
// named by names). It returns an error when a report cannot be read or
// holds no row.
func readInputs(inputs []string, names [2]string, site *siteDraft, stderr io.Writer) (*exportInputs, error) {
	in := &exportInputs{}
	if len(inputs) == 1 && isDir(inputs[0]) {
		base, cur, err := readToolPair(inputs, names[0], names[1], stderr)
		if err != nil {
			return nil, err
		}
		in.tool = [2]*toolreport.Report{base, cur}
		return in, in.usable(inputs, stderr)
	}
	sides := make([]*side, len(inputs))
	defer func() {
		for _, s := range sides {
			s.close()
		}
	}()
	formats, unplaced := make([]toolreport.Format, len(inputs)), make([]error, len(inputs))
	for i, path := range inputs {
		var err error
		if sides[i], err = openSide(path); err != nil {
			return nil, err
		}
		formats[i], unplaced[i] = sides[i].format, sides[i].unplaced
		in.modified[i] = sides[i].modified
	}
	tool, err := toolSides(inputs, formats, unplaced)
	if err != nil {
		return nil, err
	}
	for i, s := range sides {
		var r io.Reader = s.r
		if site != nil {
			dup, err := site.report(i, inputs)
			if err != nil {
				return nil, err
			}
			r = io.TeeReader(r, dup)
		}
		if tool {
			in.tool[i], err = s.readTool(r, names[i], stderr)
		} else {
			in.cove[i], err = report.Read(r, s.path)
			tellProblems(in.cove[i], stderr)
		}
		if err != nil {
			return nil, err
		}
	}
	return in, in.usable(inputs, stderr)
}

// usable refuses, with exit status 1, reports that hold no row, each named
// on stderr.
func (in *exportInputs) usable(inputs []string, stderr io.Writer) error {
	refused := false
	for i := range inputs {
		switch c, t := in.cove[i], in.tool[i]; {
		case c != nil && len(c.Rows) == 0:
			fmt.Fprintf(stderr, "%s: nothing to export: no line of it is a row (see above)\n", c.Name)
		case t != nil && len(t.Results) == 0:
			fmt.Fprintf(stderr, "%s: nothing to export: no result in it (see above)\n", visible.String(t.Name))
		default:
			continue
		}
		refused = true
	}
	if refused {
		return exitError{code: 1}
	}
	return nil
}

// failed reports whether a line of the reports could not be read.
func (in *exportInputs) failed() bool {
	for i := range in.cove {
		if c, t := in.cove[i], in.tool[i]; c != nil && c.Failed() || t != nil && unread(t) {
			return true
		}
	}
	return false
}

// review is the review the page shows, and what the page says of the
// reports beside it: for another tool's reports, the review of the metric
// named metric (the first they have, a time, when ""). Its error, for a
// metric the reports do not have, is the reason of a usage error.
func (in *exportInputs) review(metric string) (*review.Review, export.Provenance, error) {
	prov := export.Provenance{
		Base:    export.Source{Modified: in.modified[0]},
		Cur:     export.Source{Modified: in.modified[1]},
		Version: version.String(),
	}
	if in.tool[0] == nil {
		if metric != "" {
			return nil, prov, fmt.Errorf("-metric %s: cove-bench reports have one metric, wall time: -metric is for another tool's reports", strconv.Quote(metric))
		}
		for _, r := range in.cove {
			if r != nil {
				rename(r, filepath.Base(r.Name))
			}
		}
		return review.New(in.cove[0], in.cove[1]), prov, nil
	}
	prov.Metrics = toolreport.Metrics(in.tool[0], in.tool[1])
	m, err := metricNamed(metric, prov.Metrics)
	if err != nil {
		return nil, prov, err
	}
	var sides [2]*report.Report
	for i, t := range in.tool {
		if t != nil {
			sides[i] = t.AsReport(m.Name)
			rename(sides[i], filepath.Base(t.Name))
		}
	}
	prov.Base.Config, prov.Cur.Config = export.ConfigLines(in.tool[0]), export.ConfigLines(in.tool[1])
	return review.NewOf(sides[0], sides[1], m), prov, nil
}

// metricNamed is the metric of metrics named name, the first when name is
// ""; an error listing them when none is named so.
func metricNamed(name string, metrics []review.Metric) (*review.Metric, error) {
	var names []string
	for i := range metrics {
		if name == "" || metrics[i].Name == name {
			return &metrics[i], nil
		}
		names = append(names, visible.String(metrics[i].Name))
	}
	return nil, fmt.Errorf("-metric %s: the reports have no such metric; they have %s", strconv.Quote(name), strings.Join(names, ", "))
}

// side is a report export is about to read: open, and its first bytes
// looked at, not yet read.
type side struct {
	path     string
	f        *os.File      // nil for a folder (criterion's)
	r        *bufio.Reader // f, its first toolreport.SniffLen bytes peeked at
	modified time.Time     // zero for what is not a regular file
	format   toolreport.Format
	unplaced error // Sniff's, for a file it cannot place
}

// openSide opens the report at path and tells which tool wrote it from
// its start, which stays to be read.
func openSide(path string) (*side, error) {
	if isDir(path) {
		return &side{path: path, format: toolreport.Criterion}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	s := &side{path: path, f: f, r: bufio.NewReaderSize(f, toolreport.SniffLen)}
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		s.modified = info.ModTime()
	}
	head, err := s.r.Peek(toolreport.SniffLen)
	if err != nil && err != io.EOF {
		f.Close()
		return nil, err
	}
	s.format, s.unplaced = toolreport.Sniff(path, head)
	return s, nil
}

// readTool reads the side, another tool's report, from r (its reader, or
// a copy of it): a folder as a criterion folder's baseline name.
func (s *side) readTool(r io.Reader, name string, stderr io.Writer) (*toolreport.Report, error) {
	if s.f == nil {
		return readTool(s.path, name, stderr)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return readToolData(s.path, data, stderr)
}

// close closes the side's file; a nil side has none.
func (s *side) close() {
	if s != nil && s.f != nil {
		s.f.Close()
	}
}

// exportPage writes the page of rv, with echarts inlined, to out, saying
// what prov says of the reports: their files' modification times, their
// configuration and metrics, and which benchview wrote it.
func exportPage(out string, rv *review.Review, prov export.Provenance, echarts []byte, stdout io.Writer) error {
	page, err := export.PageWith(rv, echarts, prov)
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = stdout.Write(page)
		return err
	}
	return writeAtomic(out, page)
}

// rename has r, and its problems, go by name. The page is meant to be
// shared: it names a report by its file name, as the viewer names a file it
// reads, and not by the path it was given (a home folder, a user name),
// which also makes it the page Download report writes for the same files.
// The terminal has been told the problems by the path already.
func rename(r *report.Report, name string) {
	for i := range r.Problems {
		if r.Problems[i].File == r.Name {
			r.Problems[i].File = name
		}
	}
	r.Name = name
}

// refuseInput returns an error when out names one of the inputs: nothing
// is ever written over a report.
func refuseInput(out string, inputs []string) error {
	outInfo, statErr := os.Stat(out)
	abs, _ := filepath.Abs(out)
	for _, in := range inputs {
		inAbs, _ := filepath.Abs(in)
		same := abs == inAbs
		if inInfo, err := os.Stat(in); err == nil && statErr == nil {
			same = same || os.SameFile(outInfo, inInfo)
		}
		if same {
			return fmt.Errorf("%s is an input: refusing to write over it", out)
		}
	}
	return nil
}

// writeAtomic writes data to a temporary file beside path and renames it
// into place, so that a failure leaves either the old file or none, never
// half of the new one. Its errors name path, never the temporary file,
// which the user did not name and which is gone by then.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".benchview-*.tmp")
	if err != nil {
		return cannotWrite(path, err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return cannotWrite(path, err)
	}
	return nil
}

// cannotWrite says that path could not be written, and why, without the
// name of the temporary file the error came from.
func cannotWrite(path string, err error) error {
	var linkErr *os.LinkError
	if errors.As(err, &linkErr) {
		err = linkErr.Err
	}
	err = bareError(err)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot write %s: the folder %s does not exist", path, filepath.Dir(path))
	}
	return fmt.Errorf("cannot write %s: %w", path, err)
}

// siteDraft is a static site being assembled in a temporary folder beside
// its destination, renamed into place when complete, so that a failure
// leaves no half-written site.
type siteDraft struct {
	dir, tmp string
	web      fs.FS
	files    []*os.File // the reports' copies, closed by finish or discard
}

// newSiteDraft starts the site for dir, which must be new or empty, with
// the viewer web (the embedded web/).
func newSiteDraft(dir string, web fs.FS) (*siteDraft, error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("%s is not empty: give a new or empty folder for the site", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if _, err := fs.Stat(web, "index.html"); err != nil {
		return nil, errors.New("this binary has no viewer to copy (web/index.html)")
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), ".benchview-site-*")
	if err != nil {
		return nil, cannotWrite(dir, err)
	}
	s := &siteDraft{dir: dir, tmp: tmp, web: web}
	err = os.Chmod(tmp, 0o755) // MkdirTemp's 0700 would hide the site from a server running as another user
	if err == nil {
		err = os.Mkdir(filepath.Join(tmp, export.SiteReports), 0o755)
	}
	if err != nil {
		s.discard()
		return nil, cannotWrite(dir, err)
	}
	return s, nil
}

// report creates the copy of inputs[i] under reports/.
func (s *siteDraft) report(i int, inputs []string) (io.Writer, error) {
	f, err := os.OpenFile(filepath.Join(s.tmp, export.SiteReports, siteNames(inputs)[i]), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, cannotWrite(s.dir, err)
	}
	s.files = append(s.files, f)
	return f, nil
}

// discard removes the draft unless finish has put it in place.
func (s *siteDraft) discard() {
	for _, f := range s.files {
		f.Close()
	}
	s.files = nil
	if s.tmp != "" {
		os.RemoveAll(s.tmp)
	}
}

// finish writes the viewer and review.html beside the reports' copies,
// renames the site into place, then prints how to serve and share it.
func (s *siteDraft) finish(inputs []string, stdout io.Writer) error {
	var err error
	for _, f := range s.files {
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
	}
	s.files = nil
	if err == nil {
		err = writeSite(s.tmp, s.web, inputs)
	}
	if err == nil {
		os.Remove(s.dir) // an empty folder: rename will not replace it everywhere
		err = os.Rename(s.tmp, s.dir)
	}
	if err != nil {
		return cannotWrite(s.dir, err)
	}
	s.tmp = "" // in place: nothing to discard
	query := export.SiteQuery(siteNames(inputs)...)
	fmt.Fprintf(stdout, "Wrote the viewer and %d report(s) to %s.\n", len(inputs), s.dir)
	fmt.Fprintf(stdout, "Serve the folder with any static server, for example:\n  python3 -m http.server --bind 127.0.0.1 --directory %s 8000\n", s.dir)
	fmt.Fprintf(stdout, "then open, or share, the viewer at the site's address with this query:\n  http://127.0.0.1:8000/%s\n", query)
	fmt.Fprintf(stdout, "(review.html in the folder redirects there wherever the folder is hosted)\n")
	return nil
}

// siteNames are the names the reports get under reports/.
func siteNames(inputs []string) []string {
	slashed := make([]string, len(inputs))
	for i, in := range inputs {
		slashed[i] = filepath.ToSlash(in)
	}
	return export.SiteReportNames(slashed...)
}

// writeSite fills dir, which holds the reports' copies already, with the
// viewer and review.html.
func writeSite(dir string, web fs.FS, inputs []string) error {
	if err := os.CopyFS(dir, withoutGzip{web}); err != nil {
		return err
	}
	redirect := export.SiteRedirect("index.html" + export.SiteQuery(siteNames(inputs)...))
	return os.WriteFile(filepath.Join(dir, "review.html"), redirect, 0o644)
}

// withoutGzip is a tree of files without the prepared gzip copies in it
// (name.gz beside name). benchview's server sends viewer.wasm.gz to a
// browser that accepts gzip; a static host serves each file as it is, and
// the loader fetches viewer.wasm, so on a site the copy is only weight.
type withoutGzip struct{ fs.FS }

// ReadDir lists the directory name, leaving the gzip copies out.
func (w withoutGzip) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(w.FS, name)
	has := make(map[string]bool, len(entries))
	for _, e := range entries {
		has[e.Name()] = true
	}
	return slices.DeleteFunc(entries, func(e fs.DirEntry) bool {
		return isGzipCopy(e.Name(), has)
	}), err
}
