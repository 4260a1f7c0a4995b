package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tsv")

	f, err := Create(target, true)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("partial")
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatalf("target visible before commit: %v", err)
	}
	f.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("abort left %d files", len(ents))
	}

	if err := WriteFile(target, []byte("done\n"), false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "done\n" {
		t.Fatalf("got %q", b)
	}
	if _, err := Create(target, true); !errors.Is(err, ErrExists) {
		t.Fatalf("noClobber: got %v, want ErrExists", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("want only the target, got %d files", len(ents))
	}
}

// A target created while the data is being written must survive a
// noClobber commit: Commit fails with ErrExists and cleans up its temp file.
func TestCommitNoClobberTargetAppeared(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "umls.db")

	f, err := Create(target, true)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	if _, err := f.WriteString("ours"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); !errors.Is(err, ErrExists) {
		t.Fatalf("Commit: got %v, want ErrExists", err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "theirs" {
		t.Fatalf("target = %q, %v; want the file created meanwhile untouched", b, err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || ents[0].Name() != "umls.db" {
		names := make([]string, len(ents))
		for i, e := range ents {
			names[i] = e.Name()
		}
		t.Fatalf("want only the target, got %v", names)
	}
}

// Without noClobber, Commit replaces whatever is there; with noClobber
// and no competitor it publishes the data with ordinary permissions.
func TestCommitModes(t *testing.T) {
	for _, noClobber := range []bool{false, true} {
		dir := t.TempDir()
		target := filepath.Join(dir, "out.txt")
		f, err := Create(target, noClobber)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("new"); err != nil {
			t.Fatal(err)
		}
		if !noClobber {
			if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Commit(); err != nil {
			t.Fatalf("noClobber=%v: %v", noClobber, err)
		}
		b, err := os.ReadFile(target)
		if err != nil || string(b) != "new" {
			t.Fatalf("noClobber=%v: target = %q, %v", noClobber, b, err)
		}
		st, err := os.Stat(target)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("noClobber=%v: mode %v, want 0644", noClobber, st.Mode().Perm())
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Fatalf("noClobber=%v: %d files left, want 1", noClobber, len(ents))
		}
		if err := f.Commit(); err == nil {
			t.Fatalf("noClobber=%v: second Commit succeeded", noClobber)
		}
	}
}

// A temporary file of a process that is gone is removed by the next
// Create in its directory, whatever its target; those of running
// processes and foreign files are kept.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tsv")
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	deadPID := gone.ProcessState.Pid()
	names := map[string]bool{ // name -> kept
		fmt.Sprintf(".out.tsv.tmp-%d-123", deadPID):    false,
		fmt.Sprintf(".out.tsv.tmp-%d-9", os.Getppid()): true,  // running
		fmt.Sprintf(".out.tsv.tmp-%d-77", os.Getpid()): true,  // this process
		".out.tsv.tmp-3486588083":                      true,  // no PID: not ours to judge
		fmt.Sprintf(".other.tsv.tmp-%d-1", deadPID):    false, // another target
		fmt.Sprintf(".a.tmp-1.tsv.tmp-%d-5", deadPID):  false, // ".tmp-" in the name
		fmt.Sprintf("other.tsv.tmp-%d-1", deadPID):     true,  // not hidden: not ours
		fmt.Sprintf(".other.tsv.tmp-%d-x1", deadPID):   true,  // not the form
		fmt.Sprintf(".tmp-%d-1", deadPID):              true,  // no base
		fmt.Sprintf(".out.tsv.tmp-%d-1.keep", deadPID): true,  // not the form
	}
	for n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := Create(target, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Abort()
	for n, kept := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		if kept != (err == nil) {
			t.Errorf("%s: kept = %v, want %v", n, err == nil, kept)
		}
	}
}

// Shutdown removes pending temporary files, and afterwards nothing is
// created or published.
func TestShutdown(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tsv")
	f, err := Create(target, false)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { // let the other tests of the package run
		live.Lock()
		live.shutdown = false
		live.Unlock()
	}()
	f.WriteString("partial")
	Shutdown()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Shutdown left %d files", len(ents))
	}
	if err := f.Commit(); !errors.Is(err, ErrShutdown) && err == nil {
		t.Fatalf("Commit after Shutdown: %v", err)
	}
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatalf("target published after Shutdown: %v", err)
	}
	if _, err := Create(target, false); !errors.Is(err, ErrShutdown) {
		t.Fatalf("Create after Shutdown: %v, want ErrShutdown", err)
	}
}

// Errors name the target, not the temporary file.
func TestErrorsNameTarget(t *testing.T) {
	target := filepath.Join(t.TempDir(), "missing", "out.tsv")
	_, err := Create(target, false)
	if err == nil || !strings.Contains(err.Error(), target) || strings.Contains(err.Error(), ".tmp-") {
		t.Fatalf("Create in a missing directory: %v; want an error naming %s", err, target)
	}
	f, err := Create(filepath.Join(t.TempDir(), "out.tsv"), false)
	if err != nil {
		t.Fatal(err)
	}
	f.File.Close() // make the next write fail
	_, err = f.WriteString("x")
	if err == nil || strings.Contains(err.Error(), ".tmp-") || !strings.Contains(err.Error(), "out.tsv") {
		t.Fatalf("write error %v; want it to name out.tsv", err)
	}
	f.Abort()
}

// FuzzWriterPID: the end of a temporary file's name parses to a positive
// PID or not at all, never a panic; a name this package makes parses.
func FuzzWriterPID(f *testing.F) {
	for _, s := range []string{"123-456", "3486588083", "1-2.keep", "-1-2", "0-1", "12-", "99999999999999999999-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if pid, ok := writerPID(s); ok && pid <= 0 {
			t.Fatalf("writerPID(%q) = %d, true", s, pid)
		}
	})
}

// CommitAll puts files in place together or not at all: when one fails
// (here a target that appeared meanwhile), those already committed are
// removed and the rest discarded; what appeared is left alone.
func TestCommitAllRollsBack(t *testing.T) {
	dir := t.TempDir()
	var fs []*File
	var cs []Committer
	for _, name := range []string{"a", "b", "c", "d"} {
		f, err := Create(filepath.Join(dir, name), true)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Abort()
		f.WriteString("ours " + name)
		fs = append(fs, f)
		cs = append(cs, f)
	}
	if err := os.WriteFile(filepath.Join(dir, "c"), []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CommitAll(cs...); !errors.Is(err, ErrExists) {
		t.Fatalf("CommitAll = %v, want ErrExists", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "c" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("left %q, want only c, the file that appeared", names)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "c")); string(b) != "theirs" {
		t.Fatalf("c = %q", b)
	}
	// All commit when nothing is in the way.
	var more []Committer
	for _, name := range []string{"x", "y"} {
		f, err := Create(filepath.Join(dir, name), true)
		if err != nil {
			t.Fatal(err)
		}
		more = append(more, f)
	}
	if err := CommitAll(more...); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Fatalf("%d files, want c, x and y", len(ents))
	}
}

// Unpublish removes a committed file only while it is still the one
// committed.
func TestUnpublishLeavesAReplacement(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out")
	f, err := Create(target, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Unpublish() // before Commit: nothing
	f.WriteString("ours")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target+".new", []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(target+".new", target); err != nil {
		t.Fatal(err)
	}
	f.Unpublish()
	if b, err := os.ReadFile(target); err != nil || string(b) != "theirs" {
		t.Fatalf("the replacement was removed: %q, %v", b, err)
	}
	g, err := Create(target, false)
	if err != nil {
		t.Fatal(err)
	}
	g.WriteString("ours again")
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	g.Unpublish()
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatalf("Unpublish left the committed file: %v", err)
	}
}
