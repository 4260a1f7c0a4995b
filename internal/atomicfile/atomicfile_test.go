package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
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

	if err := WriteFile(target, []byte("done\n")); err != nil {
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
