// Command stress builds perturbed (stress) copies of biomedical NER corpora,
// scores tagger output with CoNLL span F1 and compares original and
// perturbed sets. Run "stress help" for the list of subcommands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// interruptGrace is how long an interrupted command may take to stop on
// its own (its pipelines watch the context and abort their outputs)
// before its temporary files are removed under it.
const interruptGrace = 2 * time.Second

func main() {
	os.Exit(mainStatus(os.Args[1:], &env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}

// mainStatus runs the command line and returns the exit status. SIGINT
// and SIGTERM cancel the command's context; it exits with 128 + the
// signal number (130, 143) after its temporary files are removed and
// with nothing new at its targets, whether it stopped within
// interruptGrace or not (a read from a terminal or pipe cannot be
// cancelled).
func mainStatus(args []string, e *env) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, e) }()
	select {
	case err := <-done:
		return exitCode(err, e.Stderr)
	case sig := <-sigs:
		cancel()
		select {
		case <-done:
		case <-sigs: // a second signal: stop now
		case <-time.After(interruptGrace):
		}
		atomicfile.Shutdown()
		fmt.Fprintf(e.Stderr, "stress: interrupted (%v)\n", sig)
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

// exitCode prints err (if any) and maps it to the process exit status:
// 0 success, 2 usage errors, and 1 for everything else unless the error
// carries its own status (exitError).
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.Err != nil {
			fmt.Fprintf(stderr, "stress: %v\n", ee.Err)
		}
		return ee.Code
	}
	if errors.Is(err, errUsage) {
		fmt.Fprintf(stderr, "stress: %v\n", err)
		return 2
	}
	if errors.Is(err, errHelpShown) {
		return 0
	}
	fmt.Fprintf(stderr, "stress: %v\n", err)
	return 1
}
