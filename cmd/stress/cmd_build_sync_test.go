package main

import (
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// TestBuildBackgroundSyncError: a writeback error seen only by one of the
// background fsyncs (Linux reports it once per open file) fails the
// build before anything is committed.
func TestBuildBackgroundSyncError(t *testing.T) {
	text := sampleText(t)
	in := t.TempDir()
	a, rest := splitSentences(text, 50)
	b, _ := splitSentences(rest, 50)
	pa, pb := filepath.Join(in, "a.tsv"), filepath.Join(in, "b.tsv")
	os.WriteFile(pa, []byte(a), 0o644)
	os.WriteFile(pb, []byte(b), 0o644)

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
		out := t.TempDir()
		_, _, err := stressCLI(t, nil, "build", "--out", out, pa, pb)
		syncFile = old
		if calls.Load() < fail {
			t.Fatalf("only %d background syncs, cannot fail number %d", calls.Load(), fail)
		}
		if !errors.Is(err, errEIO) {
			t.Fatalf("sync %d failing: build error %v, want %v", fail, err, errEIO)
		}
		if got := readDir(t, out); len(got) != 0 {
			names := make([]string, 0, len(got))
			for n := range got {
				names = append(names, n)
			}
			t.Fatalf("sync %d failing: build left %v", fail, names)
		}
	}
}
