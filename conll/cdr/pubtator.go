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
	var relTypes map[string]bool
	if o.Level == Relation {
		relTypes = types
	}
	err := scanPubTator(r, file, relTypes, func(l kitLine) error {
		switch {
		case l.relation:
			keys.add("relation", l.f[0], l.f[1], relationArg(l.f[2], true), relationArg(l.f[3], true))
		case !types[l.typ]:
		case o.Level == Mention:
			keys.add("mention", l.f[0], l.start, l.end, l.typ)
		case o.Level == ID:
			for _, id := range l.ids {
				keys.add("id", l.f[0], l.typ, id)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return keys, nil
}

// kitLine is a line of a PubTator file the kit keeps: an annotation
// (offsets as the kit prints them, its type, its ids finalised) or a
// relation of a type scored.
type kitLine struct {
	f          []string
	relation   bool
	start, end string
	typ        string
	ids        []string
}

// scanPubTator reads r by the rules of readPubTator and hands visit
// every annotation line, and every relation line of a type relTypes
// holds (none when it is nil).
func scanPubTator(r io.Reader, file string, relTypes map[string]bool, visit func(kitLine) error) error {
	lr := &lineReader{r: bufio.NewReader(r)}
	for {
		raw, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return &conll.ParseError{File: file, Line: lr.line + 1, Err: err}
		}
		fail := func(format string, a ...any) error {
			return &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("%w: "+format, append([]any{ErrKit}, a...)...)}
		}
		notUTF8 := func(what string) error {
			return &conll.ParseError{File: file, Line: lr.line, Err: fmt.Errorf("%s: %w", what, ErrNotUTF8)}
		}
		line := javaTrim(string(raw))
		if line == "" || strings.Contains(line, "|t|") || strings.Contains(line, "|T|") ||
			strings.Contains(line, "|a|") || strings.Contains(line, "|A|") {
			continue
		}
		f := javaSplit(line, "\t")
		if len(f) < 2 {
			return fail("a line without a tab that is not a title or abstract line")
		}
		if asciiDigits(f[1]) && len(f) < 3 {
			return fail("an annotation line with 2 fields")
		}
		if asciiDigits(f[1]) && asciiDigits(f[2]) {
			start, err1 := strconv.ParseInt(f[1], 10, 32)
			end, err2 := strconv.ParseInt(f[2], 10, 32)
			if err1 != nil || err2 != nil {
				return fail("offset %s or %s is beyond a Java int", f[1], f[2])
			}
			if len(f) < 5 {
				return fail("an annotation line with %d fields, without a type", len(f))
			}
			l := kitLine{f: f, start: strconv.FormatInt(start, 10), end: strconv.FormatInt(end, 10), typ: f[4]}
			if len(f) >= 6 {
				for _, part := range javaSplit(javaTrim(f[5]), "|") {
					if id, ok := conceptID(part, true); ok {
						l.ids = append(l.ids, id)
					}
				}
			}
			if !utf8.ValidString(f[0]) || !utf8.ValidString(l.typ) || !utf8.ValidString(strings.Join(l.ids, "")) {
				return notUTF8("document id, type or concept id")
			}
			if err := visit(l); err != nil {
				return err
			}
			continue
		}
		if !relTypes[f[1]] {
			continue
		}
		if len(f) < 4 {
			return fail("a relation line with %d fields, want PMID, type, chemical id, disease id", len(f))
		}
		if !utf8.ValidString(f[0]) || !utf8.ValidString(f[2]) || !utf8.ValidString(f[3]) {
			return notUTF8("relation line")
		}
		if err := visit(kitLine{f: f, relation: true}); err != nil {
			return err
		}
	}
}
