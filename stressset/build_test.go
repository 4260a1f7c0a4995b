package stressset

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// testInputs writes two parts of the embedded sample, of n sentences
// each, into a new directory.
func testInputs(t *testing.T, n int) []string {
	t.Helper()
	b, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitAfter(string(b), "\n\n")
	dir := t.TempDir()
	var paths []string
	for i, name := range []string{"a.tsv", "b.tsv"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(parts[i*n:(i+1)*n], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func testPlan(t *testing.T, paths []string) *Plan {
	t.Helper()
	inputs, err := Inputs(paths)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []perturb.ManifestKind
	for _, k := range []struct{ name, suffix string }{{"keyboard", "key"}, {"swap", "swap"}} {
		kinds = append(kinds, perturb.ManifestKind{Name: k.name, Suffix: k.suffix, Options: map[string]string{}})
	}
	kinds[0].Options["layout"] = "qwerty"
	kinds[1].Options["keep-first"], kinds[1].Options["keep-last"] = "false", "false"
	return &Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: kinds, Inputs: inputs,
		Dir: t.TempDir(), Workers: 2, Version: "test"}
}

func dirFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// TestRunFilesOpen checks that Run writes exactly the files Plan.Files
// announces, that FromManifest regenerates them byte for byte, and that
// Open reads the sets back with their change logs.
func TestRunFilesOpen(t *testing.T) {
	paths := testInputs(t, 40)
	plan := testPlan(t, paths)
	ins, outs := plan.Files()
	if !slices.Equal(ins, paths) {
		t.Errorf("Files inputs %v, want %v", ins, paths)
	}
	m, err := Run(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	got := dirFiles(t, plan.Dir)
	if len(got) != len(outs) {
		t.Errorf("Run wrote %d files, Files announced %d", len(got), len(outs))
	}
	for _, o := range outs {
		if _, ok := got[filepath.Base(o)]; !ok {
			t.Errorf("announced %s not written", o)
		}
	}

	again, err := FromManifest(filepath.Join(plan.Dir, ManifestName), "")
	if err != nil {
		t.Fatal(err)
	}
	again.Dir, again.Version = t.TempDir(), "test"
	if _, err := Run(context.Background(), again); err != nil {
		t.Fatal(err)
	}
	for name, data := range dirFiles(t, again.Dir) {
		if name != ManifestName && !bytes.Equal(data, got[name]) {
			t.Errorf("regenerated %s differs", name)
		}
	}
	again.Dir, again.Version = t.TempDir(), "other"
	if _, err := Run(context.Background(), again); !errors.Is(err, perturb.ErrManifest) {
		t.Errorf("regeneration by another version: %v, want ErrManifest", err)
	}

	b, err := Open(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Input(""); !errors.Is(err, ErrInput) {
		t.Errorf("Input(\"\") of a two-input build: %v, want ErrInput", err)
	}
	in, err := b.Input("b")
	if err != nil {
		t.Fatal(err)
	}
	sets, err := b.Sets(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 3 || sets[0].Name != "O" || sets[0].Changed != nil || sets[1].Name != "keyboard" || len(sets[1].Changed) == 0 {
		t.Fatalf("sets %v", sets)
	}
	if len(sets[0].Gold) != m.Inputs[1].Stats.Sentences || len(sets[0].Gold) == 0 {
		t.Errorf("set O has %d sentences, manifest says %d", len(sets[0].Gold), m.Inputs[1].Stats.Sentences)
	}
	// A changed output no longer matches the manifest.
	os.WriteFile(filepath.Join(plan.Dir, "b_swap.tsv"), []byte("x\tO\n"), 0o644)
	if _, err := b.Sets(in); err == nil || !strings.Contains(err.Error(), "sha256") {
		t.Errorf("Sets of a modified build: %v", err)
	}
}

func TestInputs(t *testing.T) {
	in, err := Inputs(nil)
	if err != nil || len(in) != 1 || in[0].Path != sample.TestName || in[0].Name != "test" {
		t.Errorf("Inputs(nil) = %v, %v", in, err)
	}
	in, err = Inputs([]string{"d/train.tsv.gz", "e/test.jsonl"})
	if err != nil || in[0].Name != "train" || in[1].Name != "test" {
		t.Errorf("names %v, %v", in, err)
	}
	if _, err := Inputs([]string{"a/x.tsv", "b/x.tsv"}); !errors.Is(err, ErrInput) {
		t.Errorf("colliding inputs: %v, want ErrInput", err)
	}
	for test, want := range map[string]Input{"": {Path: sample.TestName, Name: "test"}, "d/devel.tsv": {Path: "d/devel.tsv", Name: "devel"}} {
		if in, err := InputsOf(test); err != nil || len(in) != 1 || in[0].Path != want.Path || in[0].Name != want.Name {
			t.Errorf("InputsOf(%q) = %v, %v; want %v", test, in, err, want)
		}
	}
}

// TestBuildBackgroundSyncError: a writeback error seen only by one of the
// background fsyncs (Linux reports it once per open file) fails the
// build before anything is committed.
func TestBuildBackgroundSyncError(t *testing.T) {
	paths := testInputs(t, 50)
	errEIO := errors.New("input/output error")
	for fail := int32(1); fail <= 3; fail++ {
		var calls atomic.Int32
		old := syncFile
		syncFile = func(sync func() error) error {
			err := sync()
			if calls.Add(1) == fail {
				return errEIO // as if this fsync alone saw the error
			}
			return err
		}
		plan := testPlan(t, paths)
		_, err := Run(context.Background(), plan)
		syncFile = old
		if calls.Load() < fail {
			t.Fatalf("only %d background syncs, cannot fail number %d", calls.Load(), fail)
		}
		if !errors.Is(err, errEIO) {
			t.Fatalf("sync %d failing: build error %v, want %v", fail, err, errEIO)
		}
		if got := dirFiles(t, plan.Dir); len(got) != 0 {
			t.Fatalf("sync %d failing: build left %d files", fail, len(got))
		}
	}
}

// Two builds into one directory cannot both succeed: the second to
// commit finds the first's files and fails, leaving the first build
// whole and nothing of its own (Plan.Force unset). With Force the later
// one replaces the earlier.
func TestConcurrentBuildsOneWins(t *testing.T) {
	paths := testInputs(t, 20)
	first := testPlan(t, paths)
	second := testPlan(t, paths)
	second.Dir = first.Dir
	var secondErr error
	var once sync.Once
	first.Progress = func(int) {
		// The first build is under way: the second runs whole.
		once.Do(func() { _, secondErr = Run(context.Background(), second) })
	}
	_, err := Run(context.Background(), first)
	if secondErr != nil {
		t.Fatalf("the second build, run whole: %v", secondErr)
	}
	if !errors.Is(err, atomicfile.ErrExists) {
		t.Fatalf("the first build, committing after the second: %v, want ErrExists", err)
	}
	_, outputs := second.Files()
	var want []string
	for _, o := range outputs {
		want = append(want, filepath.Base(o))
	}
	var got []string
	for name := range dirFiles(t, first.Dir) {
		got = append(got, name)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("left %q, want the second build's files %q and nothing else", got, want)
	}
	if _, err := Open(first.Dir); err != nil {
		t.Fatalf("the build left is not whole: %v", err)
	}

	third := testPlan(t, paths)
	third.Dir, third.Force = first.Dir, true
	if _, err := Run(context.Background(), third); err != nil {
		t.Fatalf("with Force: %v", err)
	}
}

// A change log that lost a row, or holds one of a file the manifest
// does not name, is refused when the build is read back: the manifest
// counts every output's changes.
func TestChangesCountChecked(t *testing.T) {
	plan := testPlan(t, testInputs(t, 10))
	if _, err := Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(plan.Dir, ChangesName)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(orig), "\n")
	for name, edited := range map[string]string{
		"a row deleted": lines[0] + strings.Join(lines[2:], ""),
		"a foreign row": string(orig) + "z_key.tsv\t1\t1\t1\tkeyboard\tab\tba\t\t\t\n",
	} {
		if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := Open(plan.Dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Changes(); !errors.Is(err, ErrManifest) {
			t.Errorf("%s: Changes = %v, want ErrManifest", name, err)
		}
	}
	os.WriteFile(path, orig, 0o644)
	b, err := Open(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Changes(); err != nil {
		t.Errorf("the log as written: %v", err)
	}
}
