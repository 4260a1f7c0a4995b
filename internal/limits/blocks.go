package limits

import (
	"bytes"
	"io"
)

// blockSize is the first size of a Blocks buffer: reads large enough
// that calls are few, a buffer that stays in the caches. Larger costs
// more than it saves: every page of a fresh buffer is a page fault
// (about 30-40 us each on a virtual machine), and 256 KiB made
// "stress score" on the 9.2 MB speed file touch 40-48 pages more than
// 64 KiB, for fewer reads that cost less than those faults.
const blockSize = 64 << 10

// Blocks reads r in large blocks of whole lines, for a reader that
// scans lines itself: no call per line, no copy of a line that fits in
// the buffer. Every line Next hands out is whole (with its "\n"; the
// last line of the input may have none) and at most MaxLine bytes long
// without its line break. A line longer than that is ErrLongLine, as
// ReadLine says it.
type Blocks struct {
	r          io.Reader
	buf        []byte
	start, end int   // buf[start:end] is read and not handed out yet
	err        error // what ended the reads, once known
}

// NewBlocks returns a Blocks reading r.
func NewBlocks(r io.Reader) *Blocks {
	return &Blocks{r: r, buf: make([]byte, blockSize)}
}

// Next returns the next block of whole lines, valid until the next call.
// After the last block it returns io.EOF; a line longer than MaxLine
// is ErrLongLine, and a read error is returned as it is, after the
// whole lines read before it (the partial line then is dropped).
func (b *Blocks) Next() ([]byte, error) {
	b.end = copy(b.buf, b.buf[b.start:b.end]) // the partial line, to the front
	b.start = 0
	for stalls := 0; b.err == nil; {
		if b.end == len(b.buf) { // a partial line fills the buffer
			if len(b.buf) > MaxLine {
				b.err = ErrLongLine
				break
			}
			grown := make([]byte, min(2*len(b.buf), MaxLine+1))
			copy(grown, b.buf)
			b.buf = grown
		}
		n, err := b.r.Read(b.buf[b.end:])
		read := b.buf[b.end : b.end+n]
		b.end += n
		switch {
		case err != nil:
			b.err = err
		case n > 0:
			stalls = 0
		default: // as bufio gives up on a reader that returns nothing
			if stalls++; stalls >= 100 {
				b.err = io.ErrNoProgress
			}
		}
		if i := bytes.LastIndexByte(read, '\n'); i >= 0 {
			b.start = b.end - len(read) + i + 1
			return b.buf[:b.start], nil
		}
	}
	if b.err == io.EOF && b.end > 0 { // the last line, without a line break
		b.start = b.end
		return b.buf[:b.end], nil
	}
	b.start, b.end = 0, 0
	return nil, b.err
}
