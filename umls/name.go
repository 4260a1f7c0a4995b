package umls

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// CheckName reports why s cannot be stored as a name: invalid UTF-8, a
// U+FFFD replacement character (the trace of text decoded with the wrong
// encoding: "F\uFFFD\uFFFDlling's disease" for "Følling's disease"), or a
// control character (C0, DEL, C1; tab and newline included, which no name
// holds). It returns nil for a sound name, else an error wrapping
// ErrInvalidUTF8 or ErrBadName that names the first offending byte.
//
// Such a name is worse than useless: it is no word a writer would use,
// and once tokenized it no longer round-trips to its concept, so a
// synonym set that picks it fails its own check.
func CheckName(s string) error {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Errorf("%w: byte %d of %q", ErrInvalidUTF8, i+1, s)
		case r == utf8.RuneError:
			return fmt.Errorf("%w: U+FFFD replacement character at byte %d of %q", ErrBadName, i+1, s)
		case unicode.IsControl(r):
			return fmt.Errorf("%w: control character %U at byte %d of %q", ErrBadName, r, i+1, s)
		}
		i += n
	}
	return nil
}
