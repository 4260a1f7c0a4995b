package tagger

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
)

// Checked wraps a Tagger and checks every tag it returns: a tag that is
// not O, B-TYPE or I-TYPE, or whose TYPE the gold data does not know
// (B-CHEM where the gold says Chemical), would be scored as a wrong
// guess without a word, so it is counted (see Unknown) or, when Strict,
// an error wrapping ErrUnknownTag. A tag that is not text a prediction
// file can hold as one field (invalid UTF-8, a control character such as
// NUL, white space, or nothing) is always an error, wrapping ErrTagText:
// written, it could not be read back, or would read as another tag.
type Checked struct {
	Tagger Tagger
	// Types are the entity types of the gold data; nil accepts any type.
	Types []string
	// Strict makes an unknown tag an error.
	Strict bool

	mu      sync.Mutex
	unknown map[string]int
}

// tagCount is a tag and how often it occurred.
type tagCount struct {
	Tag   string
	Count int
}

// TagSentences tags sents with the wrapped tagger and checks the tags.
func (c *Checked) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	tags, err := c.Tagger.TagSentences(ctx, sents)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, ts := range tags {
		for j, t := range ts {
			if c.known(t) {
				continue
			}
			line := 0
			if i < len(sents) {
				line = sents[i].Line
			}
			if !tagText(t) {
				return nil, fmt.Errorf("sentence %d%s: tag %q: %w", i+1, lineSuffix(line, j), t, ErrTagText)
			}
			if c.Strict {
				return nil, fmt.Errorf("sentence %d%s: %w %q (known types: %s)", i+1, lineSuffix(line, j), ErrUnknownTag, t, c.typeList())
			}
			if c.unknown == nil {
				c.unknown = map[string]int{}
			}
			c.unknown[t]++
		}
	}
	return tags, nil
}

// tagText reports whether tag is text a prediction file holds as one
// field: valid UTF-8, not empty, without white space or control
// characters.
func tagText(tag string) bool {
	if tag == "" || !utf8.ValidString(tag) {
		return false
	}
	for _, r := range tag {
		if conll.IsTokenSpace(r) || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

func (c *Checked) known(tag string) bool {
	if tag == "O" {
		return true
	}
	prefix, typ, ok := strings.Cut(tag, "-")
	if !ok || typ == "" || prefix != "B" && prefix != "I" {
		return false
	}
	return c.Types == nil || slices.Contains(c.Types, typ)
}

func (c *Checked) typeList() string {
	if c.Types == nil {
		return "any"
	}
	if len(c.Types) == 0 {
		return "none"
	}
	return strings.Join(c.Types, ", ")
}

// Unknown returns the unknown tags seen so far, most frequent first.
func (c *Checked) Unknown() []tagCount {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []tagCount
	for t, n := range c.unknown {
		out = append(out, tagCount{t, n})
	}
	slices.SortFunc(out, func(a, b tagCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Tag, b.Tag)
	})
	return out
}

// Warning describes the unknown tags seen so far in one line, or
// returns "" when there were none.
func (c *Checked) Warning() string {
	u := c.Unknown()
	if len(u) == 0 {
		return ""
	}
	total := 0
	var parts []string
	for i, tc := range u {
		total += tc.Count
		if i < 5 {
			parts = append(parts, fmt.Sprintf("%s (%d)", quoteOdd(tc.Tag), tc.Count))
		}
	}
	if len(u) > 5 {
		parts = append(parts, fmt.Sprintf("and %d more", len(u)-5))
	}
	return fmt.Sprintf("%d unknown tags (not O, B-TYPE or I-TYPE with a type of the gold: %s): %s",
		total, c.typeList(), strings.Join(parts, ", "))
}

// Close closes the wrapped tagger if it is an io.Closer.
func (c *Checked) Close() error {
	if cl, ok := c.Tagger.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// Types returns the entity types of the tags of sents, sorted: the
// types a Checked accepts for that gold data.
func Types(sents []conll.Sentence) []string {
	seen := map[string]bool{}
	types := []string{}
	for _, s := range sents {
		for _, t := range s.Tags {
			if _, typ, ok := strings.Cut(t, "-"); ok && typ != "" && !seen[typ] {
				seen[typ] = true
				types = append(types, typ)
			}
		}
	}
	slices.Sort(types)
	return types
}

// quoteOdd quotes a tag that is not plain printable text (a character
// beyond ASCII whose look may mislead), so that a warning shows what the
// tagger wrote.
func quoteOdd(tag string) string {
	for _, r := range tag {
		if r > unicode.MaxASCII || !unicode.IsPrint(r) {
			return strconv.Quote(tag)
		}
	}
	return tag
}
