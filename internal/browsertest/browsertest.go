// Package browsertest finds the Chromium binary that the browser tests
// (the HTML report's and the review judging page's) drive, and fails
// or skips when there is none: CI installs Debian's chromium and runs
// with CI=true, where a missing browser is an error, not a skip.
package browsertest

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium returns the path of the chromium binary. Without one it
// fails t under CI=true and skips it otherwise; what says what the
// skipped test would have checked, for the skip message.
func Chromium(t testing.TB, what string) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found, but CI=true: the CI image must install it (apt-get install -y chromium)")
	}
	t.Skip("chromium not installed: " + what + " (apt-get install -y chromium)")
	return ""
}

// Flags are the command-line flags every browser test starts Chromium
// with, profile being a fresh --user-data-dir. --disable-dev-shm-usage
// is set here and not left to Debian's launcher: the launcher adds it
// only when /dev/shm is small, and its test breaks when findmnt prints
// more than one line (two mounts of /dev/shm, as in CI containers), so
// Chromium went on using a small /dev/shm and crashed with a
// segmentation fault while starting.
func Flags(profile string) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + profile}
}
