package testfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriter(t *testing.T) {
	dir := t.TempDir()
	p := Writer(t, dir)("a.tsv", "Aspirin\tB-Chemical\n")
	if b, err := os.ReadFile(p); err != nil || string(b) != "Aspirin\tB-Chemical\n" || p != filepath.Join(dir, "a.tsv") {
		t.Errorf("wrote %s: %q, %v", p, b, err)
	}
}

// TestGolden: -update writes the file, which then matches; other bytes
// fail the test (seen through a recorder).
func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.txt")
	Golden(t, path, []byte("x\n"), true)
	Golden(t, path, []byte("x\n"), false)
	for _, got := range []string{"y\n", "x"} {
		r := &recorder{TB: t}
		Golden(r, path, []byte(got), false)
		if !r.failed {
			t.Errorf("%q passed as golden %q", got, "x\n")
		}
	}
	r := &recorder{TB: t}
	func() {
		defer func() { recover() }() // Fatalf stops the test: here, a panic
		Golden(r, path+".missing", []byte("x\n"), false)
	}()
	if !r.failed {
		t.Error("a missing golden file passed")
	}
}

// recorder is a testing.TB that notes failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; panic("fatal") }
func (r *recorder) Fatal(...any)          { r.failed = true; panic("fatal") }
