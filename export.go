package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export"
	"github.com/benchview/benchview/internal/version"
)

// runExport is `benchview export [-o FILE.html] [-site DIR] [-strict] BASELINE [CURRENT]`:
// it writes the review as one self-contained page, as a static site of the
// viewer opening on the reports, or both.
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
// row at all (empty, binary, compressed, not JSONL) is refused with exit
// status 1 and nothing written. Bad lines in a usable report do not
// change the status; with -strict they make it 1, after the outputs are
// written (the page shows the problems too).
func exportWith(web fs.FS, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview export", flag.ContinueOnError)
	flags.SetOutput(stderr)
	out := flags.String("o", "", "write the page to `FILE.html` (- for standard output)")
	siteDir := flags.String("site", "", "write a static site of the viewer and the reports into `DIR` (new or empty)")
	strict := flags.Bool("strict", false, "exit with status 1 when a line of a report could not be read")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview export [-o FILE.html] [-site DIR] [-strict] BASELINE [CURRENT]")
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
	reports, modified, err := readInputs(inputs, site, stderr)
	if err != nil {
		return err
	}
	failed := false
	for _, r := range reports {
		failed = failed || r != nil && r.Failed()
	}
	if *out != "" {
		if err := exportPage(*out, reports, modified, echarts, stdout); err != nil {
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
	if *strict && failed {
		fmt.Fprintln(stderr, "benchview export: -strict: a line of the reports could not be read (see above)")
		return exitError{code: 1}
	}
	return nil
}

// readInputs reads each report once, telling its problems on stderr, and
// when site is not nil copies the bytes read into the site as they are
// read: a report is never read twice, so a pipe serves as well as a file,
// and the copy is bounded by what the reader reads (a file of NUL bytes,
// such as /dev/zero, is refused from its first block). It returns two
// reports, the second nil for a lone one, and their files' modification
// times (zero for what is not a regular file: a pipe has none), or an
// error when a report cannot be read or holds no row.
func readInputs(inputs []string, site *siteDraft, stderr io.Writer) ([]*report.Report, []time.Time, error) {
	reports := make([]*report.Report, 2)
	modified := make([]time.Time, 2)
	var unusable []string
	for i, path := range inputs {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			modified[i] = info.ModTime()
			// Another tool's report: one line saying so, not one for
			// each of its lines. (A pipe is not sniffed: it reads once.)
			if err := notForThePage(path); err != nil {
				f.Close()
				return nil, nil, err
			}
		}
		var in io.Reader = f
		if site != nil {
			dup, err := site.report(i, inputs)
			if err != nil {
				f.Close()
				return nil, nil, err
			}
			in = io.TeeReader(f, dup)
		}
		reports[i], err = report.Read(in, path)
		f.Close()
		tellProblems(reports[i], stderr)
		if err != nil {
			return nil, nil, err
		}
		if len(reports[i].Rows) == 0 {
			unusable = append(unusable, path)
		}
	}
	if len(unusable) > 0 {
		for _, path := range unusable {
			fmt.Fprintf(stderr, "%s: nothing to export: no line of it is a row (see above)\n", path)
		}
		return nil, nil, exitError{code: 1}
	}
	return reports, modified, nil
}

// exportPage writes the page of the review of reports (the current one
// nil for a lone report), with echarts inlined, to out: it names them by
// their file names, with their files' modification times (modified, in
// the same order), and says which benchview wrote it.
func exportPage(out string, reports []*report.Report, modified []time.Time, echarts []byte, stdout io.Writer) error {
	for _, r := range reports {
		if r != nil {
			rename(r, filepath.Base(r.Name))
		}
	}
	prov := export.Provenance{Base: export.Source{Modified: modified[0]}, Cur: export.Source{Modified: modified[1]}, Version: version.String()}
	page, err := export.PageWith(review.New(reports[0], reports[1]), echarts, prov)
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
