package pubtator_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
)

// BenchmarkRoundTrip reads PubTator documents as sentences (segmenting
// and tagging them) and writes them back (rebuilding and checking each
// document): the work a build adds for a PubTator input and output.
// With STRESS_BENCH_CDR set it runs on the CDR development set.
func BenchmarkRoundTrip(b *testing.B) {
	in, err := os.ReadFile("testdata/cdr3.pubtator")
	if err != nil {
		b.Fatal(err)
	}
	in = bytes.Repeat(in, 100)
	if os.Getenv("STRESS_BENCH_CDR") != "" {
		if in, err = os.ReadFile(shared + "pubtator/CDR_DevelopmentSet.PubTator.txt"); err != nil {
			b.Skip(err)
		}
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := standoff.NewReader(pubtator.NewDecoder(bytes.NewReader(in), "in"), "in")
		w := standoff.NewWriter(pubtator.NewEncoder(io.Discard), r.Corpus())
		if err := conll.Copy(w, r); err != nil {
			b.Fatal(err)
		}
	}
}
