package synonym

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
)

// mayKeyWordEach is mayKeyWord as it was, reading every token of the
// stretch.
func mayKeyWordEach(toks []string, first byte) bool {
	found := byte(0)
	for _, t := range toks {
		for i := 0; i < len(t); i++ {
			if t[i] >= utf8.RuneSelf {
				return true
			}
		}
		if found == 0 {
			for i := 0; i < len(t) && found == 0; i++ {
				switch c := t[i]; {
				case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
					found = c
				case 'A' <= c && c <= 'Z':
					found = c + 'a' - 'A'
				}
			}
		}
	}
	return found == first
}

// twoCapitalsEach is the test of abbreviationTokens as it was: two to
// six runes, two upper-case ones or more.
func twoCapitalsEach(t string) bool {
	if len(t) < 2 || utf8.RuneCountInString(t) < 2 || utf8.RuneCountInString(t) > 6 {
		return false
	}
	caps := 0
	for _, r := range t {
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return caps >= 2
}

// keyIndexSentences are the sentences of the BC5CDR head and stretches
// of other characters.
func keyIndexSentences(t *testing.T) [][]string {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := [][]string{
		strings.Fields("Parkinson ' s disease ( PD ) and NÉ , ÀB , ÉÉ , Ab , AB , ABCDEFG , ÀBCDÉFG , 5-FU , - ( ) ﬁbrosis x\u00adray İstanbul ＡＢＣ"),
		{"\xff\xfe", "A\xffB", "AB\xff", "", "ABCDEF", "abcdef", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ÀÀÀÀÀÀ", "ÀÀÀÀÀÀÀ"},
		{},
	}
	for _, s := range ss {
		out = append(out, s.Tokens)
	}
	return out
}

// TestKeyStarts checks mayKeyWordAt of keyStarts, which reads each
// token once and not past a non-ASCII byte or the rest of a token past
// its first letter or digit, and nextMayKeyWord, against the reading of
// every stretch's tokens, for every stretch (empty ones too) and byte.
func TestKeyStarts(t *testing.T) {
	n := 0
	for _, toks := range keyIndexSentences(t) {
		ks := keyStarts(toks)
		for i := 0; i <= len(toks); i++ {
			for j := i; j <= len(toks); j++ {
				for _, c := range []byte{0, '0', '5', 'a', 'p', 'x', 'z', 'A', '-', 0xc3} {
					if got, want := mayKeyWordAt(ks[i:j], c), mayKeyWordEach(toks[i:j], c); got != want {
						t.Fatalf("%q [%d, %d) %q: %v, reading every token %v", toks, i, j, c, got, want)
					}
					n++
				}
			}
		}
		for w := 1; w <= 3; w++ {
			for _, skip := range []int{-1, 0, 2} {
				for _, c := range []byte{'a', 'c', 'p', '5'} {
					var got, want []int
					for i := nextMayKeyWord(ks, 0, w, skip, c); i >= 0; i = nextMayKeyWord(ks, i+1, w, skip, c) {
						got = append(got, i)
					}
					for i := 0; i+w <= len(toks); i++ {
						if i != skip && mayKeyWordEach(toks[i:i+w], c) {
							want = append(want, i)
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%q, %d tokens, skipping %d, %q: %v, reading every stretch %v", toks, w, skip, c, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d stretches and bytes", n)
}

// TestTwoCapitals checks twoCapitals, which counts bytes of ASCII
// tokens, against the count of runes, on every token of the head and of
// other characters.
func TestTwoCapitals(t *testing.T) {
	yes := 0
	for _, toks := range keyIndexSentences(t) {
		for _, tok := range toks {
			if got, want := len(tok) >= 2 && len(tok) <= 6*utf8.UTFMax && twoCapitals(tok), twoCapitalsEach(tok); got != want {
				t.Fatalf("%q: %v, counting runes %v", tok, got, want)
			} else if got {
				yes++
			}
		}
	}
	if yes == 0 {
		t.Fatal("no token has two capitals: the test reads nothing")
	}
}
