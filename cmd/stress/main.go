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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], &env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr})
	stop()
	os.Exit(exitCode(err, os.Stderr))
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
