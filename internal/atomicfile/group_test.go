package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// groupFiles returns the names in dir, sorted.
func groupFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

// newGroup starts a Group for dir/x.ann with dir/x.txt beside it.
func newGroup(t *testing.T, dir string) *Group {
	t.Helper()
	f, err := Create(filepath.Join(dir, "x.ann"), true)
	if err != nil {
		t.Fatal(err)
	}
	g := &Group{Main: f}
	w, err := g.Beside(filepath.Join(dir, "x.txt"), true)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("annotations")
	w.Write([]byte("text"))
	return g
}

// A Group's files appear together or not at all, are discarded
// together, and are unpublished together.
func TestGroup(t *testing.T) {
	for _, tt := range []struct {
		name   string
		before map[string]string // files made before Commit
		abort  bool              // Abort instead of Commit
		undo   bool              // Unpublish after Commit
		err    error
		want   []string
	}{
		{name: "commit", want: []string{"x.ann", "x.txt"}},
		{name: "abort", abort: true},
		{name: "commit then unpublish", undo: true},
		{name: "the file beside appeared", before: map[string]string{"x.txt": "theirs"}, err: ErrExists, want: []string{"x.txt"}},
		{name: "the main file appeared", before: map[string]string{"x.ann": "theirs"}, err: ErrExists, want: []string{"x.ann"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			g := newGroup(t, dir)
			defer g.Abort()
			for name, data := range tt.before {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.abort {
				g.Abort()
				g.Abort() // twice is safe
			} else if err := g.Commit(); !errors.Is(err, tt.err) {
				t.Fatalf("Commit = %v, want %v", err, tt.err)
			}
			if tt.undo {
				g.Unpublish()
			}
			if got := groupFiles(t, dir); !slices.Equal(got, tt.want) {
				t.Fatalf("left %q, want %q", got, tt.want)
			}
			for name, data := range tt.before {
				if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != data {
					t.Errorf("%s, which appeared meanwhile, is %q", name, b)
				}
			}
			if tt.err == nil && !tt.abort && !tt.undo {
				if b, _ := os.ReadFile(filepath.Join(dir, "x.txt")); string(b) != "text" {
					t.Errorf("x.txt = %q", b)
				}
			}
		})
	}
}

// Beside's error comes with a nil io.Writer, not one holding a nil
// *File, so that callers can return it as it is.
func TestGroupBesideError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(filepath.Join(dir, "x.ann"), true)
	if err != nil {
		t.Fatal(err)
	}
	g := &Group{Main: f}
	defer g.Abort()
	w, err := g.Beside(filepath.Join(dir, "x.txt"), true)
	if !errors.Is(err, ErrExists) || w != nil {
		t.Fatalf("Beside = %v, %v; want a nil writer and ErrExists", w, err)
	}
}
