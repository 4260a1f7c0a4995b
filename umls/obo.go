package umls

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// oboTerm is one [Term] stanza of an OBO 1.2 file.
type oboTerm struct {
	ID, Name string
	Exact    []string
	Xrefs    []string
	Obsolete bool
	Line     int
	// Bad holds a *ParseError for each name or synonym left out because
	// it fails CheckName; a bad name leaves Name empty.
	Bad []error
}

// readOBO calls fn for each [Term] stanza of an OBO 1.2 file. Only the
// tags the store uses are interpreted; other tags and stanza types
// ([Typedef], [Instance]) are skipped.
func readOBO(r io.Reader, name string, fn func(oboTerm) error) error {
	sc := limits.Scanner(r)
	line := 0
	var t oboTerm
	inTerm := false
	emit := func() error {
		if inTerm && t.ID != "" {
			return fn(t)
		}
		if inTerm {
			return &ParseError{File: name, Line: t.Line, Err: fmt.Errorf("%w: [Term] without id", ErrSyntax)}
		}
		return nil
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		perr := func(err error) error { return &ParseError{File: name, Line: line, Err: err} }
		tag, value, ok := strings.Cut(text, ":")
		// Invalid UTF-8 in a name or synonym drops that name (below);
		// anywhere else the file is not what it claims to be.
		if !utf8.ValidString(text) && !(ok && inTerm && (tag == "name" || tag == "synonym")) {
			return perr(ErrInvalidUTF8)
		}
		if text == "" || text[0] == '!' {
			continue
		}
		if text[0] == '[' {
			if err := emit(); err != nil {
				return err
			}
			inTerm = text == "[Term]"
			t = oboTerm{Line: line}
			continue
		}
		if !ok {
			return perr(fmt.Errorf("%w: want tag: value", ErrSyntax))
		}
		if !inTerm {
			continue
		}
		value = strings.TrimSpace(value)
		switch tag {
		case "id":
			t.ID = stripComment(value)
		case "name":
			t.Name = stripComment(value)
			if err := CheckName(t.Name); err != nil {
				t.Bad = append(t.Bad, perr(err))
				t.Name = ""
			}
		case "is_obsolete":
			t.Obsolete = stripComment(value) == "true"
		case "xref":
			x := stripComment(value)
			if i := strings.IndexAny(x, " \t"); i >= 0 {
				x = x[:i] // drop a quoted description
			}
			t.Xrefs = append(t.Xrefs, x)
		case "synonym":
			s, rest, err := quoted(value)
			if err != nil {
				return perr(err)
			}
			scope, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
			if scope != "EXACT" {
				break
			}
			if err := CheckName(strings.TrimSpace(s)); err != nil {
				t.Bad = append(t.Bad, perr(err))
				break
			}
			t.Exact = append(t.Exact, s)
		}
	}
	if err := sc.Err(); err != nil {
		return &ParseError{File: name, Line: line + 1, Err: limits.Err(err)}
	}
	return emit()
}

// stripComment removes a trailing "! comment".
func stripComment(v string) string {
	if i := strings.Index(v, " !"); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// quoted parses an OBO quoted string with backslash escapes and returns it
// and the text after it.
func quoted(v string) (string, string, error) {
	if !strings.HasPrefix(v, `"`) {
		return "", "", fmt.Errorf("%w: synonym text must be quoted", ErrSyntax)
	}
	var b strings.Builder
	for i := 1; i < len(v); i++ {
		c := v[i]
		switch c {
		case '\\':
			if i+1 >= len(v) {
				return "", "", fmt.Errorf("%w: unterminated quoted string", ErrSyntax)
			}
			i++
			switch v[i] {
			case 'n':
				b.WriteByte(' ')
			case 't':
				b.WriteByte(' ')
			default:
				b.WriteByte(v[i])
			}
		case '"':
			return b.String(), v[i+1:], nil
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("%w: unterminated quoted string", ErrSyntax)
}

// oboGroup gives the semantic group of the concepts of an ontology, by id
// prefix.
func oboGroup(source string) string {
	switch source {
	case "DOID", "MONDO", "HP", "ORDO", "ORPHANET":
		return "DISO"
	case "CHEBI":
		return "CHEM"
	}
	return ""
}

func (l *loader) obo(r io.Reader, name string, in *Input) error {
	return readOBO(r, name, func(t oboTerm) error {
		in.Rows++
		l.rows++
		source := sourceOf(t.ID)
		if t.Obsolete || !l.keepSource(source) {
			return nil
		}
		for _, err := range t.Bad {
			in.Bad++
			if l.opt.Skipped != nil {
				l.opt.Skipped(err)
			}
		}
		if t.Name == "" {
			return nil
		}
		in.Kept++
		if err := l.concept(t.ID, t.Name, oboGroup(source), source); err != nil {
			return err
		}
		seen := map[string]bool{t.Name: true}
		if err := l.term(t.ID, t.Name, Normalize(t.Name), source, "label", true, "N", Classify(t.Name, "label")); err != nil {
			return err
		}
		for _, s := range t.Exact {
			if s = strings.TrimSpace(s); s == "" || seen[s] {
				continue
			}
			seen[s] = true
			if err := l.term(t.ID, s, Normalize(s), source, "exact", false, "N", Classify(s, "exact")); err != nil {
				return err
			}
		}
		for _, x := range t.Xrefs {
			if err := l.insXref.add(l.ctx, t.ID, x); err != nil {
				return err
			}
			if err := l.row(); err != nil {
				return err
			}
		}
		return nil
	})
}
