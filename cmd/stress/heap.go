package main

import (
	"github.com/stress-ner/stress/internal/hugeheap"
	"github.com/stress-ner/stress/perturb/kinds"
)

// mentionHeap is the fresh heap a run of a kind that analyses mentions
// (synonym, abbreviation, entity-swap: their analyses and caches) is
// given at once, backed by huge pages where the system allows
// (hugeheap.Reserve): synonym on BC5CDR test touches about 17 MB, entity-
// swap more. A run of the other kinds touches a few megabytes, less than
// Reserve costs (a collection at start: some 8 ms of CPU for "stress
// version"), so they are not given one.
const mentionHeap = 32 << 20

// reserveHeap readies the process's heap before a run of the named kinds
// when one of them analyses mentions (perturb.Kind.Mentions). Unknown
// names are left to the run to refuse.
func reserveHeap(names ...string) {
	for _, name := range names {
		if k, err := kinds.Lookup(name); err == nil && k.Mentions {
			hugeheap.Reserve(mentionHeap)
			return
		}
	}
}
