// Package limit holds the least a program must do for the work stress
// does most: the yardsticks its speed is measured against (issue 34).
// Score reads conlleval input, splits each line into fields and counts
// chunk starts; Perturb changes one byte of every word of six or more
// letters and writes the file. Neither checks or reports anything: they
// are what stress score and stress perturb --kind keyboard could cost
// at best, so that a benchmark of the real path beside them shows its
// ratio to the limit, and scripts/speed.sh prints the ratios of the
// whole programs (internal/limit/cmd/limit).
package limit

import (
	"bufio"
	"bytes"
	"io"
)

// bufSize is the size of the buffered reads and writes.
const bufSize = 1 << 16

// Counts is what Score counts: chunk starts in the gold and predicted
// columns and the starts found in both with the same type.
type Counts struct {
	Tokens, Gold, Pred, Both int
}

// Score reads conlleval input (fields separated by spaces, the gold tag
// the last field but one, the predicted tag the last) and counts chunk
// starts as conlleval starts them: B-, or I- after O or another type.
func Score(r io.Reader) (Counts, error) {
	var c Counts
	br := bufio.NewReaderSize(r, bufSize)
	// The tags of the previous token, copied: the reader's buffer moves
	// under the slices ReadSlice returns. Empty between sentences.
	prevGold, prevPred := make([]byte, 0, 64), make([]byte, 0, 64)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			line = bytes.TrimRight(line, "\r\n")
			if len(line) == 0 {
				prevGold, prevPred = prevGold[:0], prevPred[:0]
			} else {
				sp := bytes.LastIndexByte(line, ' ')
				pred := line[sp+1:]
				rest := line[:max(sp, 0)]
				gold := rest[bytes.LastIndexByte(rest, ' ')+1:]
				c.Tokens++
				g, p := starts(prevGold, gold), starts(prevPred, pred)
				if g {
					c.Gold++
				}
				if p {
					c.Pred++
				}
				if g && p && bytes.Equal(gold[min(2, len(gold)):], pred[min(2, len(pred)):]) {
					c.Both++
				}
				prevGold, prevPred = append(prevGold[:0], gold...), append(prevPred[:0], pred...)
			}
		}
		if err == io.EOF {
			return c, nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			return c, err
		}
	}
}

// starts reports whether tag starts a chunk after prev.
func starts(prev, tag []byte) bool {
	if len(tag) < 2 || tag[1] != '-' {
		return false
	}
	if tag[0] == 'B' {
		return true
	}
	return len(prev) < 2 || prev[1] != '-' || !bytes.Equal(prev[2:], tag[2:])
}

// Perturb copies a CoNLL file (token, tab, other columns) from r to w,
// changing one byte of every token of six or more ASCII letters: the
// middle letter becomes the next letter of the alphabet ('z' becomes
// 'a'), as a keyboard typo changes one.
func Perturb(r io.Reader, w io.Writer) (changed int, err error) {
	br := bufio.NewReaderSize(r, bufSize)
	bw := bufio.NewWriterSize(w, bufSize)
	for {
		line, rerr := br.ReadSlice('\n')
		if len(line) > 0 {
			tab := bytes.IndexByte(line, '\t')
			if tab >= 6 && letters(line[:tab]) {
				m := tab / 2
				line[m] = next(line[m])
				changed++
			}
			if _, err := bw.Write(line); err != nil {
				return changed, err
			}
		}
		if rerr == io.EOF {
			return changed, bw.Flush()
		}
		if rerr != nil && rerr != bufio.ErrBufferFull {
			return changed, rerr
		}
	}
}

func letters(b []byte) bool {
	for _, c := range b {
		if (c|0x20) < 'a' || (c|0x20) > 'z' {
			return false
		}
	}
	return true
}

func next(c byte) byte {
	switch c {
	case 'z':
		return 'a'
	case 'Z':
		return 'A'
	}
	return c + 1
}
