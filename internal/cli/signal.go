package cli

import (
	"context"
	"errors"
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
	// Exit says the process exits when Status returns: its handlers of
	// SIGINT, SIGTERM and SIGPIPE are left in place (a signal then is
	// dropped, the process exits with Status's code). Removing them
	// costs a round trip to the runtime's signal thread per signal, a
	// hand-off between threads each way: about 8 of the 36-39 futex
	// calls of "stress version".
	Exit bool
}

// Status runs fn with a context that SIGINT and SIGTERM cancel, and
// returns the process exit status: ExitCode's for fn's error, or, after
// a signal, 128 + the signal number (130, 143) with "prog: interrupted"
// on e.Stderr.
//
// A write to a standard output whose reader has gone (stress ... | head)
// does not kill the process, as it would by default: it fails, fn
// returns and its deferred clean-ups run (a log's temporary file is
// removed), and Status returns 141, the status of a process SIGPIPE
// killed, with no message, as a shell pipeline expects.
func Status(prog string, e *Env, in Interrupt, fn func(ctx context.Context) error) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if !in.Exit {
		defer signal.Stop(sigs)
	}
	// Notified (and dropped), SIGPIPE no longer ends the process: the
	// write returns EPIPE.
	pipes := make(chan os.Signal, 1)
	signal.Notify(pipes, syscall.SIGPIPE)
	if !in.Exit {
		defer signal.Stop(pipes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn(ctx) }()
	select {
	case err := <-done:
		if brokenStdout(err) {
			return signalStatus(syscall.SIGPIPE)
		}
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

// brokenStdout reports whether err is a write to os.Stdout whose reader
// has gone (EPIPE). Broken pipes to other programs (a tagger that exits
// early) are errors of their own.
func brokenStdout(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe) && pe.Path == os.Stdout.Name() && errors.Is(pe.Err, syscall.EPIPE)
}

// signalStatus is the shell's status of a process killed by sig.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
