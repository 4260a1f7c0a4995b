package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

func TestStatus(t *testing.T) {
	var errb bytes.Buffer
	e := &Env{Stderr: &errb}
	if got := Status("demo", e, Interrupt{}, func(context.Context) error { return UsageErrorf("bad") }); got != 2 || errb.String() != "demo: usage: bad\n" {
		t.Errorf("usage error: %d, %q", got, errb.String())
	}
	// SIGTERM cancels the context; the command stops, Cleanup runs and
	// the status is 143.
	errb.Reset()
	cleaned, stopped := false, false
	got := Status("demo", e, Interrupt{Grace: 5 * time.Second, Cleanup: func() { cleaned = true }}, func(ctx context.Context) error {
		syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
		<-ctx.Done()
		stopped = true
		return errors.New("cancelled")
	})
	if got != 143 || !cleaned || !stopped || errb.String() != "demo: interrupted (terminated)\n" {
		t.Errorf("SIGTERM: status %d, cleanup %v, stopped %v, stderr %q", got, cleaned, stopped, errb.String())
	}
}

// With Exit, Status handles a signal as without it, and leaves its
// handlers in place when it returns: a SIGTERM after it is dropped (the
// process exits with Status's code), not the end of the process.
func TestStatusExit(t *testing.T) {
	defer signal.Reset(os.Interrupt, syscall.SIGTERM, syscall.SIGPIPE)
	var errb bytes.Buffer
	cleaned := false
	got := Status("demo", &Env{Stderr: &errb}, Interrupt{Grace: 5 * time.Second, Cleanup: func() { cleaned = true }, Exit: true}, func(ctx context.Context) error {
		syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
		<-ctx.Done()
		return errors.New("cancelled")
	})
	if got != 143 || !cleaned || errb.String() != "demo: interrupted (terminated)\n" {
		t.Errorf("SIGTERM: status %d, cleanup %v, stderr %q", got, cleaned, errb.String())
	}
	if got := Status("demo", &Env{Stderr: &errb}, Interrupt{Exit: true}, func(context.Context) error { return nil }); got != 0 {
		t.Errorf("status %d; want 0", got)
	}
	syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
	time.Sleep(50 * time.Millisecond) // the process would be gone by now
}

// A write to a standard output whose reader has gone exits 141 without a
// message; a broken pipe to another program is an ordinary error.
func TestBrokenStdoutStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
		msg  string
	}{
		{fmt.Errorf("write out: %w", &os.PathError{Op: "write", Path: os.Stdout.Name(), Err: syscall.EPIPE}), 141, ""},
		{&os.PathError{Op: "write", Path: "|1", Err: syscall.EPIPE}, 1, "demo: write |1: broken pipe\n"},
		{&os.PathError{Op: "write", Path: os.Stdout.Name(), Err: syscall.ENOSPC}, 1, "demo: write /dev/stdout: no space left on device\n"},
	} {
		var errb bytes.Buffer
		code := Status("demo", &Env{Stderr: &errb}, Interrupt{}, func(context.Context) error { return tc.err })
		if code != tc.code || errb.String() != tc.msg {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.err, code, errb.String(), tc.code, tc.msg)
		}
	}
}
