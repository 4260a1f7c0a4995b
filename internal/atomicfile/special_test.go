//go:build unix

package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// mknodNull makes a character device with /dev/null's numbers (1, 3) at
// name, or skips the test where mknod is not permitted.
func mknodNull(t *testing.T, name string) {
	t.Helper()
	if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod not permitted here (%v): device targets not tested", err)
	}
}

// A character device is written into, with or without noClobber, and
// stays the device: never replaced by a regular file.
func TestDeviceWrittenInto(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "mynull")
	mknodNull(t, dev)
	for _, noClobber := range []bool{false, true} {
		f, err := Create(dev, noClobber)
		if err != nil {
			t.Fatalf("noClobber=%v: %v", noClobber, err)
		}
		if !f.Stream() || f.TempName() != dev {
			t.Errorf("noClobber=%v: Stream %v, TempName %q; want the device itself", noClobber, f.Stream(), f.TempName())
		}
		if _, err := f.WriteString("data\n"); err != nil {
			t.Fatal(err)
		}
		if err := f.Commit(); err != nil {
			t.Fatalf("noClobber=%v: Commit: %v", noClobber, err)
		}
		f.Abort() // after Commit: nothing
	}
	// Abort and Shutdown close a device; they never remove it.
	f, err := Create(dev, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Abort()
	g, err := Create(dev, false)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		live.Lock()
		live.shutdown = false
		live.Unlock()
	}()
	Shutdown()
	if err := g.Commit(); !errors.Is(err, ErrShutdown) {
		t.Errorf("Commit after Shutdown: %v, want ErrShutdown", err)
	}
	info, err := os.Lstat(dev)
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("the device is gone or replaced: %v, %v", info, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("%d files left, want only the device", len(ents))
	}
}

// A FIFO receives the data as it is written; it is not replaced.
func TestFIFOWrittenInto(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		r, err := os.Open(fifo) // waits for the writer
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(r)
		r.Close()
		got <- string(b)
	}()
	f, err := Create(fifo, true)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("through the pipe\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe\n" {
		t.Fatalf("reader got %q", s)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO is gone or replaced: %v, %v", info, err)
	}
}

// A directory or socket is refused before anything is written.
func TestNotFileRefused(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s")
	if fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0); err == nil {
		defer syscall.Close(fd)
		if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: sock}); err != nil {
			t.Fatal(err)
		}
	}
	for _, target := range []string{dir, sock} {
		for _, noClobber := range []bool{false, true} {
			_, err := Create(target, noClobber)
			var ne *NotFileError
			if !errors.As(err, &ne) || !errors.Is(err, ErrNotFile) || ne.Path != target {
				t.Errorf("%s, noClobber=%v: %v, want a *NotFileError naming it", target, noClobber, err)
			}
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("%d files in %s, want only the socket", len(ents), dir)
	}
}

// A device node or FIFO that appears at the target between Create and
// Commit is not replaced, even without noClobber.
func TestCommitKeepsWhatAppeared(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range []string{"fifo", "device", "link"} {
		target := filepath.Join(dir, kind)
		f, err := Create(target, false)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("ours")
		switch kind {
		case "fifo":
			err = syscall.Mkfifo(target, 0o644)
		case "device":
			err = syscall.Mknod(target, syscall.S_IFCHR|0o666, 1<<8|3)
		case "link":
			err = os.Symlink("elsewhere", target)
		}
		if err != nil {
			f.Abort()
			t.Logf("%s: %v: not tested", kind, err)
			continue
		}
		err = f.Commit()
		if !errors.Is(err, ErrNotFile) {
			t.Errorf("%s: Commit = %v, want ErrNotFile", kind, err)
		}
		if info, err := os.Lstat(target); err != nil || info.Mode().IsRegular() {
			t.Errorf("%s: replaced by a regular file (%v)", kind, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) > 3 {
		t.Fatalf("temporary files left: %d entries", len(ents))
	}
}

// A symbolic link is written through: the file it points to is
// replaced, the link stays.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.tsv")
	link := filepath.Join(dir, "link.tsv")
	os.WriteFile(real, []byte("old"), 0o644)
	if err := os.Symlink("real.tsv", link); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(link, true); !errors.Is(err, ErrExists) {
		t.Fatalf("noClobber through a link to an existing file: %v, want ErrExists", err)
	}
	if err := WriteFile(link, []byte("new"), false); err != nil {
		t.Fatal(err)
	}
	if target, err := os.Readlink(link); err != nil || target != "real.tsv" {
		t.Fatalf("link replaced: %q, %v", target, err)
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Fatalf("real.tsv = %q, want the new data", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Fatalf("%d files, want the link and its file", len(ents))
	}
}

// A dangling link is written through too: its file is created, the link
// stays. A loop of links is refused, not replaced.
func TestDanglingAndLoopingLinks(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.tsv")
	if err := os.Symlink("new.tsv", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), false); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "new.tsv")); err != nil || string(b) != "new" {
		t.Fatalf("new.tsv = %q, %v", b, err)
	}
	if target, err := os.Readlink(link); err != nil || target != "new.tsv" {
		t.Fatalf("link replaced: %q, %v", target, err)
	}
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(loop, []byte("x"), false); !errors.Is(err, ErrNotFile) {
		t.Fatalf("a looping link: %v, want ErrNotFile", err)
	}
	if target, err := os.Readlink(loop); err != nil || target != "loop" {
		t.Fatalf("looping link replaced: %q, %v", target, err)
	}
}
