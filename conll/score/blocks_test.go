package score

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// TestBlocksCountAsLines checks that Evaluate's loop over blocks of
// lines (evaluateBlocks) counts and refuses exactly what its general
// loop does, on random inputs full of odd tags, odd spacing, refused
// lines and reads of any size.
func TestBlocksCountAsLines(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 1))
	ok := 0 // inputs scored; the others are refused
	for iter := range 3000 {
		gold, pred := randomSentences(r, 1+r.IntN(5), oddAlphabet)
		var b bytes.Buffer
		for i := range gold {
			for j := range gold[i] {
				tok := []string{"tok", "-X-", "-DOCSTART-", "a\xffb", "a b", "-X-\t", ""}[r.IntN(7)]
				if r.IntN(8) > 0 {
					tok = "tok"
				}
				sep := []string{" ", "  ", "\t", " \t"}[r.IntN(4)]
				if r.IntN(8) > 0 {
					sep = " "
				}
				line := tok + sep + gold[i][j] + sep + pred[i][j]
				if r.IntN(30) == 0 {
					line = []string{"tok", "O", "tok O", " ", "\t", "x y z w"}[r.IntN(6)]
				}
				b.WriteString(line + []string{"\n", "\n", "\n", " \n", "\r\n", "\t\n"}[r.IntN(6)])
			}
			b.WriteString([]string{"\n", "\n", "-X- O O\n", "\n\n", " \n"}[r.IntN(5)])
		}
		input := b.Bytes()
		if r.IntN(4) == 0 {
			input = bytes.TrimRight(input, "\n")
		}
		delim := []string{"", " ", "\t", "", " ", "\t", "O", "-"}[r.IntN(8)] // "O": no line ends in a quick line's four bytes; "-": "-X-" splits
		opt := EvalOptions{Raw: r.IntN(3) == 0}
		if r.IntN(3) == 0 {
			opt.Outside = []string{"O", "Chem", "B-X"}[r.IntN(3)]
		}
		evaluate := func(blocks bool) string {
			var in = bytes.NewReader(input)
			e := NewEvaluator(in)
			if blocks && r.IntN(2) == 0 {
				e = NewEvaluator(iotest.OneByteReader(in))
			}
			e.File, e.Delimiter, e.Options = "in.txt", delim, opt
			c, err := e.evaluate(blocks)
			return fmt.Sprintf("%#v %v", c, err)
		}
		got, want := evaluate(true), evaluate(false)
		if strings.HasSuffix(want, " <nil>") {
			ok++
		}
		if got != want {
			t.Fatalf("iter %d, delimiter %q, %+v:\nblocks %s\nlines  %s\ninput:\n%s", iter, delim, opt, got, want, strings.ReplaceAll(string(input), "\t", "<TAB>"))
		}
	}
	if ok < 500 || ok > 2500 {
		t.Errorf("%d of 3000 inputs scored: the test should see both scored and refused inputs", ok)
	}
}

// TestBlocksQuickLines: lines that end as a quick line ("tok O O", the
// delimiter, O, the delimiter, O) but are not one are scored as the
// general loop scores them: with O as the delimiter (trailing empty
// fields), a first field -X- (a sentence end), an open chunk before,
// a delimiter more than the first line's.
func TestBlocksQuickLines(t *testing.T) {
	for _, tc := range []struct{ delim, input string }{
		{"O", "aObOcOdOe\n\nxOOOO\n"},
		{"O", "aObOcOdOe\n\nxOOOO"},
		{"O", "aObOc\x00\x00\x00\x00\n\nxOyOz\x00\x00\x00\x00\n"},
		{"", "-X- O O\ntok O O\n-X- O O\ntok O O\n"},
		{"", "tok B-X B-X\ntok O O\ntok O O\n"},
		{"", "tok O O\nt k O O\n"},
		{"", "tok O O\n O O\nO O\n"},
		{"-", "-X--O-O\ntok-O-O\n-X--O-O\n"},
	} {
		evaluate := func(blocks bool) string {
			e := NewEvaluator(strings.NewReader(tc.input))
			e.File, e.Delimiter = "in.txt", tc.delim
			c, err := e.evaluate(blocks)
			return fmt.Sprintf("%#v %v", c, err)
		}
		if got, want := evaluate(true), evaluate(false); got != want {
			t.Errorf("delimiter %q, %q:\nblocks %s\nlines  %s", tc.delim, tc.input, got, want)
		}
	}
}
