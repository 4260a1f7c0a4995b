package standoff_test

import (
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/iob"
)

func isWord(t string) bool {
	return strings.IndexFunc(t, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') }) < 0
}

// randomWord returns a word of 1 to 12 letters.
func randomWord(r *rand.Rand) string {
	b := make([]byte, 1+r.IntN(12))
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// perturbRandomly changes tokens (any length) and replaces mentions by 1
// to 4 new words, as the kinds do, keeping mention count and order.
func perturbRandomly(s conll.Sentence, r *rand.Rand) conll.Sentence {
	var toks, tags []string
	spans := iob.Spans(s.Tags)
	i := 0
	for _, sp := range append(spans, iob.Span{Start: len(s.Tokens), End: len(s.Tokens)}) {
		for ; i < sp.Start; i++ {
			t := s.Tokens[i]
			// Words become other words of any length; punctuation
			// stays (no kind turns a period into a word).
			if r.IntN(3) == 0 && isWord(t) {
				t = randomWord(r)
			}
			toks, tags = append(toks, t), append(tags, s.Tags[i])
		}
		if sp.End == sp.Start {
			break
		}
		if r.IntN(2) == 0 {
			n := 1 + r.IntN(4)
			for k := range n {
				toks = append(toks, randomWord(r))
				if k == 0 {
					tags = append(tags, "B-"+sp.Type)
				} else {
					tags = append(tags, "I-"+sp.Type)
				}
			}
		} else {
			toks, tags = append(toks, s.Tokens[sp.Start:sp.End]...), append(tags, s.Tags[sp.Start:sp.End]...)
		}
		i = sp.End
	}
	return conll.Sentence{Tokens: toks, Tags: tags, DocStart: s.DocStart}
}

// TestRandomPerturbations rebuilds the CDR fixture documents around
// randomly perturbed sentences: every document passes the check, keeps
// its annotations and relations, and reads back, split like the
// original, as the perturbed sentences.
func TestRandomPerturbations(t *testing.T) {
	in, err := os.ReadFile("../pubtator/testdata/cdr3.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 1))
		rd := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(string(in)), "in"), "in")
		var outs []conll.Sentence
		var b strings.Builder
		w := standoff.NewWriter(pubtator.NewEncoder(&b), rd.Corpus())
		for {
			s, err := rd.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			p := perturbRandomly(s, r)
			outs = append(outs, p)
			if err := w.Write(p); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		w.Flush()
		if err := w.Error(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got, want := strings.Count(b.String(), "\n"), strings.Count(string(in), "\n"); got != want {
			t.Fatalf("seed %d: %d lines, want %d", seed, got, want)
		}
		back := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(b.String()), "out"), "out")
		if err := back.ReadLike(rd.Corpus()); err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			s, err := back.Read()
			if err == io.EOF {
				if i != len(outs) {
					t.Fatalf("seed %d: %d sentences read back, want %d", seed, i, len(outs))
				}
				break
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !slices.Equal(s.Tokens, outs[i].Tokens) || !slices.Equal(s.Tags, outs[i].Tags) {
				t.Fatalf("seed %d sentence %d:\n%v %v\nwant\n%v %v", seed, i, s.Tokens, s.Tags, outs[i].Tokens, outs[i].Tags)
			}
		}
	}
}
