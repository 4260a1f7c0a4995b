// Package progress shows how far a long command has got, on a terminal
// only: in a pipe, a log file or a test the output would be noise, so
// nothing is shown there.
package progress

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Terminal returns w as a file when it is a terminal.
func Terminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, false
	}
	return f, true
}

// Sentences returns a progress bar counting sentences, described as
// what, when w is a terminal, and nil otherwise.
func Sentences(w io.Writer, what string) *progressbar.ProgressBar {
	f, ok := Terminal(w)
	if !ok {
		return nil
	}
	return progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("sentences"),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100*1e6),
	)
}

// steps returns a bar counting n steps with the elapsed time, cleared
// when done, when w is a terminal, and nil otherwise. The caller
// describes each step as it starts (Describe) and counts it when done
// (Add(1)); Add(0) refreshes the elapsed time while a step runs.
func steps(w io.Writer, n int) *progressbar.ProgressBar {
	f, ok := Terminal(w)
	if !ok {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(f),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
}
