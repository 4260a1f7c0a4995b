package conll

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// parseFormat returns the format named s, as String writes it.
func parseFormat(s string) (Format, error) {
	names := []string{"conll", "jsonl"}
	for _, f := range formats() {
		if f.String() == s {
			return f, nil
		}
		names = append(names, f.String())
	}
	switch s {
	case "conll":
		return FormatCoNLL, nil
	case "jsonl":
		return FormatJSONL, nil
	}
	last := len(names) - 1
	return 0, fmt.Errorf("unknown format %q (want %s or %s)", s, strings.Join(names[:last], ", "), names[last])
}

// Ext returns the usual file name ending of the format.
func (f Format) Ext() string {
	switch f {
	case FormatCoNLL:
		return ".tsv"
	case FormatJSONL:
		return ".jsonl"
	}
	if c, err := codec(f); err == nil {
		return c.Exts[0]
	}
	return ".tsv"
}

// IsDocument reports whether f is a document format.
func (f Format) IsDocument() bool { return f >= firstDocument }

// SideFiles returns the files a corpus file name in format f keeps
// beside it (brat's NAME.txt beside NAME.ann): files a command reading
// or writing it reads or writes too, which an output policy must know.
func (f Format) SideFiles(name string) []string {
	c, err := codec(f)
	if err != nil {
		return nil
	}
	var out []string
	for _, ext := range c.SideExts {
		out = append(out, strings.TrimSuffix(name, filepath.Ext(name))+ext)
	}
	return out
}

// Template is what the reader of a document file hands, through
// Layout.Template, to the writers of its copies: the documents read, so
// that a writer rebuilds each of them from the sentences it is given
// (perturbed or not) instead of inventing documents. It is a
// *standoff.Corpus; the interface keeps this package free of the
// document model.
type Template interface {
	DocumentTemplate()
}

// SideFiles creates the other files of an output, such as the text
// file brat keeps beside its annotations: name is the output's name
// with its extension replaced by ext. The files are put in place with
// the output at Commit.
type SideFiles func(ext string) (io.Writer, error)

// Codec is a document format, as registered: its names, its reader and
// writer.
type Codec struct {
	// Name is the format's name in --in-format and --out-format
	// ("pubtator").
	Name string
	// Exts are the file name endings that mean the format, the first
	// the one its outputs get (".pubtator", ".pubtator.txt"). A name
	// ending in one of them is in the format, the longest ending first.
	Exts []string
	// SideExts are the extensions of the files an output keeps beside
	// it (brat: ".txt"), created through SideFiles.
	SideExts []string
	// NewReader returns a reader of the sentences of the documents in
	// r; name is the input's name (for errors, and for brat, whose text
	// is in a file beside it). The reader has a method
	// Template() Template, which File.Layout returns the documents
	// read by, and may have a method ReadLike(Template) error, which
	// File.ReadLike calls.
	NewReader func(r io.Reader, name string) (SentenceReader, error)
	// NewWriter returns a writer of documents to w: the documents of
	// tmpl rebuilt from the sentences written, or, when tmpl is nil,
	// documents made from the sentences. side is nil when the output is
	// not a file.
	NewWriter func(w io.Writer, side SideFiles, tmpl Template) (SentenceWriter, error)
	// Sniff, when not nil, reports whether the start of a file is in
	// this format; it decides for names whose extension is ambiguous
	// (.json, .txt).
	Sniff func(head []byte) bool
}

// templater is implemented by the readers of document formats.
type templater interface {
	Template() Template
}

var (
	codecsMu sync.RWMutex
	codecs   []*Codec // by Format - firstDocument
)

// RegisterFormat makes a document format available to Open, Create and
// NewFormatWriter, and returns its Format. It panics when the codec is
// incomplete or its name is taken, as that is a programming error.
func RegisterFormat(c *Codec) Format {
	codecsMu.Lock()
	defer codecsMu.Unlock()
	if c.Name == "" || len(c.Exts) == 0 || c.NewReader == nil || c.NewWriter == nil ||
		c.Name == "conll" || c.Name == "jsonl" {
		panic("conll: bad RegisterFormat of " + c.Name)
	}
	for _, d := range codecs {
		if d.Name == c.Name {
			panic("conll: format " + c.Name + " registered twice")
		}
	}
	codecs = append(codecs, c)
	return firstDocument + Format(len(codecs)-1)
}

// formats returns the registered document formats, in the order they
// were registered.
func formats() []Format {
	codecsMu.RLock()
	defer codecsMu.RUnlock()
	fs := make([]Format, len(codecs))
	for i := range codecs {
		fs[i] = firstDocument + Format(i)
	}
	return fs
}

func codec(f Format) (*Codec, error) {
	codecsMu.RLock()
	defer codecsMu.RUnlock()
	if i := int(f - firstDocument); f >= firstDocument && i < len(codecs) {
		return codecs[i], nil
	}
	return nil, fmt.Errorf("format %d is not available in this program", int(f))
}

// formatOfName returns the format a file name calls for and whether the
// name leaves it open (.json: JSON Lines or BioC JSON).
func formatOfName(name string) (Format, bool) {
	name = strings.TrimSuffix(strings.ToLower(name), ".gz")
	switch {
	case name == "-": // standard input: the content decides
		return FormatCoNLL, true
	}
	if f, ok := documentOfName(name); ok {
		return f, false
	}
	switch {
	case strings.HasSuffix(name, ".json"):
		return FormatJSONL, true
	case strings.HasSuffix(name, ".jsonl"):
		return FormatJSONL, false
	case strings.HasSuffix(name, ".txt"):
		return FormatCoNLL, true
	}
	return FormatCoNLL, false
}

// documentOfName returns the registered document format whose longest
// matching extension ends name (lower case, without .gz).
func documentOfName(name string) (Format, bool) {
	codecsMu.RLock()
	defer codecsMu.RUnlock()
	best, n := Format(0), 0
	for i, c := range codecs {
		for _, ext := range c.Exts {
			if len(ext) > n && strings.HasSuffix(name, ext) {
				best, n = firstDocument+Format(i), len(ext)
			}
		}
	}
	return best, n > 0
}

// sniff decides the format of a file whose name leaves it open from its
// first bytes, and returns a reader that still yields them.
func sniff(r io.Reader, f Format) (io.Reader, Format) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4096)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	codecsMu.RLock()
	defer codecsMu.RUnlock()
	for i, c := range codecs {
		if c.Sniff != nil && c.Sniff(head) {
			return br, firstDocument + Format(i)
		}
	}
	if f == FormatCoNLL && bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte(`{"`)) {
		// A JSON object on standard input: JSON Lines. No CoNLL token
		// line starts with {" in practice.
		return br, FormatJSONL
	}
	return br, f
}

// openDocument sets cf up to read the document format f from r.
func openDocument(cf *File, r io.Reader, f Format) error {
	c, err := codec(f)
	if err != nil {
		return err
	}
	sr, err := c.NewReader(r, cf.Name)
	if err != nil {
		return err
	}
	cf.Format = f
	cf.SentenceReader = sr
	if t, ok := sr.(templater); ok {
		cf.tmpl = t
	}
	return nil
}

// NewDocumentWriter returns a writer of document format f to w, with
// side creating the files it keeps beside w (brat's text; nil when w
// is not a file) and the documents of layout.Template to rebuild.
func NewDocumentWriter(w io.Writer, f Format, side SideFiles, layout Layout) (SentenceWriter, error) {
	return newDocWriter(w, f, side, layout)
}

// newDocWriter returns a writer of format f.
func newDocWriter(w io.Writer, f Format, side SideFiles, layout Layout) (SentenceWriter, error) {
	c, err := codec(f)
	if err != nil {
		return nil, err
	}
	return c.NewWriter(w, side, layout.Template)
}

// sideFiles returns the SideFiles of output o: atomic files beside it,
// committed and aborted with it.
func (o *Output) sideFiles(noClobber bool) SideFiles {
	return func(ext string) (io.Writer, error) {
		return o.files.Beside(strings.TrimSuffix(o.Name, extOf(o.Name))+ext, noClobber)
	}
}

// extOf returns the extension of name (".ann"), ignoring a final ".gz".
func extOf(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 || strings.ContainsRune(name[i:], os.PathSeparator) {
		return ""
	}
	return name[i:]
}

// errWriter is a SentenceWriter that only reports err.
type errWriter struct{ err error }

func (e errWriter) Write(Sentence) error { return e.err }
func (e errWriter) Flush()               {}
func (e errWriter) Error() error         { return e.err }

// Copy writes every sentence r reads to w and flushes w: a whole format
// conversion once both are open.
func Copy(w SentenceWriter, r SentenceReader) error {
	for {
		s, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := w.Write(s); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// Predictions wraps the Template of a document input for the writer of
// a tagger's output: each document is written with its text unchanged
// and, as its only annotations, the entities the written sentences'
// tags mark (no ids, no relations). A nil Template stays nil.
func Predictions(t Template) Template {
	if t == nil {
		return nil
	}
	return predictions{t}
}

type predictions struct{ Template }

// PredictionTemplate returns the Template Predictions wrapped, and
// whether t is such a wrapper.
func PredictionTemplate(t Template) (Template, bool) {
	p, ok := t.(predictions)
	if !ok {
		return t, false
	}
	return p.Template, true
}

// liker is implemented by the readers of document formats that can
// split their documents into the sentences and tokens of another
// reading (ReadLike).
type liker interface {
	ReadLike(Template) error
}

// ReadLike makes f split its documents into the sentences and tokens
// of t, the Template of another file's documents (the original of a
// perturbed copy, or the gold of a prediction file), instead of
// tokenizing them anew: a typo that puts punctuation inside a word, or
// a longer synonym, then leaves sentences and tokens aligned with t's.
// It must be called before the first Read. A nil t, and a t for a file
// of another kind than f's, change nothing for CoNLL and JSON Lines.
func (f *File) ReadLike(t Template) error {
	if t == nil {
		return nil
	}
	l, ok := f.SentenceReader.(liker)
	if !ok {
		return nil
	}
	return l.ReadLike(t)
}
