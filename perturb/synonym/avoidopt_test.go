package synonym

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/sample"
)

// runSynonym runs the synonym kind with options on the sentences and
// returns its changes.
func runSynonym(t *testing.T, ss []conll.Sentence, options map[string]string) []perturb.Change {
	t.Helper()
	kind, err := perturb.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := kind.New(options)
	if err != nil {
		t.Fatal(err)
	}
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 7)
	var log []perturb.Change
	pl := &perturb.Pipeline{Seed: 7, Selector: sel, Workers: 2,
		Steps:   []perturb.Step{{Name: Name, File: "x_synonym.tsv", Perturbation: p, Out: &collect{}}},
		Changes: func(c perturb.Change) error { log = append(log, c); return nil }}
	if _, err := pl.Run(t.Context(), &conll.SliceReader{Sentences: ss}); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestAvoidOption: pairs copied from a run's changes into an --avoid
// file are never made again, and every other change of the run is made
// again as it was (but for the second of two coordinated mentions,
// which must not repeat the first's new name). The pairs of every third
// change, from three offsets.
func TestAvoidOption(t *testing.T) {
	ss, err := sample.Test() // 512 sentences of BC5CDR
	if err != nil {
		t.Fatal(err)
	}
	before := runSynonym(t, ss, map[string]string{})
	if len(before) < 30 {
		t.Fatalf("%d changes: too few to test with", len(before))
	}
	for offset := range 3 {
		testAvoidEvery(t, ss, before, 3, offset)
	}
}

func testAvoidEvery(t *testing.T, ss []conll.Sentence, before []perturb.Change, k, offset int) {
	var b strings.Builder
	b.WriteString("# flagged in a review\n")
	for i, c := range before {
		if i%k == offset {
			b.WriteString(c.Before + " -> " + c.After + " # item " + c.File + "\n")
		}
	}
	path := filepath.Join(t.TempDir(), "avoid.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := english.ReadAvoidFile(path)
	if err != nil {
		t.Fatal(err)
	}
	after := runSynonym(t, ss, map[string]string{"avoid": path})
	at := func(c perturb.Change) [2]int { return [2]int{c.Sentence, c.Token} }
	old := map[[2]int]perturb.Change{}
	avoidedAt := map[[2]int]bool{} // where an avoided change starts, by sentence and token
	avoided := 0
	for _, c := range before {
		old[at(c)] = c
		if list.Avoids(c.After, c.Before) {
			avoided++
			avoidedAt[at(c)] = true
		}
	}
	// coordinated reports whether the change at c follows an avoided
	// one with one token between ("angioedema or angioedema"): a name is
	// not repeated across a coordination, so when the first mention gets
	// another name, the second may have to change too.
	coordinated := func(c perturb.Change) bool {
		for _, o := range before {
			if o.Sentence == c.Sentence && o.End+1 == c.Token && avoidedAt[at(o)] {
				return true
			}
		}
		return false
	}
	kept := map[[2]int]bool{}
	for _, c := range after {
		if list.Avoids(c.After, c.Before) {
			t.Errorf("sentence %d: %q -> %q is avoided but made again", c.Sentence+1, c.Before, c.After)
		}
		o, ok := old[at(c)]
		switch {
		case ok && o == c:
			kept[at(c)] = true
		case ok && avoidedAt[at(c)]:
			// Another name for a mention whose replacement is avoided.
		case coordinated(c):
		default:
			t.Errorf("sentence %d token %d: %q -> %q is new, and no avoided change was there", c.Sentence+1, c.Token+1, c.Before, c.After)
		}
	}
	for _, c := range before {
		if !avoidedAt[at(c)] && !kept[at(c)] && !coordinated(c) {
			t.Errorf("sentence %d: %q -> %q is not avoided but is gone", c.Sentence+1, c.Before, c.After)
		}
	}
	if avoided == 0 || len(after) == len(before) && avoided > 0 && len(kept) == len(before) {
		t.Errorf("%d of %d changes avoided, %d kept: the option did nothing", avoided, len(before), len(kept))
	}
	t.Logf("%d changes, %d avoided, %d after (%d kept as they were)", len(before), avoided, len(after), len(kept))
}

func TestAvoidOptionErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("dropsy\nheart failure -> \n"), 0o644)
	kind, err := perturb.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kind.New(map[string]string{"avoid": bad}); err == nil || !strings.Contains(err.Error(), bad+":2: ") {
		t.Errorf("error %v, want %s:2", err, bad)
	}
	if _, err := kind.New(map[string]string{"avoid": filepath.Join(dir, "missing.txt")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
