package conll

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// JSONReader reads sentences from JSON Lines in the shape of Hugging Face
// datasets: one object per line with a list of tokens and a list of tags,
// e.g. {"id": "0", "tokens": ["Aspirin", "helps"], "ner_tags": ["B-Chemical", "O"]}.
// Tags may be strings, or integers indexing Labels. Every other key is
// kept in the sentence's Record, in input order, for writers to write
// back (a list as long as the tokens, such as pos_tags, as a per-token
// list); a docStartKey holding a -DOCSTART- line marks the first
// sentence of a document. Blank lines are skipped.
type JSONReader struct {
	// File names the input in errors.
	File string
	// TokensKey and TagsKey name the two lists (default "tokens" and
	// "ner_tags").
	TokensKey, TagsKey string
	// Labels maps integer tags to tag strings (the dataset's ClassLabel
	// names). Integer tags without Labels are an error.
	Labels []string
	// Tags checks or converts the tags of each sentence (see Reader.Tags).
	Tags TagFunc

	repair *repairer // when set, instead of Tags (File.SetSchemeRepair)

	r      *bufio.Reader
	line   int
	layout Layout // Labels set once integer tags were read
	buf    []byte
	err    error
}

// NewJSONReader returns a JSONReader reading from r.
func NewJSONReader(r io.Reader) *JSONReader {
	return &JSONReader{TokensKey: "tokens", TagsKey: "ner_tags", r: bufio.NewReaderSize(r, 64<<10)}
}

func (r *JSONReader) errorf(format string, a ...any) error {
	return &ParseError{File: r.File, Line: r.line, Err: fmt.Errorf("%w: %s", ErrJSON, fmt.Sprintf(format, a...))}
}

// Read returns the next sentence, or io.EOF after the last one.
func (r *JSONReader) Read() (Sentence, error) {
	if r.err != nil {
		return Sentence{}, r.err
	}
	s, err := r.read()
	if err == nil {
		err = checkTags(r.Tags, r.repair, r.File, &s, false)
	}
	if err != nil {
		r.err = err
	}
	return s, err
}

func (r *JSONReader) read() (Sentence, error) {
	for {
		line, buf, err := limits.ReadLine(r.r, r.buf)
		r.buf = buf
		if err == limits.ErrLongLine {
			r.line++
			return Sentence{}, &ParseError{File: r.File, Line: r.line, Err: err}
		}
		if err != nil && err != io.EOF {
			return Sentence{}, err
		}
		if len(line) == 0 && err == io.EOF {
			return Sentence{}, io.EOF
		}
		r.line++
		b := bytes.TrimSpace(line)
		if r.line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		}
		if len(b) == 0 {
			continue
		}
		if !utf8.Valid(b) {
			return Sentence{}, &ParseError{File: r.File, Line: r.line, Column: 1 + utf8.RuneCount(b[:firstInvalid(b)]), Err: ErrInvalidUTF8}
		}
		if b[0] != '{' {
			return Sentence{}, r.errorf("a record is a JSON object ({...}), this line is not one")
		}
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(b, &rec); err != nil {
			return Sentence{}, r.errorf("%s", jsonMessage(err))
		}
		// encoding/json keeps the last of a key given twice: a record
		// whose "ner_tags" are two lists means two things.
		keys, dup, twice := objectKeys(b)
		if twice {
			return Sentence{}, r.errorf("key %q given twice", dup)
		}
		var s Sentence
		s.Line = r.line
		rawTok, ok := rec[r.TokensKey]
		if !ok {
			return Sentence{}, r.errorf("no %q key", r.TokensKey)
		}
		if err := json.Unmarshal(rawTok, &s.Tokens); err != nil {
			return Sentence{}, r.errorf("%q must be a list of strings", r.TokensKey)
		}
		rawTags, ok := rec[r.TagsKey]
		if !ok {
			return Sentence{}, r.errorf("no %q key", r.TagsKey)
		}
		tags, ints, err := r.tags(rawTags)
		if err != nil {
			return Sentence{}, err
		}
		s.Tags = tags
		if len(s.Tokens) != len(s.Tags) {
			return Sentence{}, r.errorf("%d tokens but %d tags", len(s.Tokens), len(s.Tags))
		}
		for i := range s.Tokens {
			if s.Tokens[i] == "" || s.Tags[i] == "" {
				return Sentence{}, &ParseError{File: r.File, Line: r.line, Err: fmt.Errorf("%w (token %d)", ErrEmptyToken, i+1)}
			}
		}
		s.Record = r.record(&s, keys, rec, ints)
		return s, nil
	}
}

// record returns the Record of sentence s, read from the record b
// (decoded into rec), and sets s's document marker from it.
func (r *JSONReader) record(s *Sentence, keys []string, rec map[string]json.RawMessage, ints bool) *Record {
	out := &Record{TokensKey: r.TokensKey, TagsKey: r.TagsKey}
	if ints {
		out.Labels = r.layout.Labels
	}
	out.Fields = make([]RecordField, 0, len(keys))
	for _, k := range keys {
		f := RecordField{Key: k}
		raw := rec[k]
		switch {
		case k == r.TokensKey || k == r.TagsKey:
		case k == docStartKey:
			if line, ok := docStartValue(raw); ok {
				s.DocStart, s.DocLine = true, line
			} else {
				f.Value = raw
			}
		case len(raw) > 0 && raw[0] == '[':
			var list []json.RawMessage
			if json.Unmarshal(raw, &list) == nil && len(list) == len(s.Tokens) {
				f.List = list
			} else {
				f.Value = raw
			}
		default:
			f.Value = raw
		}
		out.Fields = append(out.Fields, f)
	}
	return out
}

// tags returns the tags of a record, and whether they were integers.
func (r *JSONReader) tags(raw json.RawMessage) ([]string, bool, error) {
	var strs []string
	if err := json.Unmarshal(raw, &strs); err == nil {
		return strs, false, nil
	}
	var ids []int
	if err := json.Unmarshal(raw, &ids); err != nil {
		return nil, false, r.errorf("%q must be a list of strings or of integers", r.TagsKey)
	}
	if r.Labels == nil {
		return nil, false, &ParseError{File: r.File, Line: r.line, Err: fmt.Errorf("%w: %w", ErrJSON, ErrNoLabels)}
	}
	if r.layout.Labels == nil {
		r.layout.Labels = &LabelList{Names: r.Labels}
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		if id < 0 || id >= len(r.Labels) {
			return nil, false, r.errorf("tag %d outside the %d labels", id, len(r.Labels))
		}
		out[i] = r.Labels[id]
	}
	return out, true, nil
}

// Layout returns what a writer needs to write sentences as they were
// read: the label list, once integer tags have been read.
func (r *JSONReader) Layout() Layout { return r.layout }

// JSONWriter writes sentences as JSON Lines, one record per line.
//
// A sentence read from JSON Lines (with a Record) is written with every
// key of its record in input order: per-record values verbatim (id
// included), per-token lists as its Record has them (realigned by
// Realign when the tokens changed), the tokens and tags of the
// sentence, and its document marker. Its tags are integers when they
// were read as integers.
//
// Any other sentence is written {"id": "N", "tokens": [...],
// "ner_tags": [...]}, where N counts the records written, preceded by
// "docstart" (docStartKey) on the first sentence of a document, and
// with the other columns of its CoNLL lines (Fields, the token first and
// the tag last) as per-token lists named column_2, column_3, ... between
// tokens and tags (null where a line has no such column).
//
// With Labels set, tags are written as integer indexes into Labels
// whatever the input (a tag missing from Labels is an error).
type JSONWriter struct {
	Labels []string

	w       *bufio.Writer
	index   map[string]int
	rec     *LabelList     // the label list of recIdx
	recIdx  map[string]int // the index of a record's labels
	scratch []byte
	n       int
	err     error
}

// NewJSONWriter returns a JSONWriter writing to w.
func NewJSONWriter(w io.Writer) *JSONWriter {
	return &JSONWriter{w: bufio.NewWriter(w)}
}

// Write writes one sentence as one line.
func (w *JSONWriter) Write(s Sentence) error {
	if w.err != nil {
		return w.err
	}
	if len(s.Tokens) != len(s.Tags) {
		return fmt.Errorf("conll: sentence has %d tokens but %d tags", len(s.Tokens), len(s.Tags))
	}
	if err := s.CheckColumns(); err != nil {
		return fmt.Errorf("conll: %w", err)
	}
	tags, err := w.tagsJSON(s)
	if err != nil {
		return err
	}
	toks := s.Tokens
	if toks == nil {
		toks = []string{}
	}
	tokJSON, err := json.Marshal(toks)
	if err != nil {
		w.err = err
		return err
	}
	o := object{b: append(w.scratch[:0], '{')}
	docLine := s.DocLine
	if docLine == "" {
		docLine = docStartToken + "\tO"
	}
	if r := s.Record; r != nil {
		doc := !s.DocStart // the marker is written, or there is none
		docKey := r.has(docStartKey)
		for _, f := range r.Fields {
			switch {
			case f.Value != nil:
				o.key(f.Key)
				o.b = appendCompact(o.b, f.Value)
			case f.List != nil:
				o.key(f.Key)
				o.b = append(o.b, '[')
				for i, v := range f.List {
					if i > 0 {
						o.b = append(o.b, ',')
					}
					o.b = appendCompact(o.b, v)
				}
				o.b = append(o.b, ']')
			case f.Key == r.TokensKey:
				if !doc && !docKey {
					o.key(docStartKey)
					o.b, doc = appendJSONString(o.b, docLine), true
				}
				o.key(f.Key)
				o.b = append(o.b, tokJSON...)
			case f.Key == r.TagsKey:
				o.key(f.Key)
				o.b = append(o.b, tags...)
			case f.Key == docStartKey && !doc:
				o.key(f.Key)
				o.b, doc = appendJSONString(o.b, docLine), true
			}
		}
	} else {
		o.key("id")
		o.b = appendJSONString(o.b, strconv.Itoa(w.n))
		if s.DocStart {
			o.key(docStartKey)
			o.b = appendJSONString(o.b, docLine)
		}
		o.key("tokens")
		o.b = append(o.b, tokJSON...)
		o.columns(s.Fields)
		o.key("ner_tags")
		o.b = append(o.b, tags...)
	}
	b := o.b
	b = append(b, '}', '\n')
	w.scratch = b[:0]
	w.n++
	if _, err := w.w.Write(b); err != nil {
		w.err = err
	}
	return w.err
}

// object is a JSON object being written.
type object struct{ b []byte }

// key starts the member k.
func (o *object) key(k string) {
	if len(o.b) > 0 && o.b[len(o.b)-1] != '{' {
		o.b = append(o.b, ',')
	}
	o.b = appendJSONString(o.b, k)
	o.b = append(o.b, ':')
}

// columns writes the columns of CoNLL lines other than the first
// (token) and the last (tag) as per-token lists named by columnKey,
// null where a line has fewer columns.
func (o *object) columns(rows [][]string) {
	width := 0
	for _, row := range rows {
		width = max(width, len(row)-2)
	}
	for c := range width {
		o.key(columnKey(c + 1))
		o.b = append(o.b, '[')
		for i, row := range rows {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			if c+2 < len(row) {
				o.b = appendJSONString(o.b, row[c+1])
			} else {
				o.b = append(o.b, "null"...)
			}
		}
		o.b = append(o.b, ']')
	}
}

// tagsJSON returns the tags of s as a JSON list: integers with Labels, or
// when s was read with integer tags, strings otherwise.
func (w *JSONWriter) tagsJSON(s Sentence) ([]byte, error) {
	var index map[string]int
	switch {
	case w.Labels != nil:
		if w.index == nil {
			w.index = labelIndex(w.Labels)
		}
		index = w.index
	case s.Record != nil && s.Record.Labels != nil:
		if w.rec != s.Record.Labels {
			w.rec, w.recIdx = s.Record.Labels, labelIndex(s.Record.Labels.Names)
		}
		index = w.recIdx
	default:
		tags := s.Tags
		if tags == nil {
			tags = []string{}
		}
		return json.Marshal(tags)
	}
	b := []byte{'['}
	for i, t := range s.Tags {
		id, ok := index[t]
		if !ok {
			return nil, errors.New("conll: tag " + strconv.Quote(t) + " is not in the label list")
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(id), 10)
	}
	return append(b, ']'), nil
}

func labelIndex(labels []string) map[string]int {
	m := make(map[string]int, len(labels))
	for i, l := range labels {
		m[l] = i
	}
	return m
}

// Flush writes any buffered data.
func (w *JSONWriter) Flush() {
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// Error reports any error from a previous Write or Flush.
func (w *JSONWriter) Error() error { return w.err }

// jsonMessage says what is wrong with a line that is not valid JSON,
// without encoding/json's Go types.
func jsonMessage(err error) string {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input"):
		return "invalid JSON: the record ends before its object is closed"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
