package report

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestEveryFormatHasARenderer(t *testing.T) {
	for f := range numFormats {
		e := formats[f]
		if e.render == nil || len(e.names) == 0 {
			t.Errorf("format %d has no renderer or no name: add its line to the table in format.go", int(f))
			continue
		}
		if !e.fileOnly {
			if got, err := Parse(e.names[0]); err != nil || got != f {
				t.Errorf("Parse(%q) = %v, %v; want %v", e.names[0], got, err, f)
			}
		}
		if f.String() != e.names[0] {
			t.Errorf("Format(%d).String() = %q", int(f), f.String())
		}
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Format{"text": Text, "TXT": Text, "table": Text, "markdown": Markdown, "md": Markdown, "JSON": JSON, "csv": CSV} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"tsv", "yaml", "html", ""} {
		_, err := Parse(in)
		if !errors.Is(err, ErrUnknownFormat) || err.Error() != `unknown format "`+in+`" (want text, markdown, json or csv)` {
			t.Errorf("Parse(%q) error = %v", in, err)
		}
	}
	if Choices() != "text, markdown, json or csv" {
		t.Errorf("Choices() = %q", Choices())
	}
}

// everySection holds one Section of every kind, each titled with its
// kind's name so that the test can find it in every format.
func everySection() []Section {
	table := Table{ID: "t", Title: "table-section", Header: []string{"a", "b"}, Rows: [][]string{{"x", "1"}}, Right: []bool{false, true}}
	heat := table
	heat.Title = "heatmaps-section"
	return []Section{
		&table,
		&Examples{ID: "e", Title: "examples-section", Note: "Chosen.", Items: []Example{{Where: "K, sentence 1", Rows: []ExampleRow{
			{Label: "gold", Tokens: []string{"aspirin", "hurts"}, Mentions: []Mention{{0, 1, "Chemical"}}, Changed: []bool{false, true}}}}}},
		&Charts{ID: "c", Title: "charts-section", Series: []string{"s"}, Bars: []BarChart{{Class: "f1", Caption: "F1", YLabel: "F1",
			Groups: []BarGroup{{Name: "O"}}, Bars: []Bar{{Value: 50, Title: "s on O: 50.00"}}}}},
		&HeatMaps{Table: heat, Summary: "heatmaps-section", Rows: []string{"s"}, Cols: []string{"O"}, Labels: []string{"B", "O"},
			Maps: [][]*HeatMap{{{Counts: [][]int{{1, 0}, {0, 1}}, Shares: [][]float64{{1, 0}, {0, 1}}}}}},
		&Glossary{ID: "g", Title: "glossary-section", Terms: [][2]string{{"F1", "span F1"}}},
		&Details{ID: "d", Title: "details-section", Sections: []Section{&Table{Title: "inner", Header: []string{"a"}, Rows: [][]string{{"x"}}, Right: []bool{false}}}},
	}
}

// htmlOnly are the sections the text formats leave out on purpose
// (their figures are in the tables, their notes under the tables).
var htmlOnly = map[string]bool{"charts-section": true, "glossary-section": true}

// TestEveryRendererShowsEverySection renders a document holding every
// kind of section in every document format and looks for each
// section's title; the data formats (JSON, CSV) write the document's
// value and rows.
func TestEveryRendererShowsEverySection(t *testing.T) {
	sections := everySection()
	if n := reflect.TypeFor[sectionRenderer]().NumMethod(); len(sections) != n {
		t.Fatalf("everySection has %d sections, sectionRenderer %d kinds: add the new kind to everySection", len(sections), n)
	}
	d := &Document{Title: "A report", Lines: []string{"Made by a test."}, Sections: sections,
		JSON: map[string]int{"n": 1}, CSV: [][]string{{"n"}, {"1"}}}
	for f := range numFormats {
		var b bytes.Buffer
		if err := Render(&b, f, d); err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		out := b.String()
		switch f {
		case JSON:
			if out != "{\n  \"n\": 1\n}\n" {
				t.Errorf("json = %q", out)
			}
			continue
		case CSV:
			if out != "n\n1\n" {
				t.Errorf("csv = %q", out)
			}
			continue
		}
		if !strings.Contains(out, "A report") || !strings.Contains(out, "Made by a test.") {
			t.Errorf("%v lacks the title or its lines:\n%s", f, out)
		}
		for _, s := range sections {
			title := sectionTitle(s)
			if htmlOnly[title] && f != HTML {
				if strings.Contains(out, title) {
					t.Errorf("%v shows %s, said to be HTML only", f, title)
				}
				continue
			}
			if !strings.Contains(out, title) {
				t.Errorf("%v does not show %s:\n%s", f, title, out)
			}
		}
	}
}

func sectionTitle(s Section) string {
	switch s := s.(type) {
	case *Table:
		return s.Title
	case *Examples:
		return s.Title
	case *Charts:
		return s.Title
	case *HeatMaps:
		return s.Summary
	case *Glossary:
		return s.Title
	}
	return ""
}

func TestDataFormatsNeedData(t *testing.T) {
	for _, f := range []Format{JSON, CSV} {
		if err := Render(&bytes.Buffer{}, f, &Document{Title: "x"}); !errors.Is(err, ErrNoData) {
			t.Errorf("%v of a document without data: %v", f, err)
		}
	}
	if err := Render(&bytes.Buffer{}, numFormats, &Document{}); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("render of an unknown format: %v", err)
	}
}

// A table in the text formats keeps names left and figures right, and
// writes a group's leading cells once.
func TestTableLayout(t *testing.T) {
	d := &Document{Sections: []Section{&Table{Title: "F1", Header: []string{"set", "system", "F1"},
		Rows: [][]string{{"O", "a", "85.10"}, {"O", "bb", "9.00"}}, Right: []bool{false, false, true}, Group: 1}}}
	var b bytes.Buffer
	if err := Render(&b, Text, d); err != nil {
		t.Fatal(err)
	}
	want := "F1\n  set  system     F1\n  O    a       85.10\n       bb       9.00\n"
	if b.String() != want {
		t.Errorf("text:\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	if err := Render(&b, Markdown, d); err != nil {
		t.Fatal(err)
	}
	want = "**F1**\n\n| set | system | F1 |\n|---|---|---:|\n| O | a | 85.10 |\n|  | bb | 9.00 |\n"
	if b.String() != want {
		t.Errorf("markdown:\n%q\nwant\n%q", b.String(), want)
	}
}

// TestTextFitsWidth: whatever the number of columns, the length of a
// cell or of a sentence, no line of the text format is wider than
// TextWidth, and nothing is lost: every cell and word is there.
func TestTextFitsWidth(t *testing.T) {
	header := []string{"set", "system"}
	right := []bool{false, false}
	row := []string{"keyboard", "words"}
	for i := range 25 { // a column per entity type of an 18-type corpus, and more
		header = append(header, fmt.Sprintf("Type_number_%02d", i))
		right = append(right, true)
		row = append(row, fmt.Sprintf("%d.25 [1.00, 2.00]", i))
	}
	long := strings.Repeat("option=value ", 30) + strings.Repeat("x", 300)
	d := &Document{Title: "A report " + strings.Repeat("with a long title ", 20),
		Lines: []string{"Command: stress run " + strings.Repeat("--flag value ", 40)},
		Sections: []Section{
			&Table{Title: "wide", Note: strings.Repeat("A note that goes on. ", 20), Header: header, Rows: [][]string{row, row}, Right: right},
			&Table{Title: "long cells", Header: []string{"kind", "options"}, Rows: [][]string{{"synonym", long}}, Right: []bool{false, false}},
			&Examples{Title: "examples", Items: []Example{{Where: "K, sentence 1", Rows: []ExampleRow{
				{Label: "gold", Tokens: strings.Fields(strings.Repeat("a rather long sentence of words ", 30))}}}}},
		}}
	var b bytes.Buffer
	if err := Render(&b, Text, d); err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(b.String(), "\n") {
		if n := len([]rune(l)); n > TextWidth {
			t.Errorf("line %d: %d characters: %q", i+1, n, l)
		}
	}
	flat := strings.Join(strings.Fields(b.String()), "")
	for _, want := range append(append(header, row...), strings.ReplaceAll(long, " ", "")) {
		if !strings.Contains(flat, strings.ReplaceAll(want, " ", "")) {
			t.Errorf("%q lost", want)
		}
	}
	// The key columns start every part of the split table.
	if n := strings.Count(b.String(), "keyboard"); n < 4 {
		t.Errorf("the key column is written %d times: the wide table was not split with its keys", n)
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		s      string
		width  int
		indent string
		want   []string
	}{
		{"short", 10, "  ", []string{"short"}},
		{"one two three four", 9, "  ", []string{"one two", "  three", "  four"}},
		{"  lead kept here", 10, "    ", []string{"  lead", "    kept", "    here"}},
		{"abcdefghijkl", 5, " ", []string{"abcde", " fghi", " jkl"}},
	} {
		if got := Wrap(tc.s, tc.width, tc.indent); !slices.Equal(got, tc.want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
}
