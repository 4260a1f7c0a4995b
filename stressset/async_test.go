package stressset

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestAsyncWriter checks that what goes through an asyncWriter, in
// writes of any size around the chunk size and with flushes between,
// reaches the underlying writer and the hash whole and in order.
func TestAsyncWriter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, total := range []int{0, 1, chunkSize - 1, chunkSize, chunkSize + 1, 5*chunkSize + 17} {
		data := make([]byte, total)
		for i := range data {
			data[i] = byte(r.IntN(256))
		}
		var out bytes.Buffer
		h := sha256.New()
		w := newAsyncWriter(&out, h)
		for rest := data; len(rest) > 0; {
			n := min(len(rest), r.IntN(2*chunkSize)+1)
			if k, err := w.Write(rest[:n]); k != n || err != nil {
				t.Fatalf("Write = %d, %v", k, err)
			}
			rest = rest[n:]
			if r.IntN(8) == 0 {
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				if got := out.Len(); got != total-len(rest) {
					t.Fatalf("after Flush %d bytes out, want %d", got, total-len(rest))
				}
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("%d bytes: output differs", total)
		}
		if want := sha256.Sum256(data); !bytes.Equal(h.Sum(nil), want[:]) {
			t.Fatalf("%d bytes: hash differs", total)
		}
	}
}

var errDiskFull = errors.New("disk full")

type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n < len(p) {
		return 0, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestAsyncWriterError checks that a failed write is reported by Flush,
// Close and the writes after it.
func TestAsyncWriterError(t *testing.T) {
	w := newAsyncWriter(&failAfter{n: chunkSize}, nil)
	p := make([]byte, chunkSize/2)
	var err error
	for i := 0; i < 16 && err == nil; i++ {
		_, err = w.Write(p)
		if err == nil && i%4 == 3 {
			err = w.Flush()
		}
	}
	if !errors.Is(err, errDiskFull) {
		t.Fatalf("error %v, want %v", err, errDiskFull)
	}
	if _, err := w.Write(p); !errors.Is(err, errDiskFull) {
		t.Errorf("Write after failure: %v", err)
	}
	if err := w.Close(); !errors.Is(err, errDiskFull) {
		t.Errorf("Close: %v", err)
	}
}

func BenchmarkAsyncWriter(b *testing.B) {
	p := make([]byte, 48<<10) // about a batch of formatted sentences
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	w := newAsyncWriter(discardWriter{}, sha256.New())
	for b.Loop() {
		w.Write(p)
	}
	w.Close()
}

type discardWriter struct{}

func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }
