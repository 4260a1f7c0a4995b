package cli

import (
	"bytes"
	"context"
	"errors"
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
