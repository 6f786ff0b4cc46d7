package browser

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// Recorder is a testing.TB whose errors and fatal errors are kept for the
// test to read, not failed: the harness's self-tests give it to what they
// check, to see that it fails a test when it should. A fatal error ends
// the goroutine that made it, as testing's does.
type Recorder struct {
	*testing.T
	mu     sync.Mutex
	errors []string
}

// Errorf keeps the error.
func (r *Recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// Fatalf keeps the error and ends the goroutine.
func (r *Recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// Said returns a copy of what r was told.
func (r *Recorder) Said() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.errors)
}
