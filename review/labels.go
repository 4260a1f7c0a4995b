package review

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/stress-ner/stress/perturb/kinds"
)

// defaultLabels are the labels offered for a change of any kind unless
// Labels says otherwise.
var defaultLabels = []string{"natural", "unnatural", "meaning changed", "grammar broken", unsure}

// labelMeanings say what the default labels mean, shown to judges on
// the judging page and in items.md, so that a judge who has only the
// sample (no instructions beside it) labels as the scores read the
// labels. They hold for every kind: a typo is "natural" when a typist
// could have made it.
var labelMeanings = []struct{ label, meaning string }{
	{"natural", "a writer (or a typist, for a slip of the keys) in this field could have produced the change: it names the same thing as the original and reads idiomatically here"},
	{"unnatural", "the same meaning, but no writer in this field would put it this way here (an obsolete, lay or systematic name in running prose, awkward word order, a broken fixed expression)"},
	{"meaning changed", "the changed words name something else (broader, narrower or different), or the sentence now says something different"},
	{"grammar broken", "the change breaks the grammar (article, number, agreement, repeated words)"},
	{unsure, "you cannot tell; counts neither way (use rarely)"},
}

// meaningOf returns what label means (any case), or "" for a label of
// the user's own (--labels), whose meaning only the user knows.
func meaningOf(label string) string {
	for _, m := range labelMeanings {
		if strings.EqualFold(m.label, label) {
			return m.meaning
		}
	}
	return ""
}

// meanings returns the labels among lists that have a meaning, each
// once, in the order they first appear, with their meanings.
func meanings(lists [][]string) (labels, texts []string) {
	for _, ls := range lists {
		for _, lb := range ls {
			if m := meaningOf(lb); m != "" && !slices.Contains(labels, lb) {
				labels, texts = append(labels, lb), append(texts, m)
			}
		}
	}
	return labels, texts
}

// unsure is the label with which a judge abstains: an item judged unsure
// is neither counted valid nor flagged.
const unsure = "unsure"

// maxLabels is the most labels a kind may offer: the page binds them to
// the keys 1 to 9.
const maxLabels = 9

// Labels are the labels offered for the changes of each kind. The first
// label of a list is the one that counts as valid (natural), unsure
// abstains, and every other label flags the item (see RoleOf).
type Labels struct {
	Default []string            // for kinds not in Kinds; defaultLabels when nil
	Kinds   map[string][]string // by change kind
}

// For returns the labels of kind: its own, else the default given,
// else the kind's (perturb.Kind.ReviewLabels), else defaultLabels.
func (l Labels) For(kind string) []string {
	if ls, ok := l.Kinds[kind]; ok {
		return ls
	}
	if l.Default != nil {
		return l.Default
	}
	if k, err := kinds.Lookup(kind); err == nil && k.ReviewLabels != nil {
		return k.ReviewLabels
	}
	return defaultLabels
}

// Set sets the labels of kind ("*": every kind without its own), after
// checking the list (see checkLabels).
func (l *Labels) Set(kind string, labels []string) error {
	kind = strings.TrimSpace(kind)
	if kind == "" {
		return fmt.Errorf("%w: no kind before \"=\" (use * for every kind)", ErrLabels)
	}
	labels = trimAll(labels)
	if err := checkLabels(labels); err != nil {
		return fmt.Errorf("labels of %s: %w", kind, err)
	}
	if kind == "*" {
		if l.Default != nil {
			return fmt.Errorf("%w: labels of every kind (*) given twice", ErrLabels)
		}
		l.Default = labels
		return nil
	}
	if _, dup := l.Kinds[kind]; dup {
		return fmt.Errorf("%w: labels of %s given twice", ErrLabels, kind)
	}
	if l.Kinds == nil {
		l.Kinds = map[string][]string{}
	}
	l.Kinds[kind] = labels
	return nil
}

// Parse sets labels from "KIND=label,label,..." ("*=..." for every
// kind).
func (l *Labels) Parse(spec string) error {
	kind, list, ok := strings.Cut(spec, "=")
	if !ok {
		return fmt.Errorf("%w: %q: want KIND=label,label,... (or * for every kind)", ErrLabels, spec)
	}
	return l.Set(kind, strings.Split(list, ","))
}

// ReadFile sets labels from a file of "KIND=label,label,..." lines;
// blank lines and lines starting with "#" are skipped. Errors name the
// file and line.
func (l *Labels) ReadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return l.read(f, path)
}

// read is ReadFile on r; name is the file named in errors.
func (l *Labels) read(r io.Reader, name string) error {
	in := newLines(r, name, ErrLabels)
	for in.scan() {
		text := strings.TrimSpace(in.text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if err := l.Parse(text); err != nil {
			return &ParseError{File: name, Line: in.line, Err: err}
		}
	}
	return in.err
}

// kinds lists the kinds with labels of their own, sorted.
func (l Labels) kinds() []string {
	var ks []string
	for k := range l.Kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func trimAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.TrimSpace(s)
	}
	return out
}

// checkLabels checks a label list: two to maxLabels labels, none empty,
// none twice (ignoring case), no control characters or commas (labels
// are written comma-separated in the key), none a number (a judge may
// answer by a label's number), and unsure not first (the first label is
// the valid one).
func checkLabels(labels []string) error {
	if len(labels) < 2 || len(labels) > maxLabels {
		return fmt.Errorf("%w: %d labels, want 2 to %d", ErrLabels, len(labels), maxLabels)
	}
	seen := map[string]bool{}
	for _, lb := range labels {
		if lb == "" {
			return fmt.Errorf("%w: an empty label", ErrLabels)
		}
		if strings.ContainsFunc(lb, unicode.IsControl) || strings.Contains(lb, ",") {
			return fmt.Errorf("%w: label %q holds a comma or a control character", ErrLabels, lb)
		}
		if strings.TrimLeft(lb, "0123456789") == "" {
			// A judge may answer with a label's number (1 for the
			// first): a label "1" would be read as either.
			return fmt.Errorf("%w: label %q is a number, and judges may answer by a label's number (1 to %d)", ErrLabels, lb, len(labels))
		}
		key := strings.ToLower(lb)
		if seen[key] {
			return fmt.Errorf("%w: label %q twice", ErrLabels, lb)
		}
		seen[key] = true
	}
	if strings.EqualFold(labels[0], unsure) {
		return fmt.Errorf("%w: the first label counts as valid, so it cannot be %q", ErrLabels, unsure)
	}
	return nil
}

// Role is what a judgement says of an item.
type Role int

// Roles of a label (see RoleOf).
const (
	Valid   Role = iota // the change is fine (the first label)
	abstain             // the judge could not tell (unsure)
	flaw                // the change is wrong in the way the label says
)

func (r Role) String() string {
	switch r {
	case Valid:
		return "valid"
	case abstain:
		return "abstain"
	}
	return "flaw"
}

// roleRules decide the role of a label among the labels of its item, in
// order; the first that applies wins.
var roleRules = []struct {
	name    string
	applies func(labels []string, label string) bool
	role    Role
}{
	{"the first label is the valid one", func(ls []string, l string) bool { return len(ls) > 0 && ls[0] == l }, Valid},
	{"unsure abstains", func(_ []string, l string) bool { return strings.EqualFold(l, unsure) }, abstain},
	{"any other label is a flaw", func([]string, string) bool { return true }, flaw},
}

// RoleOf returns the role of label among labels (see roleRules).
func RoleOf(labels []string, label string) Role {
	for _, r := range roleRules {
		if r.applies(labels, label) {
			return r.role
		}
	}
	return flaw
}

// hasLabel reports whether labels offers label (exactly as written).
func hasLabel(labels []string, label string) bool { return slices.Contains(labels, label) }
