package core

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// goTool is the go command, or a skip when the tests run where there is
// none (under Node, for one).
func goTool(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("no go command under js/wasm")
	}
	path, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on PATH to list the core's imports")
	}
	return path
}

// TestTheCoreImportsNoIOAndNoUI lists everything the core packages import,
// natively and for the browser: nothing of files, the network, the page or
// the UI libraries may be among it.
func TestTheCoreImportsNoIOAndNoUI(t *testing.T) {
	gocmd := goTool(t)
	forbidden := []string{"os", "net", "syscall", "syscall/js", "io/fs", "fmt", "log"}
	for _, target := range [][2]string{{runtime.GOOS, runtime.GOARCH}, {"js", "wasm"}} {
		cmd := exec.Command(gocmd, "list", "-deps", "./...")
		cmd.Env = append(os.Environ(), "GOOS="+target[0], "GOARCH="+target[1])
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps ./... (%s/%s): %v\n%s", target[0], target[1], err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, f := range forbidden {
				if dep == f || strings.HasPrefix(dep, f+"/") && f != "syscall" {
					t.Errorf("%s/%s: the core imports %s", target[0], target[1], dep)
				}
			}
			if strings.Contains(dep, "vecty") || strings.Contains(dep, "echarts") || strings.Contains(dep, "chromedp") {
				t.Errorf("%s/%s: the core imports %s", target[0], target[1], dep)
			}
		}
	}
}

// TestTheCoreVetsCleanForTheBrowser runs go vet on the core as the browser
// build sees it.
func TestTheCoreVetsCleanForTheBrowser(t *testing.T) {
	gocmd := goTool(t)
	if testing.Short() {
		t.Skip("go vet for js/wasm is not short")
	}
	cmd := exec.Command(gocmd, "vet", "./...")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("GOOS=js GOARCH=wasm go vet ./core/...: %v\n%s", err, out)
	}
}
