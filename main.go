// Command benchview reads benchmark reports and says, row by row, whether a
// change regressed, improved or stayed inside the noise.
//
// With no verb it serves the viewer; the verbs compare, stats and export
// work on report files directly. See README.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/benchview/benchview/internal/version"
	"github.com/benchview/benchview/visible"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first Ctrl-C stops the server gently; a second one, while it
	// waits on requests still running, ends the program at once.
	context.AfterFunc(ctx, stop)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err == nil {
		return
	}
	var exit exitError
	if errors.As(err, &exit) {
		os.Exit(exit.code)
	}
	fmt.Fprintln(os.Stderr, "benchview:", visible.String(err.Error()))
	os.Exit(1)
}

// exitError ends the program with code after its messages were already
// written: a verb returns it when the reason has been told line by line.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// run is the whole program behind main, so tests call it with their own
// arguments and writers.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "compare":
			return runCompare(args[1:], stdout, stderr)
		case "stats":
			return runStats(args[1:], stdout, stderr)
		case "export":
			return runExport(args[1:], stdout, stderr)
		case "help", "-h", "-help", "--help":
			return runHelp(ctx, args[1:], stdout, stderr)
		case "version", "-version", "--version":
			fmt.Fprintln(stdout, version.String())
			return nil
		}
	}
	return runServe(ctx, args, stdout, stderr)
}

// runHelp is `benchview help [VERB]`: the general usage, or the full
// usage of one verb, on stdout.
func runHelp(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return nil
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "benchview help: too many arguments: want at most one verb, got %d\n%s", len(args), usage)
		return exitError{code: exitUsage}
	}
	// Each verb prints its usage for -h; compare and stats add the exit
	// statuses themselves (parseArgs), the others get them here.
	help := []string{"-h"}
	switch args[0] {
	case "serve":
		err := runServe(ctx, help, stdout, stdout)
		fmt.Fprint(stdout, exitStatuses)
		return err
	case "compare":
		return runCompare(help, stdout, stdout)
	case "stats":
		return runStats(help, stdout, stdout)
	case "export":
		err := runExport(help, stdout, stdout)
		fmt.Fprint(stdout, exitStatuses)
		return err
	}
	fmt.Fprintf(stderr, "benchview help: unknown verb %q: the verbs are serve, compare, stats and export\n%s", visible.String(args[0]), usage)
	return exitError{code: exitUsage}
}

const usage = `benchview: read two benchmark reports and see what changed.

Usage:
  benchview [-addr 127.0.0.1:8080] [-open] [BASELINE [CURRENT]]
      serve the viewer; given reports, the page opens with them loaded
  benchview compare [-format text|markdown|csv|json] [-threshold P]
                    [-adjust holm|bh] [-fail-on-regression]
                    [-fail-on-underpowered] [-fail-on-missing] [-strict]
                    BASELINE CURRENT
      compare every row of CURRENT that BASELINE also has; without -format,
      one line per row as the reference prints it
  benchview stats [-strict] REPORT
      print one summary line per row with samples
  benchview export [-o FILE.html] [-site DIR] [-strict] [-metric NAME]
                   BASELINE [CURRENT]
      write the review as one self-contained page (- for standard output),
      or as a static site of the viewer opening on the reports
  benchview help [serve|compare|stats|export]
      this text, or all of one verb's options
  benchview --version
      the version and the VCS revision this binary was built from
` + exitStatuses

// exitStatuses is the one table of exit statuses, for every verb.
const exitStatuses = `
Exit status:
  0  success (bad lines in a usable file are told on stderr as file:line)
  1  unusable input: a file that cannot be read, has no usable row, or
     exceeds a limit; with -strict, also any bad line
  2  usage error (with its reason)
  3  the gate failed: a regression or a failed benchmark (ok:false) with
     -fail-on-regression, an underpowered row with -fail-on-underpowered,
     a missing row with -fail-on-missing
  4  nothing compared: no row has a verdict (no row in common, or every
     row underpowered), when a -fail-on-* flag is given (without one, a
     warning and 0)
`
