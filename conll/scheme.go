package conll

import (
	"fmt"
	"io"

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
	if f.conll != nil {
		f.conll.checkOnly = s == iob.IOB2 // Checker rewrites the tags of other schemes only
	}
	return nil
}

// SetSchemeRepair is SetScheme for messy input: tags the scheme does not
// know are still refused, but invalid transitions (an I- after O or
// after another type in IOB2, a B- at an IOB1 entity's start, an IOBES
// entity left open) are read as conlleval reads them, an I- that does
// not continue an entity starting one, instead of stopping the reader,
// and each is reported to repaired (which may be nil) with its file and
// line. The entities of the repaired tags are those conlleval scores on
// the input. A nil repaired is SetScheme.
func (f *File) SetSchemeRepair(s iob.Scheme, repaired func(Repair)) error {
	if repaired == nil || f.Format.IsDocument() {
		return f.SetScheme(s)
	}
	rep := &repairer{fn: iob.Repairer(s), report: repaired}
	if f.conll != nil {
		f.conll.repair = rep
	}
	if jr := f.jsonReader(); jr != nil {
		jr.repair = rep
	}
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

// SchemeFit says which tag schemes a whole corpus fits (FitSchemes).
type SchemeFit struct {
	// Valid are the schemes in which every sentence is valid.
	Valid []iob.Scheme
	// Known are the schemes that know every tag: in those, only
	// transitions may be invalid, which SetSchemeRepair repairs.
	Known []iob.Scheme
}

// FitSchemes reads the corpus file name and returns the schemes (IOB2,
// IOB1, IOBES, in that order) it is valid in and those that know its
// tags: what to suggest when a file is refused in the scheme it was
// read in.
func FitSchemes(name string) (SchemeFit, error) {
	f, err := Open(name)
	if err != nil {
		return SchemeFit{}, err
	}
	defer f.Close()
	all := []iob.Scheme{iob.IOB2, iob.IOB1, iob.IOBES}
	valid, known := make([]bool, len(all)), make([]bool, len(all))
	for i := range all {
		valid[i], known[i] = true, true
	}
	for {
		s, err := f.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return SchemeFit{}, err
		}
		for i, sc := range all {
			if !valid[i] && !known[i] {
				continue
			}
			for _, v := range iob.Validate(s.Tags, sc) {
				valid[i] = false
				if v.Pos < len(s.Tags) {
					if p, _, ok := iob.Parse(s.Tags[v.Pos]); !ok || p == iob.End && sc != iob.IOBES || p == iob.Single && sc != iob.IOBES {
						known[i] = false
					}
				}
			}
		}
	}
	var fit SchemeFit
	for i, sc := range all {
		if valid[i] {
			fit.Valid = append(fit.Valid, sc)
		}
		if known[i] {
			fit.Known = append(fit.Known, sc)
		}
	}
	return fit, nil
}
