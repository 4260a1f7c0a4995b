// Package reportformat names the output formats of the tool's reports
// (comparisons, reviews, runs), so that every package that writes a
// report parses and names them the same way without importing another
// report's package.
package reportformat

import (
	"fmt"
	"strings"
)

// Format is an output format of a report.
type Format int

// The formats.
const (
	Text     Format = iota // aligned terminal tables
	Markdown               // GitHub-flavoured Markdown tables
	JSON                   // the report as indented JSON
	CSV                    // one row per table line
)

// Parse returns the Format named s ("text", "markdown", "json", "csv",
// in any case; "txt", "table" and "md" too).
func Parse(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "text", "txt", "table":
		return Text, nil
	case "markdown", "md":
		return Markdown, nil
	case "json":
		return JSON, nil
	case "csv":
		return CSV, nil
	}
	return 0, fmt.Errorf("unknown format %q (want text, markdown, json or csv)", s)
}
