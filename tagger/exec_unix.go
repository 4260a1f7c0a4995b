//go:build unix

package tagger

import (
	"os/exec"
	"syscall"
)

// setProcessGroup makes cancellation kill the shell and every process it
// started, not just the shell: a pipeline's children would otherwise keep
// running (and keep our pipes open) after a timeout.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills what is left of the process group of a command that
// has exited: a child it left behind would keep our pipes open.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
