package perturb_test

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/pos"
	"github.com/stress-ner/stress/sample"
)

// applyFile perturbs data as "stress perturb" does (a conll.File read
// in scheme, without statistics) with workers workers, and returns the
// output and the error.
func applyFile(t *testing.T, data []byte, k *perturb.Kind, opts perturb.ApplyOptions, scheme iob.Scheme, repair bool) ([]byte, error) {
	t.Helper()
	in, err := conll.OpenReader(bytes.NewReader(data), "in.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if repair {
		err = in.SetSchemeRepair(scheme, func(conll.Repair) {})
	} else {
		err = in.SetScheme(scheme)
	}
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := conll.NewSchemeWriter(conll.NewWriter(&out), scheme)
	opts.NoStats, opts.Input = true, "in.tsv"
	n, err := perturb.ApplyPlain(context.Background(), k, opts, in, w)
	if opts.Workers > 1 && n > 0 {
		t.Fatalf("%d sentences on the plain path with %d workers", n, opts.Workers)
	}
	plainCount = n
	return out.Bytes(), err
}

// plainCount is how many sentences the plain path perturbed in the last
// applyFile.
var plainCount int

// samePaths perturbs data with one worker (the plain path, for the
// sentences it takes) and with two (the batches) and fails when the
// outputs or errors differ.
func samePaths(t *testing.T, name string, data []byte, k *perturb.Kind, opts perturb.ApplyOptions, scheme iob.Scheme, repair bool) {
	t.Helper()
	opts.Workers = 1
	plain, perr := applyFile(t, data, k, opts, scheme, repair)
	onPlain := plainCount
	defer func() {
		// Where the plain path may take sentences, it takes most.
		if want := scheme == iob.IOB2 && !repair && perr == nil; want && onPlain < bytes.Count(data, []byte("\n\n"))/2 || !want && onPlain > 0 {
			t.Errorf("%s: %s: %d sentences on the plain path", name, k.Name, onPlain)
		}
	}()
	opts.Workers = 2
	batches, berr := applyFile(t, data, k, opts, scheme, repair)
	if (perr == nil) != (berr == nil) || perr != nil && perr.Error() != berr.Error() {
		t.Fatalf("%s: %s seed %d: error %v with one worker, %v with two", name, k.Name, opts.Seed, perr, berr)
	}
	if !bytes.Equal(plain, batches) {
		i := 0
		for i < len(plain) && i < len(batches) && plain[i] == batches[i] {
			i++
		}
		t.Fatalf("%s: %s seed %d: outputs differ at byte %d: %q, batches %q", name, k.Name, opts.Seed, i,
			plain[max(0, i-40):min(len(plain), i+40)], batches[max(0, i-40):min(len(batches), i+40)])
	}
}

// wordEditorKinds returns the registered kinds whose perturbation is a
// WordEditor: those the plain path perturbs.
func wordEditorKinds(t *testing.T) []*perturb.Kind {
	var out []*perturb.Kind
	for _, k := range perturb.All() {
		if !k.UsesSelection {
			continue
		}
		p, err := k.New(nil)
		if err != nil {
			continue // needs options (a store): not a word editor
		}
		if _, ok := p.(perturb.WordEditor); ok {
			out = append(out, k)
		}
		if c, ok := p.(io.Closer); ok {
			c.Close()
		}
	}
	if len(out) < 7 {
		t.Fatalf("%d word-editing kinds, want the seven of the contract", len(out))
	}
	return out
}

// mixedInput has plain sentences between every kind of line the plain
// path leaves to the batches: document markers, a third column, spaces
// between columns, a carriage return, trailing blanks, runs of blank
// lines, non-ASCII tokens, a lone blank-only line, and a last sentence
// without its blank line.
const mixedInput = "-DOCSTART-\tO\n\nSelegiline\tB-Chemical\n-\tO\ninduced\tO\npostural\tB-Disease\nhypotension\tI-Disease\n\n" +
	"Patients\tNNS\tO\nreceiving\tVBG\tO\nlevodopa\tNN\tB-Chemical\n\n" +
	"Symptomatic\tO\northostatic\tB-Disease\nhypotension\tI-Disease\n\n\n\n" +
	"was spaced O\nhereafter O\n\n" +
	"carriage\tO\nreturned\tO\r\n\n" +
	"trailing\tO \nblanks\tO\t\n\n" +
	"Naïve\tO\nmédicaments\tB-Chemical\nthroughout\tO\n\n" +
	" \t\n\nconsiderable\tO\nimprovement\tO\n\n" +
	"-DOCSTART-\tO\nimmediately\tO\nafterwards\tO\n\nfinally\tO\nunterminated\tB-Disease"

// TestPlainPathMatchesBatches checks that the plain path (one worker)
// writes the bytes the batches (two workers) write: every word-editing
// kind on the sample, on a mix of plain and other sentences, and on the
// BC5CDR and NCBI-disease test sets when ../shared has them, with
// several seeds (one drawn at random, logged) and selections.
func TestPlainPathMatchesBatches(t *testing.T) {
	data, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	random := rand.Uint64()
	t.Logf("random seed %d", random)
	seeds := []uint64{1, 2, 7, random}
	selections := []*perturb.Selection{nil,
		{Method: perturb.SelectLexical, Rate: 0.5, Targets: perturb.TargetsAll, MinLength: 6},
		{Method: perturb.SelectAll, Rate: 1, Targets: perturb.TargetsEntities, MinLength: 3},
		{Method: perturb.SelectEntities, Rate: 0.7, Targets: perturb.TargetsAll, MinLength: 4},
		{Method: perturb.SelectLexical, Rate: 1, Targets: perturb.TargetsContext, MinLength: 8},
	}
	for _, k := range wordEditorKinds(t) {
		for _, seed := range seeds {
			for _, sel := range selections {
				opts := perturb.ApplyOptions{Seed: seed, Selection: sel}
				samePaths(t, "sample", data, k, opts, iob.IOB2, false)
				samePaths(t, "mixed", []byte(mixedInput), k, opts, iob.IOB2, false)
			}
		}
		// Selection by part of speech.
		tagger, err := pos.Load()
		if err != nil {
			t.Fatal(err)
		}
		posSel := &perturb.Selection{Method: perturb.SelectPOS, Rate: 1, Targets: perturb.TargetsAll, MinLength: 5}
		samePaths(t, "sample pos", data, k, perturb.ApplyOptions{Seed: 5, Selection: posSel, Tagger: tagger}, iob.IOB2, false)
		// The kinds' options.
		for _, o := range k.Options {
			v := "true"
			if !o.Bool {
				if o.Name != "layout" {
					continue
				}
				v = "azerty"
			}
			samePaths(t, "sample "+o.Name, data, k, perturb.ApplyOptions{Seed: 3, Options: map[string]string{o.Name: v}}, iob.IOB2, false)
		}
	}
	for _, name := range []string{"../../shared/corpora/BC5CDR-IOB/test.tsv", "../../shared/corpora/NCBI-disease-IOB/test.tsv"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		for _, k := range wordEditorKinds(t) {
			for _, seed := range []uint64{1, random} {
				samePaths(t, name, data, k, perturb.ApplyOptions{Seed: seed}, iob.IOB2, false)
			}
		}
	}
}

// TestPlainPathOtherSchemes checks the runs the plain path leaves to
// the batches sentence by sentence: tags converted from IOB1 on the way
// in and out, and tags repaired.
func TestPlainPathOtherSchemes(t *testing.T) {
	iob1 := []byte("Selegiline\tI-Chemical\ninduced\tO\npostural\tI-Disease\nhypotension\tI-Disease\n\n" +
		"levodopa\tI-Chemical\ncarbidopa\tB-Chemical\ntreatment\tO\n\n")
	repairable := []byte("Selegiline\tI-Chemical\ninduced\tO\npostural\tB-Disease\nhypotension\tI-Disease\n\n" +
		"improvement\tO\nobserved\tI-Disease\n\n")
	for _, k := range wordEditorKinds(t) {
		samePaths(t, "iob1", iob1, k, perturb.ApplyOptions{Seed: 1}, iob.IOB1, false)
		samePaths(t, "repaired", repairable, k, perturb.ApplyOptions{Seed: 1}, iob.IOB2, true)
		samePaths(t, "invalid", repairable, k, perturb.ApplyOptions{Seed: 1}, iob.IOB2, false)
	}
}

// TestPlainPathDeclines checks the options the plain path leaves to
// the batches: a change log, statistics, JSON Lines in or out and a
// composition of kinds; with each the output is the one two workers
// write, and progress is reported for every sentence either way.
func TestPlainPathDeclines(t *testing.T) {
	data, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	keyboard, err := perturb.Lookup("keyboard")
	if err != nil {
		t.Fatal(err)
	}
	composed, err := perturb.Lookup("keyboard+case")
	if err != nil {
		t.Fatal(err)
	}
	var jsonl bytes.Buffer
	sentences := 0
	{
		r := conll.NewReader(bytes.NewReader(data))
		w := conll.NewJSONWriter(&jsonl)
		for {
			s, err := r.Read()
			if err != nil {
				break
			}
			w.Write(s)
			sentences++
		}
		w.Flush()
	}
	for _, tc := range []struct {
		name    string
		kind    *perturb.Kind
		log     bool
		stats   bool
		jsonIn  bool
		jsonOut bool
		plain   bool // the plain path takes most sentences
	}{
		{name: "plain", kind: keyboard, plain: true},
		{name: "change log", kind: keyboard, log: true},
		{name: "statistics", kind: keyboard, stats: true},
		{name: "JSON Lines in", kind: keyboard, jsonIn: true},
		{name: "JSON Lines out", kind: keyboard, jsonOut: true},
		{name: "composition", kind: composed},
	} {
		run := func(workers int) (out []byte, log string, plain, progress int) {
			var src conll.SentenceReader
			if tc.jsonIn {
				src = conll.NewJSONReader(bytes.NewReader(jsonl.Bytes()))
			} else {
				src = conll.NewReader(bytes.NewReader(data))
			}
			var buf bytes.Buffer
			var dst conll.SentenceWriter = conll.NewWriter(&buf)
			if tc.jsonOut {
				dst = conll.NewJSONWriter(&buf)
			}
			var rows rowLog
			opts := perturb.ApplyOptions{Seed: 4, Workers: workers, NoStats: !tc.stats, Progress: func(int) { progress++ }}
			if tc.log {
				opts.ChangeLog = &rows
			}
			n, err := perturb.ApplyPlain(context.Background(), tc.kind, opts, src, dst)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			return buf.Bytes(), rows.String(), n, progress
		}
		out1, log1, plain, progress := run(1)
		out2, log2, _, _ := run(2)
		if !bytes.Equal(out1, out2) || log1 != log2 {
			t.Errorf("%s: one worker and two differ", tc.name)
		}
		if tc.plain != (plain > sentences/2) || !tc.plain && plain > 0 {
			t.Errorf("%s: %d of %d sentences on the plain path", tc.name, plain, sentences)
		}
		if progress != sentences {
			t.Errorf("%s: progress for %d sentences, want %d", tc.name, progress, sentences)
		}
	}
}
