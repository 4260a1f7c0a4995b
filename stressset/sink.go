package stressset

import (
	"crypto/sha256"
	"hash"
	"io"
	"path/filepath"
	"strings"

	_ "github.com/stress-ner/stress/conll/formats" // document inputs and outputs

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/layout"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// sink writes one output in the layout of its input, hashing it as it
// goes.
type sink struct {
	layout.Sink
	// Group is the output file and those beside it (brat's text):
	// committed, aborted and unpublished together.
	atomicfile.Group
	out  *asyncWriter
	hash hash.Hash
	name string
	kind string
}

// outSink returns what the pipeline writes to: the layout sink, which
// hands a document writer the swapped concepts of each sentence (see
// perturb.Sink).
func (s *sink) outSink() perturb.Sink { return s.Sink }

// Close writes out everything written (it does not close the file).
func (s *sink) Close() error {
	err := s.Flush()
	if err2 := s.out.Close(); err == nil {
		err = err2
	}
	return err
}

// createSink creates the output name of src in dir.
// Sentences are written in scheme (the input's, see Plan.Scheme).
// With noClobber, neither it nor a file beside it replaces a file.
func createSink(dir, name, kind string, src *source, scheme iob.Scheme, noClobber bool) (*sink, error) {
	f, err := atomicfile.Create(filepath.Join(dir, name), noClobber)
	if err != nil {
		return nil, err
	}
	s := &sink{Group: atomicfile.Group{Main: f}, hash: sha256.New(), name: name, kind: kind}
	s.out = newAsyncWriter(f, s.hash)
	// Outputs keep the input's format: a PubTator input gives PubTator
	// outputs, rebuilt from the documents the source read.
	var w conll.SentenceWriter
	switch format := src.file.Format; {
	case format.IsDocument():
		var err error
		w, err = conll.NewDocumentWriter(s.out, format, s.sideFiles(dir, name, noClobber), src.file.Layout())
		if err != nil {
			s.Abort() // the files beside it too, as conll.Create does
			return nil, err
		}
	case format == conll.FormatJSONL:
		w = conll.NewJSONWriter(s.out)
	default:
		w = conll.NewWriter(s.out)
	}
	s.Sink = layout.NewSink(conll.NewSchemeWriter(w, scheme), src.Tracker)
	return s, nil
}

// sideFiles creates the files an output of a document format keeps
// beside it (brat's NAME.txt), committed and aborted with it.
func (s *sink) sideFiles(dir, name string, noClobber bool) conll.SideFiles {
	return func(ext string) (io.Writer, error) {
		return s.Beside(filepath.Join(dir, strings.TrimSuffix(name, filepath.Ext(name))+ext), noClobber)
	}
}
