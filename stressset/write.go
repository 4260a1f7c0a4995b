package stressset

import (
	"hash"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// chunkSize is the size of the writes of outputs and change log: large
// enough that a build makes few system calls and hashes long blocks,
// small enough that the few chunks in use stay in the processor's cache
// and the heap does not grow with fresh pages the kernel must fault in.
const chunkSize = 256 << 10

// chunkPool keeps the chunks of finished outputs for the next ones.
var chunkPool = sync.Pool{New: func() any { b := make([]byte, 0, chunkSize); return &b }}

// asyncWriter collects writes into chunks and writes and hashes each
// chunk in a goroutine of its own, so that the pipeline's writing
// goroutine, which every sentence goes through, only copies bytes. At
// most three chunks are in use: one being filled, one queued, one being
// written.
type asyncWriter struct {
	buf    *[]byte        // the chunk being filled, nil until the first Write
	full   chan *[]byte   // chunks to write; nil asks for an acknowledgement
	ack    chan struct{}  // a nil chunk was reached
	free   chan *[]byte   // a written chunk, ready to be filled again
	err    atomic.Value   // the first write error (an error)
	out    io.Writer      // the file
	file   *os.File       // out, when writeback can be started early
	hash   hash.Hash      // sees every byte written to out, in order
	quit   sync.WaitGroup // the goroutine
	closed bool
}

func newAsyncWriter(out io.Writer, h hash.Hash) *asyncWriter {
	var file *os.File
	if f, ok := out.(*atomicfile.File); ok {
		file = f.File
	}
	// A writer has at most three chunks (one filled, one queued, one
	// written), so the goroutine never waits to give one back.
	w := &asyncWriter{full: make(chan *[]byte, 1), ack: make(chan struct{}), free: make(chan *[]byte, 3), out: out, file: file, hash: h}
	w.quit.Go(func() {
		failed := false
		var off int64
		for b := range w.full {
			if b == nil {
				w.ack <- struct{}{}
				continue
			}
			if !failed {
				if _, err := w.out.Write(*b); err != nil {
					w.err.Store(err)
					failed = true
				} else {
					if w.file != nil {
						startWriteback(w.file, off, int64(len(*b)))
					}
					off += int64(len(*b))
					if w.hash != nil {
						w.hash.Write(*b)
					}
				}
			}
			*b = (*b)[:0]
			w.free <- b
		}
	})
	return w
}

func (w *asyncWriter) error() error {
	if err, ok := w.err.Load().(error); ok {
		return err
	}
	return nil
}

// Write copies p into chunks, handing each full one to the goroutine.
func (w *asyncWriter) Write(p []byte) (int, error) {
	if err := w.error(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		if w.buf == nil {
			select {
			case w.buf = <-w.free:
			default:
				w.buf = chunkPool.Get().(*[]byte)
			}
		}
		c := copy((*w.buf)[len(*w.buf):chunkSize], p)
		*w.buf, p = (*w.buf)[:len(*w.buf)+c], p[c:]
		if len(*w.buf) == chunkSize {
			w.full <- w.buf
			w.buf = nil
		}
	}
	return n, nil
}

// Flush writes what was written so far and waits until it is in the file.
func (w *asyncWriter) Flush() error {
	if w.buf != nil && len(*w.buf) > 0 {
		w.full <- w.buf
		w.buf = nil
	}
	w.full <- nil
	<-w.ack
	return w.error()
}

// Close flushes and stops the goroutine. Later calls do nothing.
func (w *asyncWriter) Close() error {
	if w.closed {
		return w.error()
	}
	w.closed = true
	err := w.Flush()
	close(w.full)
	w.quit.Wait()
	close(w.free)
	for b := range w.free {
		chunkPool.Put(b)
	}
	return err
}

// syncGroup runs fsyncs in the background and keeps the first error.
type syncGroup struct {
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

// Go runs sync in a new goroutine.
func (g *syncGroup) Go(sync func() error) {
	g.wg.Go(func() {
		if err := syncFile(sync); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = err
			}
			g.mu.Unlock()
		}
	})
}

// Wait waits for every sync started so far and returns the first error.
func (g *syncGroup) Wait() error {
	g.wg.Wait()
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// syncFile runs one background sync; tests replace it to inject the
// writeback errors a real disk rarely gives.
var syncFile = func(sync func() error) error { return sync() }
