package english

import (
	"github.com/stress-ner/stress/internal/textutil"
	"strings"
	"testing"
	"unicode"
)

// FuzzTokenize checks that punct tokenization loses only white space.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"Parkinson's disease", "5-FU", "N(G)-nitro-L-arginine", "Ca2+", "β-carotene", "  a  b "} {
		f.Add(s)
	}
	strip := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokenize(s, TokenizePunct)
		if strings.Join(toks, "") != strip(s) {
			t.Errorf("Tokenize(%q) = %q", s, toks)
		}
		for _, tok := range toks {
			if tok == "" || strings.ContainsFunc(tok, unicode.IsSpace) {
				t.Errorf("Tokenize(%q): bad token %q", s, tok)
			}
		}
	})
}

// reasons are the values Natural may return.
var reasons = map[string]bool{"": true, RejectEmpty: true, RejectCharacters: true, RejectQualifier: true,
	RejectPunctuation: true, RejectInverted: true, RejectSystematic: true, RejectSequence: true, RejectDigits: true,
	RejectAbbrev: true, RejectForeign: true, RejectLength: true, RejectAvoid: true}

// FuzzNatural checks that Natural always gives a documented reason, never
// accepts a character the mention lacks outside ASCII, and that
// CorpusSpelling leaves no Greek letter in a name for an ASCII mention.
func FuzzNatural(f *testing.F) {
	for _, tt := range [][2]string{{"seizures", "convulsions"}, {"6'-methoxycinchonidine", "quinine"}, {"α-tocopherol", "vitamin E"},
		{"Infarction, Myocardial", "heart attack"}, {"F\uFFFDlling", "x"}, {"", ""}, {"5 FU", "5 - fluorouracil"}} {
		f.Add(tt[0], tt[1])
	}
	f.Fuzz(func(t *testing.T, name, mention string) {
		checkSieves(t, nameSieves, name)
		checkSieves(t, wordSieves, name)
		why := Natural(name, mention)
		if !reasons[why] {
			t.Fatalf("Natural(%q, %q) = %q: not a documented reason", name, mention, why)
		}
		if why == "" {
			for _, r := range name {
				if r >= 0x80 && !strings.ContainsRune(mention, r) {
					t.Errorf("Natural(%q, %q) accepted %q", name, mention, r)
				}
			}
		}
		if textutil.IsASCII(mention) {
			for _, r := range CorpusSpelling(name, mention) {
				if _, ok := greek()[r]; ok {
					t.Errorf("CorpusSpelling(%q) kept %q", name, r)
				}
			}
		}
	})
}

func BenchmarkNatural(b *testing.B) {
	Natural("x", "y") // load the vocabulary
	b.ReportAllocs()
	for b.Loop() {
		Natural("congestive heart failure", "cardiac failure")
	}
}

// FuzzParseAvoidFile: no text makes the avoid-file reader panic; an
// error names the file and a line; a list it accepts has only lines
// that pass avoidLineRules, and reading it again gives the same list.
func FuzzParseAvoidFile(f *testing.F) {
	for _, s := range []string{
		"# comment\ndropsy   # archaic\nheart failure -> cardiac failure\nrash <-> exanthem\n",
		"a -> b -> c\n", "a <- b\n", "x\n\n <-> b # why\n", "a\x00 -> b\n", "heart\tfailure\n", "\xff\n",
		"fluorouracil -> 5 - fluorouracil # 5c0re000-13: unnatural\r\n", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := parseAvoidFile(text, "f.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		for i, line := range strings.Split(text, "\n") {
			line = strings.TrimSuffix(line, "\r")
			content, _, _ := strings.Cut(line, "#")
			for _, r := range avoidLineRules {
				if strings.TrimSpace(content) != "" && r.fails(line, strings.TrimSpace(content)) {
					t.Fatalf("line %d %q accepted, but it breaks %q", i+1, line, r.name)
				}
			}
		}
		again, err := parseAvoidFile(text, "f.txt")
		if err != nil || again.Empty() != l.Empty() {
			t.Fatalf("read again: %v", err)
		}
	})
}
