package tagger

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// ErrDocumentCommand means a document system's command failed: it exited
// with an error, or ran past its timeout.
var ErrDocumentCommand = errors.New("document system failed")

// RunDocumentCommand runs a document system: cmd (sh -c) reads a corpus
// of documents on stdin (PubTator or BioC, text only) and writes them,
// annotated, on stdout (stress run --level --doc-cmd). Its standard
// error goes to stderr, each line prefixed with its name; timeout (0: no
// limit) bounds the whole run, and the process group is killed at the
// end, so that a child left behind holding stdout does not keep the
// caller waiting.
func RunDocumentCommand(ctx context.Context, name, cmd string, stdin io.Reader, stdout, stderr io.Writer, timeout time.Duration) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	setProcessGroup(c)
	c.WaitDelay = time.Second
	c.Stdin, c.Stdout = stdin, stdout
	if stderr != nil {
		pw := NewPrefixWriter(stderr, name)
		defer pw.Flush()
		c.Stderr = pw
	}
	err := c.Run()
	killGroup(c)
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return fmt.Errorf("%w: %s: no answer within %v", ErrDocumentCommand, name, timeout)
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("%w: %s (%s): %v", ErrDocumentCommand, name, cmd, err)
	}
	return nil
}
