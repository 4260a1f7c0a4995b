package main

// The failures of the third hostile test (issue 31: N01-N16, F26), each
// a test named after its row: rows of TestBadInputs (hostile3Rows), and
// tests of their own where a row needs two processes.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// zero is a special file: a link to /dev/zero, an endless line.
var zero = "link:/dev/zero"

// endlessSentence is the gzip of a sentence longer than
// limits.MaxSentence (1,012-byte lines, no blank line).
func endlessSentence(t *testing.T) string {
	t.Helper()
	line := strings.Repeat("abcdefghij", 101) + "\tO\n"
	return gzipped(t, strings.Repeat(line, 17000))
}

// filesAfter runs stress with args (every run in turn) in a directory
// holding the files of setup, and returns every regular file there
// afterwards, by its path with forward slashes.
func filesAfter(t *testing.T, setup map[string]string, runs ...[]string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range setup {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The caller's directory is kept: rows are set up before they run.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, args := range runs {
		if _, stderr, err := runCLI(t, "", args...); err != nil {
			t.Fatalf("stress %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
	}
	files := map[string]string{}
	filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files[filepath.ToSlash(path)] = string(b)
		}
		return nil
	})
	return files
}

// with returns the files of base with those of extra added (or
// replaced).
func with(base map[string]string, extra map[string]string) map[string]string {
	m := map[string]string{}
	for k, v := range base {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// hostile3Rows are the rows of TestBadInputs of issue 31.
func hostile3Rows(t *testing.T) []badInput {
	in := map[string]string{"in.tsv": safetyCorpus}
	review := reviewSetup(t)
	judged := with(review, map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tnatural\n"})
	// A sample drawn from the review fixture (s/, with its sample.json),
	// a second one (s2/), and a judgement of s's first item.
	fixture := with(review, nil)
	delete(fixture, "s/key.tsv") // a key without its sample
	drawn := filesAfter(t, fixture, []string{"review", "sample", "--out", "s", "--n", "20", "b"},
		[]string{"review", "sample", "--out", "s2", "--n", "20", "--seed", "2", "b"})
	rows := strings.SplitAfter(drawn["s/key.tsv"], "\n")
	item, _, _ := strings.Cut(rows[1], "\t")
	drawn["j.tsv"] = "item\tlabel\n" + item + "\tnatural\n"
	relabelled := strings.Replace(drawn["s/key.tsv"], "natural,unnatural", "unnatural,natural", 1)
	rekinded := strings.Replace(drawn["s/key.tsv"], "\tsynonym\t", "\tswap\t", 1)
	joined := drawn["s/key.tsv"] + strings.Join(strings.SplitAfter(drawn["s2/key.tsv"], "\n")[1:], "")
	if relabelled == drawn["s/key.tsv"] || rekinded == drawn["s/key.tsv"] {
		t.Fatal("the sample has no label list or synonym to edit: the N08 rows check less than they say")
	}
	// A build whose input lies inside it (N15).
	inside := filesAfter(t, map[string]string{"d/items.tsv": safetyCorpus}, []string{"build", "--kinds", "keyboard", "--out", "d", "d/items.tsv"})
	return []badInput{
		// N03: every reader has a line bound, review's, the avoid
		// list's and the label lists' too.
		{name: "N03 review score, a judgement file of /dev/zero", setup: review, special: map[string]string{"j.tsv": zero},
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1, msg: "j.tsv:1: line longer than 16 MiB"},
		{name: "N03 review score --key /dev/zero", setup: judged, special: map[string]string{"k.tsv": zero},
			args: []string{"review", "score", "--key", "k.tsv", "j.tsv"}, code: 1, msg: "k.tsv:1: line longer than 16 MiB"},
		{name: "N03 perturb --avoid /dev/zero", setup: in, special: map[string]string{"avoid.txt": zero},
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2, msg: "avoid.txt:1: line longer than 16 MiB", absent: []string{"out.tsv"}},
		{name: "N03 perturb --labels /dev/zero", setup: in, special: map[string]string{"labels.txt": zero},
			args: []string{"perturb", "--kind", "keyboard", "--labels", "labels.txt", "-o", "out.tsv", "in.tsv"}, code: 2, msg: "labels.txt:1: line longer than 16 MiB", absent: []string{"out.tsv"}},
		{name: "N03 compare --labels /dev/zero", setup: in, special: map[string]string{"labels.txt": zero},
			args: []string{"compare", "--labels", "labels.txt", "--gold", "in.tsv", "--pred-file", "s=in.tsv"}, code: 2, msg: "labels.txt:1: line longer than 16 MiB"},
		{name: "N03 review sample --labels /dev/zero", setup: review, special: map[string]string{"labels.txt": zero},
			args: []string{"review", "sample", "--labels", "labels.txt", "--out", "s2", "b"}, code: 2, msg: "labels.txt:1: line longer than 16 MiB", absent: []string{"s2"}},

		// A manifest is read within the bound of a document.
		{name: "N03 run --force, --out's manifest.json a link to /dev/zero", setup: in, special: map[string]string{"r": specialDir, "r/manifest.json": zero},
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--force"}, code: 1,
			msg: "--out r: directory not empty and not an earlier run (manifest.json: document larger than 16 MiB); not clearing it"},

		// N04: a sentence has a bound too.
		{name: "N04 perturb a sentence without end", setup: map[string]string{"l.tsv.gz": endlessSentence(t)},
			args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "l.tsv.gz"}, code: 1,
			msg: "l.tsv.gz:16579: sentence longer than 16 MiB: no blank line since line 1", absent: []string{"out.tsv"}},

		// N05: a tagger printing without end stops at its first surplus
		// tag.
		{name: "N05 tag --model-cmd 'yes O'", setup: in,
			args: []string{"tag", "--model-cmd", "yes O", "-o", "out.tsv", "in.tsv"}, code: 1,
			msg: "output line 1: wrong number of sentences: no sentence separators: more than 9 tags and no blank line, for 2 sentences of 9 tokens", absent: []string{"out.tsv"}},
		{name: "N05 tag --model-cmd printing sentences without end", setup: in,
			args: []string{"tag", "--model-cmd", `awk '{print NF ? "O" : ""}'; yes O`, "-o", "out.tsv", "in.tsv"}, code: 1,
			msg: "output line 12: wrong number of sentences: got more than 2, want 2", absent: []string{"out.tsv"}},

		// N06: one token rule: what the model command is sent is what
		// its output is split with.
		{name: "N06 tag --model-cmd, a token holding U+2028", setup: map[string]string{"in.tsv": "a\u2028b\tO\nc\tO\n"},
			args: []string{"tag", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "-o", "out.tsv", "in.tsv"}, code: 1,
			msg: `sentence 1 (line 1): token is empty or contains white space: "a\u2028b" holds U+2028`, absent: []string{"out.tsv"}},
		{name: "N06 tag --model-cmd, a token holding U+00A0", setup: map[string]string{"in.tsv": "a\u00a0b\tO\nc\tO\n"},
			args: []string{"tag", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "-o", "out.tsv", "in.tsv"}, code: 1,
			msg: `holds U+00A0, white space a tagger reading whitespace-split lines would cut it at`, absent: []string{"out.tsv"}},

		// N07: one judge's file under two names is given twice.
		{name: "N07 review score, a judgement file and a link to it", setup: judged, special: map[string]string{"jlink.tsv": "link:j.tsv"},
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv", "jlink.tsv"}, code: 2, msg: "judgement file jlink.tsv given twice (j.tsv)"},
		{name: "N07 review score, a judgement file and a hard link to it", setup: judged, special: map[string]string{"jhard.tsv": "hardlink:j.tsv"},
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv", "jhard.tsv"}, code: 2, msg: "judgement file jhard.tsv given twice (j.tsv)"},

		// N08: the key must be the one sample.json records.
		{name: "N08 review score, the key as drawn", setup: drawn,
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 0, out: "one annotator"},
		{name: "N08 review score, the key's labels reordered", setup: with(drawn, map[string]string{"s/key.tsv": relabelled}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1, msg: "s/key.tsv: key changed since the sample was drawn: its SHA-256 is not the key_sha256 of s/sample.json"},
		{name: "N08 review score, a key's kind changed", setup: with(drawn, map[string]string{"s/key.tsv": rekinded}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1, msg: "s/key.tsv: key changed since the sample was drawn"},
		{name: "N08 review score, two keys joined", setup: with(drawn, map[string]string{"s/key.tsv": joined}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1, msg: "s/key.tsv: key changed since the sample was drawn"},

		// N09: a label cannot be a number, which judges may answer with.
		{name: "N09 review sample --labels '*=2,1,unsure'", setup: review,
			args: []string{"review", "sample", "--labels", "*=2,1,unsure", "--out", "s3", "b"}, code: 2,
			msg: `label "2" is a number, and judges may answer by a label's number (1 to 3)`, absent: []string{"s3"}},

		// N11: an --avoid line read as something else than written.
		{name: "N11 perturb --avoid 'a -> b -> c'", setup: with(in, map[string]string{"avoid.txt": "dropsy\nheart failure -> cardiac failure -> failure\n"}),
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `avoid.txt:2: "heart failure -> cardiac failure -> failure": more than one arrow`, absent: []string{"out.tsv"}},
		{name: "N11 perturb --avoid 'a <- b'", setup: with(in, map[string]string{"avoid.txt": "cardiac failure <- heart failure\n"}),
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `avoid.txt:1: "cardiac failure <- heart failure": a backward arrow "<-"`, absent: []string{"out.tsv"}},
		{name: "N11 perturb --avoid with a NUL", setup: with(in, map[string]string{"avoid.txt": "dropsy\x00\n"}),
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `avoid.txt:1: "dropsy\x00": a control character`, absent: []string{"out.tsv"}},
		{name: "N11 perturb --avoid with a tab", setup: with(in, map[string]string{"avoid.txt": "heart\tfailure -> cardiac failure\n"}),
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `avoid.txt:1: "heart\tfailure -> cardiac failure": a control character`, absent: []string{"out.tsv"}},
		{name: "N11 perturb --avoid not UTF-8", setup: with(in, map[string]string{"avoid.txt": "dropsy\n\xff\xfe -> x\n"}),
			args: []string{"perturb", "--kind", "synonym", "--avoid", "avoid.txt", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `avoid.txt:2: "\xff\xfe -> x": not valid UTF-8`, absent: []string{"out.tsv"}},

		// N12: the corpora of --unseen-in pass the checks of any corpus.
		{name: "N12 --unseen-in with an unknown tag", setup: with(in, map[string]string{"train.tsv": "a\tO\nb\tX-Foo\n"}),
			args: []string{"perturb", "--kind", "entity-swap", "--unseen-in", "train.tsv", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: `entity-swap: unseen-in: train.tsv:2: tag "X-Foo" is not valid iob2`, absent: []string{"out.tsv"}},
		{name: "N12 --unseen-in with I- after O", setup: with(in, map[string]string{"train.tsv": "a\tO\nb\tI-Chemical\n"}),
			args: []string{"perturb", "--kind", "synonym", "--unseen-in", "train.tsv", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: "synonym: unseen-in: train.tsv:2: I-Chemical after O: an entity must start with B-", absent: []string{"out.tsv"}},
		{name: "N12 --unseen-in empty", setup: with(in, map[string]string{"train.tsv": ""}),
			args: []string{"perturb", "--kind", "entity-swap", "--unseen-in", "train.tsv", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: "entity-swap: unseen-in: train.tsv: no sentences", absent: []string{"out.tsv"}},
		{name: "N12 --unseen-in in IOBES", setup: with(in, map[string]string{"train.tsv": "Aspirin\tS-Chemical\nheart\tB-Disease\nfailure\tE-Disease\n"}),
			args: []string{"perturb", "--kind", "entity-swap", "--unseen-in", "train.tsv", "-o", "out.tsv", "in.tsv"}, code: 0},

		// N13: a type map that maps something else than written.
		{name: "N13 --type-map Chemical=CHEM,Chemical=DISO", setup: in,
			args: []string{"perturb", "--kind", "synonym", "--type-map", "Chemical=CHEM,Chemical=DISO", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: "type Chemical given twice", absent: []string{"out.tsv"}},
		{name: "N13 --type-map 'Chem ical=CHEM'", setup: in, // types may hold spaces ("Disease or Syndrome")
			args: []string{"perturb", "--kind", "synonym", "--type-map", "Chem ical=CHEM", "-o", "out.tsv", "in.tsv"}, code: 0,
			msg: "warning: --type-map maps Chem ical, but no mention of the corpus has that type (mistyped? its types: Chemical, Disease)"},
		{name: "N13 --type-map with a tab in a type", setup: in,
			args: []string{"perturb", "--kind", "synonym", "--type-map", "Chem\tical=CHEM", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: "an entity type has no control characters", absent: []string{"out.tsv"}},
		{name: "N13 --type-map Chemical=CHEM+CHEM", setup: in,
			args: []string{"perturb", "--kind", "abbreviation", "--type-map", "Chemical=CHEM+CHEM", "-o", "out.tsv", "in.tsv"}, code: 2,
			msg: "group CHEM twice", absent: []string{"out.tsv"}},

		// Every file a command reads is an input, declared where its
		// flag is bound (flags.Input): review sample's label file was
		// not one, and became the judges' items.md.
		{name: "review sample --labels FILE over one of its outputs, --force", setup: with(review, map[string]string{"s2/items.md": "*=ok,not ok\n"}),
			args: []string{"review", "sample", "--labels", "s2/items.md", "--out", "s2", "--force", "b"}, code: 2,
			msg: "s2/items.md: output would replace an input", absent: []string{"s2/review.html"}},

		// N15: a sample of a set in a build directory replaces none of
		// the build's files.
		{name: "N15 review sample --changes into the build's directory over its input", setup: inside,
			args: []string{"review", "sample", "--out", "d", "--n", "5", "--force", "--changes", "d/changes.tsv", "d/items_key.tsv"}, code: 2,
			msg: "d/items.tsv: output would replace an input", absent: []string{"d/review.html", "d/key.tsv"}},

		// F26: what CoNLL cannot hold of a JSON Lines record is refused.
		{name: "F26 convert JSON Lines with a record without tokens to CoNLL", setup: map[string]string{"in.jsonl": `{"id":"0","tokens":[],"ner_tags":[]}` + "\n" + `{"id":"1","tokens":["a"],"ner_tags":["O"]}` + "\n"},
			args: []string{"convert", "-o", "out.tsv", "in.jsonl"}, code: 1,
			msg: "in.jsonl:1: the output format cannot hold the sentence: CoNLL has no empty sentences, and this record has no tokens (write JSON Lines to keep it)", absent: []string{"out.tsv"}},
		{name: "F26 convert JSON Lines with ids 0 and 5 to CoNLL", setup: map[string]string{"in.jsonl": `{"id":"0","tokens":["a"],"ner_tags":["O"]}` + "\n" + `{"id":"5","tokens":["b"],"ner_tags":["O"]}` + "\n"},
			args: []string{"convert", "-o", "out.tsv", "in.jsonl"}, code: 1,
			msg: `in.jsonl:2: the output format cannot hold the sentence: CoNLL keeps no record ids, and read back its records are numbered from 0: id "5" would become "1"`, absent: []string{"out.tsv"}},
		{name: "F26 convert JSON Lines with ids 0 and 1 to CoNLL and back: same bytes", setup: map[string]string{"in.jsonl": `{"id":"0","tokens":["a"],"ner_tags":["O"]}` + "\n" + `{"id":"1","tokens":["b"],"ner_tags":["B-Chemical"]}` + "\n"},
			args: []string{"convert", "-o", "out.tsv", "in.jsonl"}, code: 0,
			check: then([]string{"convert", "-o", "back.jsonl", "out.tsv"}, sameFile("back.jsonl", "in.jsonl"))},

		// N16: --model-name is a list; names hold no control characters.
		{name: "N16 run --model-name x,y with one --model-cmd", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "cat", "--model-name", "x,y", "--out", "r"}, code: 2,
			msg: "run: more --model-name than --model-cmd and --model-server", absent: []string{"r"}},
		{name: "N16 run --model-name with a tab", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "cat", "--model-name", "a\tb", "--out", "r"}, code: 2,
			msg: `system name "a\tb" holds a control character`, absent: []string{"r"}},
		{name: "N16 compare --pred-file with a tab in the name", setup: in,
			args: []string{"compare", "--gold", "in.tsv", "--pred-file", "a\tb=in.tsv"}, code: 2,
			msg: `system name "a\tb" holds a control character`},
	}
}

// waitFile waits until name exists.
func waitFile(t *testing.T, name string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(name); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s did not appear", name)
}

// TestRunOneAtATime: a run that starts while another writes into the
// same --out is refused, and the first run's directory stays whole (N02:
// the second cleared the first's files with --force, and the first's
// cleanup then removed the second's changes.tsv, which had reused the
// inode of its own).
func TestRunOneAtATime(t *testing.T) {
	t.Run("N02 run --force into the --out of a running run", func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir)
		if err := os.WriteFile("in.tsv", []byte(safetyCorpus), 0o644); err != nil {
			t.Fatal(err)
		}
		// The first run's model waits, once its sets are built, until the
		// second run is over.
		first := `touch started; while [ ! -e go ]; do sleep 0.01; done; awk '{print NF ? "O" : ""}'`
		a, _ := startStress(t, dir, "run", "-q", "--test", "in.tsv", "--baselines", "none", "--kinds", "keyboard", "--samples", "0",
			"--model-cmd", first, "--model-name", "a", "--out", "rr")
		waitFile(t, "started")
		_, stderr, err := runCLI(t, "", "run", "-q", "--test", "in.tsv", "--baselines", "none", "--kinds", "keyboard", "--samples", "0",
			"--model-cmd", `awk '{print NF ? "O" : ""}'`, "--model-name", "b", "--out", "rr", "--seed", "2", "--force")
		var buf strings.Builder
		if code := exitCode(err, &buf); code != 1 || !strings.Contains(buf.String(), "--out rr: another run is writing into it") {
			t.Errorf("second run: exit %d, %q%s; want 1 and the --out refused", code, buf.String(), stderr)
		}
		if err := os.WriteFile("go", nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := a.Wait(); err != nil {
			t.Fatalf("first run: %v\n%s", err, a.Stderr)
		}
		for _, name := range []string{"manifest.json", "changes.tsv", "in_key.tsv", "summary.md", "report.html", "pred/a/in.tsv", "pred/a/in_key.tsv"} {
			if _, err := os.Stat(filepath.Join("rr", name)); err != nil {
				t.Errorf("the first run's directory is not whole: %v", err)
			}
		}
		if _, err := os.Stat("rr/pred/b"); err == nil {
			t.Error("the refused run left its predictions")
		}
		if m, _ := os.ReadFile("rr/manifest.json"); !strings.Contains(string(m), `"seed": 1`) {
			t.Errorf("manifest is not the first run's:\n%s", m)
		}
	})
}

// TestReviewSampleFullDisk: a sample that cannot be written (a full
// disk; here a file size limit of 0, which fails the same write) leaves
// nothing, not the directory it made (N14).
func TestReviewSampleFullDisk(t *testing.T) {
	t.Run("N14 review sample on a full disk", func(t *testing.T) {
		dir := t.TempDir()
		for name, data := range reviewSetup(t) {
			os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("/bin/sh", "-c", `ulimit -f 0 && exec "$0" "$@"`, os.Args[0], "review", "sample", "--out", "new/s", "--n", "20", "b")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), cliEnv+"=1") // the test binary runs main (TestMain)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if err == nil || !strings.Contains(stderr.String(), "new/s/review.html: file too large") {
			t.Fatalf("%v, %q; want the write refused", err, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
			t.Errorf("the directory made is left (%v)", err)
		}
	})
}

// rawMarkup returns the first place outside fenced code blocks where a
// Markdown document holds "<" or "&" not escaped with a backslash
// (markup or HTML a viewer would run), or "".
func rawMarkup(md string) string {
	fenced := false
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for j := 0; j < len(line); j++ {
			if line[j] == '\\' {
				j++ // an escaped character
				continue
			}
			if line[j] == '<' || line[j] == '&' {
				return fmt.Sprintf("line %d: %q", i+1, line)
			}
		}
	}
	return ""
}

// TestMarkdownEscaped: names of systems, files and entity types and
// judges' notes are text in every Markdown a command writes, escaped by
// textutil.MarkdownText (N10: they were written raw into summary.md,
// --format markdown and review score -f markdown; items.md escaped).
func TestMarkdownEscaped(t *testing.T) {
	const (
		system = "<svg onload=alert(1)>"
		file   = "<img src onerror alert(1)>.tsv"
		typ    = "Chem</style><script>"
	)
	corpus := strings.ReplaceAll(safetyCorpus, "-Chemical", "-"+typ)
	oTagger := `awk '{print NF ? "O" : ""}'`
	judge := "item\tlabel\tnote\n5c0re000-01\tunnatural\t<script>alert(1)</script>\n5c0re000-05\tgrammar broken\t<b>&amp;</b>\n"
	tests := []struct {
		name  string
		args  []string
		files []string // Markdown files written, besides standard output
	}{
		{"N10 run: a system, corpus and entity type of markup", []string{"run", "-q", "--test", file, "--baselines", "none", "--model-cmd", oTagger,
			"--model-name", system, "--kinds", "keyboard", "--samples", "0", "--out", "r", "--format", "markdown"}, []string{"r/summary.md"}},
		{"N10 compare --format markdown", []string{"compare", "--samples", "0", "--gold", file, "--pred-file", "<svg onload>=" + file, "--format", "markdown"}, nil},
		{"N10 curve --format markdown", []string{"curve", "-q", "--samples", "0", "--test", file, "--model-cmd", oTagger,
			"--model-name", system, "--rates", "0.5", "--format", "markdown"}, nil},
		{"N10 score --format markdown", []string{"score", "--format", "markdown", "--gold", file, "--pred", file}, nil},
		{"N10 review score -f markdown: judges' notes of markup", []string{"review", "score", "-f", "markdown", "--key", "key.tsv", "<j>.tsv"}, nil},
	}
	key, err := os.ReadFile("../../review/testdata/score/key.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			for name, data := range map[string]string{file: corpus, "key.tsv": string(key), "<j>.tsv": judge} {
				if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			stdout, stderr, err := runCLI(t, "", tt.args...)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			docs := map[string]string{"standard output": stdout}
			for _, f := range tt.files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				docs[f] = string(b)
			}
			for name, md := range docs {
				if where := rawMarkup(md); where != "" {
					t.Errorf("%s holds markup at %s", name, where)
				}
			}
			if !strings.Contains(stdout, `\<`) {
				t.Errorf("standard output shows none of the names:\n%s", stdout)
			}
		})
	}
}

// unescapeMarkdown removes the backslashes textutil.MarkdownText puts
// before punctuation, for tests that look for a name or a command line
// in Markdown as written in the text report.
func unescapeMarkdown(md string) string {
	var b strings.Builder
	for i := 0; i < len(md); i++ {
		if md[i] == '\\' && i+1 < len(md) && strings.IndexByte("\\`*_[]<>&#|~", md[i+1]) >= 0 {
			i++
		}
		b.WriteByte(md[i])
	}
	return b.String()
}
