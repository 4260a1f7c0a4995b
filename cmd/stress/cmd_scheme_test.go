package main

// --scheme on the commands that perturb (perturb, build, augment, run,
// curve) and integer JSON Lines tags written back as integers.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// schemeIOBES is a sentence whose synonyms under --strategy longest are
// longer than the mentions: a one-token mention (S-) becomes two tokens
// (B- E-), and the mentions after it move.
const schemeIOBES = "Cardiotoxicity\tS-Disease\nand\tO\nrenal\tB-Disease\nfailure\tE-Disease\nafter\tO\nlignocaine\tS-Chemical\n.\tO\n"

// The IOBES input converted to IOB2 by hand.
const schemeIOB2 = "Cardiotoxicity\tB-Disease\nand\tO\nrenal\tB-Disease\nfailure\tI-Disease\nafter\tO\nlignocaine\tB-Chemical\n.\tO\n"

// A synonym replacement that changes the number of tokens realigns the
// tags in IOB2 and is written back in IOBES: perturb and build give the
// IOBES form of what the IOB2 route gives, and a one-token mention (S-)
// replaced by several tokens is written B- ... E-. The checks do not
// depend on which synonym the lexicon offers.
func TestSchemeSynonymRealigns(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("e.tsv", []byte(schemeIOBES), 0o644)
	os.WriteFile("b.tsv", []byte(schemeIOB2), 0o644)
	out, stderr, err := runCLI(t, "", "perturb", "--kind", "synonym", "--strategy", "longest", "--scheme", "iobes", "--log", "log.tsv", "e.tsv")
	if err != nil {
		t.Fatalf("perturb --scheme iobes: %v (%s)", err, stderr)
	}
	ref, stderr, err := runCLI(t, "", "perturb", "--kind", "synonym", "--strategy", "longest", "b.tsv")
	if err != nil {
		t.Fatalf("IOB2 route: %v (%s)", err, stderr)
	}
	toks, tags := columns(out)
	refToks, refTags := columns(ref)
	if v := iob.Validate(tags, iob.IOBES); len(v) > 0 {
		t.Fatalf("output is not IOBES (%v):\n%s", v[0], out)
	}
	back, _ := iob.Convert(tags, iob.IOBES, iob.IOB2)
	if !slices.Equal(toks, refToks) || !slices.Equal(back, refTags) {
		t.Fatalf("IOBES output\n%s\nis not the IOB2 route's\n%s", out, ref)
	}
	// Every change is logged with the scheme; a one-token mention that
	// became several tokens is B- ... E-.
	log, _ := os.ReadFile("log.tsv")
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if !strings.HasSuffix(lines[0], "\tscheme") || len(lines) < 2 {
		t.Fatalf("change log:\n%s", log)
	}
	grown, shift := 0, 0
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if f[len(f)-1] != "iobes" {
			t.Errorf("change log row without the scheme: %q", line)
		}
		first, _ := strconv.Atoi(f[2])
		last, _ := strconv.Atoi(f[3])
		n := len(strings.Fields(f[6]))
		start := first - 1 + shift
		if last == first && n > 1 {
			grown++
			span := tags[start : start+n]
			if !strings.HasPrefix(span[0], "B-") || !strings.HasPrefix(span[n-1], "E-") {
				t.Errorf("%q replaced by %q tagged %q, want B- ... E-", f[5], f[6], span)
			}
		}
		shift += n - (last - first + 1)
	}
	if grown == 0 {
		t.Fatalf("no one-token mention became longer: the test checks nothing\n%s", log)
	}
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "synonym", "--strategy", "longest", "--scheme", "iobes", "--out", "d", "e.tsv"); err != nil {
		t.Fatalf("build --scheme iobes: %v (%s)", err, stderr)
	}
	if got, _ := os.ReadFile("d/e_synonym.tsv"); string(got) != out {
		t.Fatalf("build --scheme iobes wrote\n%s\nperturb wrote\n%s", got, out)
	}
}

// columns returns the tokens and tags of a CoNLL text.
func columns(text string) (toks, tags []string) {
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Split(line, "\t"); len(f) == 2 {
			toks, tags = append(toks, f[0]), append(tags, f[1])
		}
	}
	return toks, tags
}

// build --scheme records the scheme in the manifest; --from reproduces
// the build from it (and refuses --scheme beside it); compare reads the
// IOBES sets as IOB2.
func TestBuildSchemeFrom(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("e.tsv", []byte(schemeIOBES+"\n"+"Aspirin\tS-Chemical\ninduced\tO\nheart\tB-Disease\nattack\tE-Disease\n"), 0o644)
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard,swap,synonym", "--scheme", "iobes", "--out", "d", "e.tsv"); err != nil {
		t.Fatalf("build: %v (%s)", err, stderr)
	}
	var m struct{ Scheme string }
	data, _ := os.ReadFile("d/manifest.json")
	if err := json.Unmarshal(data, &m); err != nil || m.Scheme != "iobes" {
		t.Fatalf("manifest scheme %q (%v)", m.Scheme, err)
	}
	before := map[string]string{}
	for _, name := range []string{"e_key.tsv", "e_swap.tsv", "e_synonym.tsv", "changes.tsv", "manifest.json"} {
		b, _ := os.ReadFile(filepath.Join("d", name))
		before[name] = string(b)
	}
	if !strings.Contains(before["e_key.tsv"], "S-Chemical") {
		t.Fatalf("keyboard set is not IOBES:\n%s", before["e_key.tsv"])
	}
	if _, stderr, err := runCLI(t, "", "build", "--from", "d/manifest.json", "--out", "d2"); err != nil {
		t.Fatalf("build --from: %v (%s)", err, stderr)
	}
	for name, want := range before {
		if got, _ := os.ReadFile(filepath.Join("d2", name)); string(got) != want && name != "manifest.json" {
			t.Errorf("--from: %s differs", name)
		}
	}
	if code, msg := cliStatus(t, "build", "--from", "d/manifest.json", "--scheme", "iob2", "--out", "d3"); code != 2 || !strings.Contains(msg, "--scheme cannot be combined with --from") {
		t.Errorf("--from --scheme: exit %d, %q", code, msg)
	}
	// The gold of an IOBES build is IOB2 to compare; predictions in the
	// build's scheme are converted as they are read.
	os.MkdirAll("p", 0o755)
	for _, name := range []string{"e.tsv", "e_key.tsv", "e_swap.tsv", "e_synonym.tsv"} {
		src := filepath.Join("d", name)
		if name == "e.tsv" {
			src = name
		}
		b, _ := os.ReadFile(src)
		os.WriteFile(filepath.Join("p", name), b, 0o644)
	}
	out, stderr, err := runCLI(t, "", "compare", "--samples", "0", "--format", "csv", "--build", "d", "--pred", "gold=p")
	if err != nil {
		t.Fatalf("compare: %v (%s)", err, stderr)
	}
	for _, set := range []string{"O", "keyboard", "swap", "synonym"} {
		if !strings.Contains(out, "gold,"+set+",overall,5,5,5,100,100,100,") {
			t.Errorf("gold as predictions does not find the 5 mentions of %s:\n%s\n%s", set, out, stderr)
		}
	}
}

// augment --scheme iobes writes the augmented set in IOBES.
func TestAugmentScheme(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("e.tsv", []byte(schemeIOBES), 0o644)
	if _, stderr, err := runCLI(t, "", "augment", "--in", "e.tsv", "--kinds", "synonym", "--strategy", "longest", "--scheme", "iobes", "-o", "aug.tsv"); err != nil {
		t.Fatalf("augment: %v (%s)", err, stderr)
	}
	got, _ := os.ReadFile("aug.tsv")
	copy1, _, err := runCLI(t, "", "perturb", "--kind", "synonym", "--strategy", "longest", "--scheme", "iobes", "e.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := schemeIOBES + "\n" + copy1 // the original, then copy 1 (seeded as perturb is)
	if string(got) != want || !strings.Contains(copy1, "E-Disease") {
		t.Fatalf("augment wrote\n%s\nwant\n%s", got, want)
	}
	man, _ := os.ReadFile("aug.tsv.manifest.json")
	if !strings.Contains(string(man), `"scheme": "iobes"`) {
		t.Fatalf("augment manifest lacks the scheme:\n%s", man)
	}
	log, _ := os.ReadFile("aug.tsv.changes.tsv")
	if !strings.Contains(string(log), "\tterm_type\tscheme\n") || !strings.Contains(string(log), "\tiobes\n") {
		t.Fatalf("augment change log lacks the scheme:\n%s", log)
	}
}

// JSON Lines read with integer tags (--labels) are written with integer
// tags: perturb, build and augment.
func TestIntegerTagsWrittenBack(t *testing.T) {
	t.Chdir(t.TempDir())
	in := `{"tokens": ["Aspirin", "induced", "gastric", "ulcers"], "ner_tags": [1, 0, 3, 4]}` + "\n" +
		`{"tokens": ["Naloxone", "reverses", "hypotension"], "ner_tags": [1, 0, 3]}` + "\n"
	os.WriteFile("int.jsonl", []byte(in), 0o644)
	labels := "O,B-Chemical,I-Chemical,B-Disease,I-Disease"
	intTags := func(what, data string) {
		t.Helper()
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(data), "\n") {
			var rec struct {
				Tokens []string `json:"tokens"`
				Tags   []any    `json:"ner_tags"`
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%s: %v in %q", what, err, line)
			}
			for _, tag := range rec.Tags {
				if _, ok := tag.(float64); !ok {
					t.Fatalf("%s: tag %v is not an integer in %q", what, tag, line)
				}
			}
			n++
		}
		if n == 0 {
			t.Fatalf("%s: no sentences", what)
		}
	}
	out, stderr, err := runCLI(t, "", "perturb", "--kind", "keyboard", "--labels", labels, "int.jsonl")
	if err != nil {
		t.Fatalf("perturb: %v (%s)", err, stderr)
	}
	intTags("perturb to stdout", out)
	if _, stderr, err := runCLI(t, "", "perturb", "--kind", "synonym", "--labels", labels, "-o", "p.jsonl", "int.jsonl"); err != nil {
		t.Fatalf("perturb -o: %v (%s)", err, stderr)
	}
	b, _ := os.ReadFile("p.jsonl")
	intTags("perturb -o", string(b))
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard,synonym", "--labels", labels, "--out", "d", "int.jsonl"); err != nil {
		t.Fatalf("build: %v (%s)", err, stderr)
	}
	for _, name := range []string{"d/int_key.jsonl", "d/int_synonym.jsonl"} {
		b, _ := os.ReadFile(name)
		intTags(name, string(b))
	}
	if _, stderr, err := runCLI(t, "", "augment", "--in", "int.jsonl", "--labels", labels, "-o", "aug.jsonl"); err != nil {
		t.Fatalf("augment: %v (%s)", err, stderr)
	}
	b, _ = os.ReadFile("aug.jsonl")
	intTags("augment", string(b))
	// Every record as it was read (no id invented where it had none).
	if !strings.HasPrefix(string(b), `{"tokens":["Aspirin","induced","gastric","ulcers"],"ner_tags":[1,0,3,4]}`) {
		t.Fatalf("augment: original part is not the input:\n%s", b)
	}
	// String tags stay strings.
	os.WriteFile("str.jsonl", []byte(`{"tokens": ["Aspirin", "induced"], "ner_tags": ["B-Chemical", "O"]}`+"\n"), 0o644)
	out, _, err = runCLI(t, "", "perturb", "--kind", "keyboard", "--labels", labels, "str.jsonl")
	if err != nil || !strings.Contains(out, `"ner_tags":["B-Chemical","O"]`) {
		t.Fatalf("string tags: %v\n%s", err, out)
	}
}

// toIOBES rewrites an IOB2 CoNLL text (token TAB tag lines) in IOBES.
func toIOBES(t *testing.T, text string) string {
	t.Helper()
	var b strings.Builder
	for _, block := range strings.Split(strings.TrimRight(text, "\n"), "\n\n") {
		var toks, tags []string
		for _, line := range strings.Split(block, "\n") {
			f := strings.Split(line, "\t")
			toks, tags = append(toks, f[0]), append(tags, f[1])
		}
		conv, err := iob.Convert(tags, iob.IOB2, iob.IOBES)
		if err != nil {
			t.Fatal(err)
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		for i := range toks {
			b.WriteString(toks[i] + "\t" + conv[i] + "\n")
		}
	}
	return b.String()
}

// iobesCommand is an external tagger that speaks IOBES: capitalised
// words are single-token chemicals (S-Chemical), everything else O.
const iobesCommand = `awk '{ if (!NF) print ""; else if ($1 ~ /^[A-Z]/) print "S-Chemical"; else print "O" }'`

// run --scheme iobes: the test and train files are IOBES, the stress
// sets and every system's predictions are written in IOBES, and the tags
// of an external tagger are read in IOBES (S-Chemical is no unknown
// tag). curve --scheme iobes reads its test set and the tagger alike.
func TestRunCurveScheme(t *testing.T) {
	dir := t.TempDir()
	train := filepath.Join(dir, "train.tsv")
	test := filepath.Join(dir, "heldout.tsv")
	os.WriteFile(train, []byte(toIOBES(t, tinyCorpus)), 0o644)
	os.WriteFile(test, []byte(toIOBES(t, tinyCorpus)), 0o644)
	if !strings.Contains(toIOBES(t, tinyCorpus), "E-Disease") {
		t.Fatal("the corpus has no multi-token mention in IOBES")
	}
	out := filepath.Join(dir, "out")
	stdout, stderr, err := runCLI(t, "", "run", "-q", "--scheme", "iobes", "--train", train, "--test", test, "--out", out,
		"--kinds", "keyboard,swap", "--baselines", "words", "--epochs", "2", "--model-cmd", iobesCommand, "--model-name", "caps",
		"--samples", "0", "-f", "csv")
	if err != nil {
		t.Fatalf("run: %v (%s)", err, stderr)
	}
	if strings.Contains(stderr, "unknown tags") {
		t.Errorf("IOBES tags of the external tagger reported unknown: %s", stderr)
	}
	if !strings.Contains(stdout, "caps,O,type:Chemical,") || strings.Contains(stdout, "caps,O,type:Chemical,2,0,") {
		t.Errorf("the tagger's S-Chemical were not scored as chemicals:\n%s", stdout)
	}
	for _, name := range []string{"heldout_key.tsv", "heldout_swap.tsv", "pred/caps/heldout.tsv", "pred/caps/heldout_key.tsv", "pred/words/heldout_swap.tsv"} {
		sents, err := conll.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		sawIOBES := false
		for _, s := range sents {
			if v := iob.Validate(s.Tags, iob.IOBES); len(v) > 0 && !strings.HasPrefix(name, "pred/") {
				t.Errorf("%s: not IOBES: %v", name, v[0])
			}
			for _, tag := range s.Tags {
				if strings.HasPrefix(tag, "S-") || strings.HasPrefix(tag, "E-") {
					sawIOBES = true
				}
				if strings.HasPrefix(tag, "B-") && name == "pred/caps/heldout.tsv" {
					t.Errorf("%s: the tagger's S- written back as %s", name, tag)
				}
			}
		}
		if !sawIOBES {
			t.Errorf("%s has no S- or E- tag: not written in IOBES", name)
		}
	}
	man, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	if !strings.Contains(string(man), `"scheme": "iobes"`) {
		t.Error("run's build manifest lacks the scheme")
	}
	// The same IOBES files are refused without --scheme, at their line:
	// the training file first, read before the build.
	code, msg := cliStatus(t, "run", "-q", "--train", train, "--test", test, "--out", filepath.Join(dir, "out2"), "--kinds", "keyboard")
	if code != 1 || !strings.Contains(msg, "train.tsv:1:") || !strings.Contains(msg, "--scheme iobes") {
		t.Errorf("IOBES run without --scheme: exit %d, %q", code, msg)
	}

	stdout, stderr, err = runCLI(t, "", "curve", "-q", "--scheme", "iobes", "--test", test, "--kinds", "keyboard", "--rates", "0.5,1",
		"--model-cmd", iobesCommand, "--model-name", "caps", "--samples", "0", "-f", "csv")
	if err != nil {
		t.Fatalf("curve: %v (%s)", err, stderr)
	}
	if strings.Contains(stderr, "unknown tags") {
		t.Errorf("curve: IOBES tags reported unknown: %s", stderr)
	}
	code, msg = cliStatus(t, "curve", "-q", "--test", test, "--kinds", "keyboard", "--model-cmd", iobesCommand)
	if code != 1 || !strings.Contains(msg, "heldout.tsv:1:") {
		t.Errorf("IOBES curve without --scheme: exit %d, %q", code, msg)
	}
	if code, msg := cliStatus(t, "curve", "--scheme", "iobes", "--model-cmd", iobesCommand); code != 2 || !strings.Contains(msg, "--scheme needs --test") {
		t.Errorf("curve --scheme on the sample: exit %d, %q", code, msg)
	}
}
