package perturb

import (
	"math/bits"
	"math/rand/v2"
)

// Draws draws numbers from a PCG exactly as rand.New(pcg) draws them,
// for the byte editors (ByteEditor.EditBytes), which draw one or two
// numbers for every word they edit (560k on the 780k-token file of
// issue 34): rand.Rand makes two calls per number, the second through
// its Source interface, where IntN here calls the PCG directly. The
// draws are part of the output format: TestDrawsIntN and FuzzDrawsIntN
// compare IntN with rand.Rand's.
type Draws struct{ src *rand.PCG }

// NewDraws returns the Draws of src: they go on from src's state and
// leave it where rand.New(src) would.
func NewDraws(src *rand.PCG) Draws { return Draws{src} }

// is32bit is rand's: on 32-bit platforms rand.Rand draws small bounds
// with other arithmetic, which IntN then leaves to it.
const is32bit = ^uint(0)>>32 == 0

// IntN returns rand.New(src).IntN(n): a number in [0, n) from the
// unbiased multiply-and-reject of Lemire, as math/rand/v2's uint64n
// makes it. It panics if n <= 0.
func (d Draws) IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	if is32bit {
		return rand.New(d.src).IntN(n)
	}
	// Both of uint64n's ways from the first number, the mask of a power
	// of two and the multiply, the one that applies chosen without a
	// branch: the bounds here are word lengths, which are powers of two
	// as good as at random. Only the multiply rejects, seldom.
	u := uint64(n)
	x := d.src.Uint64()
	hi, lo := bits.Mul64(x, u)
	pow2 := u&(u-1) == 0
	if lo < u && !pow2 {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(d.src.Uint64(), u)
		}
	}
	if pow2 {
		hi = x & (u - 1)
	}
	return int(hi)
}
