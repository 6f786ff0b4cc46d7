package stats

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// FuzzCompare feeds Compare series made of the fuzzer's bytes: two bytes a
// sample, shifted left by shift bits, so that both ties and values near
// 2^64 come up. It checks that Compare never panics, that its verdict is
// the one its interval says, that the same input gives the same bytes in
// either order of the samples, that the line is JSON, and, for short
// series, that the counting bootstrap agrees bit for bit with sorting
// every resample as the reference does.
func FuzzCompare(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0}, uint8(6), uint8(0))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, uint8(6), uint8(0))
	f.Add([]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255, 254, 255}, uint8(6), uint8(48))
	f.Add([]byte{7, 0, 3, 0, 5, 0, 9, 0, 1, 0, 2, 0, 8, 0, 4, 0, 6, 0, 10, 0, 2, 0, 3, 0, 1, 0}, uint8(7), uint8(20))
	f.Add([]byte{100, 0, 150, 0}, uint8(1), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, split, shift uint8) {
		samples := make([]uint64, len(data)/2)
		for i := range samples {
			samples[i] = uint64(binary.LittleEndian.Uint16(data[2*i:])) << (shift % 49)
		}
		k := min(int(split), len(samples))
		base, cur := samples[:k], samples[k:]
		if len(base) > 64 || len(cur) > 64 {
			return // long series add time, not cases
		}
		c := Compare(base, cur)
		checkVerdict(t, base, cur, c)

		line := c.JSON("b", "vm", "vm")
		if !json.Valid([]byte(line)) {
			t.Fatalf("not JSON: %s", line)
		}
		if again := Compare(base, cur).JSON("b", "vm", "vm"); again != line {
			t.Fatalf("the same input gave\n%s\n%s", line, again)
		}
		rb, rc := slices.Clone(base), slices.Clone(cur)
		slices.Reverse(rb)
		slices.Reverse(rc)
		if reversed := Compare(rb, rc).JSON("b", "vm", "vm"); reversed != line {
			t.Fatalf("the order of the samples changed the answer:\n%s\n%s", line, reversed)
		}
		if c.Verdict != Underpowered && len(base) <= 16 && len(cur) <= 16 {
			lo, hi := sortingBootstrap(sortedCopy(base), sortedCopy(cur))
			if math.Float64bits(lo) != math.Float64bits(c.Lo) || math.Float64bits(hi) != math.Float64bits(c.Hi) {
				t.Fatalf("counting gives %v..%v, sorting %v..%v", c.Lo, c.Hi, lo, hi)
			}
		}
	})
}

// checkVerdict holds a comparison to the rules it is read by.
func checkVerdict(t *testing.T, base, cur []uint64, c Comparison) {
	t.Helper()
	floor := len(base) < MinSamples || len(cur) < MinSamples || !(c.BaselineMedian > 0)
	switch {
	case floor != (c.Verdict == Underpowered):
		t.Fatalf("n = %d/%d, baseline median %v: verdict %v", len(base), len(cur), c.BaselineMedian, c.Verdict)
	case c.Verdict == Underpowered:
		if !math.IsNaN(c.Lo) || !math.IsNaN(c.Hi) {
			t.Fatalf("underpowered with an interval %v..%v", c.Lo, c.Hi)
		}
		return
	case !(c.Lo <= c.Hi):
		t.Fatalf("interval %v..%v is upside down", c.Lo, c.Hi)
	}
	if want := verdictOf(c.Lo, c.Hi); c.Verdict != want || (c.Lo > 0) != (c.Verdict == Regression) ||
		(c.Hi < 0) != (c.Verdict == Improvement) || (c.Lo <= 0 && c.Hi >= 0) != (c.Verdict == InsideTheNoise) {
		t.Fatalf("interval %v..%v, verdict %v", c.Lo, c.Hi, c.Verdict)
	}
}
