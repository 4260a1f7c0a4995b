package conll

import (
	"fmt"
	"io"

	"github.com/stress-ner/stress/iob"
)

// ConvertOptions say where Convert writes a corpus, and in which format.
type ConvertOptions struct {
	// Output is the file to write; "" writes to the writer given.
	Output string
	// Format names the format written, as Format.String names it; ""
	// is the one FormatOf gives Output, or the input's on a writer.
	Format string
	// Force replaces an existing Output.
	Force bool
	// Scheme is the tag scheme written: the input's tags, which a File
	// set up with SetScheme (or SetSchemeRepair) hands over in IOB2, go
	// back to it (see NewSchemeWriter).
	Scheme iob.Scheme
}

// Convert writes every sentence of in, in another format: to opt.Output,
// atomically (see Create), or to w. Documents read from a document
// format are rebuilt by the writer (same text, offsets, ids and
// relations), so that the same format gives the same bytes for PubTator
// and brat; other inputs give documents made from their sentences. An
// error reading or writing the file names the input.
func Convert(w io.Writer, in *File, opt ConvertOptions) error {
	format, err := OutputFormat(opt.Format, opt.Output, in.Format)
	if err != nil {
		return err
	}
	// The writers of document formats rebuild the documents the reader
	// has read (the template fills as in is read).
	var layout Layout
	if in.Format.IsDocument() {
		layout = in.Layout()
	}
	if opt.Output == "" {
		return copyNamed(NewSchemeWriter(NewFormatWriter(w, format, layout), opt.Scheme), in)
	}
	out, err := Create(opt.Output, OutputOptions{Layout: layout, Format: format, NoClobber: !opt.Force})
	if err != nil {
		return err
	}
	defer out.Abort()
	out.SentenceWriter = NewSchemeWriter(out.SentenceWriter, opt.Scheme)
	if err := copyNamed(out, in); err != nil {
		if _, located := err.(*ParseError); located {
			return err
		}
		return fmt.Errorf("convert %s: %w", in.Name, err)
	}
	return out.Commit()
}

// copyNamed is Copy, with a sentence the writer refuses named by its
// place in the input (a token the output format cannot hold).
func copyNamed(w SentenceWriter, in *File) error {
	for {
		s, err := in.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := w.Write(s); err != nil {
			return WriteError(in.Name, s, err)
		}
	}
	w.Flush()
	return w.Error()
}

// WriteError is err, of a writer that refused sentence s of the input
// named file, as a ParseError at the sentence's line (when it is known).
func WriteError(file string, s Sentence, err error) error {
	if s.Line <= 0 {
		return err
	}
	return &ParseError{File: file, Line: s.Line, Err: err}
}

// OutputFormat returns the format to write a copy of a corpus in
// format in: the one named when name is not "" (as Format.String names
// it: "conll", "jsonl", "pubtator", "bioc-xml", "bioc-json", "brat"), else the
// output file's (FormatOf), else, on a stream (output ""), in.
func OutputFormat(name, output string, in Format) (Format, error) {
	switch {
	case name != "":
		return parseFormat(name)
	case output != "":
		return FormatOf(output), nil
	}
	return in, nil
}

// OpenNonEmpty is Opener{}.OpenNonEmpty.
func OpenNonEmpty(name, format string) (*File, error) { return Opener{}.OpenNonEmpty(name, format) }

// OpenNonEmpty opens a corpus as Open does, or, when format is not "",
// in the format it names whatever the file's name says (a --in-format
// option; see OutputFormat for the names), and makes a corpus without a
// sentence an error: the File reports ErrEmpty (naming the file)
// instead of io.EOF when it holds no sentence at all. It is the one rule
// for empty input of the commands that perturb, convert, tag or train:
// an empty corpus is a mistake (a wrong path, a failed download, an
// exhausted standard input), not a request for an empty output.
func (o Opener) OpenNonEmpty(name, format string) (*File, error) {
	var f *File
	var err error
	if format == "" {
		f, err = o.Open(name)
	} else {
		var ft Format
		if ft, err = parseFormat(format); err != nil {
			return nil, err
		}
		f, err = o.openFormat(name, ft, false)
	}
	if err != nil {
		return nil, err
	}
	return nonEmptyFile(f), nil
}
