// Package jsonenc encodes the JSON files and reports stress writes, all
// in one style: two-space indentation, a final newline, and no HTML
// escaping, so that "<", ">" and "&" in tags or paths stay readable.
// Map keys are sorted by encoding/json, so the same value always gives
// the same bytes.
package jsonenc

import (
	"bytes"
	"encoding/json"
	"io"
)

// Marshal returns v encoded as indented JSON with a final newline.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := Encode(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Encode writes v to w as indented JSON with a final newline.
func Encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
