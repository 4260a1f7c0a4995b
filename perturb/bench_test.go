package perturb_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/perturb/swap"
	"github.com/stress-ner/stress/sample"
)

// benchCorpus returns the embedded BC5CDR sample (512 sentences), or
// the whole of BC5CDR test with STRESS_BIG_BENCH set and ../shared
// present, as bytes of CoNLL text: "go test -bench . ./..." stays short.
func benchCorpus(b *testing.B) []byte {
	if os.Getenv("STRESS_BIG_BENCH") != "" {
		if data, err := os.ReadFile("../" + bc5cdrTest); err == nil {
			return data
		}
	}
	data, err := io.ReadAll(sample.TestReader())
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// sliceSource yields sentences from memory.
type sliceSource struct {
	s []conll.Sentence
	i int
}

func (r *sliceSource) Read() (conll.Sentence, error) {
	if r.i == len(r.s) {
		return conll.Sentence{}, io.EOF
	}
	r.i++
	return r.s[r.i-1], nil
}

func readAll(tb testing.TB, data []byte) []conll.Sentence {
	r := conll.NewReader(bytes.NewReader(data))
	var out []conll.Sentence
	for {
		s, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, s)
	}
}

func benchPipeline(b *testing.B, method string, endToEnd bool) {
	data := benchCorpus(b)
	sents := readAll(b, data)
	opts := perturb.DefaultSelection()
	opts.Method = method
	sel, err := perturb.NewSelectorTagger(opts, 1, posTagger(b, opts))
	if err != nil {
		b.Fatal(err)
	}
	kb, _ := keyboard.LoadLayout("qwerty")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var src conll.SentenceReader = &sliceSource{s: sents}
		var kw, sw, lw *conll.Writer
		var k, s perturb.Sink = discard{}, discard{}
		if endToEnd {
			src = conll.NewReader(bytes.NewReader(data))
			kw, sw = conll.NewWriter(io.Discard), conll.NewWriter(io.Discard)
			k, s = kw, sw
		}
		p := &perturb.Pipeline{Seed: 1, Selector: sel, Steps: []perturb.Step{
			{Name: "keyboard", File: "k", Perturbation: keyboard.New(kb), Out: k},
			{Name: "swap", File: "s", Perturbation: &swap.Swap{}, Out: s},
		}}
		if endToEnd {
			p.ChangeLog = &rowLog{}
		}
		if _, err := p.Run(context.Background(), src); err != nil {
			b.Fatal(err)
		}
		if kw != nil {
			kw.Flush()
			sw.Flush()
		}
		_ = lw
	}
}

// BenchmarkPipeline measures perturbing in memory (K and W together):
// selection, two perturbations, checks and statistics.
func BenchmarkPipeline(b *testing.B) { benchPipeline(b, perturb.SelectLexical, false) }

// BenchmarkPipelineEndToEnd adds CoNLL parsing, writing both outputs and
// the change log: the work of "stress build" without the disk.
func BenchmarkPipelineEndToEnd(b *testing.B) { benchPipeline(b, perturb.SelectLexical, true) }

// BenchmarkPipelinePOS is BenchmarkPipeline with prose POS selection.
func BenchmarkPipelinePOS(b *testing.B) { benchPipeline(b, perturb.SelectPOS, false) }

// BenchmarkReadWrite is the floor under BenchmarkPipelineEndToEnd: the
// same corpus read and written twice with package conll, no perturbation.
func BenchmarkReadWrite(b *testing.B) {
	data := benchCorpus(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := conll.NewReader(bytes.NewReader(data))
		w1, w2 := conll.NewWriter(io.Discard), conll.NewWriter(io.Discard)
		for {
			s, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			w1.Write(s)
			w2.Write(s)
		}
		w1.Flush()
		w2.Flush()
	}
}
