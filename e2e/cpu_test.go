package e2e

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// cpuTimes is the CPU time, in ms, each thread of a browser's processes
// (the browser's and those it started) has used so far, by
// "pid/tid kind:thread": kind the process's
// --type (renderer, gpu-process, utility; browser for the browser's own),
// thread the name Linux keeps of it, cut to 15 characters. In a renderer,
// "chromium" is the page's main thread, "DedicatedWorker" a Web Worker's
// and "ThreadPoolForeg" the pool V8 compiles optimized code on, in the
// background. Empty where there is no /proc.
//
// A drop's time is the main thread's and the workers', but not only: in
// a fresh browser the drop of ten thousand rows cost the machine some
// 400 ms more CPU than the next drop on the same page, 250-350 in the
// compiler's pool and 50-100 on the main thread, while the workers used
// the same. Timings of the page alone cannot say that.
type cpuTimes map[string]float64

// cpuNow reads cpuTimes from /proc for the browser whose process is
// root: a Chromium the user runs meanwhile is not counted.
func cpuNow(root int) cpuTimes {
	out := cpuTimes{}
	for _, p := range descendants(root) {
		dir := "/proc/" + strconv.Itoa(p)
		cmdline, err := os.ReadFile(dir + "/cmdline")
		if err != nil {
			continue
		}
		// Chromium rewrites its command line with spaces between the
		// arguments, where the kernel separates them with NULs.
		args := strings.FieldsFunc(string(cmdline), func(r rune) bool { return r == 0 || r == ' ' })
		kind := "browser"
		for _, a := range args {
			if t, ok := strings.CutPrefix(a, "--type="); ok {
				kind = t
			}
		}
		tasks, _ := filepath.Glob(dir + "/task/[0-9]*")
		for _, t := range tasks {
			name, ms, ok := threadCPU(t + "/stat")
			if ok {
				out[strconv.Itoa(p)+"/"+filepath.Base(t)+" "+kind+":"+name] = ms
			}
		}
	}
	return out
}

// descendants is root and every process below it, from each process's
// parent in /proc; none where there is no /proc.
func descendants(root int) []int {
	children := map[int][]int{}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		b, err := os.ReadFile(p + "/stat")
		if err != nil {
			continue
		}
		// The parent is the second field after the name, which ends at
		// the last ")".
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		pid, err1 := strconv.Atoi(filepath.Base(p))
		if len(f) < 2 || err1 != nil {
			continue
		}
		if parent, err := strconv.Atoi(f[1]); err == nil {
			children[parent] = append(children[parent], pid)
		}
	}
	if len(procs) == 0 {
		return nil
	}
	out := []int{root}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out
}

// threadCPU reads a thread's name and its CPU time in ms (user and
// system) from its /proc stat file.
func threadCPU(path string) (name string, ms float64, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", 0, false
	}
	s := string(b)
	// The name is between the first "(" and the last ")": it may hold
	// either.
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open || end+2 > len(s) {
		return "", 0, false
	}
	f := strings.Fields(s[end+2:])
	// Fields 14 and 15 of stat, utime and stime, in clock ticks: 100 a
	// second on Linux wherever it runs (USER_HZ).
	if len(f) < 13 {
		return "", 0, false
	}
	user, err1 := strconv.ParseFloat(f[11], 64)
	sys, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return "", 0, false
	}
	return s[open+1 : end], (user + sys) * 10, true
}

// since says how much CPU each kind of thread used from then to now,
// summed over the threads of a kind and largest first: the total, then
// at most six kinds. Threads that ended meanwhile are not counted.
func (now cpuTimes) since(then cpuTimes) string {
	if len(now) == 0 {
		return "CPU by thread: none read (no /proc, or the browser had ended)"
	}
	used := map[string]float64{}
	total := 0.0
	for k, ms := range now {
		d := ms - then[k]
		_, kind, _ := strings.Cut(k, " ")
		used[kind] += d
		total += d
	}
	kinds := slices.SortedFunc(maps.Keys(used), func(x, y string) int {
		return cmp.Or(cmp.Compare(used[y], used[x]), strings.Compare(x, y))
	})
	var b strings.Builder
	fmt.Fprintf(&b, "CPU by thread %.0f ms:", total)
	for _, k := range kinds[:min(6, len(kinds))] {
		fmt.Fprintf(&b, " %s %.0f", k, used[k])
	}
	return b.String()
}

// TestThreadCPU reads this process's own threads as cpuNow reads the
// browser's: each has its name, and their CPU grows as it computes.
func TestThreadCPU(t *testing.T) {
	total := func() float64 {
		tasks, _ := filepath.Glob("/proc/self/task/[0-9]*")
		if len(tasks) == 0 {
			t.Skip("no /proc on this machine: cpuNow says so instead")
		}
		sum := 0.0
		for _, task := range tasks {
			name, ms, ok := threadCPU(task + "/stat")
			if !ok || name == "" || ms < 0 {
				t.Fatalf("%s: name %q, %v ms, ok %v", task, name, ms, ok)
			}
			sum += ms
		}
		return sum
	}
	before := total()
	x := 1.0
	for end := time.Now().Add(150 * time.Millisecond); time.Now().Before(end); {
		x = math.Sqrt(x + 1)
	}
	if after := total(); after <= before {
		t.Errorf("150 ms of computing moved the threads' CPU from %.0f to %.0f ms (x %v)", before, after, x)
	}
	if _, _, ok := threadCPU("/proc/self/no-such-file"); ok {
		t.Error("a missing stat file read as a thread")
	}
}

// TestDescendants finds a process this test starts below the test's own.
func TestDescendants(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc on this machine: cpuNow says so instead")
	}
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	defer cmd.Process.Kill()
	got := descendants(os.Getpid())
	if !slices.Contains(got, os.Getpid()) || !slices.Contains(got, cmd.Process.Pid) {
		t.Errorf("descendants of %d are %v: want it and its child %d", os.Getpid(), got, cmd.Process.Pid)
	}
	if slices.Contains(got, os.Getppid()) {
		t.Errorf("descendants of %d hold its parent %d", os.Getpid(), os.Getppid())
	}
}
