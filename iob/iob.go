// Package iob parses, validates, repairs and converts IOB-style tag
// sequences and extracts the entity spans they describe.
//
// A tag is "O" (outside) or PREFIX-TYPE, where PREFIX is one letter (B, I,
// E or S) and TYPE is everything after the first hyphen, so types may
// themselves contain hyphens ("B-Gene-or-protein" has type
// "Gene-or-protein"). Three schemes are supported:
//
//   - IOB2: every entity starts with B-, continues with I-.
//   - IOB1: entities are I- throughout; B- only marks the first token of an
//     entity that directly follows another entity of the same type.
//   - IOBES: single-token entities are S-, longer ones B- I-... E-.
//
// Span extraction comes in two flavours: Spans follows the CoNLL conlleval
// script token for token (an I- after O starts an entity, a type change
// inside an entity starts a new one), StrictSpans follows seqeval's strict
// IOB2 mode (only B- starts an entity; stray I- tags belong to none).
//
// Replace is the one place where perturbations change the number of
// tokens in a sentence: it rewrites the tags of a token range so that the
// entity structure stays valid IOB2.
package iob

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Sentinel errors; errors returned by this package wrap one of them.
var (
	// ErrUnknownScheme means a scheme name is not iob1, iob2 or iobes.
	ErrUnknownScheme = errors.New("unknown tag scheme")
	// ErrInvalidTag means a tag is neither O nor PREFIX-TYPE with a prefix
	// the scheme allows and a non-empty type.
	ErrInvalidTag = errors.New("invalid tag")
	// ErrBadRange means a Replace range is out of bounds, or covers more
	// than one entity, or mixes entity and outside tokens.
	ErrBadRange = errors.New("range is not inside one entity or one run of O")
)

// Outside is the tag of tokens outside every entity.
const Outside = "O"

// Prefix is the position marker of a tag: B, I, E, S or O. Tags that
// cannot be parsed have prefix none.
type Prefix byte

// Tag prefixes.
const (
	none   Prefix = 0
	Begin  Prefix = 'B'
	Inside Prefix = 'I'
	End    Prefix = 'E'
	Single Prefix = 'S'
	Out    Prefix = 'O'
)

func (p Prefix) String() string {
	if p == none {
		return "none"
	}
	return string(rune(p))
}

// Split cuts a tag the way conlleval does: the prefix is everything before
// the first hyphen and the type everything after it; a tag without a
// hyphen is all prefix with an empty type.
func Split(tag string) (prefix, typ string) {
	if len(tag) > 1 && tag[1] == '-' && tag[0] != '-' {
		return tag[:1], tag[2:] // "B-X", "I-X": most tags that are not O
	}
	if i := strings.IndexByte(tag, '-'); i >= 0 {
		return tag[:i], tag[i+1:]
	}
	return tag, ""
}

// Parse returns the prefix and type of tag. ok is false, and p is none,
// when tag is not "O" and not a one-letter B, I, E or S prefix followed by
// a hyphen and a non-empty type.
func Parse(tag string) (p Prefix, typ string, ok bool) {
	if tag == Outside {
		return Out, "", true
	}
	if len(tag) < 3 || tag[1] != '-' {
		return none, "", false
	}
	switch Prefix(tag[0]) {
	case Begin, Inside, End, Single:
		return Prefix(tag[0]), tag[2:], true
	}
	return none, "", false
}

// Scheme is a tagging scheme.
type Scheme int

// Supported schemes. IOB2 is the zero value: it is what the corpora use
// and what the scorer expects.
const (
	IOB2 Scheme = iota
	IOB1
	IOBES
)

var schemeNames = [...]string{IOB2: "iob2", IOB1: "iob1", IOBES: "iobes"}

func (s Scheme) String() string {
	if s >= 0 && int(s) < len(schemeNames) {
		return schemeNames[s]
	}
	return fmt.Sprintf("Scheme(%d)", int(s))
}

// ParseScheme parses "iob1", "iob2" or "iobes" (case-insensitive; "bio"
// is accepted for IOB2 and "bioes" for IOBES).
func ParseScheme(name string) (Scheme, error) {
	switch strings.ToLower(name) {
	case "iob2", "bio":
		return IOB2, nil
	case "iob1":
		return IOB1, nil
	case "iobes", "bioes":
		return IOBES, nil
	}
	return 0, fmt.Errorf("%w %q (want iob1, iob2 or iobes)", ErrUnknownScheme, name)
}

// allows reports whether prefix p may occur in scheme s.
func (s Scheme) allows(p Prefix) bool {
	switch p {
	case Out, Begin, Inside:
		return true
	case End, Single:
		return s == IOBES
	}
	return false
}

// TagError reports an unusable tag and its position in the sequence.
type TagError struct {
	Pos int // 0-based token index
	Tag string
	Err error
}

func (e *TagError) Error() string {
	return fmt.Sprintf("token %d: %v %q", e.Pos+1, e.Err, e.Tag)
}

func (e *TagError) Unwrap() error { return e.Err }

// Span is one entity: tokens [Start, End) of type Type.
type Span struct {
	Start, End int
	Type       string
}

func (s Span) String() string { return fmt.Sprintf("%s[%d,%d)", s.Type, s.Start, s.End) }

// Decode returns the entities that tags describe in scheme s. Decoding is
// forgiving about transitions (an I- that does not continue an entity of
// its type starts one, as conlleval reads it; an E- or S- ends the
// entity), but not about tags: a tag the scheme does not know is a
// *TagError wrapping ErrInvalidTag.
func Decode(tags []string, s Scheme) ([]Span, error) {
	var spans []Span
	open := false // spans[len(spans)-1] may still grow
	for i := 0; i < len(tags); i++ {
		if tags[i] == Outside {
			// Most tags: a run of O, skipped in a loop of its own
			// (issue 34).
			i = skipOutside(tags, i) - 1
			open = false
			continue
		}
		tag := tags[i]
		p, typ, ok := Parse(tag)
		if !ok || !s.allows(p) {
			return nil, &TagError{Pos: i, Tag: tag, Err: ErrInvalidTag}
		}
		cont := open && spans[len(spans)-1].Type == typ
		switch {
		case p == Out:
			open = false
		case (p == Inside || p == End) && cont:
			spans[len(spans)-1].End = i + 1
			open = p == Inside
		default: // B, S, or an I/E that cannot continue
			spans = append(spans, Span{Start: i, End: i + 1, Type: typ})
			open = p == Begin || p == Inside
		}
	}
	return spans, nil
}

// encode writes spans as n tags in scheme s. Spans must be sorted, must
// not overlap and must lie within [0, n).
func encode(spans []Span, n int, s Scheme) []string {
	tags := make([]string, n)
	for i := range tags {
		tags[i] = Outside
	}
	prevEnd, prevType := -1, ""
	for _, sp := range spans {
		first := "B-"
		switch {
		case s == IOB1 && !(sp.Start == prevEnd && sp.Type == prevType):
			first = "I-"
		case s == IOBES && sp.End-sp.Start == 1:
			first = "S-"
		}
		tags[sp.Start] = first + sp.Type
		if sp.End-sp.Start > 1 {
			in := "I-" + sp.Type
			for i := sp.Start + 1; i < sp.End; i++ {
				tags[i] = in
			}
			if s == IOBES {
				tags[sp.End-1] = "E-" + sp.Type
			}
		}
		prevEnd, prevType = sp.End, sp.Type
	}
	return tags
}

// Convert rewrites tags from scheme from to scheme to. Valid input
// round-trips: Convert(Convert(t, IOB2, s), s, IOB2) equals t for every
// valid IOB2 sequence t. Invalid transitions are read as Decode reads
// them, so converting to IOB2 also repairs.
func Convert(tags []string, from, to Scheme) ([]string, error) {
	spans, err := Decode(tags, from)
	if err != nil {
		return nil, err
	}
	return encode(spans, len(tags), to), nil
}

// ConvertKnown is Convert for tags that may include some the scheme does
// not know (a tagger's output: "BANANA", "E-Chemical" under IOB2): those
// are kept as they are, where they are, and read as O around them, so
// that a caller that reports unknown tags still finds them. It never
// fails; with from == to it returns a copy of tags.
func ConvertKnown(tags []string, from, to Scheme) []string {
	if from == to {
		return slices.Clone(tags)
	}
	known := tags
	var unknown []int
	for i, tag := range tags {
		if p, _, ok := Parse(tag); !ok || !from.allows(p) {
			if unknown == nil {
				known = slices.Clone(tags)
			}
			unknown = append(unknown, i)
			known[i] = Outside
		}
	}
	spans, _ := Decode(known, from) // every tag is known now
	out := encode(spans, len(tags), to)
	for _, i := range unknown {
		out[i] = tags[i]
	}
	return out
}

// Violation is one invalid transition: the tag at Pos cannot follow the
// tag before it (Prev is "" at the start of the sequence). Pos equals the
// sequence length when the last tag leaves an entity unfinished (IOBES).
type Violation struct {
	Pos       int
	Prev, Tag string
	Reason    string
}

func (v Violation) String() string {
	return fmt.Sprintf("token %d: %s", v.Pos+1, v.Reason)
}

// Validate returns every invalid tag and transition of tags in scheme s,
// in order; nil means the sequence is valid.
func Validate(tags []string, s Scheme) []Violation {
	var out []Violation
	bad := func(i int, prev, reason string) {
		tag := ""
		if i < len(tags) {
			tag = tags[i]
		}
		out = append(out, Violation{Pos: i, Prev: prev, Tag: tag, Reason: reason})
	}
	prevP, prevT, prev := Out, "", ""
	for i := 0; i < len(tags); i++ {
		if tags[i] == Outside && (s != IOBES || prevP != Begin && prevP != Inside) {
			// Most tags: an O that ends no entity is valid in every
			// scheme (in IOBES, where an O after B- or I- is not, the
			// general step below judges it). A run of them is skipped
			// in a loop of its own (issue 34).
			i = skipOutside(tags, i) - 1
			prevP, prevT, prev = Out, "", Outside
			continue
		}
		tag := tags[i]
		p, typ, ok := Parse(tag)
		if !ok || !s.allows(p) {
			bad(i, prev, fmt.Sprintf("tag %q is not valid %s", tag, s))
			prevP, prevT, prev = Out, "", tag
			continue
		}
		inEntity := prevP == Begin || prevP == Inside
		if s == IOB1 {
			inEntity = prevP != Out
		}
		same := inEntity && prevT == typ
		switch s {
		case IOB2:
			if p == Inside && !same {
				bad(i, prev, fmt.Sprintf("%s after %s: an entity must start with B-", tag, describe(prev)))
			}
		case IOB1:
			if p == Begin && !same {
				bad(i, prev, fmt.Sprintf("%s after %s: IOB1 uses B- only right after an entity of the same type", tag, describe(prev)))
			}
		case IOBES:
			open := prevP == Begin || prevP == Inside
			switch {
			case open && !((p == Inside || p == End) && prevT == typ):
				bad(i, prev, fmt.Sprintf("%s after %s: the entity is not closed with E-", tag, describe(prev)))
			case !open && (p == Inside || p == End):
				bad(i, prev, fmt.Sprintf("%s after %s: an entity must start with B- or S-", tag, describe(prev)))
			}
		}
		prevP, prevT, prev = p, typ, tag
	}
	if s == IOBES && (prevP == Begin || prevP == Inside) {
		bad(len(tags), prev, fmt.Sprintf("sequence ends after %s: the entity is not closed with E-", prev))
	}
	return out
}

func describe(prev string) string {
	if prev == "" {
		return "the sentence start"
	}
	return prev
}

// Repair returns a copy of IOB2 tags in which every I- that does not
// continue an entity of its type (an I- after O, at the start, or after
// another type) becomes B-, and the number of tags it changed. Tags that
// Parse rejects are copied unchanged; E- and S- tags are read as IOBES and
// rewritten as IOB2. For tags with B-, I- and O prefixes only, the
// entities of the output (StrictSpans) are the ones conlleval sees in the
// input (Spans), so Repair never changes a conlleval score.
func Repair(tags []string) (out []string, changed int) {
	out = make([]string, len(tags))
	prevP, prevT := Out, ""
	for i, tag := range tags {
		out[i] = tag
		p, typ, ok := Parse(tag)
		if !ok {
			prevP, prevT = Out, ""
			continue
		}
		cont := (prevP == Begin || prevP == Inside) && prevT == typ
		switch p {
		case Inside, End:
			if !cont {
				out[i] = "B-" + typ
			} else if p == End {
				out[i] = "I-" + typ
			}
		case Single:
			out[i] = "B-" + typ
		}
		if out[i] != tag {
			changed++
		}
		prevP, prevT = p, typ
		if p == End || p == Single {
			prevP = End // the entity is closed
		}
	}
	return out, changed
}

// Issues counts the tag transitions that valid IOB2 forbids but conlleval
// accepts and reads as entity starts.
type Issues struct {
	// IStarts counts I- tags after O or at the start of a sentence.
	IStarts int
	// TypeChanges counts I- tags right after B- or I- of another type.
	TypeChanges int
}

// Add adds o to is.
func (is *Issues) Add(o Issues) {
	is.IStarts += o.IStarts
	is.TypeChanges += o.TypeChanges
}

// Any reports whether is counts anything.
func (is Issues) Any() bool { return is.IStarts+is.TypeChanges > 0 }

// Check counts the IOB2 problems of one sentence's tags.
func Check(tags []string) Issues {
	var is Issues
	prev := Outside
	for _, tag := range tags {
		is.Step(prev, tag)
		prev = tag
	}
	return is
}

// Step counts the transition from tag prev to tag (prev is "O" at a
// sentence start). It lets streaming code count without building slices.
func (is *Issues) Step(prev, tag string) {
	if len(tag) < 2 || tag[0] != 'I' || tag[1] != '-' {
		return
	}
	if len(prev) < 2 || prev[1] != '-' || (prev[0] != 'B' && prev[0] != 'I') {
		is.IStarts++
	} else if prev[2:] != tag[2:] {
		is.TypeChanges++
	}
}

// SchemeError is the first problem Checker finds in a sentence, with
// what the sentence's tags suggest instead.
type SchemeError struct {
	Scheme Scheme
	Violation
	// Alt, when AltOK, is the scheme the sentence's tags look like: the
	// one whose prefixes they use (E- and S- are IOBES's), or one in
	// which the sentence is valid. AltRepair says that the sentence
	// still has invalid transitions in Alt.
	Alt       Scheme
	AltOK     bool
	AltRepair bool
	// Repairable is set when every tag is one Scheme knows and only
	// transitions are invalid, which a repairing reader (Repairer) reads
	// as conlleval does.
	Repairable bool
}

func (e *SchemeError) Error() string {
	return e.Reason
}

// Unwrap makes every SchemeError an ErrInvalidTag.
func (e *SchemeError) Unwrap() error { return ErrInvalidTag }

// schemeError returns the SchemeError of violation v of tags in s.
func schemeError(tags []string, s Scheme, v Violation) *SchemeError {
	e := &SchemeError{Scheme: s, Violation: v, Repairable: knows(tags, s)}
	es := false
	for _, tag := range tags {
		if p, _, ok := Parse(tag); ok && (p == End || p == Single) {
			es = true
		}
	}
	switch {
	case es && s != IOBES:
		if knows(tags, IOBES) {
			e.Alt, e.AltOK, e.AltRepair = IOBES, true, len(Validate(tags, IOBES)) > 0
		}
	case !es:
		for _, alt := range []Scheme{IOB2, IOB1, IOBES} {
			if alt != s && len(Validate(tags, alt)) == 0 {
				e.Alt, e.AltOK = alt, true
				break
			}
		}
	}
	return e
}

// knows reports whether every tag parses with a prefix s allows.
func knows(tags []string, s Scheme) bool {
	for _, tag := range tags {
		if p, _, ok := Parse(tag); !ok || !s.allows(p) {
			return false
		}
	}
	return true
}

// Checker returns a function that checks the tags of a sentence in
// scheme s, reporting the first invalid tag or transition with its
// index, and converts valid tags of another scheme to IOB2 in place: the
// check commands run on input before they perturb or train, so that an
// IOB1 or IOBES file, or tags such as "X-Foo", "B-" and "I-", stop the
// run with the place to look at instead of passing through. The error
// is a *SchemeError.
func Checker(s Scheme) func(tags []string) (int, error) {
	return func(tags []string) (int, error) {
		if s == IOB2 && validIOB2(tags) {
			return -1, nil // nearly every sentence: no Violation to build
		}
		if v := Validate(tags, s); len(v) > 0 {
			// An entity left open at the end is the last tag's fault.
			return min(v[0].Pos, len(tags)-1), schemeError(tags, s, v[0])
		}
		if s == IOB2 {
			return -1, nil
		}
		out, err := Convert(tags, s, IOB2)
		if err != nil {
			return 0, err
		}
		copy(tags, out)
		return -1, nil
	}
}

// validIOB2 reports whether Validate(tags, IOB2) finds nothing, in one
// tight pass: every tag O, or B- or I- and a type, and every I-
// continuing an entity of its type.
func validIOB2(tags []string) bool {
	open := "" // the type of the entity the tag before is in, "" for none
	for _, t := range tags {
		if t == Outside {
			open = ""
			continue
		}
		if len(t) < 3 || t[1] != '-' {
			return false
		}
		switch Prefix(t[0]) {
		case Begin:
		case Inside:
			if open != t[2:] {
				return false
			}
		default:
			return false
		}
		open = t[2:]
	}
	return true
}

// Repairer is Checker for messy input: it refuses a tag scheme s does
// not know (a *SchemeError), but repairs invalid transitions instead of
// refusing them, reading them as Decode and conlleval read them (an I-
// that does not continue an entity of its type starts one; an IOBES
// entity left open ends where the next begins), and converts the tags to
// IOB2 in place. It returns the transitions it repaired (a Pos past the
// last tag is at the last tag), so that the entities conlleval scores on
// the input are those of the output.
func Repairer(s Scheme) func(tags []string) (repaired []Violation, pos int, err error) {
	return func(tags []string) ([]Violation, int, error) {
		vs := Validate(tags, s)
		if len(vs) == 0 && s == IOB2 {
			return nil, -1, nil
		}
		for _, v := range vs {
			if v.Pos < len(tags) {
				if p, _, ok := Parse(tags[v.Pos]); !ok || !s.allows(p) {
					return nil, v.Pos, schemeError(tags, s, v)
				}
			}
		}
		out, err := Convert(tags, s, IOB2)
		if err != nil {
			return nil, 0, err
		}
		copy(tags, out)
		for i := range vs {
			vs[i].Pos = min(vs[i].Pos, len(tags)-1)
		}
		return vs, -1, nil
	}
}
