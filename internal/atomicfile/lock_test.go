package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestLockDir: a directory locked once cannot be locked again until
// Unlock (two open files of one process exclude each other as two
// processes do); the directories LockDir made go with Unlock when empty.
func TestLockDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	l, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockDir(dir); !errors.Is(err, ErrLocked) {
		t.Errorf("second lock: %v, want ErrLocked", err)
	}
	l.Unlock()
	if _, err := os.Stat(filepath.Dir(dir)); !os.IsNotExist(err) {
		t.Errorf("the directories made are left: %v", err)
	}
	l, err = LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	if _, err := os.Stat(filepath.Join(dir, "f")); err != nil {
		t.Errorf("a directory with files is removed: %v", err)
	}
	l, err = LockDir(dir) // exists now: not removed
	if err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	l.Unlock() // twice is harmless
}
