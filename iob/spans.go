package iob

import (
	"fmt"
	"strings"
)

// Spans returns the entities conlleval reads in one sentence's tags.
//
// It follows the script's startOfChunk and endOfChunk rules exactly: the
// prefix is the text before the first hyphen (Split), an I- after O or
// after another type starts an entity, a type change always ends one, E-
// ends one, and a type "0" counts as no type (a Perl truth-value quirk the
// script inherits). S- is not known to conlleval, so S-X S-X is one entity;
// convert IOBES to IOB2 first. The end of tags ends every entity.
func Spans(tags []string) []Span { return AppendSpans(nil, tags) }

// AppendSpans is Spans appending to spans, so that callers on hot paths
// can reuse a buffer.
func AppendSpans(spans []Span, tags []string) []Span {
	open := false
	prevTag, prevType := Outside, ""
	for i := 0; i < len(tags); i++ {
		if !open && tags[i] == Outside {
			// Most tokens: outside, with no entity to end, and O
			// never starts one (ChunkStart); the general step below
			// would leave the same state. A run of them is skipped in
			// a loop of its own, which keeps the general step's state
			// in registers (a third of the cost of Spans, issue 34).
			if i = skipOutside(tags, i); i == len(tags) {
				break
			}
			prevTag, prevType = Outside, ""
		}
		t := tags[i]
		tag, typ := Split(t)
		if typ == "0" {
			typ = ""
		}
		if open && ChunkEnd(prevTag, tag, prevType, typ) {
			spans[len(spans)-1].End = i
			open = false
		}
		if ChunkStart(prevTag, tag, prevType, typ) {
			if open {
				spans[len(spans)-1].End = i
			}
			spans = append(spans, Span{Start: i, Type: typ})
			open = true
		}
		prevTag, prevType = tag, typ
	}
	if open {
		spans[len(spans)-1].End = len(tags)
	}
	return spans
}

// skipOutside returns the index of the first tag from i on that is not
// Outside (len(tags) when there is none).
func skipOutside(tags []string, i int) int {
	for i < len(tags) && tags[i] == Outside {
		i++
	}
	return i
}

// ChunkEnd is conlleval's endOfChunk: whether an entity ends between a
// token with prefix prevTag and type prevType and the next token (prefix
// tag, type typ). Prefixes and types are as Split returns them.
func ChunkEnd(prevTag, tag, prevType, typ string) bool {
	switch {
	case prevTag == "B" && (tag == "B" || tag == "O"),
		prevTag == "I" && (tag == "B" || tag == "O"),
		prevTag == "E" && (tag == "E" || tag == "I" || tag == "O"),
		prevTag != "O" && prevTag != "." && prevType != typ,
		prevTag == "]" || prevTag == "[":
		return true
	}
	return false
}

// ChunkStart is conlleval's startOfChunk: whether an entity starts at a
// token with prefix tag and type typ after a token with prefix prevTag and
// type prevType.
func ChunkStart(prevTag, tag, prevType, typ string) bool {
	switch {
	case tag == "B" && (prevTag == "B" || prevTag == "I" || prevTag == "O"),
		prevTag == "O" && (tag == "I" || tag == "E"),
		prevTag == "E" && (tag == "E" || tag == "I"),
		tag != "O" && tag != "." && prevType != typ,
		tag == "[" || tag == "]":
		return true
	}
	return false
}

// StrictSpans returns the entities of tags under seqeval's strict IOB2
// mode: an entity is a B-X followed by any number of I-X. An I- that does
// not continue an entity of its type belongs to no entity, and so do tags
// Parse rejects and E-/S- tags.
func StrictSpans(tags []string) []Span {
	var spans []Span
	open := false
	for i, t := range tags {
		p, typ, ok := Parse(t)
		if ok && p == Inside && open && spans[len(spans)-1].Type == typ {
			spans[len(spans)-1].End = i + 1
			continue
		}
		open = ok && p == Begin
		if open {
			spans = append(spans, Span{Start: i, End: i + 1, Type: typ})
		}
	}
	return spans
}

// Replace returns the tags of a sentence in which tokens [start, end) are
// replaced by n tokens, with the entity structure kept as valid IOB2.
// Every perturbation that changes the number of tokens goes through it, so
// that labels are realigned in one way only:
//
//   - [start, end) is a whole entity (a synonym replacing a k-token
//     mention by n tokens): the new tags are B-X followed by n-1 I-X.
//   - [start, end) lies inside one entity (an edit splitting or merging
//     tokens of a mention): the new tokens stay in that entity; the first
//     one is B-X when start is the entity's first token.
//   - [start, end) is a run of O tokens: the new tags are n O's.
//
// tags must be IOB2 (an I- that starts an entity is accepted and read as
// conlleval reads it). A range that mixes entities, or entity and outside
// tokens, or is empty or out of bounds is an error wrapping ErrBadRange.
// n may be 0 (deletion); when that leaves an I- tag continuing an entity it
// did not belong to, that tag becomes B- so that no two entities merge.
// Tokens are spliced the same way with slices.Replace.
func Replace(tags []string, start, end, n int) ([]string, error) {
	if start < 0 || end > len(tags) || start >= end || n < 0 {
		return nil, fmt.Errorf("%w: [%d,%d) of %d tokens, %d new", ErrBadRange, start, end, len(tags), n)
	}
	spans, err := Decode(tags, IOB2)
	if err != nil {
		return nil, err
	}
	repl := make([]string, n)
	var owner *Span
	for k := range spans {
		if spans[k].End > start && spans[k].Start < end {
			if owner != nil || spans[k].Start > start || spans[k].End < end {
				return nil, fmt.Errorf("%w: [%d,%d) crosses %v", ErrBadRange, start, end, spans[k])
			}
			owner = &spans[k]
		}
	}
	for i := range repl {
		switch {
		case owner == nil:
			repl[i] = Outside
		case i == 0 && start == owner.Start:
			repl[i] = "B-" + owner.Type
		default:
			repl[i] = "I-" + owner.Type
		}
	}
	out := make([]string, 0, len(tags)-(end-start)+n)
	out = append(out, tags[:start]...)
	out = append(out, repl...)
	out = append(out, tags[end:]...)
	// The token after the range must keep the entity it had: an I- that
	// started its own entity must not now continue the token before it,
	// and one whose entity lost its first token must start what is left.
	if end < len(tags) && strings.HasPrefix(tags[end], "I-") {
		j, typ := start+n, tags[end][2:]
		var sp Span
		for _, s := range spans {
			if s.Start <= end && end < s.End {
				sp = s
			}
		}
		switch {
		case sp.Start == end:
			if j > 0 {
				if p, t, ok := Parse(out[j-1]); ok && (p == Begin || p == Inside) && t == typ {
					out[j] = "B-" + typ
				}
			}
		case n == 0 && owner != nil && start == owner.Start:
			out[j] = "B-" + typ
		}
	}
	return out, nil
}
