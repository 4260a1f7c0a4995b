package conll

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// JSONReader reads sentences from JSON Lines in the shape of Hugging Face
// datasets: one object per line with a list of tokens and a list of tags,
// e.g. {"id": "0", "tokens": ["Aspirin", "helps"], "ner_tags": ["B-Chemical", "O"]}.
// Tags may be strings, or integers indexing Labels. Other keys are ignored.
// Blank lines are skipped.
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
		err = checkTags(r.Tags, r.File, &s, false)
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
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(b, &rec); err != nil {
			return Sentence{}, r.errorf("%v", err)
		}
		var s Sentence
		s.Line = r.line
		rawTok, ok := rec[r.TokensKey]
		if !ok {
			return Sentence{}, r.errorf("no %q key", r.TokensKey)
		}
		if err := json.Unmarshal(rawTok, &s.Tokens); err != nil {
			return Sentence{}, r.errorf("%q: %v", r.TokensKey, err)
		}
		rawTags, ok := rec[r.TagsKey]
		if !ok {
			return Sentence{}, r.errorf("no %q key", r.TagsKey)
		}
		tags, err := r.tags(rawTags)
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
		return s, nil
	}
}

func (r *JSONReader) tags(raw json.RawMessage) ([]string, error) {
	var strs []string
	if err := json.Unmarshal(raw, &strs); err == nil {
		return strs, nil
	}
	var ids []int
	if err := json.Unmarshal(raw, &ids); err != nil {
		return nil, r.errorf("%q must be a list of strings or of integers", r.TagsKey)
	}
	if r.Labels == nil {
		return nil, &ParseError{File: r.File, Line: r.line, Err: fmt.Errorf("%w: %w", ErrJSON, ErrNoLabels)}
	}
	if r.layout.Labels == nil {
		r.layout.Labels = &LabelList{Names: r.Labels}
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		if id < 0 || id >= len(r.Labels) {
			return nil, r.errorf("tag %d outside the %d labels", id, len(r.Labels))
		}
		out[i] = r.Labels[id]
	}
	return out, nil
}

// Layout returns what a writer needs to write sentences as they were
// read: the label list, once integer tags have been read.
func (r *JSONReader) Layout() Layout { return r.layout }

// JSONWriter writes sentences as JSON Lines: {"id": "N", "tokens": [...],
// "ner_tags": [...]}. With Labels set, tags are written as integer indexes
// into Labels (a tag missing from Labels is an error).
type JSONWriter struct {
	Labels []string

	w     *bufio.Writer
	index map[string]int
	n     int
	err   error
}

// NewJSONWriter returns a JSONWriter writing to w.
func NewJSONWriter(w io.Writer) *JSONWriter {
	return &JSONWriter{w: bufio.NewWriter(w)}
}

type jsonRecord struct {
	ID      string   `json:"id"`
	Tokens  []string `json:"tokens"`
	NERTags any      `json:"ner_tags"`
}

// Write writes one sentence as one line.
func (w *JSONWriter) Write(s Sentence) error {
	if w.err != nil {
		return w.err
	}
	if len(s.Tokens) != len(s.Tags) {
		return fmt.Errorf("conll: sentence has %d tokens but %d tags", len(s.Tokens), len(s.Tags))
	}
	rec := jsonRecord{ID: strconv.Itoa(w.n), Tokens: s.Tokens, NERTags: s.Tags}
	if rec.Tokens == nil {
		rec.Tokens = []string{}
		rec.NERTags = []string{}
	}
	if w.Labels != nil {
		if w.index == nil {
			w.index = make(map[string]int, len(w.Labels))
			for i, l := range w.Labels {
				w.index[l] = i
			}
		}
		ids := make([]int, len(s.Tags))
		for i, t := range s.Tags {
			id, ok := w.index[t]
			if !ok {
				return errors.New("conll: tag " + strconv.Quote(t) + " is not in the label list")
			}
			ids[i] = id
		}
		rec.NERTags = ids
	}
	b, err := json.Marshal(rec)
	if err != nil {
		w.err = err
		return err
	}
	w.n++
	w.w.Write(b)
	if _, err := w.w.Write([]byte{'\n'}); err != nil {
		w.err = err
	}
	return w.err
}

// Flush writes any buffered data.
func (w *JSONWriter) Flush() {
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// Error reports any error from a previous Write or Flush.
func (w *JSONWriter) Error() error { return w.err }
