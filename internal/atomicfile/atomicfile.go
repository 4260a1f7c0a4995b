// Package atomicfile writes files so that readers never see a partial
// result: data goes to a temporary file beside the target, which is
// moved into place only when the caller commits.
//
// Temporary files have one recognisable form, ".BASE.tmp-PID-RANDOM"
// beside the target BASE, where PID is the writing process. A process
// killed with SIGKILL cannot remove its temporary files, so Create first
// removes every temporary file of its target's directory whose process
// is gone (removeStale): a later run of any command that writes into the
// same directory cleans up after the killed one, whatever names each
// wrote. Shutdown removes the temporary files of the running
// process, for a signal handler.
//
// Targets that are not regular files are never replaced: a character
// device (/dev/null, a terminal) or a FIFO is written into directly, as a
// shell's ">" would (it then receives the data as it is written, and a
// failure leaves what was written, as on standard output); a symbolic
// link is written through, replacing the file it points to, never the
// link; a directory, block device or socket is refused (ErrNotFile).
//
// Errors name the target, never the temporary file: users know the file
// they asked for, not ".out.tsv.tmp-1234-5678".
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Sentinel errors.
var (
	// ErrExists is returned by Create and Commit with noClobber when the
	// target exists.
	ErrExists = errors.New("file exists")
	// ErrShutdown is returned by Create and Commit after Shutdown.
	ErrShutdown = errors.New("interrupted")
	// ErrNotFile is wrapped by a *NotFileError: a target that can be
	// neither replaced nor written into.
	ErrNotFile = errors.New("not a regular file, character device or FIFO")
)

// NotFileError is a target that is neither a regular file, a character
// device nor a FIFO (What says what it is: "a directory"), or one that
// became something other than a regular file between Create and Commit.
type NotFileError struct {
	Path string
	What string
}

func (e *NotFileError) Error() string {
	return fmt.Sprintf("%s: cannot write to %s (only to a regular file, a character device or a FIFO)", e.Path, e.What)
}

func (e *NotFileError) Unwrap() error { return ErrNotFile }

// IsStream reports whether an existing file of mode m is written into
// rather than replaced: a character device or a FIFO.
func IsStream(m fs.FileMode) bool {
	return m&fs.ModeNamedPipe != 0 || m&fs.ModeCharDevice != 0
}

// CheckTarget returns a *NotFileError when the existing file name (info
// from os.Stat, links followed) can be neither replaced nor written into.
func CheckTarget(name string, info fs.FileInfo) error {
	if info.Mode().IsRegular() || IsStream(info.Mode()) {
		return nil
	}
	return &NotFileError{Path: name, What: describe(info.Mode())}
}

// describe says what kind of file mode m is, for errors.
func describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a file that is not regular"
}

// live holds the pending files of this process, for Shutdown.
var live = struct {
	sync.Mutex
	files    map[*File]struct{}
	shutdown bool
}{files: map[*File]struct{}{}}

// Shutdown removes the temporary file of every pending File and makes
// later Create and Commit calls fail with ErrShutdown, so that once it
// returns no temporary file of this process remains and no target
// appears any more. It is meant for a signal handler that exits next.
func Shutdown() {
	live.Lock()
	defer live.Unlock()
	live.shutdown = true
	for f := range live.files {
		f.File.Close()
		if !f.stream {
			os.Remove(f.File.Name())
		}
	}
	clear(live.files)
}

// tempPrefix is the start of the names of target's temporary files; the
// writer's PID and a random part follow.
func tempPrefix(target string) string {
	return "." + filepath.Base(target) + ".tmp-"
}

// removeStale removes the temporary files in target's directory left
// by processes that no longer run (killed or crashed), whatever target
// each was for, and returns their paths: a run that writes other names
// than the killed one (a build of other kinds) still cleans up after it.
// Temporary files of running processes, this one included, and files
// not of the form ".BASE.tmp-PID-RANDOM" are left alone.
func removeStale(target string) []string {
	dir := filepath.Dir(target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		name := e.Name()
		i := strings.LastIndex(name, ".tmp-")
		if !strings.HasPrefix(name, ".") || i < 2 || e.IsDir() {
			continue
		}
		rest := name[i+len(".tmp-"):]
		pid, ok := writerPID(rest)
		if !ok || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		path := filepath.Join(dir, name)
		if os.Remove(path) == nil {
			removed = append(removed, path)
		}
	}
	return removed
}

// writerPID parses "PID-RANDOM", the end of a temporary file's name.
func writerPID(s string) (int, bool) {
	pidText, random, ok := strings.Cut(s, "-")
	if !ok || random == "" || strings.ContainsAny(random, "-.") {
		return 0, false
	}
	for _, r := range random {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return 0, false
	}
	return pid, true
}

// File is a pending file. Write to it, then call Commit to put it in place
// or Abort to discard it. Abort after Commit is a no-op, so
// "defer f.Abort()" is the usual pattern.
type File struct {
	*os.File
	target    string // as the caller named it, for errors
	path      string // the file replaced: target with symbolic links followed
	noClobber bool
	stream    bool // File is the target itself, a character device or FIFO
	done      bool
	published os.FileInfo // what Commit put at path, for Unpublish
}

// Create starts a new pending file for target. With noClobber set, an
// existing target is an error, checked now (to fail before any work) and
// again at Commit, since the target may appear while the data is being
// written: a long import must not replace a file created meanwhile.
// Stale temporary files of target are removed first (removeStale).
//
// A target that is a character device or a FIFO is opened for writing
// and written into directly, noClobber or not, since nothing is
// replaced (opening a FIFO waits for its reader); a directory, block
// device or socket is a *NotFileError.
func Create(target string, noClobber bool) (*File, error) {
	if info, err := os.Stat(target); err == nil {
		if err := CheckTarget(target, info); err != nil {
			return nil, err
		}
		if IsStream(info.Mode()) {
			return createStream(target)
		}
		if noClobber {
			return nil, fmt.Errorf("%s: %w", target, ErrExists)
		}
	}
	// A symbolic link is written through, as a shell's ">" does: the file
	// it points to is replaced, never the link (/dev/stdout with standard
	// output redirected to a file must not become a regular file).
	path := throughLinks(target)
	removeStale(path)
	live.Lock()
	defer live.Unlock()
	if live.shutdown {
		return nil, fmt.Errorf("%s: %w", target, ErrShutdown)
	}
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix(path)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, renamePath(err, target)
	}
	af := &File{File: f, target: target, path: path, noClobber: noClobber}
	live.files[af] = struct{}{}
	return af, nil
}

// throughLinks returns target with the symbolic links of its last
// component followed, also to a file that does not exist yet (a
// dangling link: the file is created where it points, as a shell's ">"
// would). After too many links (a loop) it returns a link, which Commit
// refuses to replace.
func throughLinks(target string) string {
	path := target
	for range 40 {
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return path
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return path
}

// createStream opens a character device or FIFO target for writing.
func createStream(target string) (*File, error) {
	// Opening a FIFO blocks until a reader opens it, so the lock is
	// taken only afterwards: Shutdown must not wait for a reader.
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	live.Lock()
	defer live.Unlock()
	if live.shutdown {
		f.Close()
		return nil, fmt.Errorf("%s: %w", target, ErrShutdown)
	}
	af := &File{File: f, target: target, path: target, stream: true}
	live.files[af] = struct{}{}
	return af, nil
}

// renamePath makes a *fs.PathError in err name target instead of the
// temporary file.
func renamePath(err error, target string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: target, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: target, Err: le.Err}
	}
	return err
}

// Write writes to the temporary file; an error names the target.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.File.Write(p)
	if err != nil {
		err = renamePath(err, f.target)
	}
	return n, err
}

// WriteString is Write for a string.
func (f *File) WriteString(s string) (int, error) {
	n, err := f.File.WriteString(s)
	if err != nil {
		err = renamePath(err, f.target)
	}
	return n, err
}

// TempName returns the temporary file's path (where data is being
// written); for a stream, the target itself.
func (f *File) TempName() string { return f.File.Name() }

// Stream reports whether f writes straight into its target, a character
// device or FIFO, instead of a temporary file: a caller that needs a
// regular file (a database) refuses it.
func (f *File) Stream() bool { return f.stream }

// Target returns the final path.
func (f *File) Target() string { return f.target }

// forget removes f from the pending files and reports whether Shutdown
// has run; the caller holds live.
func (f *File) forget() (shutdown bool) {
	delete(live.files, f)
	return live.shutdown
}

// Commit flushes the file to disk, closes it and puts it in place. Without
// noClobber it renames over the target, unless the target has become
// something other than a regular file meanwhile (a *NotFileError: a
// device, FIFO or link is never replaced). With noClobber it publishes
// the file with a hard link, which the kernel refuses if the target
// exists, so a target that appeared after Create yields ErrExists and is
// left untouched. On failure the temporary file is removed. A stream is
// only closed.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: commit after commit or abort")
	}
	f.done = true
	if f.stream {
		live.Lock()
		shutdown := f.forget()
		live.Unlock()
		err := f.File.Close()
		if shutdown {
			return fmt.Errorf("%s: %w", f.target, ErrShutdown)
		}
		if err != nil {
			return renamePath(err, f.target)
		}
		return nil
	}
	tmp := f.File.Name()
	fail := func(err error) error {
		f.File.Close()
		os.Remove(tmp)
		live.Lock()
		f.forget()
		live.Unlock()
		return renamePath(err, f.target)
	}
	if err := f.File.Sync(); err != nil {
		return fail(err)
	}
	if err := f.File.Close(); err != nil {
		return fail(err)
	}
	// CreateTemp makes files 0600; results are ordinary user files.
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fail(err)
	}
	info, err := os.Stat(tmp)
	if err != nil {
		return fail(err)
	}
	// Publishing holds the lock, so that Shutdown either runs first (and
	// nothing is published) or after (and the target is complete).
	live.Lock()
	defer live.Unlock()
	if f.forget() {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", f.target, ErrShutdown)
	}
	if f.noClobber {
		err := publishNoClobber(tmp, f.path, f.target)
		os.Remove(tmp)
		if err == nil {
			f.published = info
		}
		return err
	}
	// Only a regular file is replaced. What appeared since Create (a
	// device node, a FIFO, a link) stays; the window between this check
	// and the rename is small, not closed.
	if info, err := os.Lstat(f.path); err == nil && !info.Mode().IsRegular() {
		os.Remove(tmp)
		return &NotFileError{Path: f.target, What: describe(info.Mode())}
	}
	if err := os.Rename(tmp, f.path); err != nil {
		os.Remove(tmp)
		return renamePath(err, f.target)
	}
	f.published = info
	return nil
}

// Unpublish removes what Commit put in place, if the target is still
// that file (os.SameFile): a file that replaced it since is left alone.
// It does nothing before a successful Commit, and for a stream (what was
// written has been read).
func (f *File) Unpublish() {
	if f.published == nil {
		return
	}
	if info, err := os.Lstat(f.path); err == nil && os.SameFile(info, f.published) {
		os.Remove(f.path)
	}
	f.published = nil
}

// Committer is a pending output of one or more files: File, or a
// writer built on Files (a corpus with the text file beside it).
type Committer interface {
	Commit() error
	Abort()
	// Unpublish removes what Commit put in place (see File.Unpublish).
	Unpublish()
}

// CommitAll commits cs in order, so that outputs that belong together
// appear together or not at all: when one fails, those committed before
// it are unpublished and the others aborted, and its error is returned.
// With noClobber, two runs writing the same files in the same order
// cannot both succeed: the one that loses the first file has published
// nothing.
func CommitAll(cs ...Committer) error {
	for i, c := range cs {
		if err := c.Commit(); err != nil {
			for j := i - 1; j >= 0; j-- {
				cs[j].Unpublish()
			}
			for _, rest := range cs[i+1:] {
				rest.Abort()
			}
			return err
		}
	}
	return nil
}

// publishNoClobber makes tmp visible at path unless path exists; errors
// name target. The caller removes tmp afterwards (after a successful link
// it is a second name for the same data).
func publishNoClobber(tmp, path, target string) error {
	err := os.Link(tmp, path)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", target, ErrExists)
	}
	// Some file systems (FAT, some network and FUSE mounts) have no hard
	// links. There the best available is a check just before the rename;
	// the window is small, not closed.
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("%s: %w", target, ErrExists)
	}
	if renameErr := os.Rename(tmp, path); renameErr != nil {
		return fmt.Errorf("publish %s: %w", target, renamePath(renameErr, target))
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
	if !f.stream {
		os.Remove(f.File.Name())
	}
	live.Lock()
	f.forget()
	live.Unlock()
}

// WriteFile writes data to target atomically, with noClobber as in
// Create: a target that exists, or appears meanwhile, is not replaced.
func WriteFile(target string, data []byte, noClobber bool) error {
	f, err := Create(target, noClobber)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Commit()
}
