package main

// The rows of TestBadInputs of issue 24 ("nothing lost"): every column,
// JSON field and document marker kept; messy IOB refused with a way
// forward, or repaired with --repair; the temporary files of a killed
// run removed by the next one, whatever it writes.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// hfLabels are the names of the integer tags of testdata/hf-head.jsonl.
const hfLabels = "O,B-Chemical,I-Chemical,B-Disease,I-Disease"

// readTestdata returns the content of testdata/name.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// columnsEverywhere checks that every non-blank line of the CoNLL file
// name has n tab-separated columns, and that it differs from orig (the
// command changed something).
func columnsEverywhere(name string, n int, orig string) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for i, line := range strings.Split(string(b), "\n") {
			if line == "" {
				continue
			}
			lines++
			if c := strings.Count(line, "\t") + 1; c != n {
				t.Fatalf("%s:%d has %d columns, want %d: %q", name, i+1, c, n, line)
			}
		}
		if lines == 0 || string(b) == orig {
			t.Fatalf("%s: %d lines, changed %v", name, lines, string(b) != orig)
		}
	}
}

// hfRecordsKept checks that every record of the JSON Lines file name
// has the keys of testdata/hf-head.jsonl in order, lists as long as
// its tokens and integer tags, and that at least min records differ
// from the input's.
func hfRecordsKept(name string, orig string, min int) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		in := strings.Split(strings.TrimSpace(orig), "\n")
		changed := 0
		for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			dec := json.NewDecoder(strings.NewReader(line))
			dec.Token()
			var keys []string
			for dec.More() {
				k, _ := dec.Token()
				keys = append(keys, k.(string))
				var v json.RawMessage
				dec.Decode(&v)
			}
			if want := []string{"id", "tokens", "pos_tags", "chunk_tags", "ner_tags", "source"}; !slices.Equal(keys, want) {
				t.Fatalf("%s:%d: keys %q, want %q", name, i+1, keys, want)
			}
			var m map[string]json.RawMessage
			var tokens []string
			var source map[string]any
			json.Unmarshal([]byte(line), &m)
			json.Unmarshal(m["tokens"], &tokens)
			json.Unmarshal(m["source"], &source)
			for _, k := range []string{"pos_tags", "chunk_tags", "ner_tags"} {
				var list []any
				json.Unmarshal(m[k], &list)
				if len(list) != len(tokens) {
					t.Fatalf("%s:%d: %d %s for %d tokens", name, i+1, len(list), k, len(tokens))
				}
				for _, v := range list {
					if f, ok := v.(float64); !ok || f != float64(int(f)) {
						t.Fatalf("%s:%d: %s value %v is not an integer", name, i+1, k, v)
					}
				}
			}
			if source["corpus"] != "BC5CDR" {
				t.Fatalf("%s:%d: source %v", name, i+1, source)
			}
			if i < len(in) && compactJSON(in[i]) != line {
				changed++
			}
		}
		if changed < min {
			t.Fatalf("%s: %d records changed, want at least %d", name, changed, min)
		}
	}
}

// compactJSON is s without insignificant space.
func compactJSON(s string) string {
	var buf bytes.Buffer
	json.Compact(&buf, []byte(s))
	return buf.String()
}

// sameFile checks that files a and b have the same bytes.
func sameFile(a, b string) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		x, err1 := os.ReadFile(a)
		y, err2 := os.ReadFile(b)
		if err1 != nil || err2 != nil || string(x) != string(y) {
			t.Fatalf("%s and %s differ (%v, %v)", a, b, err1, err2)
		}
	}
}

// then runs the command args after the row's, and checks with check.
func then(args []string, check func(t *testing.T)) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		if _, stderr, err := runCLI(t, "", args...); err != nil {
			t.Fatalf("stress %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		check(t)
	}
}

// buildWithPredictions returns the files of a K/W build of safetyCorpus
// (b/...) with predictions that copy its sets (p/...), but for the
// prediction files named in leave.
func buildWithPredictions(t *testing.T, leave ...string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.tsv"), []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard,swap", "--out", filepath.Join(dir, "b"), filepath.Join(dir, "in.tsv")); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr)
	}
	files := map[string]string{"in.tsv": safetyCorpus, "p/in.tsv": safetyCorpus}
	for _, name := range []string{"manifest.json", "changes.tsv", "in_key.tsv", "in_swap.tsv"} {
		b, err := os.ReadFile(filepath.Join(dir, "b", name))
		if err != nil {
			t.Fatal(err)
		}
		files["b/"+name] = string(b)
		if strings.HasPrefix(name, "in_") {
			files["p/"+name] = string(b)
		}
	}
	for _, name := range leave {
		delete(files, name)
	}
	return files
}

// lostRows are the rows of issue 24.
func lostRows(t *testing.T) []badInput {
	c4 := readTestdata(t, "bc5cdr4-head.tsv")
	hf := readTestdata(t, "hf-head.jsonl")
	mixed := "Aspirin\tI-Chemical\ninduced\tO\nulcers\tI-Disease\n\nNaloxone\tB-Chemical\nreverses\tO\nhypotension\tB-Disease\n"
	docs := "-DOCSTART-\tO\n\nAspirin\tB-Chemical\ninduced\tO\nulcers\tB-Disease\n\n-DOCSTART-\tO\n\nNaloxone\tB-Chemical\n.\tO\n\n"
	return []badInput{
		// Every column, every field, every document marker.
		{name: "synonym on 4 columns: every line keeps them", setup: map[string]string{"c4.tsv": c4}, args: []string{"perturb", "--kind", "synonym", "-o", "out.tsv", "c4.tsv"},
			code: 0, check: columnsEverywhere("out.tsv", 4, c4)},
		{name: "entity-swap on 4 columns: every line keeps them", setup: map[string]string{"c4.tsv": c4}, args: []string{"perturb", "--kind", "entity-swap", "-o", "out.tsv", "c4.tsv"},
			code: 0, check: columnsEverywhere("out.tsv", 4, c4)},
		{name: "augment 4 columns with synonyms: every line keeps them", setup: map[string]string{"c4.tsv": c4}, args: []string{"augment", "--kinds", "synonym,entity-swap", "--in", "c4.tsv", "-o", "aug.tsv"},
			code: 0, check: columnsEverywhere("aug.tsv", 4, c4)},
		{name: "convert 4 columns to JSON Lines and back: same bytes", setup: map[string]string{"c4.tsv": c4}, args: []string{"convert", "-o", "c4.jsonl", "c4.tsv"},
			code: 0, check: then([]string{"convert", "-o", "back.tsv", "c4.jsonl"}, sameFile("back.tsv", "c4.tsv"))},
		{name: "convert -DOCSTART- to JSON Lines and back: same bytes", setup: map[string]string{"docs.tsv": docs}, args: []string{"convert", "-o", "docs.jsonl", "docs.tsv"},
			code: 0, check: then([]string{"convert", "-o", "back.tsv", "docs.jsonl"}, sameFile("back.tsv", "docs.tsv"))},
		{name: "keyboard on Hugging Face JSON Lines: every field kept", setup: map[string]string{"hf.jsonl": hf}, args: []string{"perturb", "--kind", "keyboard", "--labels", hfLabels, "-o", "out.jsonl", "hf.jsonl"},
			code: 0, check: hfRecordsKept("out.jsonl", hf, 10)},
		{name: "synonym on Hugging Face JSON Lines: every field kept", setup: map[string]string{"hf.jsonl": hf}, args: []string{"perturb", "--kind", "synonym", "--labels", hfLabels, "-o", "out.jsonl", "hf.jsonl"},
			code: 0, check: hfRecordsKept("out.jsonl", hf, 5)},
		{name: "entity-swap on Hugging Face JSON Lines: every field kept", setup: map[string]string{"hf.jsonl": hf}, args: []string{"perturb", "--kind", "entity-swap", "--labels", hfLabels, "-o", "out.jsonl", "hf.jsonl"},
			code: 0, check: hfRecordsKept("out.jsonl", hf, 10)},
		{name: "augment Hugging Face JSON Lines: every field kept", setup: map[string]string{"hf.jsonl": hf}, args: []string{"augment", "--kinds", "synonym", "--labels", hfLabels, "--in", "hf.jsonl", "-o", "aug.jsonl"},
			code: 0, check: hfRecordsKept("aug.jsonl", hf, 0)},
		{name: "convert Hugging Face JSON Lines: every field kept, integer tags", setup: map[string]string{"hf.jsonl": hf}, args: []string{"convert", "--labels", hfLabels, "-o", "out.jsonl", "hf.jsonl"},
			code: 0, check: hfRecordsKept("out.jsonl", hf, 0)},

		// Messy IOB: refused with a way forward, or repaired.
		{name: "mixed IOB1/IOB2 (SciBERT's BC5CDR)", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "mixed.tsv"},
			code: 1, msg: "mixed.tsv:1: I-Chemical after the sentence start: an entity must start with B- (--repair reads invalid transitions as conlleval does", absent: []string{"out.tsv"}},
		{name: "mixed IOB1/IOB2 read as iob1", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"perturb", "--kind", "keyboard", "--scheme", "iob1", "-o", "out.tsv", "mixed.tsv"},
			code: 1, msg: "mixed.tsv:5: B-Chemical after the sentence start: IOB1 uses B- only right after an entity of the same type (--repair", absent: []string{"out.tsv"}},
		{name: "mixed IOB1/IOB2, --repair", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"perturb", "--kind", "keyboard", "--repair", "-o", "out.tsv", "mixed.tsv"},
			code: 0, msg: "repaired mixed.tsv:3: I-Disease after O: an entity must start with B-\n--repair: 2 invalid tag transition(s) repaired\n"},
		{name: "convert --repair", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"convert", "--repair", "-o", "fixed.tsv", "mixed.tsv"},
			code: 0, msg: "--repair: 2 invalid tag transition(s) repaired", check: func(t *testing.T) {
				if b, _ := os.ReadFile("fixed.tsv"); !strings.HasPrefix(string(b), "Aspirin\tB-Chemical\ninduced\tO\nulcers\tB-Disease\n\n") {
					t.Fatalf("fixed.tsv:\n%s", b)
				}
			}},
		{name: "build --repair", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"build", "--kinds", "keyboard", "--repair", "--out", "b", "mixed.tsv"},
			code: 0, msg: "repaired mixed.tsv:1", check: func(t *testing.T) {
				if b, _ := os.ReadFile("b/manifest.json"); !strings.Contains(string(b), `"repair": true`) {
					t.Fatalf("the manifest does not record the repair:\n%s", b)
				}
			}},
		{name: "stats --repair", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"stats", "--repair", "mixed.tsv"},
			code: 0, msg: "repaired mixed.tsv:1", out: "mixed.tsv"},
		{name: "train --repair", setup: map[string]string{"mixed.tsv": mixed}, args: []string{"train", "--features", "words", "--repair", "-q", "-o", "m.bin", "mixed.tsv"},
			code: 0, msg: "repaired mixed.tsv:1"},
		{name: "--repair still refuses an unknown tag", setup: map[string]string{"bad.tsv": "a\tO\nb\tX-Foo\n"}, args: []string{"perturb", "--kind", "keyboard", "--repair", "-o", "out.tsv", "bad.tsv"},
			code: 1, msg: `bad.tsv:2: tag "X-Foo" is not valid iob2` + "\n", absent: []string{"out.tsv"}},
		{name: "IOBES tags under iob2, --repair", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"convert", "--repair", "-o", "out.tsv", "e.tsv"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2 (the file reads as iobes: --scheme iobes)`, absent: []string{"out.tsv"}},
		{name: "messy IOBES under iob2", setup: map[string]string{"e.tsv": "a\tS-Chemical\nb\tI-Chemical\n"}, args: []string{"stats", "e.tsv"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2 (its tags are iobes tags: --scheme iobes --repair)`},
		{name: "IOB2 read as iobes", setup: map[string]string{"two.tsv": "a\tB-Chemical\nb\tI-Chemical\nc\tO\n"}, args: []string{"stats", "--scheme", "iobes", "two.tsv"},
			code: 1, msg: `two.tsv:3: O after I-Chemical: the entity is not closed with E- (the file reads as iob2: --scheme iob2)`},
		{name: "IOBES on standard input under iob2", stdin: "a\tS-Chemical\nb\tI-Chemical\n", args: []string{"stats", "-"},
			code: 1, msg: `-:1: tag "S-Chemical" is not valid iob2 (the tags look like iobes: --scheme iobes --repair)`},

		// Misleading or silent behaviour.
		{name: "--train and --test the same file", setup: map[string]string{"in.tsv": safetyCorpus}, args: []string{"curve", "-q", "--samples", "0", "--epochs", "1", "--baselines=words", "--train", "in.tsv", "--test", "in.tsv"},
			code: 0, msg: "warning: --train and --test overlap: the training file in.tsv is the test file\n"},
		{name: "--train and --test sharing sentences", setup: map[string]string{"in.tsv": safetyCorpus, "train.tsv": "Other\tO\nwords\tO\nhere\tO\n\n" + safetyCorpus}, args: []string{"curve", "-q", "--samples", "0", "--epochs", "1", "--baselines=words", "--train", "train.tsv", "--test", "in.tsv"},
			code: 0, msg: "warning: --train and --test overlap: 2 of the 2 test sentences (100.0%) are also in the training data, token for token\n"},
		{name: "tagger without blank lines between sentences", setup: map[string]string{"in.tsv": safetyCorpus}, args: []string{"tag", "--model-cmd", `awk 'NF{print "O"}'`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: "output line 1: wrong number of sentences: no sentence separators: 9 tags and no blank line, for 2 sentences of 9 tokens (print a blank line after each sentence's tags)", absent: []string{"out.tsv"}},
		{name: "crashing tagger: its traceback once", setup: map[string]string{"in.tsv": safetyCorpus}, args: []string{"tag", "--model-cmd", `cat >/dev/null; echo 'Traceback: no model' >&2; exit 1`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: "[tagger] Traceback: no model\nstress: model command \"cat >/dev/null; echo 'Traceback: no model' >&2; exit 1\": tagger command failed: exit status 1 (its standard error is above)\n", absent: []string{"out.tsv"}},
		{name: "compare --build, a set without predictions", setup: buildWithPredictions(t, "p/in_swap.tsv"), args: []string{"compare", "--samples", "0", "--build", "b", "--pred", "s=p"},
			code: 0, msg: "warning: system s has no predictions for set swap (p/in_swap.tsv): left out\n", out: "keyboard"},
		{name: "compare --build, no predictions at all", setup: buildWithPredictions(t, "p/in.tsv", "p/in_key.tsv", "p/in_swap.tsv"), args: []string{"compare", "--samples", "0", "--build", "b", "--pred", "s=p"},
			code: 1, msg: "system s: nothing to compare: none of the prediction files of the build's sets is in p (in.tsv, ...)"},
		{name: "help help", args: []string{"help", "help"},
			code: 0, out: "Usage: stress help [COMMAND]"},
		{name: "help shows list, not stringArray", args: []string{"help", "run"},
			code: 0, out: "--model-name list"},
		{name: "--kind to a command taking --kinds", args: []string{"build", "--kind", "keyboard"},
			code: 2, msg: "stress: usage: stress build: unknown flag: --kind (did you mean --kinds?)\n"},
		{name: "a command name mistyped", args: []string{"buidl"},
			code: 2, msg: `stress: usage: unknown command "buidl" (see 'stress help'; did you mean "build"?)` + "\n"},

		// Temporary files of a killed run, whatever the next one writes.
		{name: "build K/W/S killed (SIGKILL), then a K build", setup: map[string]string{"in.tsv": safetyCorpus},
			// More than the 4 kB the format is sniffed from: the outputs
			// are created.
			args: []string{"build", "--kinds", "keyboard,swap,synonym", "--out", "b", "-"}, stdin: strings.Repeat(safetyCorpus+"\n", 100),
			again: []string{"build", "--kinds", "keyboard", "--out", "b", "in.tsv"}, temps: 4,
			signal: syscall.SIGKILL, code: 0},
	}
}
