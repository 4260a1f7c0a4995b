package english

import (
	"bytes"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/umls"
)

// Fold normalizes s (umls.Normalize) and removes its accents.
func Fold(s string) string {
	s = umls.Normalize(s)
	if textutil.IsASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsMark(r) {
			return -1
		}
		return r
	}, norm.NFD.String(s))
}

// IsForeign reports a name in another language by its words: Latin,
// Spanish, Italian or French "acid" ("acidum", "ácido", "acido",
// "acide"), and German compounds in "-säure".
func IsForeign(s string) bool {
	// Most names hold none of the stems of those words: told from their
	// key in a buffer on the stack, without folding them into a string
	// and splitting it (issue 34: every name of a mention's concepts).
	var buf [256]byte
	if n := umls.AppendNormalized(buf[:0], s); textutil.IsASCII(string(n)) && !hasForeignStem(n) {
		return false
	}
	for _, w := range strings.FieldsFunc(Fold(s), func(r rune) bool { return !IsWordRune(r) }) {
		switch w {
		case "acidum", "acido", "acide", "acida", "natrium", "kalium":
			return true
		}
		if len(w) > 5 && (strings.HasSuffix(w, "saure") || strings.HasSuffix(w, "saeure")) {
			return true
		}
	}
	return false
}

// foreignStems are the parts of the words IsForeign looks for, in the
// lower case of a key: every word it reports holds one.
var foreignStems = [][]byte{[]byte("acid"), []byte("natrium"), []byte("kalium"), []byte("saure"), []byte("saeure")}

// hasForeignStem reports whether the key n holds one of foreignStems.
func hasForeignStem(n []byte) bool {
	for _, stem := range foreignStems {
		if bytes.Contains(n, stem) {
			return true
		}
	}
	return false
}

func Digits(s string) string {
	if !strings.ContainsAny(s, "0123456789") {
		return "" // most names: no string built
	}
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, s)
}
