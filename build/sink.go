package build

import (
	"crypto/sha256"
	"hash"
	"path/filepath"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
)

// sink writes one output in the layout of its input, hashing it as
// it goes. The CoNLL kind, formattedSink, lets the pipeline's workers
// format the sentences.
type sink struct {
	w    conll.SentenceWriter
	cw   *conll.Writer // w, when the output is CoNLL
	src  *source
	out  *asyncWriter
	file *atomicfile.File
	hash hash.Hash
	name string
	kind string
}

func (s *sink) sync() {
	if s.cw != nil {
		s.cw.Layout = s.src.Layout()
	}
}

func (s *sink) Write(sent conll.Sentence) error {
	s.sync()
	return s.w.Write(sent)
}

// Close writes out everything written (it does not close the file).
func (s *sink) Close() error {
	s.sync()
	s.w.Flush()
	err := s.out.Close()
	if s.w.Error() != nil {
		return s.w.Error()
	}
	return err
}

// formattedSink is a sink of a CoNLL output.
type formattedSink struct{ *sink }

func (s formattedSink) AppendSentence(dst []byte, sent conll.Sentence, sep bool) ([]byte, error) {
	return conll.AppendSentence(dst, sent, s.src.Layout(), sep)
}

func (s formattedSink) WriteFormatted(p []byte, n int) error {
	s.sync()
	return s.cw.WriteFormatted(p, n)
}

// createSink creates the output name of src in dir.
func createSink(dir, name, kind string, src *source) (*sink, error) {
	f, err := atomicfile.Create(filepath.Join(dir, name), false)
	if err != nil {
		return nil, err
	}
	s := &sink{file: f, hash: sha256.New(), name: name, kind: kind, src: src}
	s.out = newAsyncWriter(f, s.hash)
	if conll.FormatOf(name) == conll.FormatJSONL {
		s.w = conll.NewJSONWriter(s.out)
	} else {
		s.cw = conll.NewWriter(s.out)
		s.w = s.cw
	}
	return s, nil
}

// pipelineSink is the sink the pipeline writes s through.
func (s *sink) pipelineSink() perturb.Sink {
	if s.cw != nil {
		return formattedSink{s}
	}
	return s
}
