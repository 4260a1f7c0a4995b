package review

import (
	_ "embed"
	"encoding/json"
	"html/template"
	"io"
	"slices"
	"sync"
)

// pageText is the judging page: markup, style and script in one file,
// which WriteHTML fills with the items.
//
//go:embed page.html
var pageText string

// page is parsed on first use, not at package initialisation.
var page = sync.OnceValue(func() *template.Template { return template.Must(template.New("page").Parse(pageText)) })

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
	return page().Execute(w, struct {
		ID   string
		N    int
		Data template.JS
	}{s.ID, len(s.Items), template.JS(data)})
}
