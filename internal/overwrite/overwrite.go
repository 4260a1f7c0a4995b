// Package overwrite is the one output policy of every command that
// writes files: no output may be one of the run's inputs or another of
// its outputs, and an existing file is replaced only when the user
// asked for it (--force). Check applies it to the complete lists of
// files before any work is done, so a refused run has read and written
// nothing.
//
// Two names are the same file when they resolve to the same absolute
// path (symbolic links followed, "." and ".." removed) or, for files that
// exist, when os.SameFile says so (hard links, bind mounts, case-folding
// file systems).
//
// Outputs that are not regular files follow atomicfile: a character
// device (/dev/null) or a FIFO is written into, not replaced, so it needs
// no --force; a character device is never the same file as anything (it
// may take any number of outputs, and writing to it destroys no input);
// a directory, block device or socket is refused (atomicfile.ErrNotFile)
// whatever force says.
package overwrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// Sentinel errors. An existing output without force is
// atomicfile.ErrExists, the error the writers themselves return.
var (
	// ErrInput means an output is one of the run's inputs.
	ErrInput = errors.New("output would replace an input")
	// ErrTwice means two outputs of one run are the same file.
	ErrTwice = errors.New("output named twice")
)

// Error is a refused output: Path as the user gave it and, for ErrInput
// and ErrTwice, the other name of the same file.
type Error struct {
	Path  string
	Other string
	Err   error
}

func (e *Error) Error() string {
	if e.Other == "" || e.Other == e.Path {
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s: %v (%s)", e.Path, e.Err, e.Other)
}

func (e *Error) Unwrap() error { return e.Err }

// file is a name with what identifies the file it names.
type file struct {
	name string
	abs  string
	info os.FileInfo // nil when the file does not exist
}

func resolve(name string) file {
	f := file{name: name, abs: name}
	if abs, err := filepath.Abs(name); err == nil {
		f.abs = abs
	}
	if real, err := filepath.EvalSymlinks(f.abs); err == nil {
		f.abs = real
	} else if dir, err := filepath.EvalSymlinks(filepath.Dir(f.abs)); err == nil {
		// A new file in an existing directory reached through a link.
		f.abs = filepath.Join(dir, filepath.Base(f.abs))
	}
	if info, err := os.Stat(name); err == nil {
		f.info = info
	}
	return f
}

// device reports whether f is an existing character device.
func (f file) device() bool { return f.info != nil && f.info.Mode()&fs.ModeCharDevice != 0 }

func (f file) same(g file) bool {
	if f.device() || g.device() {
		return false
	}
	if f.abs == g.abs {
		return true
	}
	return f.info != nil && g.info != nil && os.SameFile(f.info, g.info)
}

// within reports whether path a lies inside directory b (both
// absolute and resolved).
func within(a, b string) bool {
	rel, err := filepath.Rel(b, a)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// skip reports whether a name is not a file: "-" (standard input or
// output) and "" (none).
func skip(name string) bool { return name == "" || name == "-" }

// Check refuses, before any work, a run that would write an output over
// one of its inputs (ErrInput, whatever force says: the run would
// destroy what it reads), write two outputs to one file or one inside
// the other, as if it were a directory (ErrTwice),
// write to a directory, block device or socket (an
// *atomicfile.NotFileError), or, without force, replace an existing
// file (atomicfile.ErrExists; a character device or FIFO is written
// into, not replaced). The error names the output as given. Names "-"
// and "" are skipped.
func Check(inputs, outputs []string, force bool) error {
	var ins []file
	for _, in := range inputs {
		if !skip(in) {
			ins = append(ins, resolve(in))
		}
	}
	var outs []file
	for _, out := range outputs {
		if skip(out) {
			continue
		}
		o := resolve(out)
		if o.info != nil && o.info.Mode()&fs.ModeSymlink == 0 {
			if err := atomicfile.CheckTarget(out, o.info); err != nil {
				return err
			}
		}
		for _, in := range ins {
			if o.same(in) {
				return &Error{Path: out, Other: in.name, Err: ErrInput}
			}
		}
		for _, prev := range outs {
			// A file named as the directory of another output is that
			// output named twice too: one of them cannot be written.
			if o.same(prev) || within(o.abs, prev.abs) || within(prev.abs, o.abs) {
				return &Error{Path: out, Other: prev.name, Err: ErrTwice}
			}
		}
		outs = append(outs, o)
	}
	if !force {
		for _, o := range outs {
			if o.info != nil && !atomicfile.IsStream(o.info.Mode()) {
				return fmt.Errorf("%s: %w", o.name, atomicfile.ErrExists)
			}
		}
	}
	return nil
}

// CheckDirs refuses, before any work, an output whose directory is
// missing or is not a directory, with the error writing it would give
// at the end ("open nodir/out.tsv: no such file or directory"): a
// command that works for minutes must not fail only then. An output
// inside made, a directory the run creates itself, needs none yet.
// Names "-" and "" are skipped.
func CheckDirs(made string, outputs []string) error {
	for _, out := range outputs {
		if skip(out) || (made != "" && inside(filepath.Dir(out), made)) {
			continue
		}
		info, err := os.Stat(filepath.Dir(out))
		if err == nil && !info.IsDir() {
			err = syscall.ENOTDIR
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return &fs.PathError{Op: "open", Path: out, Err: err}
		}
	}
	return nil
}

// inside reports whether path is dir or lies under it, by their
// absolute names.
func inside(path, dir string) bool {
	p, err1 := filepath.Abs(path)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Twice returns the first name of names that is the same file as an
// earlier one (as Check compares an output with an input: the same
// resolved path, or os.SameFile: a symbolic or hard link, a bind mount),
// and that earlier name; "" when each is a file of its own. Names "-"
// and "" are skipped. An input given twice under two names (a judgement
// file and a link to it) would count twice.
func Twice(names []string) (name, earlier string) {
	var seen []file
	for _, n := range names {
		if skip(n) {
			continue
		}
		f := resolve(n)
		for _, prev := range seen {
			if f.same(prev) {
				return n, prev.name
			}
		}
		seen = append(seen, f)
	}
	return "", ""
}

// Within returns the first of inputs that removing everything inside
// directory dir would remove, or "" if none would be: an input whose
// path, symbolic links followed, lies under dir (itself resolved), or
// whose directory is one of dir's directories by os.SameFile (a bind
// mount, a case-folding file system). A hard link inside dir does not
// count: removing it leaves the input's own name. Names "-" and "" are
// skipped.
func Within(dir string, inputs []string) string {
	root := resolve(dir).abs
	var dirs []os.FileInfo
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if info, err := d.Info(); err == nil {
				dirs = append(dirs, info)
			}
		}
		return nil
	})
	for _, in := range inputs {
		if skip(in) {
			continue
		}
		f := resolve(in)
		if within(f.abs, root) {
			return in
		}
		parent, err := os.Stat(filepath.Dir(f.abs))
		if err != nil {
			continue
		}
		for _, d := range dirs {
			if os.SameFile(parent, d) {
				return in
			}
		}
	}
	return ""
}
