package review

import (
	_ "embed"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"
)

// pageText is the judging page: markup, style and script in one file,
// which WriteHTML fills with the items (fillPage). Its script has no
// comments: html/template, which filled it before, removed them, and the
// page has stayed byte for byte what it was. load's empty catch is a
// broken entry of localStorage: the judging starts afresh.
//
//go:embed page.html
var pageText string

// The page's fields, filled by fillPage.
const (
	fieldID   = "{{.ID}}"   // the sample's id, in text (twice)
	fieldN    = "{{.N}}"    // the number of items, in an attribute
	fieldData = "{{.Data}}" // the items as JSON, in a script element
)

// fillPage returns the page with its fields filled: the id escaped as
// html/template escapes text, the data as it is (JSON that
// encoding/json has made safe in a script element). Three fields need
// no template engine, and html/template's initialisation compiles two
// case-insensitive patterns in every command of the program, page or no
// page (issue 34). TestFillPageAsTemplate renders the page with
// html/template too and compares.
func fillPage(id string, n int, data []byte) string {
	return strings.NewReplacer(fieldID, htmlText.Replace(id), fieldN, strconv.Itoa(n), fieldData, string(data)).Replace(pageText)
}

// htmlText escapes text as html/template does in text, titles and
// quoted attributes (its htmlReplacementTable).
var htmlText = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// pageItem is an item as the page's script reads it.
type pageItem struct {
	ID     string   `json:"id"`
	O      []string `json:"o"`
	OS     int      `json:"os"`
	OE     int      `json:"oe"`
	P      []string `json:"p"`
	PS     int      `json:"ps"`
	PE     int      `json:"pe"`
	Labels int      `json:"l"` // index in pageData.Labels
}

type pageData struct {
	ID       string            `json:"id"`
	Labels   [][]string        `json:"labels"`
	Meanings map[string]string `json:"meanings,omitempty"` // by label, for labels with a known meaning
	Items    []pageItem        `json:"items"`
}

// WriteHTML writes the judging page: one self-contained HTML file,
// usable offline, showing one item at a time with its labels bound to
// the keys 1 to 9 and what each means (its meaning under the buttons
// and as their tooltip), back and forward, progress, judgements kept in the
// browser's localStorage under the sample's id (so that two samples
// never mix) and exported as a TSV file (columns item, label, note)
// that Score reads. Like the TSV items, it shows nothing of an item's
// kind or source.
func (s *Sample) WriteHTML(w io.Writer) error {
	d := pageData{ID: s.ID}
	for _, it := range s.Items {
		l := slices.IndexFunc(d.Labels, func(ls []string) bool { return slices.Equal(ls, it.Labels) })
		if l < 0 {
			l = len(d.Labels)
			d.Labels = append(d.Labels, it.Labels)
		}
		d.Items = append(d.Items, pageItem{ID: it.ID, O: it.Original.Tokens, OS: it.Original.Start, OE: it.Original.End,
			P: it.Perturbed.Tokens, PS: it.Perturbed.Start, PE: it.Perturbed.End, Labels: l})
	}
	if labels, texts := meanings(d.Labels); len(labels) > 0 {
		d.Meanings = make(map[string]string, len(labels))
		for i, lb := range labels {
			d.Meanings[lb] = texts[i]
		}
	}
	// encoding/json escapes <, > and & inside strings, so no token can
	// end the script element.
	data, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, fillPage(s.ID, len(s.Items), data))
	return err
}
