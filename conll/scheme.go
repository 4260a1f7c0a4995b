package conll

import (
	"fmt"

	"github.com/stress-ner/stress/iob"
)

// The tag scheme of a corpus. Perturbations, the scorer and the taggers
// work on IOB2; a corpus in another scheme (IOB1, IOBES) is converted to
// IOB2 as it is read (File.SetScheme) and its outputs back to its scheme
// as they are written (NewSchemeWriter), so that a command keeps the
// scheme of its input without any code between reader and writer knowing
// about it.

// SetScheme makes f check the tags of every sentence in scheme s before
// Read returns it, and convert them to IOB2: the first invalid tag or
// transition (an IOB1 file read as IOB2, "X-Foo", "B-") stops the reader
// with a *ParseError at its line. The tags of a document format
// (PubTator, BioC, brat) are IOB2 made from its annotations: any other
// scheme is an error wrapping ErrScheme.
func (f *File) SetScheme(s iob.Scheme) error {
	if f.Format.IsDocument() {
		if s != iob.IOB2 {
			return fmt.Errorf("%s: %w: %s to a %s file, whose IOB2 tags come from its annotations", f.Name, ErrScheme, s, f.Format)
		}
		return nil
	}
	f.SetTags(iob.Checker(s))
	return nil
}

// SetLenientScheme makes f convert the tags of every sentence from
// scheme s to IOB2 as SetScheme does, but reads invalid transitions as
// the scorer does (iob.ConvertKnown) instead of refusing them, and keeps
// tags the scheme does not know as they are: for a tagger's predictions,
// whose mistakes are to be scored or reported, not refused. IOB2 leaves
// the tags as they are.
func (f *File) SetLenientScheme(s iob.Scheme) error {
	if s == iob.IOB2 {
		return nil
	}
	if f.Format.IsDocument() {
		return f.SetScheme(s)
	}
	f.SetTags(func(tags []string) (int, error) {
		copy(tags, iob.ConvertKnown(tags, s, iob.IOB2))
		return -1, nil
	})
	return nil
}

// schemeWriter writes sentences tagged in IOB2 in another tag scheme,
// typically the scheme of the input they were read from.
type schemeWriter struct {
	SentenceWriter
	Scheme iob.Scheme
}

// NewSchemeWriter returns a writer that writes IOB2 sentences to w in
// scheme s; for IOB2 it returns w itself, so that IOB2 output keeps every
// fast path of w.
func NewSchemeWriter(w SentenceWriter, s iob.Scheme) SentenceWriter {
	if s == iob.IOB2 {
		return w
	}
	return &schemeWriter{SentenceWriter: w, Scheme: s}
}

// Write converts the tags of s (IOB2) to w.Scheme and writes s; s itself
// is not modified. Tags that are not IOB2 (a tagger's "BANANA") are
// written as they are (see iob.ConvertKnown).
func (w *schemeWriter) Write(s Sentence) error {
	s.Tags = iob.ConvertKnown(s.Tags, iob.IOB2, w.Scheme)
	return w.SentenceWriter.Write(s)
}

// Unwrap returns the writer w writes to, so that code that sets up a
// writer it knows (a CoNLL writer's layout) finds it.
func (w *schemeWriter) Unwrap() SentenceWriter { return w.SentenceWriter }
