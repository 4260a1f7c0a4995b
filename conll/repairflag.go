package conll

import (
	"fmt"
	"io"
	"sync"

	"github.com/stress-ner/stress/internal/cli"
)

// repairShown is how many repairs a RepairFlag prints one by one; the
// rest are counted.
const repairShown = 10

// RepairUsage is the help of --repair.
const RepairUsage = "repair invalid tag transitions instead of refusing them, reading them as conlleval does (an I- after O or after another type starts an entity); each is reported with file and line"

// RepairFlag is --repair, of the commands that read tagged corpora:
// invalid tag transitions are read as conlleval reads them instead of
// refused (File.SetSchemeRepair), the first few printed with file and
// line, all of them counted.
type RepairFlag struct {
	On bool
	mu sync.Mutex
	w  io.Writer
	n  int
}

// Bind binds --repair with its help, RepairUsage or the command's own.
func (r *RepairFlag) Bind(f *cli.Flags, usage string) {
	f.Bool(&r.On, "repair", "", false, usage)
}

// Log returns what the library calls with each repair, reporting to w,
// or nil without --repair.
func (r *RepairFlag) Log(w io.Writer) func(Repair) {
	if !r.On {
		return nil
	}
	r.w = w
	return r.add
}

func (r *RepairFlag) add(x Repair) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	if r.n <= repairShown {
		fmt.Fprintf(r.w, "repaired %v\n", x)
	}
}

// Done prints the count of repairs, if any.
func (r *RepairFlag) Done() {
	if !r.On || r.w == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == 0 {
		return
	}
	more := ""
	if r.n > repairShown {
		more = fmt.Sprintf(" (%d not shown)", r.n-repairShown)
	}
	fmt.Fprintf(r.w, "--repair: %d invalid tag transition(s) repaired%s\n", r.n, more)
}
