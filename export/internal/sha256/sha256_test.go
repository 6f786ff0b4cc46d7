package sha256

import (
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

func check(t *testing.T, data []byte) {
	t.Helper()
	if got, want := Sum256(data), stdsha256.Sum256(data); got != want {
		t.Errorf("Sum256 of %d bytes: got %x, want %x (crypto/sha256)", len(data), got, want)
	}
}

// TestKnownDigests are FIPS 180-4's examples (NIST's "SHA256.pdf"
// examples and the empty string).
func TestKnownDigests(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	} {
		if got := Sum256([]byte(c.in)); hex.EncodeToString(got[:]) != c.want {
			t.Errorf("Sum256(%q) = %x, want %s", c.in, got, c.want)
		}
	}
}

// TestEveryLengthAroundTheBlocks covers every length up to three blocks:
// 0, 55 (the longest tail that pads within its block), 56 and 63 (those
// that need a second), 64 and 65 among them.
func TestEveryLengthAroundTheBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 3*64+1; n++ {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		check(t, data)
	}
}

func TestRandomInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		data := make([]byte, r.IntN(5000))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		check(t, data)
	}
	check(t, make([]byte, 1<<20)) // a megabyte of zeros, as big as ECharts
}

func FuzzSum256(f *testing.F) {
	for _, n := range []int{0, 1, 55, 56, 63, 64, 65, 119, 120, 128} {
		f.Add(make([]byte, n))
	}
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}

func BenchmarkSum256(b *testing.B) {
	data := make([]byte, 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Sum256(data)
	}
}
