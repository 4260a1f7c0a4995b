package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Interrupt says what Status does on SIGINT or SIGTERM.
type Interrupt struct {
	// Grace is how long the command may take to stop on its own once its
	// context is cancelled (a second signal stops the wait).
	Grace time.Duration
	// Cleanup, when not nil, runs before Status returns, whether the
	// command stopped within Grace or not (a read from a terminal or a
	// pipe cannot be cancelled): say, removing temporary files.
	Cleanup func()
}

// Status runs fn with a context that SIGINT and SIGTERM cancel, and
// returns the process exit status: ExitCode's for fn's error, or, after
// a signal, 128 + the signal number (130, 143) with "prog: interrupted"
// on e.Stderr.
func Status(prog string, e *Env, in Interrupt, fn func(ctx context.Context) error) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn(ctx) }()
	select {
	case err := <-done:
		return ExitCode(prog, err, e.Stderr)
	case sig := <-sigs:
		cancel()
		select {
		case <-done:
		case <-sigs: // a second signal: stop now
		case <-time.After(in.Grace):
		}
		if in.Cleanup != nil {
			in.Cleanup()
		}
		fmt.Fprintf(e.Stderr, "%s: interrupted (%v)\n", prog, sig)
		return signalStatus(sig)
	}
}

// signalStatus is the shell's status of a process killed by sig.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
