package main

// The failures of the third hostile test (issue 31: N01-N16, F26), each
// a test named after its row: rows of TestBadInputs (hostile3Rows), and
// tests of their own where a row needs two processes.

import (
	"os"
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

// hostile3Rows are the rows of TestBadInputs of issue 31.
func hostile3Rows(t *testing.T) []badInput {
	in := map[string]string{"in.tsv": safetyCorpus}
	review := reviewSetup(t)
	judged := map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tnatural\n"}
	for k, v := range review {
		judged[k] = v
	}
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
