// Package sample embeds a small excerpt of the BC5CDR-IOB corpus (CC BY
// 4.0; see Notice) so that "stress build" and the demos run with no data
// to download: a train part of 1502 sentences (whole documents, from the
// train split) and a test part of 512 sentences (49 whole documents,
// from the development split), both marked with -DOCSTART- lines.
package sample

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"

	"github.com/stress-ner/stress/conll"
)

var (
	//go:embed train.tsv.gz
	trainGz []byte
	//go:embed test.tsv.gz
	testGz []byte
	// Notice is the attribution and licence of the sample, to be shown
	// or shipped with anything built from it.
	//
	//go:embed NOTICE
	Notice string
)

// Names under which the parts are recorded in manifests and errors.
const (
	TrainName = "sample:train"
	TestName  = "sample:test"
)

// The parts are embedded corpora: every conll.Opener opens their names.
func init() {
	conll.RegisterEmbedded(TrainName, TrainReader)
	conll.RegisterEmbedded(TestName, TestReader)
}

// TrainReader returns the train part as CoNLL text (token<TAB>tag).
func TrainReader() io.Reader { return gunzip(trainGz) }

// TestReader returns the test part as CoNLL text (token<TAB>tag).
func TestReader() io.Reader { return gunzip(testGz) }

// Train returns the sentences of the train part.
func Train() ([]conll.Sentence, error) { return read(TrainName, TrainReader()) }

// Test returns the sentences of the test part.
func Test() ([]conll.Sentence, error) { return read(TestName, TestReader()) }

func gunzip(b []byte) io.Reader {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return errReader{fmt.Errorf("embedded sample: %w", err)}
	}
	return zr
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func read(name string, r io.Reader) ([]conll.Sentence, error) {
	cr := conll.NewReader(r)
	cr.File = name
	var out []conll.Sentence
	for {
		s, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}
