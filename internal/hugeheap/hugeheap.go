// Package hugeheap readies the Go heap of a process for a run that will
// touch tens of megabytes of fresh memory, so that the kernel backs it
// with huge pages.
//
// A program's heap grows by mapping new memory, which the kernel backs
// page by page on first touch: one fault per 4 KiB, 14-17 us each on a
// virtual machine. The synonym kind on BC5CDR test touches about 17 MB
// of fresh heap, some 4,200 faults, nearly a fifth of its CPU time
// (issue 34). Linux backs a mapping advised with MADV_HUGEPAGE by 2 MiB
// pages when its transparent huge pages are "madvise" (the default of
// several distributions; "always" backs every mapping so, "never" none),
// one fault each. The Go runtime does not advise its heap, and it maps
// the heap in 4 MiB steps that would not keep an advice given to memory
// it has not mapped yet; so Reserve makes it map a large region at once
// (an allocation of that size), advises the region, and collects, which
// frees the region for the run's own allocations.
//
// It is a setting of the process: only a command's main calls it, once,
// before a run that will touch that much memory; a library never does.
// Its cost is that collection and the region's first huge page, a few
// milliseconds, which only a run allocating more than the region pays
// back; "stress perturb" and "stress build" call it for kinds that
// analyse mentions (synonym, abbreviation, entity-swap).
package hugeheap

// Reserve grows the heap by about n bytes in one mapping advised for
// huge pages and leaves it free for what the process allocates next. It
// does nothing where the system has no such advice (every system but
// Linux), and the advice does nothing where transparent huge pages are
// off; the process's output is the same either way.
func Reserve(n int) {
	reserve(n)
}
