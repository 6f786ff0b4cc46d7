package e2e

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// cpuTimes is the CPU time, in ms, each thread of the machine's Chromium
// processes has used so far, by "pid/tid kind:thread": kind the process's
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

// cpuNow reads cpuTimes from /proc.
func cpuNow() cpuTimes {
	out := cpuTimes{}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		cmdline, err := os.ReadFile(p + "/cmdline")
		if err != nil || !strings.Contains(string(cmdline), "chromium") {
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
		tasks, _ := filepath.Glob(p + "/task/[0-9]*")
		for _, t := range tasks {
			name, ms, ok := threadCPU(t + "/stat")
			if ok {
				out[filepath.Base(p)+"/"+filepath.Base(t)+" "+kind+":"+name] = ms
			}
		}
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
		return "CPU by thread: no /proc"
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
