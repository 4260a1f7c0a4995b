//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// processAlive reports whether process pid exists. Signal 0 checks
// without sending anything; EPERM means it exists but is someone
// else's, which also keeps its files.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
