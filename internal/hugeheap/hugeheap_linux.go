package hugeheap

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of an x86-64 and arm64 transparent huge page: the
// kernel backs an advised range by huge pages only where it covers a
// whole aligned one, so the advice is given on the aligned part.
const hugePage = 2 << 20

// reserve allocates n bytes (the runtime maps fresh memory for an
// allocation of this size and does not touch it: it is zero already),
// advises the huge pages inside them and drops them, and returns the
// advised range (empty when there was none) and the advice's error.
func reserve(n int) (start, end uintptr, err error) {
	if n < hugePage {
		return 0, 0, nil
	}
	region := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(region)))
	start = (p + hugePage - 1) &^ (hugePage - 1)
	end = (p + uintptr(n)) &^ (hugePage - 1)
	if end > start {
		err = syscall.Madvise(region[start-p:end-p], syscall.MADV_HUGEPAGE)
	}
	runtime.KeepAlive(region)
	region = nil
	// The collection frees the region; its pages stay mapped, with the
	// advice, for the next allocations.
	runtime.GC()
	return start, end, err
}
