package stressset

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
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
)

// allKinds returns every registered kind with its default options.
func allKinds(t *testing.T) []perturb.ManifestKind {
	t.Helper()
	var out []perturb.ManifestKind
	for _, k := range kinds.All() {
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

// TestRunScheme builds the sample in IOB1 and IOBES with every kind and
// checks each output against the IOB2 build of the same sentences: valid
// in the input's scheme, and the same tokens and entities (converted to
// IOB2, the same tags) sentence by sentence, so a scheme changes nothing
// but how tags are written. The manifest records the scheme, --from
// regenerates the build, and Open reads the sets back as IOB2.
func TestRunScheme(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	sents = sents[:150]
	ks := allKinds(t)
	run := func(path string, s iob.Scheme) *Plan {
		t.Helper()
		inputs, err := Inputs([]string{path})
		if err != nil {
			t.Fatal(err)
		}
		plan := &Plan{Seed: 3, Selection: perturb.DefaultSelection(), Kinds: ks, Inputs: inputs,
			Dir: filepath.Join(filepath.Dir(path), "out"), Workers: 2, Version: "test", Scheme: s}
		if _, err := Run(context.Background(), plan); err != nil {
			t.Fatalf("%v build: %v", s, err)
		}
		return plan
	}
	ref := run(writeInScheme(t, filepath.Join(t.TempDir(), "iob2"), sents, iob.IOB2), iob.IOB2)
	refB, err := Open(ref.Dir)
	if err != nil {
		t.Fatal(err)
	}
	refSets, err := refB.Sets(&refB.Manifest.Inputs[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []iob.Scheme{iob.IOB1, iob.IOBES} {
		t.Run(s.String(), func(t *testing.T) {
			plan := run(writeInScheme(t, filepath.Join(t.TempDir(), s.String()), sents, s), s)
			entities := 0
			for _, mk := range ks {
				name := "test_" + mk.Suffix + ".tsv"
				want := readRaw(t, filepath.Join(ref.Dir, name))
				got := readRaw(t, filepath.Join(plan.Dir, name))
				if len(got) != len(want) {
					t.Fatalf("%s: %d sentences, IOB2 build has %d", name, len(got), len(want))
				}
				for i := range got {
					if v := iob.Validate(got[i].Tags, s); len(v) > 0 {
						t.Fatalf("%s: sentence %d not valid %v: %v", name, i+1, s, v[0])
					}
					tags, err := iob.Convert(got[i].Tags, s, iob.IOB2)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(got[i].Tokens, want[i].Tokens) || !slices.Equal(tags, want[i].Tags) {
						t.Fatalf("%s: sentence %d differs from the IOB2 build:\n got %q %q\nwant %q %q",
							name, i+1, got[i].Tokens, tags, want[i].Tokens, want[i].Tags)
					}
					entities += len(iob.Spans(tags))
				}
			}
			if entities == 0 {
				t.Fatal("no entities in the outputs")
			}
			// The change log describes the same changes, and says in
			// which scheme.
			a, _ := os.ReadFile(filepath.Join(ref.Dir, ChangesName))
			b, _ := os.ReadFile(filepath.Join(plan.Dir, ChangesName))
			head, rows, _ := bytes.Cut(a, []byte("\n"))
			want := slices.Concat(head, []byte("\tscheme\n"), bytes.ReplaceAll(rows, []byte("\n"), []byte("\t"+s.String()+"\n")))
			if !bytes.Equal(b, want) {
				t.Errorf("change log is not the IOB2 build's with a scheme column:\n%.300s", b)
			}

			m, err := ReadManifest(filepath.Join(plan.Dir, ManifestName))
			if err != nil {
				t.Fatal(err)
			}
			if m.Scheme != s.String() {
				t.Errorf("manifest scheme %q, want %q", m.Scheme, s)
			}
			before := dirFiles(t, plan.Dir)
			again, err := FromManifest(filepath.Join(plan.Dir, ManifestName), "")
			if err != nil {
				t.Fatal(err)
			}
			if again.Scheme != s {
				t.Fatalf("FromManifest scheme %v, want %v", again.Scheme, s)
			}
			again.Version = "test"
			if _, err := Run(context.Background(), again); err != nil {
				t.Fatalf("--from: %v", err)
			}
			after := dirFiles(t, plan.Dir)
			for name, b := range before {
				if !bytes.Equal(b, after[name]) {
					t.Errorf("--from changed %s", name)
				}
			}

			// Read back for comparison, the sets are IOB2, as the IOB2
			// build's are.
			bld, err := Open(plan.Dir)
			if err != nil {
				t.Fatal(err)
			}
			sets, err := bld.Sets(&bld.Manifest.Inputs[0])
			if err != nil {
				t.Fatal(err)
			}
			for i := range sets {
				for j := range sets[i].Gold {
					if !slices.Equal(sets[i].Gold[j].Tags, refSets[i].Gold[j].Tags) {
						t.Fatalf("set %s sentence %d: tags %q, IOB2 build %q", sets[i].Name, j+1, sets[i].Gold[j].Tags, refSets[i].Gold[j].Tags)
					}
				}
			}
		})
	}
}

// TestRunSchemeRefused checks that a build in the wrong scheme stops at
// the first offending tag and writes nothing.
func TestRunSchemeRefused(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := writeInScheme(t, dir, sents[:50], iob.IOBES)
	inputs, _ := Inputs([]string{path})
	out := filepath.Join(dir, "out")
	plan := &Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: allKinds(t)[:1], Inputs: inputs, Dir: out, Workers: 2}
	_, err = Run(context.Background(), plan)
	if err == nil {
		t.Fatal("IOBES input built as IOB2")
	}
	if pe, ok := err.(*conll.ParseError); !ok || pe.Line == 0 {
		t.Fatalf("error %v (%T), want a ParseError with a line", err, err)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 0 {
		t.Fatalf("refused build left %d files", len(ents))
	}
}
