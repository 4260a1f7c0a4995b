package main

import (
	"fmt"
	"io"
	"sync"

	"github.com/stress-ner/stress/conll"
)

// repairShown is how many repairs --repair prints one by one; the rest
// are counted.
const repairShown = 10

// repairFlag is --repair, of the commands that read tagged corpora:
// invalid tag transitions are read as conlleval reads them instead of
// refused (conll.File.SetSchemeRepair), the first few printed with file
// and line, all of them counted.
type repairFlag struct {
	on bool
	mu sync.Mutex
	w  io.Writer
	n  int
}

const repairUsage = "repair invalid tag transitions instead of refusing them, reading them as conlleval does (an I- after O or after another type starts an entity); each is reported with file and line"

func bindRepair(f *flags, r *repairFlag) {
	f.Bool(&r.on, "repair", "", false, repairUsage)
}

// log returns what the library calls with each repair, reporting to w,
// or nil without --repair.
func (r *repairFlag) log(w io.Writer) func(conll.Repair) {
	if !r.on {
		return nil
	}
	r.w = w
	return r.add
}

func (r *repairFlag) add(x conll.Repair) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	if r.n <= repairShown {
		fmt.Fprintf(r.w, "repaired %v\n", x)
	}
}

// done prints the count of repairs, if any.
func (r *repairFlag) done() {
	if !r.on || r.w == nil {
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
