package conll

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// Format is a corpus file format.
type Format int

const (
	// FormatCoNLL is one token per line, columns, blank lines between
	// sentences.
	FormatCoNLL Format = iota
	// FormatJSONL is JSON Lines, one sentence per line.
	FormatJSONL
)

func (f Format) String() string {
	if f == FormatJSONL {
		return "jsonl"
	}
	return "conll"
}

// FormatOf guesses a file's format from its name: .jsonl and .json (also
// gzipped) are JSON Lines, everything else CoNLL.
func FormatOf(name string) Format {
	name = strings.TrimSuffix(strings.ToLower(name), ".gz")
	if strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json") {
		return FormatJSONL
	}
	return FormatCoNLL
}

// SentenceReader is implemented by Reader and JSONReader.
type SentenceReader interface {
	Read() (Sentence, error)
}

// SentenceWriter is implemented by Writer and JSONWriter.
type SentenceWriter interface {
	Write(Sentence) error
	Flush()
	Error() error
}

// File is an open corpus file of either format. Gzipped files (.gz) are
// decompressed on the fly.
type File struct {
	SentenceReader
	Name   string
	Format Format

	conll  *Reader
	closer []io.Closer
}

// Open opens a corpus file, choosing the format with FormatOf. The name
// "-" is not special: pass os.Stdin to NewReader for that.
func Open(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	cf := &File{Name: name, Format: FormatOf(name), closer: []io.Closer{f}}
	var r io.Reader = f
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		zr, err := gzip.NewReader(bufio.NewReader(f))
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		cf.closer = append(cf.closer, zr)
		r = zr
	}
	if cf.Format == FormatJSONL {
		jr := NewJSONReader(r)
		jr.File = name
		cf.SentenceReader = jr
	} else {
		cr := NewReader(r)
		cr.File = name
		cf.conll = cr
		cf.SentenceReader = cr
	}
	return cf, nil
}

// CoNLL returns the underlying CoNLL Reader (to set options before the
// first Read, or to get its Layout), or nil for JSON Lines.
func (f *File) CoNLL() *Reader { return f.conll }

// Layout returns the CoNLL layout read so far (the zero Layout for JSON
// Lines).
func (f *File) Layout() Layout {
	if f.conll == nil {
		return Layout{}
	}
	return f.conll.Layout()
}

// Close closes the file.
func (f *File) Close() error {
	var first error
	for i := len(f.closer) - 1; i >= 0; i-- {
		if err := f.closer[i].Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// ReadFile reads a whole corpus file.
func ReadFile(name string) ([]Sentence, error) {
	s, _, err := ReadFileLayout(name)
	return s, err
}

// ReadFileLayout reads a whole corpus file and returns, for CoNLL files,
// its layout too (to write results in the same layout).
func ReadFileLayout(name string) ([]Sentence, Layout, error) {
	f, err := Open(name)
	if err != nil {
		return nil, Layout{}, err
	}
	defer f.Close()
	var out []Sentence
	for {
		s, err := f.Read()
		if err == io.EOF {
			return out, f.Layout(), nil
		}
		if err != nil {
			return nil, Layout{}, err
		}
		out = append(out, s)
	}
}

// NewFormatWriter returns a writer of the given format; layout applies to
// CoNLL only.
func NewFormatWriter(w io.Writer, format Format, layout Layout) SentenceWriter {
	if format == FormatJSONL {
		return NewJSONWriter(w)
	}
	cw := NewWriter(w)
	cw.Layout = layout
	return cw
}

// WriteFile writes sentences to name atomically (a temporary file renamed
// into place when complete), in the format FormatOf(name) gives, with
// the layout of like for CoNLL files (nil: the default layout).
func WriteFile(name string, sents []Sentence, like *Layout) error {
	var layout Layout
	if like != nil {
		layout = *like
	}
	f, err := atomicfile.Create(name, false)
	if err != nil {
		return err
	}
	defer f.Abort()
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	sw := NewFormatWriter(w, FormatOf(name), layout)
	for _, s := range sents {
		if err := sw.Write(s); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	sw.Flush()
	if err := sw.Error(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return f.Commit()
}
