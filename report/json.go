package report

import (
	"bytes"
	"encoding/json"
)

// renderJSON writes d.JSON indented by two spaces.
func renderJSON(b *bytes.Buffer, d *Document) error {
	if d.JSON == nil {
		return ErrNoData
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(d.EscapeHTML)
	return enc.Encode(d.JSON)
}
