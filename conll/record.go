package conll

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// docStartKey is the key of a JSON Lines record that carries a CoNLL
// document marker: {"docstart": "-DOCSTART-\tO", "tokens": [...], ...}
// is the first sentence of a document, and the value is the marker line
// as the CoNLL file had it, so that CoNLL -> JSON Lines -> CoNLL gives
// the same bytes. A record whose "docstart" is not a string starting
// with -DOCSTART- is read as any other field.
const docStartKey = "docstart"

// columnKeyPrefix names the per-token lists that hold the other columns
// of a CoNLL line in JSON Lines: column_2 for the second column.
const columnKeyPrefix = "column_"

// Record is what a JSON Lines record holds besides its tokens and tags,
// kept so that writers write every field back: all its keys in input
// order, per-record values verbatim, and per-token lists (any list as
// long as the tokens, such as pos_tags) element by element, which
// Realign carries over when a perturbation changes the tokens. A Record
// is shared by the copies of a sentence: treat it as read-only.
type Record struct {
	// Fields are the record's keys in input order, the tokens and tags
	// keys (and docStartKey) included as placeholders: their values are
	// the sentence's.
	Fields []RecordField
	// TokensKey and TagsKey name the tokens and tags lists.
	TokensKey, TagsKey string
	// Labels is the label list the tags were integer indexes into, nil
	// when they were strings: writers write integers again.
	Labels *LabelList
}

// RecordField is one key of a record. At most one of Value and List is
// set; neither for the placeholders of tokens, tags and document marker.
type RecordField struct {
	Key string
	// Value is a per-record value, verbatim.
	Value json.RawMessage
	// List holds the elements of a per-token list, verbatim.
	List []json.RawMessage
}

// hasLists reports whether r has a per-token list.
func (r *Record) hasLists() bool {
	if r == nil {
		return false
	}
	for _, f := range r.Fields {
		if f.List != nil {
			return true
		}
	}
	return false
}

// has reports whether r has a placeholder for key (see Fields).
func (r *Record) has(key string) bool {
	for _, f := range r.Fields {
		if f.Key == key && f.Value == nil && f.List == nil {
			return true
		}
	}
	return false
}

// rows returns the CoNLL lines of s, a sentence with r as its Record:
// the token, the values of every per-token list in key order (a null
// is no column), the tag.
func (r *Record) rows(s Sentence) [][]string {
	rows := make([][]string, len(s.Tokens))
	for i, tok := range s.Tokens {
		row := []string{tok}
		for _, f := range r.Fields {
			if f.List != nil && i < len(f.List) {
				if v, ok := columnValue(f.List[i]); ok {
					row = append(row, v)
				}
			}
		}
		rows[i] = append(row, s.Tags[i])
	}
	return rows
}

// clone returns a copy of r whose lists can be changed.
func (r *Record) clone() *Record {
	if r == nil {
		return nil
	}
	c := *r
	c.Fields = append([]RecordField(nil), r.Fields...)
	for i, f := range c.Fields {
		if f.List != nil {
			c.Fields[i].List = append([]json.RawMessage(nil), f.List...)
		}
	}
	return &c
}

// objectKeys returns the keys of the JSON object b (valid JSON, already
// decoded) in order, each once, and the first key given twice (twice
// is false when none is).
func objectKeys(b []byte) (keys []string, dup string, twice bool) {
	seen := map[string]bool{}
	depth, inString, escaped := 0, false, false
	start := -1
	for i, c := range b {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				if depth == 1 && start >= 0 {
					// A key if a colon follows.
					j := i + 1
					for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
						j++
					}
					if j < len(b) && b[j] == ':' {
						var k string
						if json.Unmarshal(b[start:i+1], &k) == nil {
							if !seen[k] {
								seen[k] = true
								keys = append(keys, k)
							} else if !twice {
								dup, twice = k, true
							}
						}
					}
				}
				start = -1
			}
			continue
		}
		switch c {
		case '"':
			inString, start = true, i
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return keys, dup, twice
}

// docStartValue returns the marker line a "docstart" value holds, and
// whether it is one.
func docStartValue(raw json.RawMessage) (string, bool) {
	var line string
	if json.Unmarshal(raw, &line) != nil {
		return "", false
	}
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != docStartToken {
		return "", false
	}
	return line, true
}

// columnValue is the text of a JSON value in a CoNLL column: a string's
// text, any other value's JSON; false (no column on this line) for null.
func columnValue(v json.RawMessage) (string, bool) {
	if len(v) > 0 && v[0] == '"' {
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s, true
		}
	}
	if string(v) == "null" {
		return "", false
	}
	var buf bytes.Buffer
	if json.Compact(&buf, v) == nil {
		return buf.String(), true
	}
	return string(v), true
}

// appendJSONString appends s as a JSON string, as encoding/json writes
// it.
func appendJSONString(dst []byte, s string) []byte {
	b, _ := json.Marshal(s)
	return append(dst, b...)
}

// appendCompact appends v without insignificant space (verbatim when it
// has none).
func appendCompact(dst []byte, v json.RawMessage) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, v) != nil {
		return append(dst, v...)
	}
	return append(dst, buf.Bytes()...)
}

// columnKey is the JSON Lines key of CoNLL column col (0-based).
func columnKey(col int) string { return columnKeyPrefix + strconv.Itoa(col+1) }

// value returns the per-record value of key, verbatim.
func (r *Record) value(key string) (json.RawMessage, bool) {
	if r == nil {
		return nil, false
	}
	for _, f := range r.Fields {
		if f.Key == key && f.Value != nil {
			return f.Value, true
		}
	}
	return nil, false
}
