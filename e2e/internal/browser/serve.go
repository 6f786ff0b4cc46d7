package browser

import (
	"bufio"
	"context"
	"io"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"testing"
	"time"
)

// Serve starts the binary under test as a server on a free loopback port,
// `benchview -addr 127.0.0.1:0 args...`, stops it when t ends, and
// returns the address it prints (with ?baseline=…&current=… when args
// name reports). Its stderr goes to the test's.
func Serve(t testing.TB, args ...string) *url.URL {
	t.Helper()
	bin := Binary(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			if m := address.FindString(s.Text()); m != "" {
				found <- m
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case raw := <-found:
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatalf("the server printed %q: %v", raw, err)
		}
		return u
	case <-time.After(20 * time.Second):
		t.Fatalf("%s printed no address in 20s", bin)
	}
	return nil
}

var address = regexp.MustCompile(`http://\S+`)
