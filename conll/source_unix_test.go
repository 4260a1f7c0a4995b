//go:build unix

package conll

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadInputsFIFO: a FIFO is only looked at, neither opened (that
// would wait for a writer) nor read: the work reads it once.
func TestReadInputsFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	op, err := Opener{}.ReadInputs([]string{fifo}, []string{fifo})
	if err != nil {
		t.Fatal(err)
	}
	if op.Source(fifo) != nil || op.CanReread(fifo) {
		t.Errorf("a FIFO was read, or can be read again")
	}
	if err := CheckReadable([]string{fifo}); err != nil {
		t.Errorf("CheckReadable(FIFO): %v", err)
	}
}
