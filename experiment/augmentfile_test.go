package experiment

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

func TestAugmentPlanWriteSummary(t *testing.T) {
	p := &AugmentPlan{Output: "aug.tsv"}
	m := &stressset.AugmentManifest{Output: stressset.FileInfo{Path: "aug.tsv", Sentences: 6},
		Parts: []stressset.Part{{Name: "original", Stats: perturb.Stats{Sentences: 3, Tokens: 20}},
			{Name: "key.1", Stats: perturb.Stats{Sentences: 3, Tokens: 20, Compared: true, TokensModified: 2}}}}
	var got, table bytes.Buffer
	if err := p.WriteSummary(&got, m); err != nil {
		t.Fatal(err)
	}
	perturb.WriteTable(&table, []perturb.NamedStats{{Name: "original", Stats: m.Parts[0].Stats}, {Name: "key.1", Stats: m.Parts[1].Stats}})
	if want := table.String() + "\nwrote aug.tsv (6 sentences) and aug.tsv.manifest.json\n"; got.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", got.String(), want)
	}
}

// allKinds returns every registered kind with its default options.
func allKinds(t *testing.T) []perturb.ManifestKind {
	t.Helper()
	var out []perturb.ManifestKind
	for _, k := range perturbkinds.All() {
		opts, err := k.Resolve(map[string]string{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, perturb.ManifestKind{Name: k.Name, Suffix: k.Suffix, Options: opts})
	}
	return out
}

// writeInScheme writes sents (IOB2) to dir/test.tsv with their tags in
// scheme s.
func writeInScheme(t *testing.T, dir string, sents []conll.Sentence, s iob.Scheme) string {
	t.Helper()
	conv := make([]conll.Sentence, len(sents))
	for i, sent := range sents {
		tags, err := iob.Convert(sent.Tags, iob.IOB2, s)
		if err != nil {
			t.Fatal(err)
		}
		sent.Tags = tags
		conv[i] = sent
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "test.tsv")
	if err := conll.WriteFile(path, conv, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

func readRaw(t *testing.T, path string) []conll.Sentence {
	t.Helper()
	sents, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sents
}

// TestAugmentScheme checks that an augmented set of an IOBES (IOB1)
// input is written in IOBES (IOB1), with the sentences of the IOB2
// route, and that its manifest records the scheme.
func TestAugmentScheme(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	sents = sents[:80]
	ks := allKinds(t)
	augment := func(s iob.Scheme) string {
		dir := filepath.Join(t.TempDir(), s.String())
		in := writeInScheme(t, dir, sents, s)
		p := &AugmentPlan{Input: in, Output: filepath.Join(dir, "aug.tsv"), Kinds: ks, Seed: 5,
			Selection: perturb.DefaultSelection(), Copies: 2, Workers: 2, Version: "test", Scheme: s}
		m, err := Augment(context.Background(), p)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		want := ""
		if s != iob.IOB2 {
			want = s.String()
		}
		if m.Scheme != want {
			t.Errorf("%v: manifest scheme %q, want %q", s, m.Scheme, want)
		}
		return p.Output
	}
	ref := augment(iob.IOB2)
	want := readRaw(t, ref)
	for _, s := range []iob.Scheme{iob.IOB1, iob.IOBES} {
		out := augment(s)
		got := readRaw(t, out)
		if len(got) != len(want) || len(got) < 3*len(sents) {
			t.Fatalf("%v: %d sentences, IOB2 route %d", s, len(got), len(want))
		}
		for i := range got {
			if v := iob.Validate(got[i].Tags, s); len(v) > 0 {
				t.Fatalf("%v: sentence %d not valid: %v", s, i+1, v[0])
			}
			tags, _ := iob.Convert(got[i].Tags, s, iob.IOB2)
			if !slices.Equal(got[i].Tokens, want[i].Tokens) || !slices.Equal(tags, want[i].Tags) {
				t.Fatalf("%v: sentence %d differs from the IOB2 route", s, i+1)
			}
		}
	}
}
