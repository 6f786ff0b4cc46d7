package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// writeLarge writes a report of rows lines, each with samples samples of
// eight or nine digits, in the harness's shape, and returns its path and
// size.
func writeLarge(tb testing.TB, rows, samples int) (string, int64) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "large.jsonl")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	v := uint64(12_345_678)
	for r := range rows {
		fmt.Fprintf(w, `{"benchmark":"bench%d","kind":"vm","backend":"vm","iterations":%d,"wall_ns":{"min":1,"mean":2,"max":3,"samples":[`, r, samples)
		for s := range samples {
			if s > 0 {
				w.WriteByte(',')
			}
			v = v*6364136223846793005 + 1442695040888963407
			w.WriteString(strconv.FormatUint(10_000_000+v>>40, 10))
		}
		w.WriteString(`]},"fuel_spent":1,"ok":true}` + "\n")
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	info, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	f.Close()
	return path, info.Size()
}

// A long report is read as a stream: what Read allocates is its samples
// (8 bytes each, allocated once at their size) and a little per row, not
// the file nor a copy of it per line.
func TestALargeReportIsReadInMemoryProportionalToItsSamples(t *testing.T) {
	rows, samples := 2_000, 1_000 // about 20 MB
	path, size := writeLarge(t, rows, samples)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := Read(f, "large.jsonl")
	runtime.ReadMemStats(&after)
	if err != nil || len(r.Problems) > 0 || len(r.Rows) != rows {
		t.Fatalf("err %v, %d problems, %d rows", err, len(r.Problems), len(r.Rows))
	}
	sampleBytes := uint64(rows * samples * 8)
	allocated := after.TotalAlloc - before.TotalAlloc
	// The samples, plus the reader's 64 kB buffer, the longest line, and
	// 2.25 kilobytes a row for its names, its Row (which since it can
	// carry another tool's Values is a size class larger) and the index
	// by key.
	limit := sampleBytes + 64<<10 + uint64(size)/uint64(rows) + uint64(rows)*2304
	t.Logf("file %d MB, samples %d MB, allocated %d MB", size>>20, sampleBytes>>20, allocated>>20)
	if allocated > limit {
		t.Errorf("reading a %d-byte report allocated %d bytes; want at most %d (its samples and a line)", size, allocated, limit)
	}
}

// BenchmarkReadLarge reads a report of about 100 MB: 10,000 rows of 1,000
// samples. It reports the heap the report holds once read.
func BenchmarkReadLarge(b *testing.B) {
	path, size := writeLarge(b, 10_000, 1_000)
	b.SetBytes(size)
	var held uint64
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Read(f, "large.jsonl")
		f.Close()
		if err != nil || len(r.Rows) != 10_000 {
			b.Fatalf("err %v, %d rows", err, len(r.Rows))
		}
		b.StopTimer()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		held = max(held, m.HeapAlloc)
		runtime.KeepAlive(r)
		b.StartTimer()
	}
	b.ReportMetric(float64(held)/(1<<20), "MB-held")
	b.ReportMetric(float64(size)/(1<<20), "MB-file")
}

// repeatReader yields its text over and over, up to n bytes in all, so a
// test can read a long input without holding it.
type repeatReader struct {
	text []byte
	n    int64
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.n {
		p = p[:r.n]
	}
	k := 0
	for k < len(p) {
		c := copy(p[k:], r.text[r.off:])
		k += c
		r.off = (r.off + c) % len(r.text)
	}
	r.n -= int64(k)
	return k, nil
}

// A line is held in a buffer that doubles to an eighth of the cap, then
// goes to the cap and never past it, so reading allocates at most 1.25
// times the cap, whatever the input: an endless '{', a line of a row that
// never ends, or one just under the cap. The cap is 512 MiB in use; the
// test scales it down to 8 MiB. Bytes allocated bound the peak, and do not
// depend on when the collector runs.
func TestALineNearTheCapAllocatesAtMostAQuarterMore(t *testing.T) {
	const limit = 8 << 20
	rowStart := `{"benchmark":"b","kind":"vm","backend":"vm","wall_ns":{"samples":[`
	nearCap := rowStart + strings.Repeat("12345678,", (limit-len(rowStart)-100)/9) + "1]}}\n"
	for _, c := range []struct {
		name    string
		in      io.Reader
		samples int // the samples the row read holds, 8 bytes each
	}{
		{"an endless {", &repeatReader{text: []byte("{"), n: 3 * limit / 2}, 0},
		{"a row that never ends", io.MultiReader(strings.NewReader(rowStart), &repeatReader{text: []byte("1,"), n: 3 * limit / 2}), 0},
		{"a row just under the cap", strings.NewReader(nearCap), strings.Count(nearCap, ",") + 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r, err := read(c.in, "r.jsonl", limit)
			runtime.ReadMemStats(&after)
			if err != nil || len(r.Rows) != min(c.samples, 1) {
				t.Fatalf("err %v, rows %d, problems %v", err, len(r.Rows), r.Problems)
			}
			allocated := after.TotalAlloc - before.TotalAlloc
			bound := uint64(limit + limit/4 + 8*c.samples + 256<<10) // the line, the samples, the reader's buffer and change
			t.Logf("allocated %.1f MiB for a cap of %d MiB (%d samples)", float64(allocated)/(1<<20), limit>>20, c.samples)
			if allocated > bound {
				t.Errorf("allocated %d bytes; want at most %d (1.25 times the %d-byte cap, and the samples)", allocated, bound, limit)
			}
		})
	}
}
