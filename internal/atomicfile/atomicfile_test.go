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
