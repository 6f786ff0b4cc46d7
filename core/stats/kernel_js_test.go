//go:build js && wasm && !purego

package stats_test

import (
	"os"
	"testing"

	"github.com/benchview/benchview/wasm/kernel"
)

// TestMain runs this package's tests and benchmarks under WebAssembly as
// the viewer runs it: with the draws in wasm/kernel's module, so that the
// golden vectors and the bootstrap's tests hold it too, and the
// benchmarks time what a browser does. (-tags purego leaves it out: the Go
// draws alone.)
func TestMain(m *testing.M) {
	kernel.Install()
	os.Exit(m.Run())
}
