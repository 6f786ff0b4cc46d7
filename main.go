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
	fmt.Fprintln(os.Stderr, "benchview:", err)
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
			fmt.Fprint(stdout, usage)
			return nil
		}
	}
	return runServe(ctx, args, stdout, stderr)
}

const usage = `benchview: read two benchmark reports and see what changed.

Usage:
  benchview [-addr 127.0.0.1:8080] [-open] [BASELINE [CURRENT]]
      serve the viewer; given reports, the page opens with them loaded
  benchview compare [-fail-on-regression] BASELINE CURRENT
      print one comparison line per row of CURRENT that BASELINE also has
  benchview stats REPORT
      print one summary line per row with samples
  benchview export [-o FILE.html] [-site DIR] BASELINE [CURRENT]
      write the review as one self-contained page (- for standard output),
      or as a static site of the viewer opening on the reports
`
