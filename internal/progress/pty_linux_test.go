package progress

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY returns the two ends of a new pseudo-terminal, or skips.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	ioctl := func(req uintptr, arg *int32) error {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), req, uintptr(unsafe.Pointer(arg))); e != 0 {
			return e
		}
		return nil
	}
	var unlock, n int32
	if err := ioctl(syscall.TIOCSPTLCK, &unlock); err != nil {
		t.Skipf("unlock pseudo-terminal: %v", err)
	}
	if err := ioctl(syscall.TIOCGPTN, &n); err != nil {
		t.Skipf("pseudo-terminal number: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// screen is what a terminal shows after the bytes written to it: the
// finished lines, and the line the cursor is on. Only what the bars and
// lines use is emulated: carriage return, newline and printable text.
func screen(b []byte) (lines []string, current string) {
	var cur []rune
	col := 0
	for _, r := range string(b) {
		switch r {
		case '\r':
			col = 0
		case '\n':
			lines = append(lines, strings.TrimRight(string(cur), " "))
			cur, col = nil, 0
		default:
			if col < len(cur) {
				cur[col] = r
			} else {
				cur = append(cur, r)
			}
			col++
		}
	}
	return lines, strings.TrimRight(string(cur), " ")
}

// TestStagesOnATerminal runs stages on a pseudo-terminal: stages get
// bars (off a terminal they do not, see TestStagesOffTerminal), and what
// stays on the screen is the log and one line per stage, no bar left
// over or drawn across another, a log line never written into a bar.
func TestStagesOnATerminal(t *testing.T) {
	m, s := openPTY(t)
	if NewStages(s, nil).bars == nil {
		t.Fatal("a terminal gets no bars")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if NewStages(w, nil).bars != nil {
		t.Fatal("a pipe gets bars")
	}
	done := make(chan []byte)
	go func() {
		var all []byte
		buf := make([]byte, 4096)
		for {
			n, err := m.Read(buf)
			all = append(all, buf[:n]...)
			if err != nil {
				break
			}
		}
		done <- all
	}()
	st := NewStages(s, nil)
	a := st.Start("building K", 10, "sentences")
	a.Add(5)
	st.Logf("a log line")
	a.Add(5)
	b := st.Start("training", 2, "models") // ends building K
	a.Add(1)                               // a stage ended: nothing
	b.Add(1)
	b.Line("trained words")
	b.Done("2 models")
	c := st.Start("comparing", -1, "samples") // no total: a spinner
	c.Add(3)
	c.Done("")
	s.Close() // the master reads what is left, then EIO
	var raw []byte
	select {
	case raw = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the pseudo-terminal's master never saw the end")
	}
	lines, cur := screen(raw)
	want := []string{`a log line`, `building K in \d+\.\d s`, `trained words`, `training: 2 models in \d+\.\d s`, `comparing in \d+\.\d s`}
	if len(lines) != len(want) || cur != "" {
		t.Fatalf("screen:\n%s\n(cursor on %q)\nraw %q", strings.Join(lines, "\n"), cur, raw)
	}
	for i, re := range want {
		if !regexp.MustCompile("^" + re + "$").MatchString(lines[i]) {
			t.Errorf("line %d: %q, want %s (raw %q)", i+1, lines[i], re, raw)
		}
	}
	if !strings.Contains(string(raw), "building K  50% |") || !strings.Contains(string(raw), "training  50% |") {
		t.Errorf("no bars drawn: %q", raw)
	}
}
