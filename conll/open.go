package conll

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
)

// Format is a corpus file format.
type Format int

const (
	// FormatCoNLL is one token per line, columns, blank lines between
	// sentences.
	FormatCoNLL Format = iota
	// FormatJSONL is JSON Lines, one sentence per line.
	FormatJSONL

	// firstDocument is the first of the document formats: corpora that
	// annotate a text by character offsets rather than tagging tokens.
	// Their readers and writers live in packages of their own
	// (conll/pubtator, conll/bioc, conll/brat), each of which gets its
	// Format from RegisterFormat; a program that imports them (package
	// conll/formats imports them all) opens and creates them through
	// Open and Create like any corpus.
	firstDocument
)

func (f Format) String() string {
	switch f {
	case FormatCoNLL:
		return "conll"
	case FormatJSONL:
		return "jsonl"
	}
	if c, err := codec(f); err == nil {
		return c.Name
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// FormatOf guesses a file's format from its name (a final .gz is
// ignored): .jsonl and .json are JSON Lines, a registered document
// format's extensions that format (.bioc.json BioC JSON, .xml BioC
// XML, .pubtator and .pubtator.txt PubTator, .ann brat), everything
// else CoNLL. Open and OpenReader also look at the content of .json
// and .txt files, which may hold BioC JSON or PubTator.
func FormatOf(name string) Format {
	f, _ := formatOfName(name)
	return f
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
	tmpl   templater
	closer []io.Closer
}

// Opener opens corpora by name for a program: "-" is its Stdin, and the
// integer tags of JSON Lines files are named by its Labels (a --labels
// option). A library takes an Opener from its caller instead of reading
// the process's standard input by surprise. The zero value opens files
// only ("-" is an error wrapping ErrNoStdin) and leaves integer tags an
// error; the package's functions Open, ReadFile, ... are its methods.
type Opener struct {
	// Stdin is what the name "-" opens. It is read once: a second "-" in
	// one run finds it at its end.
	Stdin io.Reader
	// Labels names the integer tags of the JSON Lines files opened
	// (JSONReader.Labels); nil leaves integer tags an error.
	Labels []string
	// sources are the corpora read once (Read) that the Opener opens
	// from memory (With).
	sources map[string]*Source
}

// openInput opens the stored bytes of name: a Source the Opener holds
// (With), Stdin for "-" (Close then leaves Stdin open), an embedded
// corpus (IsEmbedded), or the file.
func (o Opener) OpenInput(name string) (io.ReadCloser, error) {
	if s := o.Source(name); s != nil {
		return io.NopCloser(s.Bytes()), nil
	}
	if IsEmbedded(name) {
		r, err := openEmbedded(name)
		if err != nil {
			return nil, err
		}
		return io.NopCloser(r), nil
	}
	if name == "-" {
		if o.Stdin == nil {
			return nil, fmt.Errorf("-: %w", ErrNoStdin)
		}
		return io.NopCloser(o.Stdin), nil
	}
	return os.Open(name)
}

// Open opens a corpus file, choosing the format with FormatOf; "-" is
// Stdin, in the format its content shows (CoNLL or JSON Lines, gzipped
// or not).
func (o Opener) Open(name string) (*File, error) {
	return o.openFormat(name, FormatOf(name), true)
}

// OpenReader reads a corpus from r as Open reads the file name: the
// format comes from FormatOf(name), or from the content when the name
// leaves it open (.json, .txt), and a name ending in .gz (in any case)
// means r is gzipped. It is the one place that decides how a
// corpus is decoded, for callers whose bytes do not come straight from
// a file (an embedded corpus, or a file teed into a hash as it is read).
// Close does not close r.
func (o Opener) OpenReader(r io.Reader, name string) (*File, error) {
	return o.openReader(r, name, FormatOf(name), true)
}

// openFormat opens a corpus file in the given format, whatever its name
// says (a --in-format option), unless detect lets the content decide
// where the name leaves the format open; "-" is Stdin.
func (o Opener) openFormat(name string, format Format, detect bool) (*File, error) {
	f, err := o.OpenInput(name)
	if err != nil {
		return nil, err
	}
	cf, err := o.openReader(f, name, format, detect)
	if err != nil {
		f.Close()
		return nil, err
	}
	cf.closer = append([]io.Closer{f}, cf.closer...)
	return cf, nil
}

// openInput is Opener{}.OpenInput: "-" is an error.
func openInput(name string) (io.ReadCloser, error) { return Opener{}.OpenInput(name) }

// Open is Opener{}.Open: files only, integer JSON Lines tags refused.
func Open(name string) (*File, error) { return Opener{}.Open(name) }

// OpenReader is Opener{}.OpenReader.
func OpenReader(r io.Reader, name string) (*File, error) { return Opener{}.OpenReader(r, name) }

func (o Opener) openReader(r io.Reader, name string, format Format, detect bool) (*File, error) {
	cf := &File{Name: name, Format: format}
	r, zr, err := decompress(r, name)
	if err != nil {
		return nil, err
	}
	if zr != nil {
		cf.closer = append(cf.closer, zr)
	}
	if _, open := formatOfName(name); open && detect {
		r, cf.Format = sniff(r, cf.Format)
	}
	if cf.Format.IsDocument() {
		if err := openDocument(cf, r, cf.Format); err != nil {
			cf.Close()
			return nil, err
		}
		return cf, nil
	}
	if cf.Format == FormatJSONL {
		jr := NewJSONReader(r)
		jr.File = name
		jr.Labels = o.Labels
		cf.SentenceReader = jr
	} else {
		cr := NewReader(r)
		cr.File = name
		cf.conll = cr
		cf.SentenceReader = cr
	}
	return cf, nil
}

// openText opens a file (or Stdin for "-") for its text, decompressed when it is gzipped
// (by its first bytes, whatever its name) as Open does, for readers of
// other line formats than corpora (conlleval's input, for one).
func (o Opener) OpenText(name string) (io.ReadCloser, error) {
	f, err := o.OpenInput(name)
	if err != nil {
		return nil, err
	}
	// Its readers read in large blocks of their own (limits.Blocks): a
	// buffer of gzipMagic's size is enough to recognise gzip, and a
	// 64 KiB one would be 16 more fresh pages (page faults) for nothing.
	r, zr, err := decompress(bufio.NewReaderSize(f, len(gzipMagic)), name)
	if err != nil {
		f.Close()
		return nil, err
	}
	t := &textFile{Reader: r, closers: []io.Closer{f}}
	if zr != nil {
		t.closers = []io.Closer{zr, f}
	}
	return t, nil
}

type textFile struct {
	io.Reader
	closers []io.Closer
}

func (t *textFile) Close() error {
	var first error
	for _, c := range t.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// gzipMagic starts every gzip stream (RFC 1952).
const gzipMagic = "\x1f\x8b"

// decompress returns r, through a gzip reader (also returned, to close)
// when its first bytes are gzip's magic number: compressed input is
// recognised whatever its name, standard input included. A name ending
// in .gz over other bytes is an error (a truncated or mislabelled file).
func decompress(r io.Reader, name string) (io.Reader, *gzip.Reader, error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	magic, _ := br.Peek(len(gzipMagic))
	if string(magic) != gzipMagic {
		if isGzip(name) {
			return nil, nil, fmt.Errorf("%s: %w: the name ends in .gz but the content is not gzip", name, gzip.ErrHeader)
		}
		return br, nil, nil
	}
	var zin io.Reader = br
	if br.Size() < 64<<10 { // flate reads byte by byte (io.ByteReader): not through a small buffer
		zin = bufio.NewReaderSize(br, 64<<10)
	}
	zr, err := gzip.NewReader(zin)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return &gunzipped{zr: zr, name: name}, zr, nil
}

// gunzipped reads a gzip stream, its errors (a truncated or corrupt
// file) said as such and naming the file.
type gunzipped struct {
	zr   *gzip.Reader
	name string
}

func (g *gunzipped) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		what := "corrupt"
		if err == io.ErrUnexpectedEOF {
			what = "truncated"
		}
		format := "gzip: %w (the compressed file is %s)"
		if strings.HasPrefix(err.Error(), "gzip: ") {
			format = "%w (the compressed file is %s)"
		}
		err = &ParseError{File: g.name, Err: fmt.Errorf(format, err, what)}
	}
	return n, err
}

// isGzip reports whether a file name calls for gzip compression.
func isGzip(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".gz")
}

// CoNLL returns the underlying CoNLL Reader (to set options before the
// first Read, or to get its Layout), or nil for JSON Lines.
func (f *File) CoNLL() *Reader { return f.conll }

// Layout returns the CoNLL layout read so far; for JSON Lines, a Layout
// whose Labels are set once integer tags were read (writers given it
// write integer tags too); for a document format, a Layout whose
// Template holds the documents read so far.
func (f *File) Layout() Layout {
	if f.tmpl != nil {
		return Layout{Template: f.tmpl.Template()}
	}
	if f.conll == nil {
		if jr := f.jsonReader(); jr != nil {
			return jr.Layout()
		}
		return Layout{}
	}
	return f.conll.Layout()
}

// KeptReporter is implemented by the readers of document formats, which
// keep untouched the annotations IOB tags cannot hold (see
// Sentence.Keep).
type KeptReporter interface {
	// Kept returns why the first annotations read so far are kept (at
	// most a few dozen, each naming its document and annotation) and
	// the number of all of them.
	Kept() (notes []string, n int)
}

// Kept returns what the file's reader says of the annotations it keeps
// untouched (see KeptReporter): nothing for CoNLL and JSON Lines.
func (f *File) Kept() (notes []string, n int) {
	if k, ok := f.tmpl.(KeptReporter); ok {
		return k.Kept()
	}
	return nil, 0
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
func (o Opener) ReadFile(name string) ([]Sentence, error) {
	f, err := o.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f)
}

// ReadFile is Opener{}.ReadFile.
func ReadFile(name string) ([]Sentence, error) {
	s, _, err := readFileLayout(name)
	return s, err
}

// ReadOptions say how ReadCorpus reads a corpus file.
type ReadOptions struct {
	// Scheme is the tag scheme of the file, checked as it is read and
	// converted to IOB2 (see File.SetScheme).
	Scheme iob.Scheme
	// Repair, when not nil, repairs invalid transitions instead of
	// refusing them, and receives each repair (see File.SetSchemeRepair).
	Repair func(Repair)
	// TagOptional accepts CoNLL lines with a token and no tag, and
	// leaves the tags unchecked: input to a tagger need not carry gold
	// tags (it gets the tagger's).
	TagOptional bool
}

// Corpus is a whole corpus in memory, with what it takes to write
// results in its format: the Format and Layout of the file it was read
// from.
type Corpus struct {
	Sentences []Sentence
	Format    Format
	Layout    Layout
}

// ReadCorpus is Opener{}.ReadCorpus.
func ReadCorpus(name string, opts ReadOptions) (*Corpus, error) {
	return Opener{}.ReadCorpus(name, opts)
}

// ReadCorpus reads the whole corpus file name ("-": Stdin), in any
// format Open reads. A corpus without a sentence is an error wrapping
// ErrEmpty.
func (o Opener) ReadCorpus(name string, opts ReadOptions) (*Corpus, error) {
	f, err := o.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	f = nonEmptyFile(f)
	if opts.TagOptional {
		if r := f.CoNLL(); r != nil {
			r.TagOptional = true
		}
	} else if err := f.SetSchemeRepair(opts.Scheme, opts.Repair); err != nil {
		return nil, err
	}
	sents, err := ReadAll(f)
	if err != nil {
		return nil, err
	}
	return &Corpus{Sentences: sents, Format: f.Format, Layout: f.Layout()}, nil
}

// WriteFile writes the corpus's sentences to the file name, or to w
// when name is "": in the corpus's format and layout, or, for a name
// whose extension says another format, in that format without the
// layout (two document formats share their documents). The file is
// written whole or not at all; with noClobber an existing file is an
// error.
func (c *Corpus) WriteFile(name string, w io.Writer, noClobber bool) error {
	if name == "" {
		return WriteAll(NewFormatWriter(w, c.Format, c.Layout), c.Sentences)
	}
	layout := c.Layout
	if of := FormatOf(name); of != c.Format && !(of.IsDocument() && c.Format.IsDocument()) {
		layout = Layout{}
	}
	f, err := Create(name, OutputOptions{Layout: layout, NoClobber: noClobber})
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := WriteAll(f, c.Sentences); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return f.Commit()
}

// readFileLayout reads a whole corpus file and returns, for CoNLL files,
// its layout too (to write results in the same layout).
func readFileLayout(name string) ([]Sentence, Layout, error) {
	f, err := Open(name)
	if err != nil {
		return nil, Layout{}, err
	}
	defer f.Close()
	out, err := ReadAll(f)
	if err != nil {
		return nil, Layout{}, err
	}
	return out, f.Layout(), nil
}

// WriteAll writes sents to w and flushes it, like csv.Writer.WriteAll.
func WriteAll(w SentenceWriter, sents []Sentence) error {
	for _, s := range sents {
		if err := w.Write(s); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// ReadAll reads sentences from r until io.EOF, like csv.Reader.ReadAll:
// a successful call returns err == nil, not io.EOF.
func ReadAll(r SentenceReader) ([]Sentence, error) {
	var out []Sentence
	for {
		s, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}

// NewFormatWriter returns a writer of the given format; layout applies to
// CoNLL, and its Template to document formats. A document format that
// cannot be written to a plain stream (brat) or is not registered gives
// a writer that returns the error.
func NewFormatWriter(w io.Writer, format Format, layout Layout) SentenceWriter {
	if format.IsDocument() {
		dw, err := newDocWriter(w, format, nil, layout)
		if err != nil {
			return errWriter{err}
		}
		return dw
	}
	if format == FormatJSONL {
		jw := NewJSONWriter(w)
		if layout.Labels != nil {
			jw.Labels = layout.Labels.Names
		}
		return jw
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
	out, err := Create(name, OutputOptions{Layout: layout})
	if err != nil {
		return err
	}
	defer out.Abort()
	for _, s := range sents {
		if err := out.Write(s); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return out.Commit()
}

// OutputOptions are the settings of Create.
type OutputOptions struct {
	// Layout is the CoNLL layout to write in; for JSON Lines, its Labels
	// (when not nil) make tags integers; for document formats, its
	// Template is the documents to rebuild.
	Layout Layout
	// Format, when not zero (FormatCoNLL), overrides FormatOf(name).
	Format Format
	// NoClobber makes an existing file an error rather than replaced.
	NoClobber bool
	// Stored, if not nil, receives a copy of the bytes as stored (after
	// compression), for example to hash the file as written.
	Stored io.Writer
}

// Output is a corpus file being written. Nothing appears under its name
// until Commit, which puts the complete file in place; Abort (safe after
// Commit, so "defer out.Abort()" is the usual pattern) discards it.
type Output struct {
	SentenceWriter
	Name   string
	Format Format

	files atomicfile.Group // the file and those beside it (brat's text)
	zw    *gzip.Writer
}

// Create starts writing the corpus file name: to a temporary file beside
// it, in the format FormatOf(name) gives, gzipped when the name ends in
// .gz (in any case).
func Create(name string, opt OutputOptions) (*Output, error) {
	f, err := atomicfile.Create(name, opt.NoClobber)
	if err != nil {
		return nil, err
	}
	out := &Output{Name: name, Format: FormatOf(name), files: atomicfile.Group{Main: f}}
	if opt.Format != FormatCoNLL {
		out.Format = opt.Format
	}
	var w io.Writer = f
	if opt.Stored != nil {
		w = io.MultiWriter(f, opt.Stored)
	}
	if isGzip(name) {
		out.zw = gzip.NewWriter(w)
		w = out.zw
	}
	if out.Format.IsDocument() {
		dw, err := newDocWriter(w, out.Format, out.sideFiles(opt.NoClobber), opt.Layout)
		if err != nil {
			out.Abort()
			return nil, err
		}
		out.SentenceWriter = dw
		return out, nil
	}
	out.SentenceWriter = NewFormatWriter(w, out.Format, opt.Layout)
	return out, nil
}

// Close flushes everything written and, for gzipped files, ends the
// compressed stream, so that the bytes handed to OutputOptions.Stored
// are complete; the file itself is put in place only by Commit. Close
// is safe to call more than once.
func (o *Output) Close() error {
	o.Flush()
	if err := o.Error(); err != nil {
		return fmt.Errorf("write %s: %w", o.Name, err)
	}
	if o.zw != nil {
		zw := o.zw
		o.zw = nil
		if err := zw.Close(); err != nil {
			return fmt.Errorf("write %s: %w", o.Name, err)
		}
	}
	return nil
}

// Commit closes the output (see Close) and puts the complete file, and
// the files beside it, in place: all of them or none.
func (o *Output) Commit() error {
	if err := o.Close(); err != nil {
		return err
	}
	return o.files.Commit()
}

// Unpublish removes what Commit put in place, where it is still there
// (see atomicfile.File.Unpublish): to undo one output of several when a
// later one fails.
func (o *Output) Unpublish() { o.files.Unpublish() }

// Abort discards the output. It is safe to call more than once and after
// Commit.
func (o *Output) Abort() { o.files.Abort() }

// nonEmptyFile makes f report ErrEmpty (naming the file) instead of
// io.EOF when it holds no sentence at all (see OpenNonEmpty).
func nonEmptyFile(f *File) *File {
	f.SentenceReader = &nonEmpty{SentenceReader: f.SentenceReader, name: f.Name}
	if f.conll != nil {
		f.conll.needToken = true // for readers of f.CoNLL(), the pipeline's
	}
	return f
}

// HasToken reports whether a sentence of sents has a token: sentences
// without one (a document marker alone) make no corpus.
func HasToken(sents []Sentence) bool {
	for _, s := range sents {
		if len(s.Tokens) > 0 {
			return true
		}
	}
	return false
}

// emptyError is ErrEmpty for the input name; markers tells that it held
// sentences without a token (a document marker, comments).
func emptyError(name string, markers bool) error {
	if markers {
		return fmt.Errorf("%s: %w (only document markers or comments, no token)", name, ErrEmpty)
	}
	return fmt.Errorf("%s: %w", name, ErrEmpty)
}

// nonEmpty is a reader whose input must hold a token: sentences without
// one (a document marker alone, a comment) do not make a corpus.
type nonEmpty struct {
	SentenceReader
	name    string
	seen    bool // a sentence with a token
	markers bool // a sentence without one
}

func (r *nonEmpty) Read() (Sentence, error) {
	s, err := r.SentenceReader.Read()
	if err == io.EOF && !r.seen {
		return s, emptyError(r.name, r.markers)
	}
	if err == nil {
		if len(s.Tokens) > 0 {
			r.seen = true
		} else {
			r.markers = true
		}
	}
	return s, err
}

// ReadLike passes on to the wrapped reader (see File.ReadLike).
func (r *nonEmpty) ReadLike(t Template) error {
	if l, ok := r.SentenceReader.(liker); ok {
		return l.ReadLike(t)
	}
	return nil
}

// SetTags makes f pass the tags of every sentence through fn (see
// Reader.Tags), for CoNLL and JSON Lines; the tags of document formats
// come from their annotations and are always valid IOB2.
func (f *File) SetTags(fn TagFunc) {
	if f.conll != nil {
		f.conll.Tags, f.conll.repair, f.conll.checkOnly = fn, nil, false
	}
	if jr := f.jsonReader(); jr != nil {
		jr.Tags, jr.repair = fn, nil
	}
}

// jsonReader returns f's JSON Lines reader, or nil.
func (f *File) jsonReader() *JSONReader {
	r := f.SentenceReader
	if ne, ok := r.(*nonEmpty); ok {
		r = ne.SentenceReader
	}
	jr, _ := r.(*JSONReader)
	return jr
}

// openText is Opener{}.OpenText.
func openText(name string) (io.ReadCloser, error) { return Opener{}.OpenText(name) }
