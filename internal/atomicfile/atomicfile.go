// Package atomicfile writes files so that readers never see a partial
// result: data goes to a temporary file beside the target, which is
// renamed over the target only when the caller commits.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrExists is returned by Create with NoClobber when the target exists.
var ErrExists = errors.New("file exists (use --force to replace it)")

// File is a pending file. Write to it, then call Commit to put it in place
// or Abort to discard it. Abort after Commit is a no-op, so
// "defer f.Abort()" is the usual pattern.
type File struct {
	*os.File
	target string
	done   bool
}

// Create starts a new pending file for target. With noClobber set, an
// existing target is an error (checked now and again at Commit).
func Create(target string, noClobber bool) (*File, error) {
	if noClobber {
		if _, err := os.Stat(target); err == nil {
			return nil, fmt.Errorf("%s: %w", target, ErrExists)
		}
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &File{File: f, target: target}, nil
}

// TempName returns the temporary file's path (where data is being written).
func (f *File) TempName() string { return f.File.Name() }

// Target returns the final path.
func (f *File) Target() string { return f.target }

// Commit flushes the file to disk, closes it and renames it to its target.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: commit after commit or abort")
	}
	f.done = true
	tmp := f.File.Name()
	if err := f.File.Sync(); err != nil {
		f.File.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.File.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	// CreateTemp makes files 0600; results are ordinary user files.
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, f.target); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Abort closes and removes the temporary file. It is safe to call more
// than once and after Commit.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// WriteFile writes data to target atomically.
func WriteFile(target string, data []byte) error {
	f, err := Create(target, false)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Commit()
}
