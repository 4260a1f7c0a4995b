package review

import (
	"io"
	"os"
	"strconv"
	"strings"
)

// Judgement is one judge's label for one item.
type Judgement struct {
	Item  string
	Label string // as the item offers it
	Note  string
	Line  int // in the judgement file
}

// Judgements are the judgements of one judge: one file.
type Judgements struct {
	Judge string // the file as given
	List  []Judgement
}

// ReadJudgementsFile reads the judgement file at path (see
// ReadJudgements).
func ReadJudgementsFile(path string, key *Key) (*Judgements, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJudgements(f, path, key)
}

// ReadJudgements reads one judge's judgements of the items of key: TSV
// with a header row naming an "item" and a "label" column, and
// optionally "note" (other columns are ignored, so the items TSV filled
// in is a judgement file, as is the judging page's export). A label is
// one of the item's labels, in any case, or its number (1 for the
// first); a row without a label is an item not judged. Blank lines and
// lines starting with "#" are skipped; a spreadsheet's quotes around a
// cell and a byte-order mark are removed. An item not in the key, an
// item judged twice or a label the item does not offer is a
// *ParseError naming the file and line.
func ReadJudgements(r io.Reader, name string, key *Key) (*Judgements, error) {
	js := &Judgements{Judge: name}
	in := newLines(r, name, ErrJudgements)
	itemCol, labelCol, noteCol := -1, -1, -1
	seen := map[string]int{}
	for in.scan() {
		text := in.text
		if itemCol < 0 {
			if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
				continue
			}
			for i, h := range strings.Split(text, "\t") {
				col := &noteCol
				switch strings.ToLower(unquote(h)) {
				case "item":
					col = &itemCol
				case "label":
					col = &labelCol
				case "note":
				default:
					continue
				}
				if *col >= 0 {
					return nil, in.fail("column %q twice in the header", unquote(h))
				}
				*col = i
			}
			if itemCol < 0 || labelCol < 0 {
				return nil, in.fail("header %q has no \"item\" and \"label\" columns", clipText(text))
			}
			continue
		}
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		cell := func(i int) string {
			if i < 0 || i >= len(f) {
				return "" // spreadsheets drop empty cells at the end of a row
			}
			return strings.TrimSpace(unquote(f[i]))
		}
		item, label := cell(itemCol), cell(labelCol)
		if label == "" {
			continue // not judged
		}
		if item == "" {
			return nil, in.fail("label %q without an item", label)
		}
		row, ok := key.Row(item)
		if !ok {
			return nil, in.fail("item %q is not in the key %s (a judgement of another sample?)", item, key.File)
		}
		if prev, dup := seen[item]; dup {
			return nil, in.fail("item %q judged twice (first on line %d)", item, prev)
		}
		canon, ok := matchLabel(row.Labels, label)
		if !ok {
			return nil, in.fail("label %q is not one of item %s's labels (%s, or their numbers 1 to %d)",
				label, item, strings.Join(row.Labels, ", "), len(row.Labels))
		}
		seen[item] = in.line
		js.List = append(js.List, Judgement{Item: item, Label: canon, Note: cell(noteCol), Line: in.line})
	}
	if in.err != nil {
		return nil, in.err
	}
	if itemCol < 0 {
		return nil, in.fail("no header row (want columns item and label)")
	}
	return js, nil
}

// unquote removes the double quotes a spreadsheet may put around a cell
// ("a ""b""" is a "b").
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return s
}

// matchLabel finds label among labels, ignoring case, or by its number.
func matchLabel(labels []string, label string) (string, bool) {
	for _, l := range labels {
		if strings.EqualFold(l, label) {
			return l, true
		}
	}
	if n, err := strconv.Atoi(label); err == nil && n >= 1 && n <= len(labels) && strconv.Itoa(n) == label {
		return labels[n-1], true
	}
	return "", false
}
