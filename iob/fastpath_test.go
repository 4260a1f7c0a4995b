package iob

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// validateStepByStep is Validate without its fast path for runs of O:
// every tag parsed and judged.
func validateStepByStep(tags []string, s Scheme) []Violation {
	var out []Violation
	bad := func(i int, prev, reason string) {
		tag := ""
		if i < len(tags) {
			tag = tags[i]
		}
		out = append(out, Violation{Pos: i, Prev: prev, Tag: tag, Reason: reason})
	}
	prevP, prevT, prev := Out, "", ""
	for i, tag := range tags {
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

// decodeStepByStep is Decode without its fast path for runs of O.
func decodeStepByStep(tags []string, s Scheme) ([]Span, error) {
	var spans []Span
	open := false
	for i, tag := range tags {
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
		default:
			spans = append(spans, Span{Start: i, End: i + 1, Type: typ})
			open = p == Begin || p == Inside
		}
	}
	return spans, nil
}

// fastPathAlphabet has runs of O (most tags) beside every prefix, types
// that continue and that do not, and tags no scheme knows.
var fastPathAlphabet = []string{"O", "O", "O", "O", "B-X", "I-X", "E-X", "S-X", "B-Y", "I-Y", "E-Y", "I-0", "B-0", "X", "o", "O-X", "-X", "[-NP", "]-NP", ".-X"}

// TestFastPathsStepByStep checks that Spans, Validate and Decode, which
// skip runs of O in loops of their own (issue 34), give what the step by
// step versions give, for random tag sequences in every scheme.
func TestFastPathsStepByStep(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 20000; iter++ {
		in := randomTags(r, r.IntN(16), fastPathAlphabet)
		if got, want := Spans(in), spansStepByStep(in); !slices.Equal(got, want) {
			t.Fatalf("Spans(%q) = %v, step by step %v", in, got, want)
		}
		for _, sc := range []Scheme{IOB1, IOB2, IOBES} {
			if got, want := Validate(in, sc), validateStepByStep(in, sc); !reflect.DeepEqual(got, want) {
				t.Fatalf("Validate(%q, %v) = %v, step by step %v", in, sc, got, want)
			}
			got, err := Decode(in, sc)
			want, wantErr := decodeStepByStep(in, sc)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
				t.Fatalf("Decode(%q, %v) = %v, %v; step by step %v, %v", in, sc, got, err, want, wantErr)
			}
		}
	}
}

// TestSplitFastPath checks Split, which cuts "B-X" without searching for
// the hyphen, against the cut at the first hyphen.
func TestSplitFastPath(t *testing.T) {
	tags := []string{"", "-", "--", "-X", "--X", "B-", "B--X", "B-X-Y", "BB-X", "B-X", "I-Chemical", "O", "o", "X", "é-X", "\xff-X", "0-0", ".-X", "[-NP"}
	tags = append(tags, fastPathAlphabet...)
	for _, tag := range tags {
		want, wantTyp, found := strings.Cut(tag, "-")
		if !found {
			wantTyp = ""
		}
		if got, typ := Split(tag); got != want || typ != wantTyp {
			t.Errorf("Split(%q) = %q, %q; cut at the first hyphen %q, %q", tag, got, typ, want, wantTyp)
		}
	}
}
