// Command stress builds perturbed (stress) copies of biomedical NER corpora,
// scores tagger output with CoNLL span F1 and compares original and
// perturbed sets. Run "stress help" for the list of subcommands.
package main

import (
	"context"
	"os"
	"time"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/cli"
)

// interruptGrace is how long an interrupted command may take to stop on
// its own (its pipelines watch the context and abort their outputs)
// before its temporary files are removed under it.
const interruptGrace = 2 * time.Second

func main() {
	os.Exit(mainStatus(os.Args[1:], &env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, LookupEnv: os.LookupEnv}))
}

// mainStatus runs the command line and returns the exit status. SIGINT
// and SIGTERM cancel the command's context; it exits with 128 + the
// signal number (130, 143) after its temporary files are removed and
// with nothing new at its targets.
func mainStatus(args []string, e *env) int {
	return cli.Status("stress", e, cli.Interrupt{Grace: interruptGrace, Cleanup: atomicfile.Shutdown, Exit: true},
		func(ctx context.Context) error { return run(ctx, args, e) })
}
