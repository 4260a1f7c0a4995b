package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
)

// textRenderer writes aligned plain text: the title and its lines, then
// each section after a blank line.
type textRenderer struct {
	b       *bytes.Buffer
	started bool // something was written: sections start with a blank line
}

func renderText(b *bytes.Buffer, d *Document) error {
	r := &textRenderer{b: b}
	if d.Title != "" {
		fmt.Fprintf(b, "%s\n", d.Title)
		r.started = true
	}
	for _, l := range d.Lines {
		fmt.Fprintf(b, "%s\n", l)
		r.started = true
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
	return nil
}

// heading starts a section: a blank line unless it is the first thing
// written, then its title.
func (r *textRenderer) heading(title string) {
	if r.started {
		r.b.WriteString("\n")
	}
	r.started = true
	fmt.Fprintf(r.b, "%s\n", title)
}

func (r *textRenderer) table(t *Table) {
	r.heading(t.Title)
	if t.Note != "" {
		fmt.Fprintf(r.b, "%s\n", t.Note)
	}
	rows := grouped(t)
	tw := tabwriter.NewWriter(r.b, 0, 0, 2, ' ', tabwriter.AlignRight)
	// tabwriter aligns all columns one way; pad text columns by
	// hand so names stay left-aligned.
	widths := make([]int, len(t.Header))
	for _, row := range append([][]string{t.Header}, rows...) {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range append([][]string{t.Header}, rows...) {
		for i, c := range row {
			if !t.Right[i] {
				c += strings.Repeat(" ", widths[i]-len([]rune(c)))
			}
			fmt.Fprintf(tw, "%s\t", c)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// textMarking writes the mentions in brackets followed by their type
// ("[aspirin]Chemical causes ulcers") and changed tokens between
// asterisks.
var textMarking = marking{escape: func(s string) string { return s }, open: "[",
	close: func(typ string) string { return "]" + typ }, changedOpen: "*", changedClose: "*"}

// textMarkingNote says how the text formats mark examples.
const textMarkingNote = "[text]Type is a mention; *word* a changed token."

// textExampleLines are an example as lines of text: where it is, then
// each row (predictions without changed tokens marked), indented.
func textExampleLines(ex Example) []string {
	lines := []string{ex.Where}
	for _, row := range ex.Rows {
		changed := row.Changed
		if row.Predicted {
			changed = nil
		}
		lines = append(lines, "  "+row.Label+": "+markTokens(row.Tokens, row.Mentions, changed, textMarking))
	}
	return lines
}

func (r *textRenderer) examples(e *Examples) {
	r.heading(e.Title)
	fmt.Fprintf(r.b, "%s\n", e.Note+" "+textMarkingNote)
	for _, ex := range e.Items {
		for _, l := range textExampleLines(ex) {
			fmt.Fprintf(r.b, "  %s\n", l)
		}
	}
}

// charts: drawn in HTML only; the tables carry their figures.
func (r *textRenderer) charts(*Charts) {}

func (r *textRenderer) heatMaps(h *HeatMaps) { r.table(&h.Table) }

// glossary: in HTML only; the text formats' tables carry notes.
func (r *textRenderer) glossary(*Glossary) {}

// grouped returns t's rows with the group columns blank where they
// repeat the row above.
func grouped(t *Table) [][]string {
	if t.Group == 0 {
		return t.Rows
	}
	out := make([][]string, len(t.Rows))
	for i, row := range t.Rows {
		out[i] = row
		if i > 0 && slices.Equal(row[:t.Group], t.Rows[i-1][:t.Group]) {
			out[i] = append(make([]string, t.Group), row[t.Group:]...)
		}
	}
	return out
}

// marking says how markTokens writes a sentence: each token through
// escape, changed tokens between changedOpen and changedClose, a
// mention opened by open and closed by close (given its type).
type marking struct {
	escape                    func(string) string
	open                      string
	close                     func(typ string) string
	changedOpen, changedClose string
}

// markTokens writes tokens with their mentions and changed tokens (when
// changed is not nil) marked as m says.
func markTokens(tokens []string, ms []Mention, changed []bool, m marking) string {
	var b strings.Builder
	for i, tok := range tokens {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, x := range ms {
			if x.Start == i {
				b.WriteString(m.open)
			}
		}
		tok = m.escape(tok)
		if i < len(changed) && changed[i] {
			tok = m.changedOpen + tok + m.changedClose
		}
		b.WriteString(tok)
		for _, x := range ms {
			if x.End == i+1 {
				b.WriteString(m.close(x.Type))
			}
		}
	}
	return b.String()
}
