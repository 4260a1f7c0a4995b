package stressset

import (
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	before := debug.SetMemoryLimit(-1)
	restore := TuneGC()
	if got := debug.SetGCPercent(gcPercent); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != memoryLimit {
		t.Errorf("memory limit %d, want %d", got, memoryLimit)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("restored GC percent %d, want 100", got)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("restored memory limit %d, want %d", got, before)
	}

	// The user's GOGC and GOMEMLIMIT win.
	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetGCPercent(150)
	restore = TuneGC()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("GC percent %d with GOGC set, want 150", got)
	}
	if got := debug.SetMemoryLimit(-1); got == memoryLimit {
		t.Errorf("memory limit set despite GOMEMLIMIT")
	}
	restore()
}
