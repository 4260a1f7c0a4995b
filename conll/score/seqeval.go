package score

import (
	"fmt"

	"github.com/stress-ner/stress/iob"
)

// StrictScheme is the tag scheme ModeStrict reads tags in, as seqeval's
// strict mode does: tags are taken as they are, never repaired or
// converted. The zero value is IOB2, seqeval's default.
type StrictScheme int

const (
	StrictIOB2 StrictScheme = iota
	StrictIOB1
	strictIOE1
	strictIOE2
	StrictIOBES
	strictBILOU
)

var strictSchemeNames = [...]string{"iob2", "iob1", "ioe1", "ioe2", "iobes", "bilou"}

func (s StrictScheme) String() string {
	if s >= 0 && int(s) < len(strictSchemeNames) {
		return strictSchemeNames[s]
	}
	return fmt.Sprintf("StrictScheme(%d)", int(s))
}

// ParseStrictScheme parses iob1, iob2, ioe1, ioe2, iobes or bilou.
func ParseStrictScheme(name string) (StrictScheme, error) {
	for i, n := range strictSchemeNames {
		if n == name {
			return StrictScheme(i), nil
		}
	}
	return 0, fmt.Errorf("unknown scheme %q (want iob1, iob2, ioe1, ioe2, iobes or bilou)", name)
}

// ParseScheme reads name, the tag scheme of a scoring in o.Mode. In
// ModeStrict it is the scheme seqeval reads the tags in, set in
// o.Scheme (ParseStrictScheme); in the other modes it is the scheme the
// tags are converted to IOB2 from (iob.ParseScheme), returned with
// convert set, for the Convert and Scheme of an Evaluator or Scorer.
func (o *EvalOptions) ParseScheme(name string) (from iob.Scheme, convert bool, err error) {
	if o.Mode == ModeStrict {
		o.Scheme, err = ParseStrictScheme(name)
		return from, false, err
	}
	from, err = iob.ParseScheme(name)
	return from, err == nil, err
}

// A tag prefix as a bit, so that a rule can allow several at once.
type prefixBit uint8

const (
	pfI prefixBit = 1 << iota
	pfO
	pfB
	pfE
	pfS
	pfU
	pfL
	pfAny = pfI | pfO | pfB | pfE | pfS | pfU | pfL
)

// Type conditions between a token and the one before it.
const (
	typeSame = 1 << iota
	typeDiff
	typeAny = typeSame | typeDiff
)

// transition says: a token with a prefix in cur after one with a prefix
// in prev, with types related as typ.
type transition struct {
	prev, cur prefixBit
	typ       uint8
}

// strictRules is one scheme of seqeval's strict mode: which prefixes it
// allows, and which transitions start an entity (at the current token),
// continue it (the current token is inside) and end it (at the previous
// token). These tables are the scheme definitions of seqeval's
// seqeval/scheme.py, transcribed as data; the walk over them is in
// strictSpans.
type strictRules struct {
	allowed               prefixBit
	start, inside, ending []transition
}

var strictTables = [...]strictRules{
	StrictIOB2: {
		allowed: pfI | pfO | pfB,
		start:   []transition{{pfAny, pfB, typeAny}},
		inside:  []transition{{pfB, pfI, typeSame}, {pfI, pfI, typeSame}},
		ending: []transition{{pfI, pfO, typeAny}, {pfI, pfI, typeDiff}, {pfI, pfB, typeAny},
			{pfB, pfO, typeAny}, {pfB, pfI, typeDiff}, {pfB, pfB, typeAny}},
	},
	StrictIOB1: {
		allowed: pfI | pfO | pfB,
		start: []transition{{pfO, pfI, typeAny}, {pfI, pfI, typeDiff}, {pfB, pfI, typeAny},
			{pfI, pfB, typeSame}, {pfB, pfB, typeSame}},
		inside: []transition{{pfB, pfI, typeSame}, {pfI, pfI, typeSame}},
		ending: []transition{{pfI, pfI, typeDiff}, {pfI, pfO, typeAny}, {pfI, pfB, typeAny},
			{pfB, pfO, typeAny}, {pfB, pfI, typeDiff}, {pfB, pfB, typeSame}},
	},
	strictIOE1: {
		allowed: pfI | pfO | pfE,
		start:   []transition{{pfO, pfI, typeAny}, {pfI, pfI, typeDiff}, {pfE, pfI, typeAny}, {pfE, pfE, typeSame}},
		inside:  []transition{{pfI, pfI, typeSame}, {pfI, pfE, typeSame}},
		ending: []transition{{pfI, pfI, typeDiff}, {pfI, pfO, typeAny}, {pfI, pfE, typeDiff},
			{pfE, pfI, typeSame}, {pfE, pfE, typeSame}},
	},
	strictIOE2: {
		allowed: pfI | pfO | pfE,
		start: []transition{{pfO, pfI, typeAny}, {pfO, pfE, typeAny}, {pfE, pfI, typeAny},
			{pfE, pfE, typeAny}, {pfI, pfI, typeDiff}, {pfI, pfE, typeDiff}},
		inside: []transition{{pfI, pfE, typeSame}, {pfI, pfI, typeSame}},
		ending: []transition{{pfE, pfAny, typeAny}},
	},
	StrictIOBES: {
		allowed: pfI | pfO | pfB | pfE | pfS,
		start:   []transition{{pfAny, pfB, typeAny}, {pfAny, pfS, typeAny}},
		inside:  []transition{{pfB, pfI, typeSame}, {pfB, pfE, typeSame}, {pfI, pfI, typeSame}, {pfI, pfE, typeSame}},
		ending:  []transition{{pfS, pfAny, typeAny}, {pfE, pfAny, typeAny}},
	},
	strictBILOU: {
		allowed: pfB | pfI | pfL | pfO | pfU,
		start:   []transition{{pfAny, pfB, typeAny}, {pfAny, pfU, typeAny}},
		inside:  []transition{{pfB, pfI, typeSame}, {pfB, pfL, typeSame}, {pfI, pfI, typeSame}, {pfI, pfL, typeSame}},
		ending:  []transition{{pfU, pfAny, typeAny}, {pfL, pfAny, typeAny}},
	},
}

// strictTok is a tag read as seqeval reads it: the first character is
// the prefix, the rest with hyphens trimmed from both ends the type, "_"
// when nothing is left (so bare "B" and "I" tags are entities of type
// "_", and "O" is an outside token of type "_").
type strictTok struct {
	prefix prefixBit
	typ    string
}

var outsideTok = strictTok{pfO, "_"}

func readStrictTok(tag string) (strictTok, bool) {
	if tag == "" {
		return strictTok{}, false
	}
	var p prefixBit
	switch tag[0] {
	case 'I':
		p = pfI
	case 'O':
		p = pfO
	case 'B':
		p = pfB
	case 'E':
		p = pfE
	case 'S':
		p = pfS
	case 'U':
		p = pfU
	case 'L':
		p = pfL
	default:
		return strictTok{}, false
	}
	typ := tag[1:]
	for len(typ) > 0 && typ[0] == '-' {
		typ = typ[1:]
	}
	for len(typ) > 0 && typ[len(typ)-1] == '-' {
		typ = typ[:len(typ)-1]
	}
	if typ == "" {
		typ = "_"
	}
	return strictTok{p, typ}, true
}

func (r *strictRules) match(ts []transition, prev, cur strictTok) bool {
	for _, t := range ts {
		if prev.prefix&t.prev == 0 || cur.prefix&t.cur == 0 {
			continue
		}
		same := prev.typ == cur.typ
		if t.typ == typeAny || (same && t.typ == typeSame) || (!same && t.typ == typeDiff) {
			return true
		}
	}
	return false
}

// StrictSpans returns the entities of one sentence's tags as seqeval's
// strict mode reads them under scheme, or a *iob.TagError wrapping
// ErrSchemeTag for the first tag seqeval refuses (a prefix the scheme
// does not have, or no prefix letter at all).
func StrictSpans(tags []string, scheme StrictScheme) ([]iob.Span, error) {
	return strictSpans(tags, scheme, nil)
}

// strictSpans reads tags into spans appended to dst. The walk is
// seqeval's: at a start transition, follow inside transitions as far as
// they go; the tokens read form an entity only if the transition out of
// the last one is an ending one. A sentence is followed by an implicit O.
func strictSpans(tags []string, scheme StrictScheme, dst []iob.Span) ([]iob.Span, error) {
	if scheme < 0 || int(scheme) >= len(strictTables) {
		return dst, fmt.Errorf("unknown strict scheme %d", int(scheme))
	}
	r := &strictTables[scheme]
	toks := make([]strictTok, len(tags)+1)
	for i, tag := range tags {
		t, ok := readStrictTok(tag)
		if !ok || t.prefix&r.allowed == 0 {
			return dst, &iob.TagError{Pos: i, Tag: tag, Err: ErrSchemeTag}
		}
		toks[i] = t
	}
	toks[len(tags)] = outsideTok
	prev := outsideTok
	for i := 0; i < len(toks); {
		cur := toks[i]
		if !r.match(r.start, prev, cur) {
			i++
			prev = toks[i-1]
			continue
		}
		j, last := i+1, cur
		// The trailing O is never inside, so j stays in range.
		for j < len(toks) && r.match(r.inside, last, toks[j]) {
			last = toks[j]
			j++
		}
		if j < len(toks) && r.match(r.ending, toks[j-1], toks[j]) {
			dst = append(dst, iob.Span{Start: i, End: j, Type: cur.typ})
		}
		i = j
		prev = toks[i-1]
	}
	return dst, nil
}
