package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/testfile"
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
	write := testfile.Writer(t, dir)
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
// nothing else (checkAvoidRebuild), on a build of K, W and S of the
// embedded BC5CDR sample.
func TestReviewAvoidRebuild(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "test.tsv")
	if err := os.WriteFile(corpus, []byte(sampleText(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	b1, b2 := filepath.Join(dir, "b1"), filepath.Join(dir, "b2")
	mustCLI(t, "build", "--kinds", "keyboard,swap,synonym", "--seed", "1", "--out", b1, corpus)
	s := filepath.Join(dir, "s")
	mustCLI(t, "review", "sample", "--out", s, "--kinds", "synonym", "--n", "60", "--by", "type,source", b1)
	flagged := judgeAndAvoid(t, dir, filepath.Join(s, "key.tsv"), 3)
	mustCLI(t, "build", "--kinds", "keyboard,swap,synonym", "--seed", "1", "--avoid", filepath.Join(dir, "avoid.txt"), "--out", b2, corpus)
	m, err := stressset.ReadManifest(filepath.Join(b2, "manifest.json"))
	if err != nil || m.Kinds[2].Options["avoid"] != "../avoid.txt" {
		t.Errorf("manifest records avoid %q (%v), want ../avoid.txt", m.Kinds[2].Options["avoid"], err)
	}
	checkAvoidRebuild(t, b1, b2, flagged)
}

// avoidPair is a flagged change, before and after.
type avoidPair struct{ before, after string }

// judgeAndAvoid writes dir/judge.tsv, a judge who flags every every-th
// synonym item of the key (meaning changed) and is unsure of every
// seventh, scores it with "review score --avoid dir/avoid.txt" and
// returns the flagged pairs.
func judgeAndAvoid(t *testing.T, dir, key string, every int) map[avoidPair]bool {
	t.Helper()
	keyText, err := os.ReadFile(key)
	if err != nil {
		t.Fatal(err)
	}
	flagged := map[avoidPair]bool{}
	var j strings.Builder
	j.WriteString("item\tlabel\tnote\n")
	for i, line := range strings.Split(strings.TrimSpace(string(keyText)), "\n")[1:] {
		f := strings.Split(line, "\t") // item file line sentence token end kind type source before after ...
		label := "natural"
		switch {
		case i%every == 0 && f[6] == "synonym":
			label = "meaning changed"
			flagged[avoidPair{f[9], f[10]}] = true
		case i%7 == 0:
			label = "unsure"
		}
		j.WriteString(f[0] + "\t" + label + "\t\n")
	}
	judgements := filepath.Join(dir, "judge.tsv")
	if err := os.WriteFile(judgements, []byte(j.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	avoid := filepath.Join(dir, "avoid.txt")
	_, stderr, err := runCLI(t, "", "review", "score", "--key", key, "--avoid", avoid, judgements)
	if err != nil || !strings.Contains(stderr, "pairs to avoid") {
		t.Fatalf("score --avoid: %v\n%s", err, stderr)
	}
	return flagged
}

// checkAvoidRebuild compares build b2, rebuilt with the avoid file of
// the flagged pairs, with b1. The rule (docs/review.md, synonym --avoid): a
// flagged pair is never made again; a row goes only when a flagged
// pair covers it (the pair's words in the row's before and after:
// "heart failure -> cardiac failure" also stops "congestive heart
// failure -> congestive cardiac failure"); the only new rows are a
// mention whose name was avoided taking its concept's next name, and
// the second of two coordinated mentions ("angioedema or angioedema"),
// which must not repeat the first's new name; every other change-log
// row is as it was, every sentence without a removed or new row is the
// same bytes, and the sets of other kinds are the same bytes.
func checkAvoidRebuild(t *testing.T, b1, b2 string, flagged map[avoidPair]bool) {
	t.Helper()
	old, err := stressset.ReadChangesFile(filepath.Join(b1, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rebuilt, err := stressset.ReadChangesFile(filepath.Join(b2, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	type place struct {
		file            string
		sentence, token int
	}
	at := func(c perturb.Change) place { return place{c.File, c.Sentence, c.Token} }
	covers := func(c perturb.Change) bool {
		for p := range flagged {
			if containsWords(c.Before, p.before) && containsWords(c.After, p.after) {
				return true
			}
		}
		return false
	}
	oldAt := map[place]perturb.Change{}
	avoidedAt := map[place]bool{}
	exact := 0
	for _, r := range old {
		oldAt[at(r.Change)] = r.Change
		if covers(r.Change) {
			avoidedAt[at(r.Change)] = true
		}
		if flagged[avoidPair{r.Before, r.After}] {
			exact++
		}
	}
	coordinated := func(c perturb.Change) bool {
		for _, r := range old {
			if r.File == c.File && r.Sentence == c.Sentence && r.End+1 == c.Token && avoidedAt[at(r.Change)] {
				return true
			}
		}
		return false
	}
	kept, renamed := map[place]bool{}, 0
	changed := map[string]map[int]bool{} // file -> 0-based sentences with a removed or new row
	mark := func(c perturb.Change) {
		if changed[c.File] == nil {
			changed[c.File] = map[int]bool{}
		}
		changed[c.File][c.Sentence] = true
	}
	for _, r := range rebuilt {
		if flagged[avoidPair{r.Before, r.After}] {
			t.Errorf("%s:%d: flagged pair %q -> %q made again", r.File, r.Line, r.Before, r.After)
		}
		o, ok := oldAt[at(r.Change)]
		switch {
		case ok && o == r.Change:
			kept[at(r.Change)] = true
			continue
		case ok && avoidedAt[at(r.Change)]:
			renamed++
		case coordinated(r.Change):
		default:
			t.Errorf("%s:%d: %q -> %q is new where no pair was avoided", r.File, r.Line, r.Before, r.After)
		}
		mark(r.Change)
	}
	removed := 0
	for _, r := range old {
		if kept[at(r.Change)] {
			continue
		}
		removed++
		mark(r.Change)
		if r.Kind != "synonym" || !avoidedAt[at(r.Change)] && !coordinated(r.Change) {
			t.Errorf("%s:%d: %s %q -> %q is gone but no flagged pair covers it", r.File, r.Line, r.Kind, r.Before, r.After)
		}
	}
	if len(flagged) == 0 || exact == 0 || removed == 0 {
		t.Fatalf("%d flagged pairs, %d rows of them, %d rows gone: the test proves nothing", len(flagged), exact, removed)
	}
	t.Logf("%d flagged pairs in %d of %d rows; %d rows gone or changed (%d renamed), %d kept", len(flagged), exact, len(old), removed, renamed, len(kept))

	// Sentence by sentence: only those with a removed or new row differ.
	sets, err := filepath.Glob(filepath.Join(b1, "*.tsv"))
	if err != nil || len(sets) < 2 {
		t.Fatalf("sets of %s: %v %v", b1, sets, err)
	}
	for _, p := range sets {
		name := filepath.Base(p)
		if name == "changes.tsv" {
			continue
		}
		x, err1 := os.ReadFile(p)
		y, err2 := os.ReadFile(filepath.Join(b2, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if changed[name] == nil && !bytes.Equal(x, y) {
			t.Errorf("%s: not the same bytes, but no row of it changed", name)
		}
		xs, ys := strings.Split(string(x), "\n\n"), strings.Split(string(y), "\n\n")
		if len(xs) != len(ys) {
			t.Errorf("%s: %d blocks, rebuilt %d", name, len(xs), len(ys))
			continue
		}
		sentence := 0 // the change log's 0-based sentence number; -DOCSTART- blocks are not sentences
		for i := range xs {
			if strings.HasPrefix(xs[i], "-DOCSTART-") {
				continue
			}
			if xs[i] != ys[i] && !changed[name][sentence] {
				t.Errorf("%s: sentence %d differs, but no row of it changed:\n%s\n---\n%s", name, sentence+1, xs[i], ys[i])
			}
			sentence++
		}
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

// TestReviewLabelsPerKind: --labels sets each kind's labels (a file of
// KIND=... lines, or the flag repeated); the items, the key and the page
// offer each item its kind's labels; score counts an item valid by its
// own kind's first label (and says "valid", the labels being its own),
// flags by the others, and refuses a label the item's kind does not
// offer, at its file:line.
func TestReviewLabelsPerKind(t *testing.T) {
	dir := t.TempDir()
	labelsFile := filepath.Join(dir, "labels.txt")
	if err := os.WriteFile(labelsFile, []byte("synonym=same meaning,other meaning,unnatural,unsure\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := filepath.Join(dir, "s")
	mustCLI(t, "review", "sample", "--out", s, "--n", "12", "--seed", "2", "--kinds", "keyboard,synonym", "--by", "kind",
		"--labels", labelsFile, "--labels", "keyboard=readable,unreadable", reviewFixture)
	want := map[string]string{"synonym": "same meaning,other meaning,unnatural,unsure", "keyboard": "readable,unreadable"}
	key, err := os.ReadFile(filepath.Join(s, "key.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(s, "review.html"))
	var j strings.Builder
	j.WriteString("item\tlabel\tnote\n")
	seen := map[string]int{}
	var firstKeyboard string
	for _, line := range strings.Split(strings.TrimSpace(string(key)), "\n")[1:] {
		f := strings.Split(line, "\t")
		kind, labels := f[6], f[13]
		seen[kind]++
		if labels != want[kind] {
			t.Errorf("%s (%s): labels %q, want %q", f[0], kind, labels, want[kind])
		}
		// Each kind's first label but for one flagged synonym.
		label := strings.Split(labels, ",")[0]
		if kind == "synonym" && seen[kind] == 1 {
			label = "other meaning"
		}
		if kind == "keyboard" && firstKeyboard == "" {
			firstKeyboard = f[0]
		}
		j.WriteString(f[0] + "\t" + label + "\t\n")
	}
	if seen["synonym"] == 0 || seen["keyboard"] == 0 || len(seen) != 2 {
		t.Fatalf("kinds drawn %v", seen)
	}
	for _, l := range []string{"same meaning", "other meaning", "readable", "unreadable"} {
		if !strings.Contains(string(page), l) {
			t.Errorf("the page does not offer %q", l)
		}
	}
	judge := filepath.Join(dir, "judge.tsv")
	os.WriteFile(judge, []byte(j.String()), 0o644)
	out := mustCLI(t, "review", "score", "--key", filepath.Join(s, "key.tsv"), judge)
	for _, w := range []string{"In a blind sample of 12 changes, 91.7% were judged valid", "Flagged items: 1", "other meaning"} {
		if !strings.Contains(out, w) {
			t.Errorf("score lacks %q:\n%s", w, out)
		}
	}
	// A synonym label on a keyboard item is refused where it stands.
	lines := strings.Split(j.String(), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, firstKeyboard+"\t") {
			lines[i] = firstKeyboard + "\tsame meaning\t"
			bad := filepath.Join(dir, "bad.tsv")
			os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644)
			_, _, err := runCLI(t, "", "review", "score", "--key", filepath.Join(s, "key.tsv"), bad)
			if err == nil || !strings.Contains(err.Error(), bad+":"+strconv.Itoa(i+1)+":") || !strings.Contains(err.Error(), "same meaning") {
				t.Errorf("a synonym label on a keyboard item: %v", err)
			}
		}
	}
}
