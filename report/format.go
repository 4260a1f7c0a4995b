package report

import (
	"bytes"
	"fmt"
	"strings"
)

// Format is an output format of a report.
type Format int

// The formats, in the order of the table below.
const (
	Text     Format = iota // aligned terminal tables
	Markdown               // GitHub-flavoured Markdown tables
	JSON                   // the report's value as indented JSON
	CSV                    // the report's rows
	HTML                   // one self-contained page (written to a file: --html)

	numFormats // keep last: the size of the table below
)

// formats is the one table of the formats: their names (the first is
// the name, the others are accepted too), their renderer, and whether
// they are written to a file only (--html), not offered by --format.
// A Format without a line here has no renderer, and
// TestEveryFormatHasARenderer fails.
var formats = [numFormats]struct {
	names    []string
	render   func(*bytes.Buffer, *Document) error
	fileOnly bool
}{
	Text:     {[]string{"text", "txt", "table"}, renderText, false},
	Markdown: {[]string{"markdown", "md"}, renderMarkdown, false},
	JSON:     {[]string{"json"}, renderJSON, false},
	CSV:      {[]string{"csv"}, renderCSV, false},
	HTML:     {[]string{"html"}, renderHTML, true},
}

// String returns the format's name.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formats) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formats[f].names[0]
}

// Parse returns the format of --format named s, in any case ("text",
// "markdown", "json", "csv"; "txt", "table" and "md" too). A format
// written to files only (html) is not one of them.
func Parse(s string) (Format, error) {
	lower := strings.ToLower(s)
	for f, e := range formats {
		if e.fileOnly {
			continue
		}
		for _, n := range e.names {
			if n == lower {
				return Format(f), nil
			}
		}
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrUnknownFormat, s, Choices())
}

// Choices lists the formats of --format in words: "text, markdown,
// json or csv".
func Choices() string {
	var names []string
	for _, e := range formats {
		if !e.fileOnly {
			names = append(names, e.names[0])
		}
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
