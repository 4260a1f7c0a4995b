package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/internal/textutil"
)

// markdownRenderer writes GitHub-flavoured Markdown: the title as a
// heading, sections as second-level headings (bold paragraphs in a
// document without a title).
type markdownRenderer struct {
	b       *bytes.Buffer
	titled  bool
	started bool
}

func renderMarkdown(b *bytes.Buffer, d *Document) error {
	r := &markdownRenderer{b: b, titled: d.Title != ""}
	if d.Title != "" {
		fmt.Fprintf(b, "# %s\n\n", textutil.MarkdownText(d.Title))
		r.started = true
	}
	for _, l := range d.Lines {
		fmt.Fprintf(b, "%s\n\n", textutil.MarkdownText(l))
		r.started = true
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
	return nil
}

// heading starts a section after a blank line (unless it is the first
// thing written).
func (r *markdownRenderer) heading(title string) {
	if r.started {
		r.b.WriteString("\n")
	}
	r.started = true
	if r.titled {
		fmt.Fprintf(r.b, "## %s\n\n", textutil.MarkdownText(title))
	} else {
		fmt.Fprintf(r.b, "**%s**\n\n", textutil.MarkdownText(title))
	}
}

func (r *markdownRenderer) table(t *Table) {
	r.heading(t.Title)
	if t.Note != "" {
		fmt.Fprintf(r.b, "%s\n\n", textutil.MarkdownText(t.Note))
	}
	r.b.WriteString(textutil.MarkdownRow(t.Header) + "|")
	for i := range t.Header {
		if t.Right[i] {
			r.b.WriteString("---:|")
		} else {
			r.b.WriteString("---|")
		}
	}
	r.b.WriteString("\n")
	for _, row := range grouped(t) {
		r.b.WriteString(textutil.MarkdownRow(row))
	}
}

// examples are fenced blocks of the text lines under a heading each.
func (r *markdownRenderer) examples(e *Examples) {
	r.heading(e.Title)
	fmt.Fprintf(r.b, "%s\n\n", textutil.MarkdownText(e.Note+" "+textMarkingNote))
	for _, ex := range e.Items {
		lines := textExampleLines(ex)
		body := strings.Join(lines[1:], "\n")
		fence := "```"
		for strings.Contains(body, fence) {
			fence += "`"
		}
		fmt.Fprintf(r.b, "### %s\n\n%stext\n%s\n%s\n\n", textutil.MarkdownText(lines[0]), fence, body, fence)
	}
}

// charts: drawn in HTML only; the tables carry their figures.
func (r *markdownRenderer) charts(*Charts) {}

func (r *markdownRenderer) heatMaps(h *HeatMaps) { r.table(&h.Table) }

// glossary: in HTML only; the tables carry notes.
func (r *markdownRenderer) glossary(*Glossary) {}

// details are a heading and the sections under it.
func (r *markdownRenderer) details(d *Details) {
	r.heading(d.Title)
	if d.Note != "" {
		fmt.Fprintf(r.b, "%s\n\n", textutil.MarkdownText(d.Note))
	}
	for _, l := range d.Lines {
		fmt.Fprintf(r.b, "%s\n\n", textutil.MarkdownText(l))
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
}
