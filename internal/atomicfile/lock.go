package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrLocked means another process holds the lock of a directory
// (LockDir).
var ErrLocked = errors.New("another run is writing into it")

// DirLock is an exclusive lock on a directory that one process fills
// with a set of files that belong together (a run's --out): the
// LockDir of another process fails with ErrLocked until Unlock, or
// until the holder ends in any way (the system drops the lock of a
// killed process). Two runs writing into one directory would otherwise
// clear, replace or remove each other's files, and neither would be
// whole.
type DirLock struct {
	f    *os.File
	made []string // directories LockDir made, outermost first
}

// LockDir locks dir, making it (and its missing parents) when it does
// not exist; an error naming dir wraps ErrLocked when another process
// holds the lock. The lock is advisory: it keeps out other processes that
// take it, every run of stress into the directory.
func LockDir(dir string) (*DirLock, error) {
	var made []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		made = append([]string{d}, made...)
		if d == filepath.Dir(d) {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	l := &DirLock{made: made}
	f, err := os.Open(dir)
	if err != nil {
		l.removeMade()
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		l.removeMade()
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	l.f = f
	return l, nil
}

// Unlock releases the lock, and removes the directories LockDir made
// that are empty: a run that failed and removed its files leaves
// nothing.
func (l *DirLock) Unlock() {
	if l == nil || l.f == nil {
		return
	}
	l.removeMade() // before the lock goes: no other run is inside yet
	l.f.Close()    // closing the descriptor drops the lock
	l.f = nil
}

// removeMade removes the directories made, innermost first, each only
// if empty.
func (l *DirLock) removeMade() {
	for i := len(l.made) - 1; i >= 0; i-- {
		os.Remove(l.made[i])
	}
}
