package experiment

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

func TestAugmenterParts(t *testing.T) {
	orig := corpus()
	n := len(orig)
	a := &Augmenter{Seed: 3, Selection: perturb.DefaultSelection(), Kinds: kinds(t, "keyboard", "swap"), Copies: 2}
	out, parts := runAugment(t, a, orig)
	if len(out) != 5*n {
		t.Fatalf("%d sentences, want %d", len(out), 5*n)
	}
	want := []struct {
		name string
		kind string
		copy int
		seed uint64
	}{
		{"original", "", 0, 0}, {"key.1", "keyboard", 1, 3}, {"swap.1", "swap", 1, 3},
		{"key.2", "keyboard", 2, CopySeed(3, 1)}, {"swap.2", "swap", 2, CopySeed(3, 1)},
	}
	for i, w := range want {
		p := parts[i]
		if p.Name != w.name || p.Kind != w.kind || p.Copy != w.copy || p.Seed != w.seed || p.First != i*n {
			t.Errorf("part %d = %+v, want %+v first %d", i, p, w, i*n)
		}
		if p.Stats.Sentences != n {
			t.Errorf("part %s: stats count %d sentences", p.Name, p.Stats.Sentences)
		}
	}
	if !slices.Equal(text(out[:n]), text(orig)) {
		t.Error("original part differs from the input")
	}
	// Each copy is exactly one pipeline run with the copy's seed.
	for i, p := range parts[1:] {
		sel, _ := perturb.NewSelector(a.Selection, p.Seed)
		var c collector
		k := a.Kinds[i%2]
		pl := &perturb.Pipeline{Seed: p.Seed, Selector: sel, Workers: 1,
			Steps: []perturb.Step{{Name: k.Kind.Name, File: p.Name, Perturbation: k.Perturbation, Out: &c}}}
		if _, err := pl.Run(context.Background(), &conll.SliceReader{Sentences: orig}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(text(out[p.First:p.First+n]), text(c.sents)) {
			t.Errorf("part %s is not the pipeline's output for seed %d", p.Name, p.Seed)
		}
	}
	if slices.Equal(text(out[n:2*n]), text(out[3*n:4*n])) {
		t.Error("keyboard copies 1 and 2 are identical")
	}
}

// TestAugmenterProperties checks invariants over random settings:
// sentence count, labels kept, order independent of workers, shuffle a
// permutation of the unshuffled set.
func TestAugmenterProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	orig := corpus()
	all := []string{"keyboard", "swap"}
	for iter := 0; iter < 30; iter++ {
		names := all[:1+r.IntN(2)]
		if r.IntN(2) == 0 {
			names = []string{all[1], all[0]}[:len(names)]
		}
		a := &Augmenter{Seed: r.Uint64(), Selection: perturb.DefaultSelection(), Kinds: kinds(t, names...),
			Copies: 1 + r.IntN(3), Workers: 1 + r.IntN(3)}
		if r.IntN(2) == 0 {
			a.Mix = mixPerturbed
		}
		out, parts := runAugment(t, a, orig)
		perCopy := len(names) * a.Copies
		wantParts := perCopy
		if a.Mix != mixPerturbed {
			wantParts++
		}
		if len(parts) != wantParts || len(out) != wantParts*len(orig) {
			t.Fatalf("%+v: %d parts, %d sentences", a, len(parts), len(out))
		}
		for i, s := range out {
			o := orig[i%len(orig)]
			if !slices.Equal(s.Tags, o.Tags) || len(s.Tokens) != len(o.Tokens) {
				t.Fatalf("sentence %d: labels changed", i)
			}
		}
		b := *a
		b.Workers = 1
		out1, _ := runAugment(t, &b, orig)
		if !slices.Equal(text(out), text(out1)) {
			t.Fatal("output depends on the number of workers")
		}
		b.Shuffle = true
		shuf, _ := runAugment(t, &b, orig)
		x, y := text(out), text(shuf)
		sort.Strings(x)
		sort.Strings(y)
		if !slices.Equal(x, y) {
			t.Fatal("shuffle is not a permutation")
		}
		for _, s := range shuf {
			if s.DocStart || s.DocLine != "" {
				t.Fatal("shuffle kept a document marker")
			}
		}
	}
}

func TestAugmenterErrors(t *testing.T) {
	ok := kinds(t, "keyboard")
	for _, c := range []struct {
		name  string
		a     Augmenter
		sents []conll.Sentence
		want  error
	}{
		{"no copies", Augmenter{Kinds: ok, Selection: perturb.DefaultSelection()}, corpus(), ErrOption},
		{"no kinds", Augmenter{Copies: 1, Selection: perturb.DefaultSelection()}, corpus(), ErrOption},
		{"twice", Augmenter{Copies: 1, Kinds: append(ok, ok...), Selection: perturb.DefaultSelection()}, corpus(), ErrOption},
		{"incomplete", Augmenter{Copies: 1, Kinds: []*perturb.BuiltKind{{Kind: &perturb.Kind{Name: "x"}}}, Selection: perturb.DefaultSelection()}, corpus(), ErrOption},
		{"bad mix", Augmenter{Copies: 1, Kinds: ok, Mix: "all", Selection: perturb.DefaultSelection()}, corpus(), ErrOption},
		{"no data", Augmenter{Copies: 1, Kinds: ok, Selection: perturb.DefaultSelection()}, nil, ErrNoData},
		{"bad selection", Augmenter{Copies: 1, Kinds: ok, Selection: perturb.Selection{Method: "nope"}}, corpus(), perturb.ErrOption},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.a.Run(context.Background(), c.sents, &collector{})
			if !errors.Is(err, c.want) {
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
}

// badPerturbation changes a token without logging it: the pipeline's
// output check must stop the run.
type badPerturbation struct{}

func (badPerturbation) Perturb(s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	s = s.Clone()
	s.Tokens[0] += "x"
	return s, nil
}
func (badPerturbation) Check(perturb.Change) error { return nil }

func TestAugmenterChecksOutput(t *testing.T) {
	a := &Augmenter{Copies: 1, Selection: perturb.DefaultSelection(),
		Kinds: []*perturb.BuiltKind{{Kind: &perturb.Kind{Name: "bad", Suffix: "bad"}, Perturbation: badPerturbation{}}}}
	_, err := a.Run(context.Background(), corpus(), &collector{})
	if !errors.Is(err, perturb.ErrCheck) {
		t.Errorf("got %v, want ErrCheck", err)
	}
}

func TestCopySeed(t *testing.T) {
	if CopySeed(42, 0) != 42 {
		t.Error("copy 0 must use the seed itself")
	}
	seen := map[uint64]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		for c := 0; c < 50; c++ {
			s := CopySeed(seed, c)
			if c > 0 && seen[s] {
				t.Fatalf("CopySeed(%d, %d) = %d repeats", seed, c, s)
			}
			seen[s] = true
		}
	}
}

func TestParseMix(t *testing.T) {
	for in, want := range map[string]string{"": MixOriginalPerturbed, MixOriginalPerturbed: MixOriginalPerturbed, mixPerturbed: mixPerturbed} {
		if got, err := ParseMix(in); err != nil || got != want {
			t.Errorf("ParseMix(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"original", "Perturbed", "perturbed+original", " perturbed"} {
		if _, err := ParseMix(in); !errors.Is(err, ErrOption) {
			t.Errorf("ParseMix(%q): %v", in, err)
		}
	}
}

func FuzzParseMix(f *testing.F) {
	for _, s := range []string{"", MixOriginalPerturbed, mixPerturbed, "original", " perturbed"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseMix(s)
		valid := s == "" || s == MixOriginalPerturbed || s == mixPerturbed
		if valid != (err == nil) {
			t.Fatalf("ParseMix(%q) error %v", s, err)
		}
		if err == nil && got != MixOriginalPerturbed && got != mixPerturbed {
			t.Fatalf("ParseMix(%q) = %q", s, got)
		}
	})
}

// TestAugmenterChangedOnlyAndRatio: --changed-only writes exactly the
// sentences a copy changed, --ratio a seeded share of them, the same for
// any number of workers; the change log has rows only for sentences
// written; a document marker of a sentence left out moves to the next
// sentence kept.
func TestAugmenterChangedOnlyAndRatio(t *testing.T) {
	// The sample's training part: long enough for a share to mean something.
	// A document that starts with a sentence no typo changes (no word of
	// 6 letters): its marker must move to the document's next sentence.
	orig := []conll.Sentence{{Tokens: []string{"It", "is", "so", "."}, Tags: []string{"O", "O", "O", "O"}, DocStart: true, DocLine: "-DOCSTART-\tO"}}
	for range 40 {
		orig = append(orig, corpus()...)
	}
	run := func(changedOnly bool, ratio float64, workers int) ([]conll.Sentence, []stressset.Part, []perturb.Change) {
		var changes []perturb.Change
		a := &Augmenter{Seed: 5, Selection: perturb.DefaultSelection(), Kinds: kinds(t, "keyboard"), Copies: 1,
			Mix: mixPerturbed, ChangedOnly: changedOnly, Ratio: ratio, Workers: workers,
			Changes: func(c perturb.Change) error { changes = append(changes, c); return nil }}
		out, parts := runAugment(t, a, orig)
		return out, parts, changes
	}
	all, _, allChanges := run(false, 0, 1)
	changed := map[int]bool{}
	for _, c := range allChanges {
		changed[c.Sentence] = true
	}
	out, parts, changes := run(true, 0, 1)
	if len(out) != len(changed) || parts[0].Written == nil || *parts[0].Written != len(changed) {
		t.Fatalf("--changed-only wrote %d sentences (part says %v), %d were changed", len(out), parts[0].Written, len(changed))
	}
	var want []conll.Sentence
	for i, s := range all {
		if changed[i] {
			want = append(want, s)
		}
	}
	if !slices.Equal(text(out), text(want)) {
		t.Error("--changed-only did not write the changed sentences of the full copy, in order")
	}
	if len(changes) != len(allChanges) {
		t.Errorf("--changed-only logged %d changes, the full copy %d", len(changes), len(allChanges))
	}
	if changed[0] || !changed[1] || !out[0].DocStart || out[0].DocLine != "-DOCSTART-\tO" {
		t.Errorf("the document's marker did not move to its first sentence written: %+v", out[0])
	}
	// A share, drawn per sentence: the same for any workers, a subset,
	// its changes those of the sentences written.
	half, parts, halfChanges := run(true, 0.5, 1)
	half3, _, _ := run(true, 0.5, 3)
	if !slices.Equal(text(half), text(half3)) {
		t.Error("--ratio depends on the workers")
	}
	if n := len(half); n == 0 || n >= len(out) || *parts[0].Written != n {
		t.Errorf("--ratio 0.5 of %d changed sentences wrote %d (part says %d)", len(out), n, *parts[0].Written)
	}
	kept := map[int]bool{}
	for _, c := range halfChanges {
		kept[c.Sentence] = true
	}
	if len(kept) != len(half) {
		t.Errorf("--ratio: changes of %d sentences logged, %d written", len(kept), len(half))
	}
}
