package perturb_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/stress-ner/stress/internal/limit"
)

// BenchmarkLimitPerturb is the limit beside BenchmarkApply, on the same
// input: the least a perturber must do (internal/limit: change one byte
// of every word of 6+ letters and write the file), so that their ratio
// is stress perturb's distance from the limit (issue 34).
func BenchmarkLimitPerturb(b *testing.B) {
	data := benchCorpus(b)
	if os.Getenv("STRESS_BIG_BENCH") != "" {
		data = bytes.Repeat(data, 6)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := limit.Perturb(bytes.NewReader(data), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
