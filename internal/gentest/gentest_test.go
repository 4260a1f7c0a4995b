package gentest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records what Check says instead of
// stopping the test.
type recorder struct {
	testing.TB
	dir                    string
	skipped, fatal, failed bool
	msg                    string
}

func (r *recorder) Helper()         {}
func (r *recorder) TempDir() string { return r.dir }
func (r *recorder) Skip(args ...any) {
	r.skipped = true
}
func (r *recorder) Fatal(args ...any) {
	r.fatal, r.msg = true, fmt.Sprint(args...)
}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared")
	if err := os.MkdirAll(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shared, "in.txt"), []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(committed, []byte("made of data"), 0o644); err != nil {
		t.Fatal(err)
	}
	makeOf := func(shared, out string, _ io.Writer) error {
		in, err := os.ReadFile(filepath.Join(shared, "in.txt"))
		if err != nil {
			return err
		}
		return os.WriteFile(out, append([]byte("made of "), in...), 0o644)
	}
	for _, c := range []struct {
		name                   string
		probe                  string
		build                  func(shared, out string, log io.Writer) error
		skipped, fatal, failed bool
	}{
		{"same bytes", "in.txt", makeOf, false, false, false},
		{"no shared data", "absent.txt", makeOf, true, false, false},
		{"stale", "in.txt", func(shared, out string, log io.Writer) error {
			return os.WriteFile(out, []byte("made of new data"), 0o644)
		}, false, false, true},
		{"generator fails", "in.txt", func(string, string, io.Writer) error {
			return fmt.Errorf("bad input")
		}, false, true, false},
	} {
		r := &recorder{dir: t.TempDir()}
		Check(r, Generated{Shared: shared, Probe: c.probe, Committed: committed,
			Package: "./x", What: "text", Build: c.build})
		if r.skipped != c.skipped || r.fatal != c.fatal || r.failed != c.failed {
			t.Errorf("%s: skipped %v fatal %v failed %v (%q), want %v %v %v",
				c.name, r.skipped, r.fatal, r.failed, r.msg, c.skipped, c.fatal, c.failed)
		}
	}
}
