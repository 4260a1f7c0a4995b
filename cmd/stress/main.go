// Command stress builds perturbed (stress) copies of biomedical NER corpora,
// scores tagger output with CoNLL span F1 and compares original and
// perturbed sets. Run "stress help" for the list of subcommands.
package main

import (
	"context"
	"fmt"
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
