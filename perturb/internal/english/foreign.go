package english

import (
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
