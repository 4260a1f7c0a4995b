package tagger

import (
	"context"
	"io"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// inScheme wraps a tagger whose tags are in another scheme than IOB2 (an
// external model trained on IOBES data, say) and converts its tags to
// IOB2, which scoring works on. An invalid transition is read as the
// scorer reads it (a mistake to score, not an error); a tag the scheme
// does not know is kept as it is, for Checked to report.
type inScheme struct {
	Tagger Tagger
	Scheme iob.Scheme
}

// TagSentences tags sents with the wrapped tagger and converts the tags.
func (t *inScheme) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	tags, err := t.Tagger.TagSentences(ctx, sents)
	if err != nil || t.Scheme == iob.IOB2 {
		return tags, err
	}
	for i := range tags {
		tags[i] = iob.ConvertKnown(tags[i], t.Scheme, iob.IOB2)
	}
	return tags, nil
}

// Close closes the wrapped tagger if it is an io.Closer.
func (t *inScheme) Close() error {
	if c, ok := t.Tagger.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
