package conll

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/iob"
)

// docStartToken is the first field of a CoNLL document-boundary line.
const docStartToken = "-DOCSTART-"

// Delimiter says how the columns of a CoNLL line are separated.
type Delimiter int

const (
	// delimDetect picks tab when the first token line contains a tab and
	// Space otherwise.
	delimDetect Delimiter = iota
	// tab splits on every tab character; tokens may contain spaces.
	tab
	// Space splits on runs of spaces and tabs.
	Space
)

func (d Delimiter) String() string {
	switch d {
	case tab:
		return "tab"
	case Space:
		return "space"
	}
	return "detect"
}

// Layout describes how a CoNLL file was laid out, so that a Writer can
// reproduce it. The zero Layout writes tab-separated LF lines with a blank
// line after every sentence.
type Layout struct {
	Delimiter   Delimiter // tab or Space (Space writes one space)
	TokenColumn int       // 0-based column of the token
	TagColumn   int       // 0-based column of the tag; negative counts from the end
	CRLF        bool      // lines end in "\r\n"
	BOM         bool      // the file starts with a UTF-8 byte order mark
	// NoFinalBlank is set when the last sentence is not followed by a
	// blank line; NoFinalNewline when the file does not even end in a
	// line break.
	NoFinalBlank   bool
	NoFinalNewline bool
	// Template, for a document format, is the documents read, which
	// writers of the same run rebuild (see Template); nil otherwise.
	Template Template
	// Labels, for JSON Lines read with integer tags, is the label list
	// they index, so that writers of the same run write integer tags
	// too; nil otherwise (a pointer keeps Layout comparable).
	Labels *LabelList
}

// Reader reads sentences from a CoNLL column file: one token per line,
// columns separated by tabs or spaces, a blank line between sentences.
//
// Lines whose first field is -DOCSTART- mark document boundaries: they are
// not tokens, and the next sentence has DocStart set. Lines that start with
// Comment (when it is not empty) are comments. A UTF-8 byte order mark,
// CRLF line ends, trailing spaces, a missing final newline and lines of any
// length are accepted. Memory use depends on the longest sentence, not on
// the size of the input.
//
// Like csv.Reader, which allocates one string per record, Reader
// allocates one string per sentence and slices every token, tag and
// field of the sentence out of it.
//
// As with encoding/csv, the exported fields may be changed after NewReader
// and before the first call to Read.
type Reader struct {
	// File names the input in errors.
	File string
	// TokenColumn is the 0-based column holding the token (default 0).
	TokenColumn int
	// TagColumn is the 0-based column holding the tag; negative values
	// count from the end of each line (default -1, the last column).
	TagColumn int
	// Delimiter separates columns; delimDetect (the default) decides from
	// the first token line.
	Delimiter Delimiter
	// Comment, when not empty, is the prefix of comment lines, e.g. "#".
	// It is off by default because "#" is an ordinary token in most corpora.
	Comment string
	// TagOptional accepts lines with a token but no tag column (input to a
	// tagger); their tag is "O".
	TagOptional bool
	// Tags, when not nil, sees the tags of every sentence before Read
	// returns it and may rewrite them in place (a scheme conversion). An
	// error stops the reader with a *ParseError at the line of the tag
	// at index pos.
	Tags TagFunc

	repair *repairer // when set, instead of Tags (File.SetSchemeRepair)
	// checkOnly is set when Tags only checks tags, never rewrites them
	// (File.SetScheme with IOB2: Tags is iob.Checker(iob.IOB2), whose
	// verdict ReadPlainText's plainIOB2 gives on bytes), so that
	// ReadAppendText can hand out the lines of a sentence as read.
	checkOnly bool
	// plain is the text of the sentence read last when readPlain read
	// it, "" otherwise.
	plain string
	// plainText, plainLine and textLines are the sentence ReadPlainText
	// read last, for PlainSentence.
	plainText []byte
	plainLine int
	textLines []TextLine

	// needToken makes an input without a token an ErrEmpty error at its
	// end (OpenNonEmpty), on both Read and ReadAppend; gotToken and
	// gotMarker record what was read.
	needToken, gotToken, gotMarker bool

	r         *bufio.Reader
	line      int
	buf       []byte // a line longer than bufio's buffer
	started   bool
	layout    Layout
	sawLine   bool // at least one line was read
	lastLF    bool // the last line read ended in a line break
	lastBlank bool
	pendDoc   bool
	pendLine  string
	// lineBefore tells that the line before the current one is not
	// blank; pendTight and pendAfter are the pending marker's
	// DocTightBefore and DocTightAfter, the latter set by the line after
	// it (marked until then).
	lineBefore, pendTight, pendAfter, marked bool
	comments                                 []string
	err                                      error

	// The token lines of the sentence being read, reused from sentence
	// to sentence: their text back to back, where each line's fields
	// lie in it, and which fields are the token and the tag.
	block   []byte
	fields  []span
	lines   []tokenLine
	keepAll int // first line whose fields go into Sentence.Fields; -1: none

	strs      []string // where ReadAppend wants Tokens and Tags
	appending bool     // in ReadAppend
}

// span is a field: bytes [start, end) of Reader.block.
type span struct{ start, end int }

// tokenLine is one token line of the sentence being read.
type tokenLine struct {
	tok, tag span // tag.start < 0: no tag column, the tag is "O"
	first, n int  // its fields are Reader.fields[first:first+n]
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{TagColumn: -1, r: bufio.NewReaderSize(r, 64<<10)}
}

// Layout returns the layout seen so far; after Read has returned io.EOF
// it describes the whole input.
func (r *Reader) Layout() Layout { return r.layout }

// Line returns the number of the last line read.
func (r *Reader) Line() int { return r.line }

func (r *Reader) errorf(col int, err error) error {
	return &ParseError{File: r.File, Line: r.line, Column: col, Err: err}
}

// readLine returns the next line without its line break, or io.EOF. The
// line is valid until the next call.
func (r *Reader) readLine() ([]byte, error) {
	// Most lines fit in bufio's buffer and are used in place; only
	// longer ones are copied together, up to limits.MaxLine.
	b, buf, err := limits.ReadLine(r.r, r.buf)
	r.buf = buf
	if err == limits.ErrLongLine {
		r.line++
		return nil, r.errorf(0, err)
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(b) == 0 {
		return nil, io.EOF
	}
	r.line++
	if !r.started {
		r.started = true
		if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
			r.layout.BOM = true
			b = b[3:]
		}
	}
	r.sawLine = true
	r.lastLF = false
	if n := len(b); n > 0 && b[n-1] == '\n' {
		r.lastLF = true
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
			if r.line == 1 {
				r.layout.CRLF = true
			}
		}
	}
	return b, nil
}

// Read returns the next sentence, or io.EOF after the last one. Errors are
// *ParseError values carrying file and line.
func (r *Reader) Read() (Sentence, error) {
	if r.err != nil {
		return Sentence{}, r.err
	}
	s, err := r.read()
	if err == nil {
		err = checkTags(r.Tags, r.repair, r.File, &s, true)
	}
	err = r.checkEmpty(s, err)
	if err != nil {
		r.err = err
	}
	return s, err
}

// checkEmpty turns the end of an input without a token into ErrEmpty,
// when needToken is set.
func (r *Reader) checkEmpty(s Sentence, err error) error {
	switch {
	case err == nil && len(s.Tokens) > 0:
		r.gotToken = true
	case err == nil:
		r.gotMarker = true
	case err == io.EOF && r.needToken && !r.gotToken:
		return emptyError(fileName(r.File), r.gotMarker)
	}
	return err
}

// TagFunc checks, and may rewrite in place, the tags of a sentence; pos
// is the index of the tag an error is about.
type TagFunc func(tags []string) (pos int, err error)

// checkTags applies fn to s's tags, making an error a *ParseError at the
// offending tag's line (lineTokens: one token per line from s.Line on),
// or, when rep is set, repairs them and reports each repair.
func checkTags(fn TagFunc, rep *repairer, file string, s *Sentence, lineTokens bool) error {
	if len(s.Tags) == 0 || fn == nil && rep == nil {
		return nil
	}
	lineOf := func(pos int) int {
		if s.Line <= 0 {
			return 0
		}
		if lineTokens {
			return s.Line + max(pos, 0)
		}
		return s.Line
	}
	var pos int
	var err error
	if rep != nil {
		var vs []iob.Violation
		vs, pos, err = rep.fn(s.Tags)
		for _, v := range vs {
			rep.report(Repair{File: file, Line: lineOf(v.Pos), Reason: v.Reason})
		}
	} else {
		pos, err = fn(s.Tags)
	}
	if err == nil {
		return nil
	}
	return &ParseError{File: file, Line: lineOf(pos), Err: err}
}

// Repair is one invalid tag transition a reader repaired instead of
// refusing it (File.SetSchemeRepair): at File:Line, what was invalid.
// The tags are read as conlleval reads them.
type Repair struct {
	File   string
	Line   int
	Reason string // "I-Chemical after O: an entity must start with B-"
}

func (r Repair) String() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", fileName(r.File), r.Line, r.Reason)
	}
	return fmt.Sprintf("%s: %s", fileName(r.File), r.Reason)
}

// repairer is a reader's repairing tag check (File.SetSchemeRepair).
type repairer struct {
	fn     func(tags []string) ([]iob.Violation, int, error)
	report func(Repair)
}

// ReadAppend is Read, except that the Tokens and Tags of the sentence
// are appended to strs and sliced from it, and strs is returned: a
// caller reading many sentences can keep their strings in one slice it
// reuses instead of an allocation per sentence. The sentence's Tokens
// and Tags then change when the caller reuses strs.
func (r *Reader) ReadAppend(strs []string) (Sentence, []string, error) {
	if r.err != nil {
		return Sentence{}, strs, r.err
	}
	r.strs, r.appending = strs, true
	s, err := r.read()
	strs, r.strs, r.appending = r.strs, nil, false
	if err == nil {
		err = checkTags(r.Tags, r.repair, r.File, &s, true)
	}
	err = r.checkEmpty(s, err)
	if err != nil {
		r.err = err
	}
	return s, strs, err
}

// ReadAppendText is ReadAppend that also returns, for a sentence read
// from plain lines, those lines as they are in the input: for each
// token, the token, a tab, the tag and a line break ("\n"), the tokens
// and tags of s being the same text. That is nearly every sentence of a
// tab-separated corpus, which a program that writes each sentence back
// changed in a few tokens can then copy but for those. text is "" for
// the other sentences (a document marker, comments, other columns,
// spaces between columns, carriage returns, a sentence at the end of
// the input without its blank line), and for every sentence when Tags
// may rewrite tags (a scheme other than IOB2) or a repair is set.
func (r *Reader) ReadAppendText(strs []string) (s Sentence, text string, _ []string, err error) {
	s, strs, err = r.ReadAppend(strs)
	if err == nil && (r.Tags == nil || r.checkOnly) && r.repair == nil {
		text = r.plain
	}
	return s, text, strs, err
}

func (r *Reader) read() (Sentence, error) {
	var s Sentence
	r.plain = ""
	r.block, r.fields, r.lines, r.keepAll = r.block[:0], r.fields[:0], r.lines[:0], -1
	if r.readPlain(&s) {
		return s, nil
	}
	r.lines = r.lines[:0]
	for {
		b, err := r.readLine()
		if err == io.EOF {
			r.finish()
			if len(r.lines) > 0 {
				r.layout.NoFinalBlank = true
				r.fill(&s)
				return s, nil
			}
			if r.pendDoc {
				// A document marker with no sentence after it: keep it as
				// an empty sentence so that writing reproduces it.
				s.DocStart, s.DocLine, r.pendDoc = true, r.pendLine, false
				s.DocTightBefore = r.pendTight
				s.Comments, r.comments = r.comments, nil
				return s, nil
			}
			return Sentence{}, io.EOF
		}
		if _, located := err.(*ParseError); located {
			return Sentence{}, err
		}
		if err != nil {
			return Sentence{}, fmt.Errorf("%s: %w", fileName(r.File), err)
		}
		// One pass finds what the two checks below need: whether the
		// line is all ASCII (then valid UTF-8) and where its first
		// carriage return is.
		var high byte
		cr := -1
		for i, c := range b {
			high |= c
			if c == '\r' && cr < 0 {
				cr = i
			}
		}
		if high >= utf8.RuneSelf && !utf8.Valid(b) {
			col := 1 + utf8.RuneCount(b[:firstInvalid(b)])
			return Sentence{}, r.errorf(col, ErrInvalidUTF8)
		}
		b = trimBlanksRight(b)
		if cr >= 0 && cr < len(b) {
			return Sentence{}, r.errorf(1+utf8.RuneCount(b[:cr]), errors.New("carriage return inside a line"))
		}
		r.lastBlank = len(b) == 0
		before := r.lineBefore
		r.lineBefore = len(b) != 0
		if r.marked {
			r.pendAfter, r.marked = len(b) != 0, false
		}
		if len(b) == 0 {
			if len(r.lines) > 0 {
				r.fill(&s)
				return s, nil
			}
			continue
		}
		if r.Comment != "" && bytes.HasPrefix(b, []byte(r.Comment)) {
			if len(r.lines) > 0 {
				return Sentence{}, r.errorf(1, errors.New("comment line inside a sentence"))
			}
			r.comments = append(r.comments, string(b))
			continue
		}
		if r.Delimiter == delimDetect {
			r.Delimiter = Space
			if bytes.IndexByte(b, '\t') >= 0 {
				r.Delimiter = tab
			}
		}
		r.layout.Delimiter = r.Delimiter
		r.layout.TokenColumn, r.layout.TagColumn = r.TokenColumn, r.TagColumn
		// Split into r.fields with offsets relative to b for now.
		first := len(r.fields)
		r.fields = r.split(r.fields, b)
		fields := r.fields[first:]
		if f := fields[0]; string(b[f.start:f.end]) == docStartToken {
			r.fields = r.fields[:first]
			line := string(b)
			if len(r.lines) > 0 {
				// No blank line before the marker: end the sentence here and
				// keep the marker for the next one.
				r.pendDoc, r.pendLine, r.pendTight, r.marked = true, line, true, true
				r.fill(&s)
				return s, nil
			}
			if r.pendDoc {
				// Two markers in a row: an empty document.
				s.DocStart, s.DocLine, s.DocTightBefore = true, r.pendLine, r.pendTight
				s.Comments, r.comments = r.comments, nil
				r.pendLine, r.pendTight, r.marked = line, before, true
				return s, nil
			}
			r.pendDoc, r.pendLine, r.pendTight, r.marked = true, line, before, true
			continue
		}
		var tl tokenLine
		if n := len(fields); r.TokenColumn == 0 && r.TagColumn == -1 && n >= 2 &&
			fields[0].end > fields[0].start && fields[n-1].end > fields[n-1].start {
			tl.tok, tl.tag = fields[0], fields[n-1] // the usual layout, inline
		} else if tl, err = r.pick(fields); err != nil {
			return Sentence{}, err
		}
		if len(r.lines) == 0 {
			s.Line = r.line
			s.Comments, r.comments = r.comments, nil
			if r.pendDoc {
				s.DocStart, s.DocLine, r.pendDoc = true, r.pendLine, false
				s.DocTightBefore, s.DocTightAfter = r.pendTight, r.pendAfter
			}
		}
		// Move the line into the sentence's block, which a file without
		// blank lines (or an endless one) must not grow without bound.
		if len(r.block)+len(b) > limits.MaxSentence {
			return Sentence{}, r.errorf(0, fmt.Errorf("%w: no blank line since line %d (does a blank line end each sentence?)", limits.ErrLongSentence, s.Line))
		}
		base := len(r.block)
		r.block = append(r.block, b...)
		for i := range fields {
			fields[i].start += base
			fields[i].end += base
		}
		tl.tok.start, tl.tok.end = tl.tok.start+base, tl.tok.end+base
		if tl.tag.start >= 0 {
			tl.tag.start, tl.tag.end = tl.tag.start+base, tl.tag.end+base
		}
		tl.first, tl.n = first, len(fields)
		if r.keepAll < 0 && (len(fields) > 2 || r.TokenColumn != 0) {
			r.keepAll = len(r.lines)
		}
		r.lines = append(r.lines, tl)
	}
}

// TextLine is where one token line lies in the text ReadPlainText
// returns: the token is text[Start:Tab], the tag text[Tab+1:End], and
// the line break is at End.
type TextLine struct{ Start, Tab, End int }

// PlainText is a sentence as ReadPlainText reads it, in storage the
// caller reuses from sentence to sentence.
type PlainText struct {
	// Text is the sentence's lines (each token, a tab, the tag and "\n")
	// where they lie in the reader's buffer, and Lines where each lies
	// in Text: both valid, and not to be changed, until the next call of
	// a method of the reader.
	Text  []byte
	Lines []TextLine
	// Hash is the 64-bit FNV-1a hash (hash/fnv's New64a), continued
	// from the state ReadPlainText was given, of "\x00", the token, "\t"
	// and the tag of every line in turn: the bytes package perturb seeds
	// a sentence's random draws from. The scan that finds the lines
	// hashes them as it reads them: the hash's chain of multiplies, a
	// few cycles a byte that nothing overlaps when it runs alone, runs
	// beside the scan's own work.
	Hash uint64
}

// ReadPlainText reads the next sentence into p when it is one of plain
// lines buffered whole (see readPlain), without making its strings: for
// a program that writes each sentence back changed in a few bytes, the
// least reading can do. hashFrom is the state p.Hash continues from.
// PlainSentence makes of p the sentence ReadAppendText would have
// returned. ok is false, nothing having been read, when the next
// sentence is not plain, could not be taken whole, or its tags could be
// rewritten (see ReadAppendText): Read, ReadAppend or ReadAppendText
// read it then. An error is the error Read would return for the
// sentence (an invalid tag), and stops r as Read's errors do.
func (r *Reader) ReadPlainText(hashFrom uint64, p *PlainText) (ok bool, err error) {
	p.Text, p.Lines, p.Hash = nil, nil, 0
	if r.err != nil || r.Tags != nil && !r.checkOnly || r.repair != nil {
		return false, nil
	}
	r.plain, r.plainText = "", nil
	r.block, r.fields, r.lines, r.keepAll = r.block[:0], r.fields[:0], r.lines[:0], -1
	hash := hashFrom
	buf, start, end, ok, cut := r.scanPlain(&hash)
	if cut && r.r.Buffered() < r.r.Size() {
		// The sentence goes on past the bytes buffered: read more (the
		// buffer moves its unread bytes to its front first) and scan it
		// again, instead of leaving it to the line-by-line reader,
		// which makes its strings (one sentence in every buffer, 100
		// in 6.7 MB, and most of the page faults after start-up). One
		// more byte asks for one read: as much as the buffer holds from
		// a file, and no longer a wait than reading a line for a pipe.
		// When no byte came, the line-by-line reader reads the sentence
		// and meets the end of the input or the error there: readers
		// repeat io.EOF and their errors, which Peek took from the
		// buffer.
		if _, err := r.r.Peek(r.r.Buffered() + 1); err == nil {
			hash = hashFrom
			buf, start, end, ok, _ = r.scanPlain(&hash)
		}
	}
	if !ok {
		return false, nil
	}
	text := buf[start:end]
	s := Sentence{Line: r.line + start + 1}
	r.line += start + len(r.textLines) + 1
	r.sawLine, r.lastLF, r.lastBlank, r.lineBefore = true, true, true, false
	// The bytes stay in the buffer until the next read: Discard does not
	// move them.
	r.r.Discard(end + 1)
	r.plainText, r.plainLine = text, s.Line
	if r.Tags != nil && !plainIOB2(text, r.textLines) {
		// The tags are made strings only for the check to say what is
		// wrong: r.Tags is IOB2's checker here (checkOnly).
		s.Tags = make([]string, len(r.textLines))
		for i, l := range r.textLines {
			s.Tags[i] = string(text[l.Tab+1 : l.End])
		}
		s.Tokens = s.Tags // only their number matters to the check
		if err := checkTags(r.Tags, nil, r.File, &s, true); err != nil {
			r.err = err
			return false, err
		}
	}
	r.gotToken = true // as checkEmpty records a sentence with tokens
	p.Text, p.Lines, p.Hash = text, r.textLines, hash
	return true, nil
}

// PlainSentence returns the sentence ReadPlainText read last, as
// ReadAppendText would have returned it: its Tokens and Tags appended
// to strs (see ReadAppend), and its lines as a string. It must be
// called before any other method of r.
func (r *Reader) PlainSentence(strs []string) (Sentence, string, []string) {
	s := Sentence{Line: r.plainLine}
	r.linesOfText()
	own := r.block
	r.block = r.plainText
	r.strs, r.appending = strs, true
	text := r.fill(&s)
	strs, r.strs, r.appending = r.strs, nil, false
	r.block = own
	r.plainText = nil
	return s, text, strs
}

// linesOfText sets r.lines, the lines fill reads, from the lines
// scanPlain found.
func (r *Reader) linesOfText() {
	r.lines = r.lines[:0]
	for _, l := range r.textLines {
		r.lines = append(r.lines, tokenLine{tok: span{l.Start, l.Tab}, tag: span{l.Tab + 1, l.End}})
	}
}

// readPlain reads the next sentence into s, as the loop of read would,
// when the input holds it plain and buffered whole: optional blank
// lines ("\n"), then lines of a token and a tag separated by one tab,
// each ending in "\n", with no carriage return, no trailing space or
// tab, valid UTF-8, no document marker or comment, then a blank line.
// That is nearly every sentence of a tab-separated corpus, and each is
// then scanned once where it lies in the buffer, instead of line by
// line. It reports false, having read nothing, otherwise (and on the
// first token line of the input, which decides the layout): the loop
// then reads the sentence. The reference reader of the tests reads
// every input as the loop alone would. (A sentence in the buffer is
// far below limits.MaxSentence.)
func (r *Reader) readPlain(s *Sentence) bool {
	buf, start, pos, ok, _ := r.scanPlain(nil)
	if !ok {
		return false
	}
	r.linesOfText()
	s.Line = r.line + start + 1
	r.line += start + len(r.lines) + 1
	r.sawLine, r.lastLF, r.lastBlank, r.lineBefore = true, true, true, false
	own := r.block
	r.block = buf[start:pos]
	r.plain = r.fill(s) // copies the lines out of the buffer
	r.block = own
	r.r.Discard(pos + 1)
	return true
}

// scanPlain finds the next sentence when readPlain can take it: its
// lines, relative to their start, in r.textLines, and where they start and
// end (at the blank line after them) in the buffered input. It reports
// false otherwise, and cut true when the buffered input ended before
// the sentence did (with more buffered, it may be plain). buf is the
// buffered input, valid until the next read. With hash, it continues
// the FNV-1a hash *hash over the sentence as PlainText.Hash says.
func (r *Reader) scanPlain(hash *uint64) (buf []byte, start, pos int, ok, cut bool) {
	if r.layout.Delimiter != tab || r.Delimiter != tab || r.TokenColumn != 0 || r.TagColumn != -1 ||
		r.pendDoc || r.marked || len(r.comments) > 0 {
		return nil, 0, 0, false, false
	}
	buf, _ = r.r.Peek(r.r.Buffered())
	for start < len(buf) && buf[start] == '\n' {
		start++ // blank lines before the sentence
	}
	var h0 uint64
	if hash != nil {
		h0 = *hash * fnvPrime // the "\x00" before the first token
	}
	text := buf[start:]
	lines := r.textLines[:cap(r.textLines)]
	n, end, h, high, found := 0, 0, uint64(0), uint64(0), scanFull
	for found == scanFull {
		if n == len(lines) { // no room for another line: grow and scan again
			lines = make([]TextLine, max(64, 2*len(lines)))
		}
		n, end, h, high, found = scanLines(text, lines, h0, hash != nil)
	}
	lines = lines[:n]
	r.textLines = lines
	switch {
	case found == scanRefused || r.Comment != "" && r.commentIn(text, lines):
		return nil, 0, 0, false, false
	case found == scanCut:
		return nil, 0, 0, false, true // not buffered whole (or the last sentence, without its blank line)
	case n == 0 || high&0x8080808080808080 != 0 && !utf8.Valid(text[:end]):
		return nil, 0, 0, false, false
	}
	if hash != nil {
		*hash = h
	}
	return buf, start, start + end, true, false
}

// What scanLines found.
const (
	scanSentence = iota // lines, then a blank line
	scanRefused         // a line readPlain does not take
	scanCut             // the text ended before a blank line did
	scanFull            // more lines than it has room for
)

// scanLines puts in lines where each line of text lies (relative to the
// start of text), up to the first blank line, and returns how many
// there are and the index of the blank line (its "\n"), with found ==
// scanSentence. It reads eight bytes at a time, stopping at the control
// characters up to '\r' only: on a plain line, its tab and its line
// break. A line with any other, without a tab or with a second one,
// with an empty token or tag, a blank at its end or a document marker
// makes found scanRefused; scanCut says that text ended first,
// scanFull that lines has no room for another line. It also returns
// every byte of the sentence ORed together in high (any past ASCII?)
// and, with hashing, the FNV-1a hash h continued over the lines as
// PlainText.Hash says. It is a function of its arguments only, with no
// call on its way, so that the compiler keeps most of its state in
// registers.
func scanLines(text []byte, lines []TextLine, h uint64, hashing bool) (n, end int, _, high uint64, found int) {
	line, tab := 0, -1 // where the current line starts, and its tab
	for i := 0; i < len(text); i += 8 {
		x := wordAt(text, i)
		high |= x
		if hashing {
			// The whole word: bytes past the sentence's end are taken
			// back out at its end (unhashWord).
			y := newlinesZeroed(x)
			h = fnvHalf(fnvHalf(h, y), y>>32)
		}
		for m := controlBytes(x); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)>>3
			switch text[j] {
			case '\t':
				if tab >= 0 || j == line {
					return n, 0, 0, 0, scanRefused // a second tab, or no token
				}
				tab = j
			case '\n':
				if j == line {
					// The blank line that ends the sentence.
					if hashing {
						h = unhashWord(h, newlinesZeroed(wordAt(text, i)), j-i)
					}
					return n, j, h, high, scanSentence
				}
				if tab < 0 || tab == j-1 || text[j-1] == ' ' ||
					tab-line == len(docStartToken) && text[line] == '-' && string(text[line:tab]) == docStartToken {
					return n, 0, 0, 0, scanRefused // no tag, a blank at its end, or a document marker
				}
				if n == len(lines) {
					return n, 0, 0, 0, scanFull
				}
				lines[n] = TextLine{Start: line, Tab: tab, End: j}
				n++
				line, tab = j+1, -1
			default:
				return n, 0, 0, 0, scanRefused // a carriage return, ...
			}
		}
	}
	return n, 0, 0, 0, scanCut
}

// wordAt returns the eight bytes of text from i on as a little-endian
// number; past the end of text, the bytes are spaces (no control
// character).
func wordAt(text []byte, i int) uint64 {
	if i+8 <= len(text) {
		return binary.LittleEndian.Uint64(text[i : i+8])
	}
	return tailWord(text[i:])
}

// tailWord is wordAt for the last bytes of a text, fewer than eight:
// not inlined, so that the loop of its bytes leaves the registers of
// scanLines's loop to it.
//
//go:noinline
func tailWord(b []byte) uint64 {
	x := uint64(0x2020202020202020)
	for k, c := range b {
		x = x&^(0xff<<(8*k)) | uint64(c)<<(8*k)
	}
	return x
}

// unhashWord takes the bytes of y (eight, in memory order) from its k-th
// on back out of the FNV-1a hash h that went on over all eight, and
// then the zero byte before them (the line break before the blank line
// that ends a sentence, which is no "\x00" before a token): an FNV-1a
// step h' = (h ^ b) * fnvPrime is undone as h = h' * fnvInverse ^ b.
func unhashWord(h, y uint64, k int) uint64 {
	for b := 7; b >= k; b-- {
		h = h*fnvInverse ^ y>>(8*b)&0xff
	}
	return h * fnvInverse
}

// commentIn reports whether a line of text starts with r.Comment.
func (r *Reader) commentIn(text []byte, lines []TextLine) bool {
	for _, l := range lines {
		if bytes.HasPrefix(text[l.Start:l.End], []byte(r.Comment)) {
			return true
		}
	}
	return false
}

// plainIOB2 reports whether the tags of the lines in text are IOB2 as
// iob.Checker(iob.IOB2) accepts them without looking further (its
// validIOB2): every tag O, or B- or I- and a type, and every I-
// continuing an entity of its type. ReadPlainText makes the tags
// strings and checks them only when it reports false.
func plainIOB2(text []byte, lines []TextLine) bool {
	for k := range lines {
		tab, end := lines[k].Tab, lines[k].End
		if end-tab == 2 && text[tab+1] == 'O' {
			continue // most tags: here without a call
		}
		if !entityIOB2(text, lines, k) {
			return false
		}
	}
	return true
}

// entityIOB2 is plainIOB2's verdict on the tag of lines[k], not O: B-
// and a type, or I- and the type of the tag before, which plainIOB2
// found valid.
func entityIOB2(text []byte, lines []TextLine, k int) bool {
	l := lines[k]
	tag := text[l.Tab+1 : l.End]
	if len(tag) < 3 || tag[1] != '-' {
		return false
	}
	switch tag[0] {
	case 'B':
		return true
	case 'I':
		if k == 0 {
			return false
		}
		p := lines[k-1]
		before := text[p.Tab+1 : p.End]
		return len(before) >= 3 && before[0] != 'O' && string(before[2:]) == string(tag[2:])
	}
	return false
}

// controlBytes marks, in the top bit of each byte, the bytes of x up to
// '\r' (below 0x0E): adding 0x72 to a byte's low seven bits sets its top
// bit from 0x0E on, without a carry into the next byte.
func controlBytes(x uint64) uint64 {
	const low7, add, top = 0x7f7f7f7f7f7f7f7f, 0x7272727272727272, 0x8080808080808080
	return ^((x&low7 + add) | x) & top
}

// The 64-bit FNV-1a constants (hash/fnv).
const (
	fnvPrime = 1099511628211
	// fnvInverse is fnvPrime's inverse modulo 2^64 (fnvPrime is odd):
	// multiplying by it takes back the step of a zero byte.
	fnvInverse = 0xce965057aff6957b
)

// newlinesZeroed returns the eight bytes x with each line break made a
// zero byte, as PlainText.Hash hashes line breaks: a zero byte of
// x^"\n\n..." gets its top bit from the sum below (no carry crosses a
// byte, the low seven bits being at most 0x7f), which becomes the "\n"
// that the XOR takes out.
func newlinesZeroed(x uint64) uint64 {
	const ones, low7, top = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	y := x ^ '\n'*ones
	newlines := ^((y&low7 + low7) | y) & top
	return x ^ (newlines>>7)*'\n'
}

// fnvHalf continues the FNV-1a hash h over the low four bytes of x, in
// memory order (little-endian), four FNV-1a steps unrolled, small
// enough to be inlined (a call would make scanPlain keep its state in
// memory) where a whole word's eight steps are not.
func fnvHalf(h, x uint64) uint64 {
	h = (h ^ x&0xff) * fnvPrime
	h = (h ^ x>>8&0xff) * fnvPrime
	h = (h ^ x>>16&0xff) * fnvPrime
	return (h ^ x>>24&0xff) * fnvPrime
}

// fill sets the Tokens, Tags and (when some line has more than token
// and tag, or the token is not first) Fields of s from the lines read,
// and returns the text they are substrings of.
func (r *Reader) fill(s *Sentence) string {
	text := string(r.block)
	n := len(r.lines)
	var strs []string
	if r.appending {
		start := len(r.strs)
		r.strs = slices.Grow(r.strs, 2*n)[:start+2*n]
		strs = r.strs[start:]
	} else {
		strs = make([]string, 2*n)
	}
	s.Tokens, s.Tags = strs[:n:n], strs[n:2*n:2*n]
	for i, l := range r.lines {
		s.Tokens[i] = text[l.tok.start:l.tok.end]
		if l.tag.start < 0 {
			s.Tags[i] = "O"
		} else {
			s.Tags[i] = text[l.tag.start:l.tag.end]
		}
	}
	if r.keepAll < 0 {
		return text
	}
	// Lines before the first with extra columns had token and tag only.
	total := 2 * r.keepAll
	for _, l := range r.lines[r.keepAll:] {
		total += l.n
	}
	all := make([]string, 0, total)
	s.Fields = make([][]string, n)
	for i, l := range r.lines {
		start := len(all)
		if i < r.keepAll {
			all = append(all, s.Tokens[i], s.Tags[i])
		} else {
			for _, f := range r.fields[l.first : l.first+l.n] {
				all = append(all, text[f.start:f.end])
			}
		}
		s.Fields[i] = all[start:len(all):len(all)]
	}
	return text
}

// trimBlanksRight drops trailing spaces, tabs and carriage returns.
func trimBlanksRight(b []byte) []byte {
	n := len(b)
	for n > 0 && (b[n-1] == ' ' || b[n-1] == '\t' || b[n-1] == '\r') {
		n--
	}
	return b[:n]
}

// finish records how the input ended.
func (r *Reader) finish() {
	if r.sawLine && !r.lastLF {
		r.layout.NoFinalNewline = true
	}
	if r.sawLine && !r.lastBlank {
		r.layout.NoFinalBlank = true
	}
}

// split appends the fields of line to dst: with tab every tab separates
// (empty fields included), with Space runs of spaces and tabs do.
func (r *Reader) split(dst []span, line []byte) []span {
	if r.Delimiter == tab {
		// A byte loop: fields are a few bytes long, shorter than what
		// bytes.IndexByte needs to pay for its call.
		start := 0
		for i, c := range line {
			if c == '\t' {
				dst = append(dst, span{start, i})
				start = i + 1
			}
		}
		return append(dst, span{start, len(line)})
	}
	return splitBlanks(dst, line)
}

// splitBlanks splits on runs of spaces and tabs only: unlike
// strings.Fields it keeps other Unicode spaces (such as U+00A0) inside
// tokens, where corpora do have them.
func splitBlanks(dst []span, line []byte) []span {
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if j > i {
			dst = append(dst, span{i, j})
		}
		i = j
	}
	return dst
}

// pick finds the token and tag among the fields of a line.
func (r *Reader) pick(fields []span) (tokenLine, error) {
	var tl tokenLine
	if r.TokenColumn < 0 {
		return tl, r.errorf(0, fmt.Errorf("%w: token column %d", ErrFieldCount, r.TokenColumn+1))
	}
	tc := r.TagColumn
	if tc < 0 {
		tc += len(fields)
	}
	if r.TokenColumn >= len(fields) {
		return tl, r.errorf(0, fmt.Errorf("%w: no token column %d in %d fields", ErrFieldCount, r.TokenColumn+1, len(fields)))
	}
	tl.tok = fields[r.TokenColumn]
	if tc == r.TokenColumn || tc < 0 || tc >= len(fields) {
		if !r.TagOptional {
			return tl, r.errorf(0, fmt.Errorf("%w: missing tag column (line has %d field(s))", ErrFieldCount, len(fields)))
		}
		tl.tag = span{-1, -1}
	} else {
		tl.tag = fields[tc]
	}
	if tl.tok.start == tl.tok.end || tl.tag.start == tl.tag.end && tl.tag.start >= 0 {
		return tl, r.errorf(0, ErrEmptyToken)
	}
	return tl, nil
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func fileName(f string) string {
	if f == "" {
		return "-"
	}
	return f
}
