package textutil

import (
	"encoding/binary"
	"math/bits"
)

// DiffASCII compares two words of the same length eight bytes at a
// time, for the checks of the word editors' byte paths: it returns the
// first and last index at which they differ (both -1 when they are
// equal), and ascii false, the indexes then meaningless, when their
// lengths differ or either has a byte past ASCII.
func DiffASCII(a, b []byte) (first, last int, ascii bool) {
	n := len(a)
	if n != len(b) {
		return -1, -1, false
	}
	first, last = -1, -1
	if 4 <= n && n < 8 {
		// Two loads of four bytes, the first four and the last four
		// (overlapping), as the low and high half of one word: the
		// words of 6 and 7 letters a lexical selection takes most
		// compare without a loop. Byte k of the word is byte k of the
		// text in the low half, byte n-8+k in the high half.
		x := uint64(binary.LittleEndian.Uint32(a)) | uint64(binary.LittleEndian.Uint32(a[n-4:]))<<32
		y := uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
		if d := x ^ y; d != 0 {
			first = bits.TrailingZeros64(d) >> 3
			if first >= 4 {
				first += n - 8
			}
			last = (63 - bits.LeadingZeros64(d)) >> 3
			if last >= 4 {
				last += n - 8
			}
		}
		return first, last, (x|y)&0x8080808080808080 == 0
	}
	if n < 8 {
		high := byte(0)
		for i := range n {
			high |= a[i] | b[i]
			if a[i] != b[i] {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		return first, last, high < 0x80
	}
	var high uint64
	// Whole words, then the last eight bytes (overlapping the words
	// before: their bytes compare equal again, or the same first
	// difference is found where no word had one).
	for i := 0; ; i += 8 {
		if i+8 > n {
			i = n - 8
		}
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		high |= x | y
		if d := x ^ y; d != 0 {
			if first < 0 {
				first = i + bits.TrailingZeros64(d)>>3
			}
			last = i + (63-bits.LeadingZeros64(d))>>3
		}
		if i+8 == n {
			break
		}
	}
	return first, last, high&0x8080808080808080 == 0
}
