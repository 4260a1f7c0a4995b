//go:build unix

package umls

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// A file that appears while GenerateFiles works is not replaced without
// Force (issue 25, F07): the commit fails with ErrExists and leaves it
// whole, and no temporary file stays. MRCONSO.RRF is a FIFO the test
// reads, so that MRSTY.RRF is created at a known moment: after
// GenerateFiles has started writing (its temporary file for MRSTY
// exists by then) and before it commits.
func TestGenerateKeepsWhatAppeared(t *testing.T) {
	dir := t.TempDir()
	conso := filepath.Join(dir, "MRCONSO.RRF")
	sty := filepath.Join(dir, "MRSTY.RRF")
	if err := syscall.Mkfifo(conso, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := GenerateFiles(dir, GenerateOptions{Rows: 50000, Seed: 1})
		done <- err
	}()
	r, err := os.Open(conso) // GenerateFiles opens it for writing: both proceed
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	first := make([]byte, 1)
	if _, err := io.ReadFull(r, first); err != nil {
		t.Fatalf("no MRCONSO row: %v", err)
	}
	const theirs = "another program's MRSTY\n"
	f, err := os.OpenFile(sty, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		t.Fatalf("MRSTY.RRF before GenerateFiles committed: %v", err)
	}
	f.WriteString(theirs)
	f.Close()
	if _, err := io.Copy(io.Discard, r); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, atomicfile.ErrExists) || !strings.Contains(err.Error(), "MRSTY.RRF") {
		t.Fatalf("GenerateFiles = %v, want MRSTY.RRF: file exists", err)
	}
	if got, err := os.ReadFile(sty); err != nil || string(got) != theirs {
		t.Errorf("MRSTY.RRF, which appeared meanwhile: %q, %v; want it intact", got, err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != "MRCONSO.RRF" && e.Name() != "MRSTY.RRF" {
			t.Errorf("left %s", e.Name())
		}
	}
}

// A FIFO as the concept store is refused before it is opened: opening
// it for writing would wait for a reader that never comes (the test
// has none; the old order hung here).
func TestImportRefusesFIFO(t *testing.T) {
	db := filepath.Join(t.TempDir(), "store.db")
	if err := syscall.Mkfifo(db, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, force := range []bool{false, true} {
		_, err := Import(context.Background(), db, ImportOptions{MRCONSO: "testdata/MRCONSO.RRF", Force: force})
		if err == nil || !strings.Contains(err.Error(), "a concept store must be a regular file") {
			t.Errorf("force %v: %v, want a refusal", force, err)
		}
	}
	if info, err := os.Lstat(db); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v, %v", info, err)
	}
}
