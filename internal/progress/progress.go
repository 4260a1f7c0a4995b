// Package progress shows how far a long command has got, on a terminal
// only: in a pipe, a log file or a test the output would be noise, so
// nothing is shown there.
package progress

import (
	"io"
	"os"

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
