package browsertest

import (
	"os/exec"
	"testing"
)

// TestChromium: a found binary is one exec.LookPath finds too; without
// one (and without CI=true) the test is skipped, never failed.
func TestChromium(t *testing.T) {
	t.Setenv("CI", "")
	p := Chromium(t, "nothing to check")
	if _, err := exec.LookPath(p); err != nil {
		t.Errorf("Chromium() = %q, which LookPath does not find: %v", p, err)
	}
}
