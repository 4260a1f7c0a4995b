package overwrite

import (
	"os"
	"syscall"
	"testing"
)

// A bind mount of a directory of r is the same directory by os.SameFile
// under another path: an input reached through it is inside r.
func TestWithinBindMount(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("r/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("r/sub/deep.tsv", []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("mnt", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("r/sub", "mnt", "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("bind mount not permitted (%v)", err)
	}
	defer syscall.Unmount("mnt", 0)
	if got := Within("r", []string{"mnt/deep.tsv"}); got != "mnt/deep.tsv" {
		t.Errorf("through a bind mount: Within = %q, want mnt/deep.tsv", got)
	}
}
