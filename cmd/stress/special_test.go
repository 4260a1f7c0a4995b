package main

// Files that are not regular files in the rows of TestBadInputs:
// character devices, FIFOs and symbolic links, made in the row's
// directory and checked intact afterwards (a device or FIFO must never
// become a regular file; a link must still point where it did).

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Kinds of special files a row may set up (badInput.special): the value
// is one of these, "link:TARGET" for a symbolic link to TARGET, or
// "hardlink:TARGET" for a hard link to TARGET (a file of the setup).
const (
	specialDevice = "device" // a character device with /dev/null's numbers (1, 3)
	specialFIFO   = "fifo"   // a FIFO whose reader collects what is written
	specialFeed   = "feed"   // a FIFO the command reads (badInput.feed)
	specialDir    = "dir"    // an empty directory
)

// specials are the special files of one row, made by makeSpecials.
type specials struct {
	kinds    map[string]string
	appeared map[string]string   // files made while the command worked (badInput.appear)
	readers  map[string]*os.File // FIFO read ends, opened before the command runs
	got      map[string]int      // bytes each FIFO received
}

// makeSpecials makes the special files of kinds in the current
// directory. A row needing a device skips where mknod is not permitted
// (it needs root).
func makeSpecials(t *testing.T, kinds map[string]string) *specials {
	t.Helper()
	s := &specials{kinds: map[string]string{}, appeared: map[string]string{}, readers: map[string]*os.File{}, got: map[string]int{}}
	maps.Copy(s.kinds, kinds)
	// In the order of their names, so that a directory is made before
	// the files in it ("r" before "r/manifest.json").
	for _, name := range slices.Sorted(maps.Keys(kinds)) {
		kind := kinds[name]
		var err error
		switch {
		case kind == specialDevice:
			if err = syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skipf("mknod %s: %v (needs root): row not run", name, err)
			}
		case kind == specialFIFO:
			if err = syscall.Mkfifo(name, 0o644); err == nil {
				// Opened without blocking before the command runs, so
				// that the command's open for writing finds a reader;
				// what it writes stays in the pipe until read.
				var fd int
				if fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					s.readers[name] = os.NewFile(uintptr(fd), name)
				}
			}
		case kind == specialDir:
			err = os.Mkdir(name, 0o755)
		case strings.HasPrefix(kind, "link:"):
			err = os.Symlink(strings.TrimPrefix(kind, "link:"), name)
		case strings.HasPrefix(kind, "hardlink:"):
			err = os.Link(strings.TrimPrefix(kind, "hardlink:"), name)
		default:
			t.Fatalf("%s: unknown special file %q", name, kind)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, r := range s.readers {
			r.Close()
		}
	})
	return s
}

// check reads what each FIFO received and fails for every special file
// that is gone or changed.
func (s *specials) check(t *testing.T) {
	t.Helper()
	for name, r := range s.readers {
		b, _ := io.ReadAll(r) // the writer is done: EOF (or nothing, if it never opened it)
		s.got[name] = len(b)
	}
	for name, data := range s.appeared {
		if got, err := os.ReadFile(name); err != nil || string(got) != data {
			t.Errorf("%s, which appeared while the command worked, changed: %q, %v", name, got, err)
		}
	}
	for name, kind := range s.kinds {
		info, err := os.Lstat(name)
		if err != nil {
			t.Errorf("%s (%s) is gone: %v", name, kind, err)
			continue
		}
		m := info.Mode()
		switch {
		case kind == specialDevice:
			st, _ := info.Sys().(*syscall.Stat_t)
			if m&os.ModeCharDevice == 0 || st == nil || st.Rdev != 1<<8|3 {
				t.Errorf("%s is no longer the character device 1,3: %v", name, m)
			}
		case kind == specialDir:
			if !m.IsDir() {
				t.Errorf("%s is no longer a directory: %v", name, m)
			}
		case kind == specialFIFO, kind == specialFeed:
			if m&os.ModeNamedPipe == 0 {
				t.Errorf("%s is no longer a FIFO: %v", name, m)
			}
		case strings.HasPrefix(kind, "hardlink:"):
			if target, err := os.Lstat(strings.TrimPrefix(kind, "hardlink:")); err != nil || !os.SameFile(info, target) {
				t.Errorf("%s is no longer a hard link to %s (%v)", name, kind, err)
			}
		default:
			if target, err := os.Readlink(name); err != nil || "link:"+target != kind {
				t.Errorf("%s: the link now points to %q (%v), want %s", name, target, err, kind)
			}
		}
	}
}

// describe says how a special file was left, for the table.
func (s *specials) describe(name string) (string, bool) {
	if _, ok := s.appeared[name]; ok {
		return name + " (appeared meanwhile, intact)", true
	}
	kind, ok := s.kinds[name]
	switch {
	case !ok, kind == specialDir: // listed as any directory is
		return "", false
	case kind == specialFeed:
		return name + " (FIFO, the input)", true
	case kind == specialDevice:
		return name + " (character device, intact)", true
	case kind == specialFIFO:
		return fmt.Sprintf("%s (FIFO, intact; %d bytes read from it)", name, s.got[name]), true
	}
	if target, ok := strings.CutPrefix(kind, "hardlink:"); ok {
		return fmt.Sprintf("%s (hard link to %s, intact)", name, target), true
	}
	return fmt.Sprintf("%s (link to %s, intact)", name, strings.TrimPrefix(kind, "link:")), true
}

// feedRow runs row tt in-process with tt.feed a FIFO: once the command
// has opened it for reading (after its checks, before its work), the
// files of tt.appear are created, as another program might create them
// while the command works, and the corpus is written into the FIFO. It
// returns the exit status and standard error. A command that finishes
// without opening the FIFO gets no corpus and no appearing files.
func (s *specials) feedRow(t *testing.T, tt badInput) (int, string) {
	t.Helper()
	if err := syscall.Mkfifo(tt.feed, 0o644); err != nil {
		t.Fatal(err)
	}
	s.kinds[tt.feed] = specialFeed
	type result struct {
		stderr string
		err    error
	}
	done := make(chan result, 1)
	go func() {
		_, stderr, err := runCLI(t, "", tt.args...)
		done <- result{stderr, err}
	}()
	status := func(r result) (int, string) {
		var buf bytes.Buffer
		code := exitCode(r.err, &buf)
		return code, r.stderr + buf.String()
	}
	for {
		// Without blocking, an open for writing fails (ENXIO) until the
		// command has opened the FIFO for reading.
		fd, err := syscall.Open(tt.feed, syscall.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			w := os.NewFile(uintptr(fd), tt.feed)
			for name, data := range tt.appear {
				if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
				s.appeared[name] = data
			}
			corpus := tt.stdin
			if corpus == "" {
				corpus = safetyCorpus
			}
			w.WriteString(corpus)
			w.Close()
			return status(<-done)
		}
		select {
		case r := <-done:
			return status(r)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// F16: a standard output whose reader has gone (stress ... | head -1)
// ends the command like a SIGPIPE does (status 141, no message), after
// its clean-ups: the log's temporary file is removed, nothing is
// published.
func TestBrokenStdoutLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.tsv"), []byte(bigCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "perturb", "--kind", "keyboard", "--log", "log.tsv", "big.tsv")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 10) // as head -1: read a little, then go
	if _, err := io.ReadFull(out, line); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 141 || stderr.Len() != 0 {
		t.Errorf("exit %d, stderr %q; want 141 and nothing", code, stderr.String())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("left %q, want only big.tsv", names)
	}
}

// F15: a run interrupted while a model tags (SIGINT) exits 130 and
// leaves nothing: the build it had committed is removed again.
func TestRunInterruptedLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.tsv"), []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, _ := startStress(t, dir, "run", "-q", "--test", "in.tsv", "--baselines", "none",
		"--model-cmd", "touch started; sleep 30", "--kinds", "keyboard", "--out", "r")
	started := filepath.Join(dir, "started")
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(started); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the model never started")
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "r", "manifest.json")); err != nil {
		t.Fatalf("the build was not committed before tagging: the test checks nothing (%v)", err)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d, want 130 (%s)", code, cmd.Stderr)
	}
	os.Remove(started)
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("left %q, want only in.tsv", names)
	}
}
