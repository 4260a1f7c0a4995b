package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

func readSents(t *testing.T, path string) []conll.Sentence {
	t.Helper()
	ss, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

func readAugmentManifest(t *testing.T, path string) stressset.AugmentManifest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m stressset.AugmentManifest
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAugmentSample(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "aug.tsv")
	if _, _, err := runCLI(t, "", "augment", "--in", "sample:train", "--kinds", "keyboard,swap", "--copies", "2", "-o", out); err != nil {
		t.Fatal(err)
	}
	orig, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	n := len(orig)
	got := readSents(t, out)
	if len(got) != 5*n {
		t.Fatalf("got %d sentences, want 5 x %d", len(got), n)
	}
	// The original comes first, unchanged.
	for i := range orig {
		if !slices.Equal(got[i].Tokens, orig[i].Tokens) || !slices.Equal(got[i].Tags, orig[i].Tags) {
			t.Fatalf("sentence %d of the original part differs", i+1)
		}
	}
	// Every copy keeps the labels (keyboard and swap edit characters
	// only), is valid IOB2 and changes some tokens.
	for part := 1; part < 5; part++ {
		changed := 0
		for i := range orig {
			s := got[part*n+i]
			if !slices.Equal(s.Tags, orig[i].Tags) || len(s.Tokens) != len(orig[i].Tokens) {
				t.Fatalf("part %d sentence %d: labels or length changed", part, i+1)
			}
			if len(iob.Validate(s.Tags, iob.IOB2)) != 0 {
				t.Fatalf("part %d sentence %d: invalid IOB2 %v", part, i+1, s.Tags)
			}
			if !slices.Equal(s.Tokens, orig[i].Tokens) {
				changed++
			}
		}
		if changed < n/2 {
			t.Errorf("part %d: only %d of %d sentences changed", part, changed, n)
		}
	}
	// Copies are seeded differently: key.1 and key.2 differ.
	same := 0
	for i := range orig {
		if slices.Equal(got[n+i].Tokens, got[3*n+i].Tokens) {
			same++
		}
	}
	if same > n/2 {
		t.Errorf("copies 1 and 2 agree on %d of %d sentences", same, n)
	}

	// Copy 1 of keyboard is exactly "stress perturb --kind keyboard".
	trainFile := writeTemp(t, "train.tsv", sampleTrainText(t))
	k1, _, err := runCLI(t, "", "perturb", "--kind", "keyboard", "--seed", "1", trainFile)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), k1) {
		t.Error("keyboard copy 1 is not the output of stress perturb --kind keyboard --seed 1")
	}

	m := readAugmentManifest(t, out+".manifest.json")
	sum := sha256.Sum256(data)
	if m.Output.SHA256 != hex.EncodeToString(sum[:]) || m.Output.Sentences != 5*n || m.Input.Sentences != n {
		t.Errorf("manifest output %+v, input %+v", m.Output, m.Input)
	}
	var names []string
	for i, p := range m.Parts {
		names = append(names, p.Name)
		if p.First != i*n {
			t.Errorf("part %s starts at %d, want %d", p.Name, p.First, i*n)
		}
	}
	if want := []string{"original", "key.1", "swap.1", "key.2", "swap.2"}; !slices.Equal(names, want) {
		t.Errorf("parts %v, want %v", names, want)
	}
	if m.Parts[1].Seed != 1 || m.Parts[3].Seed != experiment.CopySeed(1, 1) || m.Parts[3].Seed == 1 {
		t.Errorf("copy seeds %d, %d", m.Parts[1].Seed, m.Parts[3].Seed)
	}
	if m.Parts[1].Stats.TokensModified == 0 || m.Parts[0].Stats.Sentences != n {
		t.Errorf("part stats: %+v / %+v", m.Parts[0].Stats, m.Parts[1].Stats)
	}
	log, err := os.ReadFile(out + ".changes.tsv")
	if err != nil || !strings.Contains(string(log), "\nkey.2\t") {
		t.Errorf("change log lacks copy 2 (err %v)", err)
	}
}

func sampleTrainText(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	ss, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	w := conll.NewWriter(&b)
	for _, s := range ss {
		w.Write(s)
	}
	w.Flush()
	return b.String()
}

func TestAugmentDeterministic(t *testing.T) {
	dir := t.TempDir()
	train := writeTemp(t, "train.tsv", tinyCorpus)
	var outs []string
	for _, workers := range []string{"1", "2", "1"} {
		out := filepath.Join(dir, "aug.tsv")
		if _, _, err := runCLI(t, "", "augment", "--in", train, "--copies", "3", "--kinds", "swap,keyboard",
			"--shuffle", "--seed", "7", "--workers", workers, "--force", "-o", out); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(out)
		man, _ := os.ReadFile(out + ".manifest.json")
		outs = append(outs, string(data)+string(man))
	}
	if outs[0] != outs[1] || outs[0] != outs[2] {
		t.Error("same seed, different output")
	}
	out2 := filepath.Join(dir, "seed8.tsv")
	if _, _, err := runCLI(t, "", "augment", "--in", train, "--copies", "3", "--kinds", "swap,keyboard",
		"--shuffle", "--seed", "8", "-o", out2); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out2)
	if strings.HasPrefix(outs[0], string(data)) {
		t.Error("seeds 7 and 8 give the same output")
	}
}

func TestAugmentShuffleAndMix(t *testing.T) {
	dir := t.TempDir()
	train := writeTemp(t, "train.tsv", "-DOCSTART-\tO\n\n"+tinyCorpus)
	plain := filepath.Join(dir, "plain.tsv")
	shuf := filepath.Join(dir, "shuf.tsv")
	pert := filepath.Join(dir, "pert.tsv")
	common := []string{"augment", "--in", train, "--copies", "4", "--kinds", "keyboard"}
	for _, c := range [][]string{
		append(slices.Clone(common), "-o", plain),
		append(slices.Clone(common), "--shuffle", "-o", shuf),
		append(slices.Clone(common), "--mix", "perturbed", "-o", pert),
	} {
		if _, _, err := runCLI(t, "", c...); err != nil {
			t.Fatal(c, err)
		}
	}
	key := func(ss []conll.Sentence) []string {
		var ks []string
		for _, s := range ss {
			ks = append(ks, strings.Join(s.Tokens, " ")+"\t"+strings.Join(s.Tags, " "))
		}
		return ks
	}
	p, s, q := key(readSents(t, plain)), key(readSents(t, shuf)), key(readSents(t, pert))
	if len(p) != 5*4 || len(q) != 4*4 {
		t.Fatalf("got %d and %d sentences, want 20 and 16", len(p), len(q))
	}
	if !slices.Equal(p[4:], q) {
		t.Error("--mix perturbed is not the perturbed part of original+perturbed")
	}
	if slices.Equal(p, s) {
		t.Error("--shuffle kept the order")
	}
	ps, ss := slices.Clone(p), slices.Clone(s)
	sort.Strings(ps)
	sort.Strings(ss)
	if !slices.Equal(ps, ss) {
		t.Error("--shuffle is not a permutation of the unshuffled set")
	}
	if data, _ := os.ReadFile(shuf); strings.Contains(string(data), "-DOCSTART-") {
		t.Error("shuffled output kept document markers")
	}
	if data, _ := os.ReadFile(plain); strings.Count(string(data), "-DOCSTART-") != 5 {
		t.Error("unshuffled output should keep one document marker per part")
	}
}

func TestAugmentSynonymLabelsValid(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the default concept store")
	}
	out := filepath.Join(t.TempDir(), "syn.tsv")
	if _, _, err := runCLI(t, "", "augment", "--in", "sample:train", "--kinds", "synonym", "-o", out); err != nil {
		t.Fatal(err)
	}
	orig, _ := sample.Train()
	got := readSents(t, out)
	if len(got) != 2*len(orig) {
		t.Fatalf("got %d sentences, want %d", len(got), 2*len(orig))
	}
	replaced := 0
	for i, s := range got[len(orig):] {
		if len(iob.Validate(s.Tags, iob.IOB2)) != 0 {
			t.Fatalf("sentence %d: invalid IOB2 %v", i+1, s.Tags)
		}
		if !slices.Equal(s.Tokens, orig[i].Tokens) {
			replaced++
		}
	}
	m := readAugmentManifest(t, out+".manifest.json")
	if replaced == 0 || m.Parts[1].Stats.MentionsReplaced == 0 {
		t.Errorf("no mention replaced (%d sentences changed)", replaced)
	}
}

func TestAugmentErrors(t *testing.T) {
	dir := t.TempDir()
	train := writeTemp(t, "train.tsv", tinyCorpus)
	bad := writeTemp(t, "bad.tsv", "Aspirin\tB-Chemical\ncauses\n\n")
	exists := writeTemp(t, "exists.tsv", "keep me\n")
	for _, c := range []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"no input", []string{"-o", filepath.Join(dir, "a.tsv")}, true, "--in"},
		{"no output", []string{"--in", train}, true, "-o OUT"},
		{"bad mix", []string{"--in", train, "--mix", "both", "-o", filepath.Join(dir, "b.tsv")}, true, "mix"},
		{"no copies", []string{"--in", train, "--copies", "0", "-o", filepath.Join(dir, "c.tsv")}, true, "copies"},
		{"unknown kind", []string{"--in", train, "--kinds", "typo", "-o", filepath.Join(dir, "d.tsv")}, true, "typo"},
		{"twice", []string{"--in", train, "--kinds", "swap,swap", "-o", filepath.Join(dir, "e.tsv")}, true, "twice"},
		{"argument", []string{"--in", train, "-o", filepath.Join(dir, "f.tsv"), "extra"}, true, "no arguments"},
		{"missing file", []string{"--in", filepath.Join(dir, "none.tsv"), "-o", filepath.Join(dir, "g.tsv")}, false, "none.tsv"},
		{"bad line", []string{"--in", bad, "-o", filepath.Join(dir, "h.tsv")}, false, "bad.tsv:2"},
		{"exists", []string{"--in", train, "-o", exists}, false, "exists"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", append([]string{"augment"}, c.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v (usage %v), want %q (usage %v)", err, errors.Is(err, errUsage), c.want, c.usage)
			}
		})
	}
	_, _, err := runCLI(t, "", "augment", "--in", train, "-o", exists)
	if !errors.Is(err, atomicfile.ErrExists) {
		t.Errorf("existing output: %v", err)
	}
	if data, _ := os.ReadFile(exists); string(data) != "keep me\n" {
		t.Error("existing output was overwritten")
	}
	// A failed run leaves nothing behind.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("left %s behind", e.Name())
	}
}
