package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

// reviewFixture is review's small build (keyboard, swap and synonym of
// 80 sentences of the embedded BC5CDR sample).
const reviewFixture = "../../review/testdata/build"

func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, err := runCLI(t, "", args...)
	if err != nil {
		t.Fatalf("stress %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return out
}

// TestReviewSample: the five files, the same bytes for the same seed,
// nothing replaced without --force, and a set read with its change log.
func TestReviewSample(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	out := mustCLI(t, "review", "sample", "--out", a, "--n", "16", "--seed", "4", reviewFixture)
	for _, w := range []string{"16 items of 305 changes", "synonym / Disease / MESH", "keep from them: " + filepath.Join(a, "key.tsv")} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	mustCLI(t, "review", "sample", "--out", b, "--n", "16", "--seed", "4", reviewFixture)
	for _, name := range []string{"review.html", "items.tsv", "items.md", "key.tsv", "sample.json"} {
		x, err1 := os.ReadFile(filepath.Join(a, name))
		y, err2 := os.ReadFile(filepath.Join(b, name))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("%s: not the same bytes for the same seed (%v, %v)", name, err1, err2)
		}
	}
	before, _ := os.ReadFile(filepath.Join(a, "key.tsv"))
	_, _, err := runCLI(t, "", "review", "sample", "--out", a, "--n", "16", "--seed", "5", reviewFixture)
	if err == nil || !strings.Contains(err.Error(), "file exists (use --force to replace it)") {
		t.Errorf("a second sample into the same directory: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(a, "key.tsv")); !bytes.Equal(before, after) {
		t.Error("the refused sample changed key.tsv")
	}
	mustCLI(t, "review", "sample", "--force", "--out", a, "--n", "16", "--seed", "5", reviewFixture)
	if after, _ := os.ReadFile(filepath.Join(a, "key.tsv")); bytes.Equal(before, after) {
		t.Error("--force did not replace the sample")
	}

	set := filepath.Join(dir, "set")
	out = mustCLI(t, "review", "sample", "--out", set, "--n", "5", "--by", "type", "--changes", reviewFixture+"/changes.tsv",
		reviewFixture+"/corpus_synonym.tsv")
	if !strings.Contains(out, "5 items of 27 changes, 2 strata (by type)") {
		t.Errorf("a set and its change log:\n%s", out)
	}
}

func TestReviewUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"review"}, "no command given"},
		{[]string{"review", "sample", reviewFixture}, "--out is required"},
		{[]string{"review", "sample", "--out", "x"}, "want one BUILD_DIR"},
		{[]string{"review", "sample", "--out", "x", "--n", "0", reviewFixture}, "--n"},
		{[]string{"review", "sample", "--out", "x", "--by", "concept", reviewFixture}, `unknown stratification column "concept"`},
		{[]string{"review", "sample", "--out", "x", "--kinds", "ocr", reviewFixture}, `no changes of kind "ocr"`},
		{[]string{"review", "sample", "--out", "x", "--n", "3", reviewFixture}, "3 items for 13 strata"},
		{[]string{"review", "sample", "--out", "x", "--labels", "swap=one", reviewFixture}, "--labels: labels of swap"},
		{[]string{"review", "sample", "--out", "x", "--original", "o.tsv", reviewFixture}, "--original needs --changes"},
		{[]string{"review", "sample", "--out", "x", "nodir"}, "nodir is not a build directory"},
		{[]string{"review", "score", "j.tsv"}, "--key is required"},
		{[]string{"review", "score", "--key", "k.tsv"}, "no judgement files"},
		{[]string{"review", "score", "--key", "k.tsv", "j.tsv", "./j.tsv"}, "judgement file ./j.tsv given twice"},
		{[]string{"review", "score", "--key", "k.tsv", "--avoid", "k.tsv", "j.tsv"}, "k.tsv: output would replace an input"},
	} {
		_, _, err := runCLI(t, "", tc.args...)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%v: error %v, want a usage error with %q", tc.args, err, tc.msg)
		}
	}
}

// TestReviewScoreErrors: judgement files that do not fit the key are
// errors at their line.
func TestReviewScoreErrors(t *testing.T) {
	dir := t.TempDir()
	s := filepath.Join(dir, "s")
	mustCLI(t, "review", "sample", "--out", s, "--n", "15", reviewFixture)
	key := filepath.Join(s, "key.tsv")
	k, err := os.ReadFile(key)
	if err != nil {
		t.Fatal(err)
	}
	item := strings.SplitN(strings.Split(string(k), "\n")[1], "\t", 2)[0]
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	for _, tc := range []struct{ text, msg string }{
		{"item\tlabel\n" + item + "\tnatural\nzz-1\tnatural\n", ":3: bad judgement file: item \"zz-1\" is not in the key"},
		{"item\tlabel\n" + item + "\tnatural\n" + item + "\tunsure\n", ":3: bad judgement file: item \"" + item + "\" judged twice (first on line 2)"},
		{"item\tlabel\n" + item + "\tgreat\n", ":2: bad judgement file: label \"great\" is not one of item"},
	} {
		j := write("j.tsv", tc.text)
		if _, _, err := runCLI(t, "", "review", "score", "--key", key, j); err == nil || !strings.Contains(err.Error(), j+tc.msg) {
			t.Errorf("error %v, want %s%s", err, j, tc.msg)
		}
	}
	// The items TSV filled in by a spreadsheet judge is a judgement file.
	items, _ := os.ReadFile(filepath.Join(s, "items.tsv"))
	lines := strings.Split(strings.TrimSuffix(string(items), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimSuffix(lines[i], "\t\t") + "\t" + []string{"natural", "2", "Meaning changed"}[i%3] + "\t"
	}
	j := write("items-filled.tsv", strings.Join(lines, "\r\n")+"\r\n")
	for _, f := range []string{"text", "markdown", "json", "csv"} {
		out := mustCLI(t, "review", "score", "--key", key, "--format", f, j)
		if !strings.Contains(out, "15") {
			t.Errorf("--format %s:\n%s", f, out)
		}
	}
}

// TestReviewAvoidRebuild: rebuilding S with the avoid file that "review
// score" writes from judgements removes every flagged pair and changes
// nothing else: every other change-log row and every sentence without
// an avoided change are as they were. The only changes allowed besides
// the avoided rows are a new name at a mention whose name was avoided,
// and the second of two coordinated mentions ("angioedema or
// angioedema"), which must not repeat the first's new name.
func TestReviewAvoidRebuild(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "test.tsv")
	if err := os.WriteFile(corpus, []byte(sampleText(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	b1, b2 := filepath.Join(dir, "b1"), filepath.Join(dir, "b2")
	mustCLI(t, "build", "--kinds", "synonym", "--seed", "1", "--out", b1, corpus)
	s := filepath.Join(dir, "s")
	mustCLI(t, "review", "sample", "--out", s, "--kinds", "synonym", "--n", "60", "--by", "type,source", b1)

	// A judge flags every third item, is unsure of every seventh.
	keyText, err := os.ReadFile(filepath.Join(s, "key.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	type pair struct{ before, after string }
	flagged := map[pair]bool{}
	var j strings.Builder
	j.WriteString("item\tlabel\tnote\n")
	for i, line := range strings.Split(strings.TrimSpace(string(keyText)), "\n")[1:] {
		f := strings.Split(line, "\t")
		label := "natural"
		switch {
		case i%3 == 0:
			label = "meaning changed"
			flagged[pair{f[9], f[10]}] = true
		case i%7 == 0:
			label = "unsure"
		}
		j.WriteString(f[0] + "\t" + label + "\t\n")
	}
	judgements := filepath.Join(dir, "judge.tsv")
	os.WriteFile(judgements, []byte(j.String()), 0o644)
	avoid := filepath.Join(dir, "avoid.txt")
	_, stderr, err := runCLI(t, "", "review", "score", "--key", filepath.Join(s, "key.tsv"), "--avoid", avoid, judgements)
	if err != nil || !strings.Contains(stderr, "pairs to avoid") {
		t.Fatalf("score --avoid: %v\n%s", err, stderr)
	}

	mustCLI(t, "build", "--kinds", "synonym", "--seed", "1", "--avoid", avoid, "--out", b2, corpus)
	m, err := stressset.ReadManifest(filepath.Join(b2, "manifest.json"))
	if err != nil || m.Kinds[0].Options["avoid"] != "../avoid.txt" {
		t.Errorf("manifest records avoid %q (%v), want ../avoid.txt", m.Kinds[0].Options["avoid"], err)
	}
	old, err := stressset.ReadChangesFile(filepath.Join(b1, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rebuilt, err := stressset.ReadChangesFile(filepath.Join(b2, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	at := func(c perturb.Change) [2]int { return [2]int{c.Sentence, c.Token} }
	// An avoided row is a flagged pair, or a row the pair's words cover
	// ("heart failure -> cardiac failure" also stops "congestive heart
	// failure -> congestive cardiac failure"): the words of the pair's
	// sides in the row's sides.
	covers := func(c perturb.Change) bool {
		for p := range flagged {
			if containsWords(c.Before, p.before) && containsWords(c.After, p.after) {
				return true
			}
		}
		return false
	}
	oldAt := map[[2]int]perturb.Change{}
	avoidedAt := map[[2]int]bool{}
	exact := 0
	for _, r := range old {
		oldAt[at(r.Change)] = r.Change
		if covers(r.Change) {
			avoidedAt[at(r.Change)] = true
		}
		if flagged[pair{r.Before, r.After}] {
			exact++
		}
	}
	coordinated := func(c perturb.Change) bool {
		for _, r := range old {
			if r.Sentence == c.Sentence && r.End+1 == c.Token && avoidedAt[at(r.Change)] {
				return true
			}
		}
		return false
	}
	kept, renamed := map[[2]int]bool{}, 0
	for _, r := range rebuilt {
		if flagged[pair{r.Before, r.After}] {
			t.Errorf("%s:%d: flagged pair %q -> %q made again", r.File, r.Line, r.Before, r.After)
		}
		o, ok := oldAt[at(r.Change)]
		switch {
		case ok && o == r.Change:
			kept[at(r.Change)] = true
		case ok && avoidedAt[at(r.Change)]:
			renamed++
		case coordinated(r.Change):
		default:
			t.Errorf("%s:%d: %q -> %q is new where no pair was avoided", r.File, r.Line, r.Before, r.After)
		}
	}
	removed := 0
	for _, r := range old {
		if kept[at(r.Change)] {
			continue
		}
		removed++
		if !avoidedAt[at(r.Change)] && !coordinated(r.Change) {
			t.Errorf("%s:%d: %q -> %q is gone but no flagged pair covers it", r.File, r.Line, r.Before, r.After)
		}
	}
	if len(flagged) == 0 || exact == 0 || removed == 0 {
		t.Fatalf("%d flagged pairs, %d rows of them, %d rows gone: the test proves nothing", len(flagged), exact, removed)
	}
	t.Logf("%d flagged pairs in %d of %d rows; %d rows changed (%d renamed), %d kept", len(flagged), exact, len(old), removed, renamed, len(kept))

	// Sentences without an avoided change are the same bytes.
	s1, _ := os.ReadFile(filepath.Join(b1, "test_synonym.tsv"))
	s2, _ := os.ReadFile(filepath.Join(b2, "test_synonym.tsv"))
	changed := map[int]bool{}
	for _, r := range old {
		if !kept[at(r.Change)] {
			changed[r.Sentence] = true
		}
	}
	for _, r := range rebuilt {
		if !kept[at(r.Change)] {
			changed[r.Sentence] = true
		}
	}
	x, y := strings.Split(string(s1), "\n\n"), strings.Split(string(s2), "\n\n")
	if len(x) != len(y) {
		t.Fatalf("%d sentences, rebuilt %d", len(x), len(y))
	}
	same := 0
	for i := range x {
		// -DOCSTART- blocks count as sentences in the log: align by
		// counting the blocks that are sentences.
		if x[i] == y[i] {
			same++
		}
	}
	if len(x)-same > len(changed) {
		t.Errorf("%d sentences differ, but avoided changes touch %d", len(x)-same, len(changed))
	}
}

// containsWords reports whether the words of part (lower case, split at
// anything but letters and digits) occur in order, contiguously, in
// those of text.
func containsWords(text, part string) bool {
	split := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r > 127)
		})
	}
	tw, pw := split(text), split(part)
	if len(pw) == 0 {
		return false
	}
	for i := 0; i+len(pw) <= len(tw); i++ {
		match := true
		for k := range pw {
			if tw[i+k] != pw[k] && strings.TrimSuffix(tw[i+k], "s") != strings.TrimSuffix(pw[k], "s") {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
