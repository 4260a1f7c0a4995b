package review

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/filehash"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/stressset"
)

// Changes are the changes a sample is drawn from, each with the
// sentence it was made in and the sentence it gave.
type Changes struct {
	Origin Origin
	list   []change
}

// change is one change-log row placed in its sentences.
type change struct {
	row       stressset.ChangeRow
	typ       string
	orig      []string // tokens of the original sentence
	pert      []string // tokens of the perturbed sentence
	ps, pe    int      // the change's tokens in pert
	origStart int      // row.Token, or where the change sits in a reconstructed original
}

// Origin records what a sample was drawn from, so that its manifest
// says which build (or set) and which bytes.
type Origin struct {
	// Build is the build directory as given; empty for a set.
	Build string `json:"build,omitempty"`
	// Manifest is the SHA-256 of the build's manifest.json.
	Manifest string `json:"manifest_sha256,omitempty"`
	// ChangeLog is the change log read, and ChangeLogSHA256 its SHA-256.
	ChangeLog       string `json:"change_log"`
	ChangeLogSHA256 string `json:"change_log_sha256"`
	// Files are the sets read, the originals first, with their SHA-256.
	Files []FileSum `json:"files"`
}

// FileSum is a file and the SHA-256 of its bytes.
type FileSum struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Len returns the number of changes.
func (c *Changes) Len() int { return len(c.list) }

// Kinds returns the kinds of the changes, sorted.
func (c *Changes) Kinds() []string {
	seen := map[string]bool{}
	var ks []string
	for _, ch := range c.list {
		if !seen[ch.row.Kind] {
			seen[ch.row.Kind] = true
			ks = append(ks, ch.row.Kind)
		}
	}
	sort.Strings(ks)
	return ks
}

// ReadBuild reads the changes of the build in dir through its manifest
// (its files opened by op):
// the original of every input and every stress set (each checked
// against the SHA-256 the manifest records), and the change log, whose
// rows are placed in the sentences they changed.
func ReadBuild(op conll.Opener, dir string) (*Changes, error) {
	b, err := stressset.Open(dir)
	if err != nil {
		return nil, err
	}
	b.Opener = op
	m := b.Manifest
	if m.Changes == "" {
		return nil, fmt.Errorf("build %s has no change log", dir)
	}
	logPath := filepath.Join(dir, m.Changes)
	rows, err := stressset.ReadChangesFile(logPath)
	if err != nil {
		return nil, err
	}
	c := &Changes{Origin: Origin{Build: dir, ChangeLog: logPath}}
	if c.Origin.Manifest, err = filehash.File(filepath.Join(dir, stressset.ManifestName)); err != nil {
		return nil, err
	}
	if c.Origin.ChangeLogSHA256, err = filehash.File(logPath); err != nil {
		return nil, err
	}
	type pair struct{ orig, pert []conll.Sentence }
	sets := map[string]pair{}     // output file -> its sentences and the original's
	composed := map[string]bool{} // output files of compositions
	for i := range m.Inputs {
		in := &m.Inputs[i]
		ss, err := b.Sets(in)
		if err != nil {
			return nil, err
		}
		c.Origin.Files = append(c.Origin.Files, FileSum{Path: ss[0].File, SHA256: in.SHA256})
		for k, out := range in.Outputs {
			sets[out.File] = pair{ss[0].Gold, ss[k+1].Gold}
			composed[out.File] = strings.Contains(out.Kind, "+")
			c.Origin.Files = append(c.Origin.Files, FileSum{Path: ss[k+1].File, SHA256: out.SHA256})
		}
	}
	byFile := map[string][]stressset.ChangeRow{}
	for _, r := range rows {
		if _, ok := sets[r.File]; !ok {
			return nil, &ParseError{File: logPath, Line: r.Line, Err: fmt.Errorf("%w: file %q is not a set of the build", ErrMismatch, r.File)}
		}
		byFile[r.File] = append(byFile[r.File], r)
	}
	for _, file := range sortedKeys(byFile) {
		p := sets[file]
		err := c.place(logPath, byFile[file], func(sentence int) ([]string, []string, []string, bool) {
			if sentence >= len(p.orig) || sentence >= len(p.pert) {
				return nil, nil, nil, false
			}
			o, q := p.orig[sentence], p.pert[sentence]
			return o.Tokens, o.Tags, q.Tokens, true
		}, !composed[file])
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

// ReadSet reads the changes of one stress set (its files opened by op):
// set is the perturbed
// corpus, changeLog its change log (the rows naming set's base name, or
// every row when the log names one file only, as "stress perturb --log"
// writes "-" for standard output), and original, when not "", the
// corpus it was made from. Without original, each original sentence is
// rebuilt by undoing the logged changes, which needs changes that do not
// overlap (no composition); the entity type of a change is then read
// from the perturbed sentence.
func ReadSet(op conll.Opener, set, changeLog, original string) (*Changes, error) {
	rows, err := stressset.ReadChangesFile(changeLog)
	if err != nil {
		return nil, err
	}
	files := map[string]bool{}
	for _, r := range rows {
		files[r.File] = true
	}
	base := filepath.Base(set)
	if len(files) > 1 {
		if !files[base] {
			return nil, fmt.Errorf("%w: %s names the files %s, and none is %s", ErrMismatch, changeLog, strings.Join(sortedKeys(files), ", "), base)
		}
		rows = slices.DeleteFunc(rows, func(r stressset.ChangeRow) bool { return r.File != base })
	}
	pert, _, pertSum, err := stressset.ReadFile(op, set)
	if err != nil {
		return nil, err
	}
	c := &Changes{Origin: Origin{ChangeLog: changeLog}}
	if c.Origin.ChangeLogSHA256, err = filehash.File(changeLog); err != nil {
		return nil, err
	}
	if original != "" {
		orig, _, origSum, err := stressset.ReadFile(op, original)
		if err != nil {
			return nil, err
		}
		c.Origin.Files = append(c.Origin.Files, FileSum{Path: original, SHA256: origSum}, FileSum{Path: set, SHA256: pertSum})
		err = c.place(changeLog, rows, func(sentence int) ([]string, []string, []string, bool) {
			if sentence >= len(orig) || sentence >= len(pert) {
				return nil, nil, nil, false
			}
			return orig[sentence].Tokens, orig[sentence].Tags, pert[sentence].Tokens, true
		}, true)
		return c, err
	}
	c.Origin.Files = append(c.Origin.Files, FileSum{Path: set, SHA256: pertSum})
	return c, c.undo(changeLog, rows, pert)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// afterTokens splits the text of a change into tokens: replacement
// tokens are joined with a plain space, so only U+0020 separates them
// (a CoNLL token may hold other spaces).
func afterTokens(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == ' ' })
}

// bySentence sorts rows of one file by sentence, then token, keeping
// the log's order for rows of one token (the steps of a composition).
func bySentence(rows []stressset.ChangeRow) {
	slices.SortStableFunc(rows, func(a, b stressset.ChangeRow) int {
		if a.Sentence != b.Sentence {
			return a.Sentence - b.Sentence
		}
		return a.Token - b.Token
	})
}

// place adds the rows of one output file: sentences returns the
// original's tokens and tags and the perturbed tokens of a sentence.
// A change's tokens in the perturbed sentence are its original tokens
// moved by the changes before it in the sentence that changed the
// number of tokens. With check, the texts of every row must be those
// of the sentences (a composition's later steps start from text the
// earlier ones made, which no set holds).
func (c *Changes) place(logPath string, rows []stressset.ChangeRow, sentences func(int) (orig, tags, pert []string, ok bool), check bool) error {
	rows = slices.Clone(rows)
	bySentence(rows)
	shift, sent := 0, -1
	for _, r := range rows {
		fail := func(format string, a ...any) error {
			return &ParseError{File: logPath, Line: r.Line, Err: fmt.Errorf("%w: "+format, append([]any{ErrMismatch}, a...)...)}
		}
		if r.Sentence != sent {
			shift, sent = 0, r.Sentence
		}
		orig, tags, pert, ok := sentences(r.Sentence)
		if !ok {
			return fail("sentence %d is past the end of %s", r.Sentence+1, r.File)
		}
		after := afterTokens(r.After)
		ps := r.Token + shift
		pe := ps + len(after)
		if r.End > len(orig) || pe > len(pert) || ps < 0 {
			return fail("tokens %d-%d of sentence %d are outside the sentence (%d tokens in the original, %d in %s)",
				r.Token+1, r.End, r.Sentence+1, len(orig), len(pert), r.File)
		}
		if check {
			if got := strings.Join(orig[r.Token:r.End], " "); got != r.Before {
				return fail("before %q, but the original's tokens %d-%d of sentence %d are %q", r.Before, r.Token+1, r.End, r.Sentence+1, got)
			}
			if got := strings.Join(pert[ps:pe], " "); got != strings.Join(after, " ") {
				return fail("after %q, but %s has %q there (sentence %d)", r.After, r.File, got, r.Sentence+1)
			}
		}
		shift += len(after) - (r.End - r.Token)
		c.list = append(c.list, change{row: r, typ: spanType(tags[r.Token:r.End]), orig: orig, pert: pert, ps: ps, pe: pe, origStart: r.Token})
	}
	return nil
}

// undo adds the rows of a set read without its original: each
// sentence's original is rebuilt by putting back the text before every
// change.
func (c *Changes) undo(logPath string, rows []stressset.ChangeRow, pert []conll.Sentence) error {
	rows = slices.Clone(rows)
	bySentence(rows)
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Sentence == rows[i].Sentence {
			j++
		}
		group := rows[i:j]
		i = j
		s := group[0].Sentence
		fail := func(r stressset.ChangeRow, format string, a ...any) error {
			return &ParseError{File: logPath, Line: r.Line, Err: fmt.Errorf("%w: "+format, append([]any{ErrMismatch}, a...)...)}
		}
		if s >= len(pert) {
			return fail(group[0], "sentence %d is past the end of the set (%d sentences)", s+1, len(pert))
		}
		p := pert[s]
		var orig []string
		shift, prevEnd, at := 0, 0, 0 // at: next perturbed token to copy
		starts := make([]int, len(group))
		pspans := make([][2]int, len(group))
		for k, r := range group {
			if r.Token < prevEnd {
				return fail(r, "changes overlap in sentence %d (a composition): give the original corpus", s+1)
			}
			before, after := afterTokens(r.Before), afterTokens(r.After)
			if len(before) != r.End-r.Token {
				return fail(r, "before %q is not %d tokens", r.Before, r.End-r.Token)
			}
			ps := r.Token + shift
			pe := ps + len(after)
			if pe > len(p.Tokens) {
				return fail(r, "tokens %d-%d of sentence %d are outside the set's sentence (%d tokens)", ps+1, pe, s+1, len(p.Tokens))
			}
			if got := strings.Join(p.Tokens[ps:pe], " "); got != strings.Join(after, " ") {
				return fail(r, "after %q, but the set has %q there (sentence %d)", r.After, got, s+1)
			}
			orig = append(orig, p.Tokens[at:ps]...)
			starts[k] = len(orig)
			orig = append(orig, before...)
			at = pe
			pspans[k] = [2]int{ps, pe}
			shift += len(after) - len(before)
			prevEnd = r.End
		}
		orig = append(orig, p.Tokens[at:]...)
		for k, r := range group {
			ps, pe := pspans[k][0], pspans[k][1]
			typ := spanType(p.Tags[ps:pe])
			if ps == pe {
				typ = iob.Outside
			}
			c.list = append(c.list, change{row: r, typ: typ, orig: orig, pert: p.Tokens, ps: ps, pe: pe, origStart: starts[k]})
		}
	}
	return nil
}

// spanType is the entity type of tokens with tags: the types of their
// entity tags in order of first appearance, joined by "+", or "O" when
// all are outside.
func spanType(tags []string) string {
	var types []string
	for _, t := range tags {
		_, typ := iob.Split(t)
		if typ != "" && !slices.Contains(types, typ) {
			types = append(types, typ)
		}
	}
	if len(types) == 0 {
		return iob.Outside
	}
	return strings.Join(types, "+")
}
