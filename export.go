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

	"github.com/benchview/benchview/core/report"
	"github.com/benchview/benchview/core/review"
	"github.com/benchview/benchview/export"
)

// runExport is `benchview export [-o FILE.html] [-site DIR] BASELINE [CURRENT]`:
// it writes the review as one self-contained page, as a static site of the
// viewer opening on the reports, or both.
func runExport(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("benchview export", flag.ContinueOnError)
	flags.SetOutput(stderr)
	out := flags.String("o", "", "write the page to `FILE.html` (- for standard output)")
	site := flags.String("site", "", "write a static site of the viewer and the reports into `DIR` (new or empty)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "Usage: benchview export [-o FILE.html] [-site DIR] BASELINE [CURRENT]")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError{code: 2}
	}
	inputs := flags.Args()
	if len(inputs) < 1 || len(inputs) > 2 || (*out == "" && *site == "") {
		flags.Usage()
		return exitError{code: 2}
	}
	web, err := fs.Sub(webFiles, "web")
	if err != nil {
		return err
	}
	var pageErr error
	if *out != "" {
		pageErr = exportPage(*out, inputs, web, stdout, stderr)
		var exit exitError
		if pageErr != nil && !errors.As(pageErr, &exit) {
			return pageErr
		}
	}
	if *site != "" {
		says := stdout
		if *out == "-" {
			says = stderr // standard output holds the page
		}
		if err := exportSite(*site, inputs, web, says); err != nil {
			return err
		}
	}
	return pageErr
}

// exportPage writes the page of the review of inputs to out, with the
// ECharts of web (the viewer's assets) inlined. Like compare, it tells
// the reports' problems on stderr and, when a line could not be read,
// still writes the page (which shows them too) and then exits with 1.
func exportPage(out string, inputs []string, web fs.FS, stdout, stderr io.Writer) error {
	if out != "-" {
		if err := refuseInput(out, inputs); err != nil {
			return err
		}
	}
	echarts, err := fs.ReadFile(web, "echarts.min.js")
	if err != nil {
		return errors.New("this binary has no ECharts to inline (web/echarts.min.js); build it with make")
	}
	reports := make([]*report.Report, 2) // the current one stays nil for a lone report
	failed := false
	for i, path := range inputs {
		if reports[i], err = readReport(path, stderr); err != nil {
			return err
		}
		rename(reports[i], filepath.Base(path))
		failed = failed || reports[i].Failed()
	}
	page, err := export.Page(review.New(reports[0], reports[1]), echarts)
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = stdout.Write(page)
	} else {
		err = writeAtomic(out, page)
	}
	if err == nil && failed {
		return exitError{code: 1}
	}
	return err
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
// half of the new one.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".benchview-*.tmp")
	if err != nil {
		return err
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
	}
	return err
}

// exportSite writes, into dir, the viewer (web, the embedded web/), the reports
// under reports/ and review.html, a redirect to the viewer opened on them;
// then it prints how to serve and share the site. dir must be new or empty;
// the site is assembled beside it and renamed into place, so a failure
// leaves no half-written site.
func exportSite(dir string, inputs []string, web fs.FS, stdout io.Writer) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty: give a new or empty folder for the site", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	reports := make([][]byte, len(inputs))
	for i, in := range inputs {
		var err error
		if reports[i], err = os.ReadFile(in); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), ".benchview-site-*")
	if err != nil {
		return err
	}
	err = os.Chmod(tmp, 0o755) // MkdirTemp's 0700 would hide the site from a server running as another user
	if err == nil {
		err = writeSite(tmp, web, inputs, reports)
	}
	if err == nil {
		os.Remove(dir) // an empty folder: rename will not replace it everywhere
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return err
	}
	query := export.SiteQuery(siteNames(inputs)...)
	fmt.Fprintf(stdout, "Wrote the viewer and %d report(s) to %s.\n", len(inputs), dir)
	fmt.Fprintf(stdout, "Serve the folder with any static server, for example:\n  python3 -m http.server --bind 127.0.0.1 --directory %s 8000\n", dir)
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

// writeSite fills dir with the site's files.
func writeSite(dir string, web fs.FS, inputs []string, reports [][]byte) error {
	if _, err := fs.Stat(web, "index.html"); err != nil {
		return errors.New("this binary has no viewer to copy (web/index.html)")
	}
	if err := os.CopyFS(dir, withoutGzip{web}); err != nil {
		return err
	}
	if err := os.Mkdir(filepath.Join(dir, export.SiteReports), 0o755); err != nil {
		return err
	}
	names := siteNames(inputs)
	for i, data := range reports {
		if err := os.WriteFile(filepath.Join(dir, export.SiteReports, names[i]), data, 0o644); err != nil {
			return err
		}
	}
	redirect := export.SiteRedirect("index.html" + export.SiteQuery(names...))
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
