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

// memoryLimit caps the heap goal gcPercent would give. The synonym
// kind kept the embedded concept store live on the heap (120 MB when it
// was decoded into maps, 20 MB packed), and at 400 the collector let
// the heap grow to several times that before running; under the limit
// it runs as needed to stay near it (issue 34: synonym on BC5CDR test
// peaked at 103 MiB under a 256 MiB limit, 78 MiB under this one, for
// 9% less CPU). The store is read where the executable maps it now
// (umls.OpenDefault), its pages outside the heap; the heap of its
// caches and analyses stays under the limit. K and W never reach it.
const memoryLimit = 64 << 20

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
