package stressset

import (
	"os"
	"syscall"
)

// startWriteback asks the kernel to start writing bytes [off, off+n) of
// f to disk now, without waiting: the fsync that makes a build's rename
// durable then finds them written, instead of writing everything at the
// end. Errors are left to that fsync.
func startWriteback(f *os.File, off, n int64) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	rc.Control(func(fd uintptr) {
		const syncFileRangeWrite = 2 // SYNC_FILE_RANGE_WRITE
		syscall.SyncFileRange(int(fd), off, n, syncFileRangeWrite)
	})
}
