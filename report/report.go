// Package report is the one home of the tool's report formats. A report
// (a comparison, a run's summary, a robustness curve, a review's rates)
// is built once as a Document: its title, the sentences under it, and
// its sections (tables, examples, charts, heat maps, a glossary), plus
// the value its JSON form marshals and the rows of its CSV form. One
// renderer per Format, registered in one table (format.go), writes any
// Document; a test fails when a format has no renderer or a renderer
// does not show a section.
//
// Adding a section: a type with a renderTo method here, and a method on
// sectionRenderer that every document renderer (text, markdown, html)
// must then implement to compile. Adding a format: its renderer in a
// file of its own and one line of the table in format.go.
package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// Errors of rendering. ErrNoData: a Document without the JSON value or
// CSV rows that format needs; ErrUnknownFormat: a Format of no renderer.
var (
	ErrNoData        = errors.New("report has no data for this format")
	ErrUnknownFormat = errors.New("unknown format")
)

// Document is a report in the terms every format shares.
type Document struct {
	// Title names the report: its first line (text), its heading
	// (Markdown) and the page's title (HTML). Without one, the sections
	// are loose tables whose titles Markdown writes in bold.
	Title string
	// Lines are the sentences under the title (provenance, settings).
	Lines []string
	// Sections in reading order.
	Sections []Section
	// JSON is the value the JSON format writes (the report's own
	// struct); EscapeHTML escapes <, > and & in its strings (as
	// "\u003c"), as the comparison's JSON always has.
	JSON       any
	EscapeHTML bool
	// CSV are the rows of the CSV format, header first.
	CSV [][]string
	// Style is the style sheet of the HTML page (default: PageCSS).
	Style string
}

// A Section is one part of a Document: *Table, *Examples, *Charts,
// *HeatMaps, *Glossary or *Details.
type Section interface {
	renderTo(sectionRenderer)
}

// sectionRenderer is what a document format (text, Markdown, HTML)
// implements: one method per kind of Section, so that a new kind does
// not compile until every document format shows it.
type sectionRenderer interface {
	table(*Table)
	examples(*Examples)
	charts(*Charts)
	heatMaps(*HeatMaps)
	glossary(*Glossary)
	details(*Details)
}

// Table is a titled grid of cells.
type Table struct {
	ID     string // anchor in HTML
	Title  string
	Note   string // a sentence under the title: how to read the table
	Header []string
	Rows   [][]string
	// Right marks numeric columns (right-aligned).
	Right []bool
	// Group is the number of leading columns that describe a group of
	// consecutive rows (a set in the headline): written once per group.
	Group int
	// Keys is the number of leading columns that name a row, which the
	// text format repeats in every part of a table too wide for one
	// (default: Group, else the leading text columns).
	Keys int
	// NotMeasured marks the rows of sets not measured, greyed in HTML.
	NotMeasured map[int]bool
}

// Examples are sentences shown with their mentions and changed tokens
// marked, each format in its own way (text: "[aspirin]Chemical" and
// "*word*"; HTML: highlighted).
type Examples struct {
	ID, Title string
	// Note says how the examples were chosen; each format adds how it
	// marks mentions and changes.
	Note  string
	Items []Example
}

// Example is one sentence in several versions (gold, predictions).
type Example struct {
	Where string // where the sentence is: set, number, file and line
	Rows  []ExampleRow
}

// ExampleRow is one version of an Example's sentence.
type ExampleRow struct {
	Label    string // "gold on O", "words (wrong; right on O)"
	Tokens   []string
	Mentions []Mention
	// Changed marks the tokens a kind changed (nil: none marked).
	Changed []bool
	// Predicted rows are a system's predictions: the text formats mark
	// changed tokens on gold rows only.
	Predicted bool
	// Detail rows (a system's predictions on the original sentence)
	// are shown by the text formats only.
	Detail bool
}

// Mention is tokens [Start, End) of a sentence and their entity type.
type Mention struct {
	Start, End int
	Type       string
}

// Charts are bar charts under one heading, with the legend of their
// series (HTML only: the text formats carry the same figures in their
// tables).
type Charts struct {
	ID, Title string
	Series    []string // legend, in colour order
	Bars      []BarChart
}

// BarChart draws one bar per group and series, groups along the x axis.
type BarChart struct {
	Class, Caption, YLabel string
	Groups                 []BarGroup
	Bars                   []Bar
}

// BarGroup is one group of bars; Note labels it when it has none.
type BarGroup struct {
	Name, Note string
}

// Bar is one value of a BarChart, with its interval as a whisker when
// Whisker is set; Title is its tooltip.
type Bar struct {
	Group, Series int
	Value         float64
	Whisker       bool
	Low, High     float64
	Title         string
}

// HeatMaps show one small matrix per row and column (system and set)
// in HTML, behind a disclosure titled Summary; the text formats show
// Table instead.
type HeatMaps struct {
	Table   Table
	Summary string
	// Rows and Cols name the maps' rows and columns, Labels a map's
	// own rows and columns.
	Rows, Cols, Labels []string
	// Maps[row][col] is nil where there is no map.
	Maps [][]*HeatMap
	Note string // under the maps
}

// HeatMap is one matrix: counts and their shares (row-normalized).
type HeatMap struct {
	Counts [][]int
	Shares [][]float64
}

// Glossary explains terms (HTML only: the text formats carry notes).
type Glossary struct {
	ID, Title string
	Terms     [][2]string // term, definition
}

// Details are sections a reader opens when they want them (the inputs,
// systems and kinds a report was made from): a disclosure in HTML, a
// heading and the sections in the text formats.
type Details struct {
	ID, Title string
	// Note is a sentence under the title, Summary what the closed
	// disclosure says (default: Title); Lines are sentences before the
	// sections (who made the report, when, with which command).
	Note, Summary string
	Lines         []string
	Sections      []Section
}

func (t *Table) renderTo(r sectionRenderer)    { r.table(t) }
func (d *Details) renderTo(r sectionRenderer)  { r.details(d) }
func (e *Examples) renderTo(r sectionRenderer) { r.examples(e) }
func (c *Charts) renderTo(r sectionRenderer)   { r.charts(c) }
func (h *HeatMaps) renderTo(r sectionRenderer) { r.heatMaps(h) }
func (g *Glossary) renderTo(r sectionRenderer) { r.glossary(g) }

// Render writes d to w in format f, in one write: a failed render
// writes nothing.
func Render(w io.Writer, f Format, d *Document) error {
	var buf bytes.Buffer
	if err := render(&buf, f, d); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func render(buf *bytes.Buffer, f Format, d *Document) error {
	if f < 0 || int(f) >= len(formats) || formats[f].render == nil {
		return fmt.Errorf("%w %d", ErrUnknownFormat, int(f))
	}
	return formats[f].render(buf, d)
}

// WriteFile writes d in format f to path atomically (a temporary file
// put in place when complete). Unless replace is set (--force), a file
// at path, there already or appearing meanwhile, is not replaced: the
// error wraps atomicfile.ErrExists.
func WriteFile(path string, f Format, d *Document, replace bool) error {
	var buf bytes.Buffer
	if err := render(&buf, f, d); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), !replace); err != nil {
		return fmt.Errorf("write %s report: %w", formats[f].names[0], err)
	}
	return nil
}
