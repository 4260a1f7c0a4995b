// Package atomicfile writes files so that readers never see a partial
// result: data goes to a temporary file beside the target, which is
// moved into place only when the caller commits.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned by Create and Commit with noClobber when the
// target exists.
var ErrExists = errors.New("file exists")

// File is a pending file. Write to it, then call Commit to put it in place
// or Abort to discard it. Abort after Commit is a no-op, so
// "defer f.Abort()" is the usual pattern.
type File struct {
	*os.File
	target    string
	noClobber bool
	done      bool
}

// Create starts a new pending file for target. With noClobber set, an
// existing target is an error, checked now (to fail before any work) and
// again at Commit, since the target may appear while the data is being
// written: a long import must not replace a file created meanwhile.
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
	return &File{File: f, target: target, noClobber: noClobber}, nil
}

// TempName returns the temporary file's path (where data is being written).
func (f *File) TempName() string { return f.File.Name() }

// Target returns the final path.
func (f *File) Target() string { return f.target }

// Commit flushes the file to disk, closes it and puts it in place. Without
// noClobber it renames over the target. With noClobber it publishes the
// file with a hard link, which the kernel refuses if the target exists,
// so a target that appeared after Create yields ErrExists and is left
// untouched. On failure the temporary file is removed.
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
	if f.noClobber {
		err := publishNoClobber(tmp, f.target)
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, f.target); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// publishNoClobber makes tmp visible as target unless target exists. The
// caller removes tmp afterwards (after a successful link it is a second
// name for the same data).
func publishNoClobber(tmp, target string) error {
	err := os.Link(tmp, target)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", target, ErrExists)
	}
	// Some file systems (FAT, some network and FUSE mounts) have no hard
	// links. There the best available is a check just before the rename;
	// the window is small, not closed.
	if _, statErr := os.Lstat(target); statErr == nil {
		return fmt.Errorf("%s: %w", target, ErrExists)
	}
	if renameErr := os.Rename(tmp, target); renameErr != nil {
		return fmt.Errorf("publish %s: %w (link: %v)", target, renameErr, err)
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
