package tagger

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// labelSet is the set of tags a model predicts, with "O" at index 0, and
// the IOB2 transition constraints between them.
type labelSet struct {
	names []string
	index map[string]int
	// typ[y] is the entity type of label y ("" for O); inside[y] is true
	// for I- labels.
	typ    []string
	inside []bool
}

// splitTag splits a tag into its prefix ('O', 'B' or 'I') and type. It
// is iob.Parse restricted to what the tagger predicts: IOB2, so E- and S-
// tags are refused.
func splitTag(tag string) (prefix byte, typ string, ok bool) {
	p, typ, ok := iob.Parse(tag)
	if !ok || (p != iob.Out && p != iob.Begin && p != iob.Inside) {
		return 0, "", false
	}
	return byte(p), typ, true
}

// newLabelSet builds the label set for the given entity types: O, then
// B-T and I-T for each type in sorted order, so that the same types always
// give the same label indices.
func newLabelSet(types []string) *labelSet {
	types = slices.Clone(types)
	slices.Sort(types)
	types = slices.Compact(types)
	names := []string{"O"}
	for _, t := range types {
		names = append(names, "B-"+t, "I-"+t)
	}
	ls, err := labelSetOf(names)
	if err != nil {
		panic(err) // unreachable: names are built from valid types
	}
	return ls
}

// labelSetOf rebuilds a label set from its names, as stored in a model.
func labelSetOf(names []string) (*labelSet, error) {
	if len(names) == 0 || names[0] != "O" {
		return nil, fmt.Errorf("%w: first label must be O", ErrBadModel)
	}
	ls := &labelSet{
		names:  names,
		index:  make(map[string]int, len(names)),
		typ:    make([]string, len(names)),
		inside: make([]bool, len(names)),
	}
	for y, n := range names {
		p, t, ok := splitTag(n)
		if !ok {
			return nil, fmt.Errorf("%w: label %q", ErrBadModel, n)
		}
		if _, dup := ls.index[n]; dup {
			return nil, fmt.Errorf("%w: duplicate label %q", ErrBadModel, n)
		}
		ls.index[n] = y
		ls.typ[y] = t
		ls.inside[y] = p == 'I'
	}
	return ls, nil
}

func (ls *labelSet) len() int { return len(ls.names) }

// allowed reports whether label cur may follow label prev under IOB2;
// prev < 0 means cur starts the sentence. I-T may only follow B-T or I-T.
func (ls *labelSet) allowed(prev, cur int) bool {
	if !ls.inside[cur] {
		return true
	}
	return prev >= 0 && ls.typ[prev] == ls.typ[cur] && prev != 0
}

// checkTags returns an error wrapping ErrBadTag, naming the first bad tag
// and its 0-based index, when a tag of a training sentence is not O, B-T or
// I-T. Train accepts I-T after O or another type (it repairs it to B-T),
// so only the tag syntax is checked.
func checkTags(tags []string) (index int, err error) {
	for i, tag := range tags {
		if _, _, ok := splitTag(tag); !ok {
			return i, fmt.Errorf("%w: %q", ErrBadTag, tag)
		}
	}
	return -1, nil
}

// ReadTraining reads a training corpus from r until io.EOF, checking
// that every tag is IOB2 (an error names file and the line of the first
// bad tag) and keeping tokens and tags only.
func ReadTraining(r conll.SentenceReader, file string) ([]conll.Sentence, error) {
	var out []conll.Sentence
	for {
		s, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if i, err := checkTags(s.Tags); err != nil {
			line := 0
			if s.Line > 0 {
				line = s.Line + i
			}
			return nil, &conll.ParseError{File: file, Line: line, Err: err}
		}
		s.Fields = nil // training needs tokens and tags only
		out = append(out, s)
	}
}
