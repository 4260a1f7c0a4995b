package stressset

import (
	"os"
	"runtime/debug"
)

// gcPercent is the collector setting of builds and perturbing programs. A run
// keeps little memory (a few bounded queues of sentences) but allocates
// about ten times its input in short-lived token slices, so with Go's
// default of 100 the collector runs every few megabytes and took a
// quarter of the CPU of "stress build"; at 400 it runs a quarter as
// often for a peak heap of tens of megabytes.
const gcPercent = 400

// memoryLimit caps the heap goal gcPercent would give: the synonym
// kind keeps the embedded concept store live (about 120 MB), and at 400
// the collector let the heap reach five times that before running, so
// that peak memory grew with the input (650 MB for 50 MB of BC5CDR)
// though the live heap did not. Under the limit the collector runs as
// needed to stay near it; K and W never reach it.
const memoryLimit = 256 << 20

// TuneGC applies gcPercent unless the user set GOGC, and memoryLimit
// unless the user set GOMEMLIMIT, and returns the function that restores
// the previous settings. The settings are the process's: a program
// calls it around its builds (as the stress commands that perturb do),
// the package never does on its own.
func TuneGC() (restore func()) {
	oldPercent, oldLimit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		oldPercent = debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		oldLimit = debug.SetMemoryLimit(memoryLimit)
	}
	return func() {
		if oldPercent != -2 {
			debug.SetGCPercent(oldPercent)
		}
		if oldLimit >= 0 {
			debug.SetMemoryLimit(oldLimit)
		}
	}
}
