package review

import (
	"io"
	"os"
	"strings"
)

// readShownFile reads the items file at path (see readShown).
func readShownFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readShown(f, path)
}

// readShown reads the items an earlier sample showed, for
// Options.Exclude: TSV with a header row naming an "original" column
// (its items.tsv, filled in or not, or a judgement file with that
// column), whose cells are the original sentences with the changed span
// marked. Blank lines and lines starting with "#" are skipped; a
// spreadsheet's quotes around a cell and a byte-order mark are removed.
// A file without such a header or a row without its sentence is a
// *ParseError naming the file and line.
func readShown(r io.Reader, name string) ([]string, error) {
	in := newLines(r, name, ErrShown)
	col := -1
	var out []string
	for in.scan() {
		text := in.text
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if col < 0 {
			for i, h := range f {
				if strings.EqualFold(unquote(h), "original") {
					col = i
				}
			}
			if col < 0 {
				return nil, in.fail("header %q has no \"original\" column (want an items.tsv of stress review sample)", clipText(text))
			}
			continue
		}
		if col >= len(f) || !strings.Contains(f[col], markOpen) {
			return nil, in.fail("no marked original sentence in column %d", col+1)
		}
		out = append(out, unquote(f[col]))
	}
	if in.err != nil {
		return nil, in.err
	}
	if col < 0 {
		return nil, in.fail("no header row (want a column original)")
	}
	return out, nil
}
