package review

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/internal/textutil"
)

// The marks around the changed span in the TSV items (and what judges
// see in a spreadsheet): brackets no corpus token is likely to hold.
const (
	markOpen  = "⟦"
	markClose = "⟧"
)

// itemsHeader is the header row of the items TSV; a judge fills in the
// label column (and, if they wish, the note).
var itemsHeader = []string{"item", "original", "perturbed", "labels", "label", "note"}

// cellSpace makes a text one TSV cell: tabs and line breaks become
// spaces (items are for reading; the key keeps the exact text).
var cellSpace = strings.NewReplacer("\t", " ", "\r\n", " ", "\n", " ", "\r", " ")

// WriteItems writes the items as TSV for judges who work in a
// spreadsheet: item id, the original and the perturbed sentence with the
// change between markOpen and markClose, the labels offered, and empty
// label and note columns to fill in. Nothing in it tells an item's kind
// or source, unless kinds were given labels of their own.
func (s *Sample) WriteItems(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(strings.Join(itemsHeader, "\t") + "\n")
	for _, it := range s.Items {
		cells := []string{it.ID, it.Original.Text(markOpen, markClose), it.Perturbed.Text(markOpen, markClose), strings.Join(it.Labels, ", "), "", ""}
		for i, c := range cells {
			cells[i] = cellSpace.Replace(c)
		}
		bw.WriteString(strings.Join(cells, "\t") + "\n")
	}
	return bw.Flush()
}

// markdownText is m with every token escaped and the span in bold.
func markdownText(m Marked) string {
	toks := make([]string, len(m.Tokens))
	for i, t := range m.Tokens {
		toks[i] = textutil.MarkdownText(t)
	}
	return Marked{Tokens: toks, Start: m.Start, End: m.End}.Text("**", "**")
}

// WriteMarkdown writes the items as a Markdown document to read or
// print: what the labels mean, then per item its id, both sentences
// with the change in bold and the labels to choose from.
func (s *Sample) WriteMarkdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# Review sample " + textutil.MarkdownText(s.ID) + "\n\n")
	bw.WriteString(strconv.Itoa(len(s.Items)) + " items. For each, read the original sentence and the perturbed one " +
		"(the change is in bold) and choose one label. Write your judgements in items.tsv (columns item and label), " +
		"or use review.html.\n")
	lists := make([][]string, len(s.Items))
	for i, it := range s.Items {
		lists[i] = it.Labels
	}
	if labels, texts := meanings(lists); len(labels) > 0 {
		bw.WriteString("\nWhat the labels mean:\n\n")
		for i, lb := range labels {
			bw.WriteString("- " + textutil.MarkdownText(lb) + ": " + textutil.MarkdownText(texts[i]) + "\n")
		}
	}
	for _, it := range s.Items {
		bw.WriteString("\n## " + textutil.MarkdownText(it.ID) + "\n\n")
		bw.WriteString("- original: " + markdownText(it.Original) + "\n")
		bw.WriteString("- perturbed: " + markdownText(it.Perturbed) + "\n")
		bw.WriteString("- labels: " + textutil.MarkdownText(strings.Join(it.Labels, " · ")) + "\n")
	}
	return bw.Flush()
}

// keyHeader is the header row of a key file.
var keyHeader = []string{"item", "file", "line", "sentence", "token", "end", "kind", "type", "source",
	"before", "after", "concept_id", "term_type", "labels"}

// keyEscaper escapes key fields as the change log does: a backslash
// before \, t, n and r.
var keyEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

// WriteKey writes what the judges must not see: for every item, the
// change-log row it shows (file, line in the log, 1-based sentence,
// token and last token as in the log, kind, texts, concept, source and
// term type), the entity type of the changed tokens and the labels it
// offered (comma-separated, the valid one first).
func (s *Sample) WriteKey(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(strings.Join(keyHeader, "\t") + "\n")
	for _, it := range s.Items {
		bw.WriteString(keyLine(it.Key))
	}
	return bw.Flush()
}

// keyLine formats one key row, line break included.
func keyLine(k KeyRow) string {
	c := k.Change
	f := []string{k.Item, c.File, strconv.Itoa(k.Line), strconv.Itoa(c.Sentence + 1), strconv.Itoa(c.Token + 1),
		strconv.Itoa(max(c.End, c.Token+1)), c.Kind, k.Type, c.Source, c.Before, c.After, c.ConceptID, c.TermType,
		strings.Join(k.Labels, ",")}
	for i := range f {
		f[i] = keyEscaper.Replace(f[i])
	}
	return strings.Join(f, "\t") + "\n"
}

// manifest is the JSON form of a sample's manifest.
type manifest struct {
	Tool   string `json:"tool"`
	Sample string `json:"sample"`
	Seed   uint64 `json:"seed"`
	N      int    `json:"n"`
	// PerStratum is omitted when the sample is drawn in proportion.
	PerStratum int `json:"per_stratum,omitempty"`
	Items      int `json:"items"`
	Changes    int `json:"changes"`
	// Excluded is omitted when no earlier sample's items were left out.
	Excluded int                 `json:"excluded,omitempty"`
	Kinds    []string            `json:"kinds,omitempty"`
	By       []string            `json:"by"`
	Labels   map[string][]string `json:"labels"`
	Origin   Origin              `json:"origin"`
	Strata   []Stratum           `json:"strata"`
	Files    map[string]string   `json:"files,omitempty"`
	// KeySHA256 is the SHA-256 of the key written beside it, which
	// ReadKeyFile checks: an edited key (labels reordered, kinds
	// changed, two keys joined) would score other items than judged.
	KeySHA256 string `json:"key_sha256,omitempty"`
}

// WriteManifest writes the sample's manifest as JSON: id, seed, size
// asked and drawn, the kinds and columns it was drawn by, the labels
// per kind ("*" for the others), what it was drawn from with SHA-256s,
// and every stratum with its number of changes and of items drawn.
// files, when not nil, names the files written beside it by role.
func (s *Sample) WriteManifest(w io.Writer, files map[string]string) error {
	return s.writeManifest(w, files, "")
}

// writeManifest is WriteManifest with the SHA-256 of the key written
// beside it ("" for none).
func (s *Sample) writeManifest(w io.Writer, files map[string]string, keySum string) error {
	labels := map[string][]string{"*": s.Labels.For("")}
	for k, ls := range s.Labels.Kinds {
		labels[k] = ls
	}
	by := s.By
	if by == nil {
		by = []string{}
	}
	return jsonenc.Encode(w, manifest{Tool: "stress review", Sample: s.ID, Seed: s.Seed, N: s.N, PerStratum: s.PerStratum, Items: len(s.Items),
		Changes: s.Changes, Excluded: s.Excluded, Kinds: s.Kinds, By: by, Labels: labels, Origin: s.Origin, Strata: s.Strata, Files: files,
		KeySHA256: keySum})
}

// The files WriteDir writes in a sample directory.
const (
	PageName     = "review.html" // the judging page
	ItemsName    = "items.tsv"   // the items for spreadsheets
	MarkdownName = "items.md"    // the items to read or print
	KeyName      = "key.tsv"     // what the judges must not see
	manifestName = "sample.json" // how the sample was drawn
)

// Files returns the paths WriteDir writes in dir, the key last but one
// and the manifest last.
func Files(dir string) []string {
	var out []string
	for _, n := range []string{PageName, ItemsName, MarkdownName, KeyName, manifestName} {
		out = append(out, filepath.Join(dir, n))
	}
	return out
}

// WriteDir writes the sample's files in dir (which must exist): the
// judging page, the items as TSV and Markdown, the key and the manifest.
// Each file is written whole or not at all; without force an existing
// file is an error (atomicfile.ErrExists) and nothing is written.
func (s *Sample) WriteDir(dir string, force bool) error {
	files := map[string]string{"page": PageName, "items": ItemsName, "markdown": MarkdownName, "key": KeyName}
	key := sha256.New()
	writers := []func(io.Writer) error{s.WriteHTML, s.WriteItems, s.WriteMarkdown,
		func(w io.Writer) error { return s.WriteKey(io.MultiWriter(w, key)) },
		func(w io.Writer) error { return s.writeManifest(w, files, hex.EncodeToString(key.Sum(nil))) }}
	var pending []*atomicfile.File
	defer func() {
		for _, f := range pending {
			f.Abort()
		}
	}()
	for i, path := range Files(dir) {
		f, err := atomicfile.Create(path, !force)
		if err != nil {
			return err
		}
		pending = append(pending, f)
		if err := writers[i](f); err != nil {
			return err
		}
	}
	for _, f := range pending {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	return nil
}
