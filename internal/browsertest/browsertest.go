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
