package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// textRenderer writes aligned plain text: the title and its lines, then
// each section after a blank line.
type textRenderer struct {
	b       *bytes.Buffer
	started bool // something was written: sections start with a blank line
}

// The text format fits a terminal: no line is wider than TextWidth. A
// table wider than that is written as several tables, each with the
// table's key columns and as many of the others as fit; a cell longer
// than maxCell goes on over more lines; prose wraps at proseWidth.
const (
	TextWidth  = 160
	maxCell    = 64
	proseWidth = 100
)

func renderText(b *bytes.Buffer, d *Document) error {
	r := &textRenderer{b: b}
	if d.Title != "" {
		r.prose(d.Title, TextWidth)
		r.started = true
	}
	for _, l := range d.Lines {
		r.prose(l, TextWidth)
		r.started = true
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
	return nil
}

// prose writes s wrapped at width, continuation lines indented.
func (r *textRenderer) prose(s string, width int) {
	for _, l := range Wrap(s, width, "  ") {
		r.b.WriteString(l + "\n")
	}
}

// Wrap breaks s into lines of at most width characters at spaces (runs
// of spaces become one), the lines after the first starting with indent;
// s's own leading spaces stay; a word longer than a line is broken where
// the line ends.
func Wrap(s string, width int, indent string) []string {
	n := func(x string) int { return len([]rune(x)) }
	if n(s) <= width {
		return []string{s}
	}
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	var lines []string
	cur, empty := lead, true
	for _, w := range strings.Fields(s) {
		for {
			sep := " "
			if empty {
				sep = ""
			}
			if n(cur)+len(sep)+n(w) <= width {
				cur, empty = cur+sep+w, false
				break
			}
			if !empty {
				lines = append(lines, cur)
				cur, empty = indent, true
				continue
			}
			room := max(1, width-n(cur))
			rs := []rune(w)
			lines = append(lines, cur+string(rs[:room]))
			cur, w = indent, string(rs[room:])
		}
	}
	if !empty {
		lines = append(lines, cur)
	}
	return lines
}

// heading starts a section: a blank line unless it is the first thing
// written, then its title.
func (r *textRenderer) heading(title string) {
	if r.started {
		r.b.WriteString("\n")
	}
	r.started = true
	r.prose(title, TextWidth)
}

func (r *textRenderer) table(t *Table) {
	if t.Title != "" {
		r.heading(t.Title)
	} else if r.started {
		r.b.WriteString("\n")
	}
	r.started = true
	if t.Note != "" {
		r.prose(t.Note, proseWidth)
	}
	writeTextTable(r.b, t, TextWidth)
}

// tableIndent starts every line of a text table.
const tableIndent = "  "

// writeTextTable writes t aligned (text columns left, numbers right, two
// spaces between), in as many tables of columns as it takes to keep
// every line within width, each with the key columns (the group
// columns, else the leading text columns, as many as leave room for the
// others).
func writeTextTable(b *bytes.Buffer, t *Table, width int) {
	rows := append([][]string{t.Header}, grouped(t)...)
	keys := t.Keys
	if keys == 0 {
		keys = t.Group
	}
	if keys == 0 {
		for keys < len(t.Header) && !t.Right[keys] {
			keys++
		}
		keys = max(1, min(keys, len(t.Header)-1))
	}
	// Cells wrap at maxCell only when the table's lines would be too
	// wide with every cell on one line: a command or a path that fits
	// stays whole, to be copied.
	limit := 0
	natural := len(tableIndent) - 2
	for i := range t.Header {
		w := 0
		for _, row := range rows {
			w = max(w, len([]rune(row[i])))
		}
		natural += w + 2
	}
	// A table in parts repeats its first column: cells wrap only when
	// that column and the widest other do not fit together.
	firstW, otherW := 0, 0
	for i := range t.Header {
		w := 0
		for _, row := range rows {
			w = max(w, len([]rune(row[i])))
		}
		if i == 0 {
			firstW = w
		} else {
			otherW = max(otherW, w)
		}
	}
	if natural > width && len(tableIndent)+firstW+2+otherW > width {
		limit = maxCell
	}
	widths := make([]int, len(t.Header))
	for _, row := range rows {
		for i, c := range row {
			for _, l := range cellLines(c, limit) {
				widths[i] = max(widths[i], len([]rune(l)))
			}
		}
	}
	// Fewer keys when they leave no room for the widest other column.
	keyWidthOf := func(k int) int {
		w := len(tableIndent) - 2
		for i := range k {
			w += widths[i] + 2
		}
		return w
	}
	widest := 0
	for i := keys; i < len(widths); i++ {
		widest = max(widest, widths[i]+2)
	}
	for keys > 1 && keyWidthOf(keys)+widest > width {
		keys--
	}
	var chunks [][]int
	cur, used := []int{}, keyWidthOf(keys)
	keyWidth := used
	for i := keys; i < len(t.Header); i++ {
		if len(cur) > 0 && used+widths[i]+2 > width { // used is the line's width so far

			chunks = append(chunks, cur)
			cur, used = nil, keyWidth
		}
		cur = append(cur, i)
		used += widths[i] + 2
	}
	chunks = append(chunks, cur)
	for ci, chunk := range chunks {
		if ci > 0 {
			b.WriteString("\n")
		}
		cols := make([]int, 0, keys+len(chunk))
		for i := range keys {
			cols = append(cols, i)
		}
		cols = append(cols, chunk...)
		for _, row := range rows {
			cells := make([][]string, len(cols))
			height := 1
			for k, i := range cols {
				cells[k] = cellLines(row[i], limit)
				height = max(height, len(cells[k]))
			}
			for h := range height {
				var line strings.Builder
				line.WriteString(tableIndent)
				for k, i := range cols {
					c := ""
					if h < len(cells[k]) {
						c = cells[k][h]
					}
					pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
					if k > 0 {
						line.WriteString("  ")
					}
					if t.Right[i] {
						line.WriteString(pad + c)
					} else {
						line.WriteString(c + pad)
					}
				}
				b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
			}
		}
	}
}

// cellLines are the lines a cell takes: one, or the cell wrapped at
// limit (0: no limit).
func cellLines(c string, limit int) []string {
	if limit == 0 || len([]rune(c)) <= limit {
		return []string{c}
	}
	return Wrap(c, limit, " ")
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
	r.prose(e.Note+" "+textMarkingNote, proseWidth)
	for _, ex := range e.Items {
		for _, l := range textExampleLines(ex) {
			for _, w := range Wrap("  "+l, TextWidth, "        ") {
				fmt.Fprintf(r.b, "%s\n", w)
			}
		}
	}
}

// charts: drawn in HTML only; the tables carry their figures.
func (r *textRenderer) charts(*Charts) {}

func (r *textRenderer) heatMaps(h *HeatMaps) { r.table(&h.Table) }

// glossary: in HTML only; the text formats' tables carry notes.
func (r *textRenderer) glossary(*Glossary) {}

// details are a heading and the sections under it.
func (r *textRenderer) details(d *Details) {
	r.heading(d.Title)
	if d.Note != "" {
		r.prose(d.Note, proseWidth)
	}
	for _, l := range d.Lines {
		r.prose(l, TextWidth)
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
}

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
