package report

import (
	"bytes"
	"encoding/csv"
)

// renderCSV writes d.CSV, header first.
func renderCSV(b *bytes.Buffer, d *Document) error {
	if d.CSV == nil {
		return ErrNoData
	}
	cw := csv.NewWriter(b)
	cw.WriteAll(d.CSV)
	return cw.Error()
}
