package cdr

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// conceptID finalises one concept id as the kit's finalizeConceptId:
// "", "-1" (and a missing field) are no id; an id with a ":" is kept as
// written ("MESH:D001241", "OMIM:1", "mesh:D1"); any other id is a MeSH
// id and takes the prefix "MESH:" ("D001241" is "MESH:D001241").
func conceptID(s string, ok bool) (string, bool) {
	if !ok || s == "" || s == "-1" {
		return "", false
	}
	if strings.Contains(s, ":") {
		return s, true
	}
	return "MESH:" + s, true
}

// relationArg is conceptID of an argument of a relation as the kit
// stringifies it: Java prints a missing id as "null".
func relationArg(s string, ok bool) string {
	if id, ok := conceptID(s, ok); ok {
		return id
	}
	return "null"
}

// javaTrim trims as Java's String.trim: every character up to U+0020.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// javaSplit splits s at sep as Java's String.split does with a literal
// one-character pattern: trailing empty strings are dropped.
func javaSplit(s, sep string) []string {
	f := strings.Split(s, sep)
	for len(f) > 0 && f[len(f)-1] == "" {
		f = f[:len(f)-1]
	}
	return f
}

// asciiDigits reports whether s matches the kit's "[0-9]+".
func asciiDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// lineReader splits input into lines as Java's BufferedReader.readLine:
// at "\n", "\r" or "\r\n".
type lineReader struct {
	r       *bufio.Reader
	buf     []byte
	pending []byte // what follows a lone "\r" in the last physical line
	line    int
}

func (lr *lineReader) next() ([]byte, error) {
	if lr.pending == nil {
		l, buf, err := limits.ReadLine(lr.r, lr.buf)
		lr.buf = buf
		if err == limits.ErrLongLine {
			return nil, err
		}
		if len(l) == 0 && err != nil {
			return nil, err
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		l = bytes.TrimSuffix(l, []byte("\n"))
		l = bytes.TrimSuffix(l, []byte("\r"))
		lr.pending = l
	}
	lr.line++
	l := lr.pending
	if i := bytes.IndexByte(l, '\r'); i >= 0 {
		lr.pending = l[i+1:]
		return l[:i], nil
	}
	lr.pending = nil
	return l, nil
}

// readPubTator reads r as the kit's loadPubTator reads a file. Its
// rules for a line, in the order it applies them, each of which can
// change a count:
//
//  1. Lines end at "\n", "\r" or "\r\n" (Java's readLine), and each is
//     trimmed of the characters up to U+0020 at both ends (String.trim).
//  2. An empty line, and any line containing "|t|", "|T|", "|a|" or
//     "|A|" anywhere, is skipped: titles, abstracts, and also an
//     annotation whose mention text holds such a sequence.
//  3. The line is split at tabs, trailing empty fields dropped.
//  4. When fields 2 and 3 are both ASCII digits only, it is an
//     annotation: offsets are read as ints (leading zeros allowed:
//     "0027" is 27; beyond 2^31-1 the kit stops), field 5 is its type
//     (the kit stops when there is none). Only the types scored count.
//     mention: key (PMID, start, end, type); the mention text and the
//     id are ignored. id: with a 6th field, that field trimmed and split
//     at "|", each part a concept id (see conceptID), one key (PMID,
//     type, id) each. Any other line is left alone at these levels.
//  5. Otherwise, at level relation, field 2 is a relation type; when
//     scored, the key is (PMID, type, conceptID(field 3), conceptID(field
//     4)), a missing id reading "null" (so "-1" matches "-1", and an
//     empty field). Pairs are ordered: chemical first, as written.
//  6. A line of one field, or one whose fields the rule needs are
//     missing, stops the kit (ErrKit).
//
// The PMID is field 1 as written: "0123" is not "123".
func readPubTator(r io.Reader, file string, o Options) (*Keys, error) {
	types := o.types()
	keys := newKeys(o.Level, PubTator)
	lr := &lineReader{r: bufio.NewReader(r)}
	for {
		raw, err := lr.next()
		if err == io.EOF {
			return keys, nil
		}
		if err != nil {
			return nil, &conll.ParseError{File: file, Line: lr.line + 1, Err: err}
		}
		fail := func(format string, a ...any) error {
			return &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("%w: "+format, append([]any{ErrKit}, a...)...)}
		}
		line := javaTrim(string(raw))
		if line == "" || strings.Contains(line, "|t|") || strings.Contains(line, "|T|") ||
			strings.Contains(line, "|a|") || strings.Contains(line, "|A|") {
			continue
		}
		f := javaSplit(line, "\t")
		field := func(i int) (string, bool) {
			if i < len(f) {
				return f[i], true
			}
			return "", false
		}
		if len(f) < 2 {
			return nil, fail("a line without a tab that is not a title or abstract line")
		}
		if asciiDigits(f[1]) && len(f) < 3 {
			return nil, fail("an annotation line with 2 fields")
		}
		if asciiDigits(f[1]) && asciiDigits(f[2]) {
			start, err1 := strconv.ParseInt(f[1], 10, 32)
			end, err2 := strconv.ParseInt(f[2], 10, 32)
			if err1 != nil || err2 != nil {
				return nil, fail("offset %s or %s is beyond a Java int", f[1], f[2])
			}
			typ, ok := field(4)
			if !ok {
				return nil, fail("an annotation line with %d fields, without a type", len(f))
			}
			if !types[typ] {
				continue
			}
			if !utf8.ValidString(f[0]) || !utf8.ValidString(typ) {
				return nil, &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("document id or type: %w", ErrNotUTF8)}
			}
			switch {
			case o.Level == Mention:
				keys.add("mention", f[0], strconv.FormatInt(start, 10), strconv.FormatInt(end, 10), typ)
			case o.Level == ID && len(f) >= 6:
				for _, part := range javaSplit(javaTrim(f[5]), "|") {
					if id, ok := conceptID(part, true); ok {
						if !utf8.ValidString(id) {
							return nil, &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("concept id: %w", ErrNotUTF8)}
						}
						keys.add("id", f[0], typ, id)
					}
				}
			}
			continue
		}
		if o.Level != Relation || !types[f[1]] {
			continue
		}
		if len(f) < 4 {
			return nil, fail("a relation line with %d fields, want PMID, type, chemical id, disease id", len(f))
		}
		if !utf8.ValidString(f[0]) || !utf8.ValidString(f[1]) || !utf8.ValidString(f[2]) || !utf8.ValidString(f[3]) {
			return nil, &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("relation line: %w", ErrNotUTF8)}
		}
		keys.add("relation", f[0], f[1], relationArg(field(2)), relationArg(field(3)))
	}
}
