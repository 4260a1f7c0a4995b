package review

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/perturb/kinds"
)

// avoidable reports whether the flagged changes of kind are written as
// avoid-list pairs (perturb.Kind.Avoidable: synonym, abbreviation).
func avoidable(kind string) bool {
	k, err := kinds.Lookup(kind)
	return err == nil && k.Avoidable
}

// avoidRules say why a flagged change cannot be written as a pair, in
// order; the first that applies wins. The avoid-list format
// (perturb/synonym/avoid.txt) cuts a line at "#", splits it at "<->" or
// "->", and compares names word by word, ignoring case.
var avoidRules = []struct {
	name  string
	fails func(before, after string) bool
}{
	{"an empty side", func(b, a string) bool { return strings.TrimSpace(b) == "" || strings.TrimSpace(a) == "" }},
	{"a \"#\", which starts a comment", func(b, a string) bool { return strings.Contains(b+a, "#") }},
	{"an arrow (\"->\")", func(b, a string) bool { return strings.Contains(b+a, "->") }},
	{"a backward arrow (\"<-\")", func(b, a string) bool { return strings.Contains(b+a, "<-") }},
	{"a line break", func(b, a string) bool { return strings.ContainsAny(b+a, "\r\n") }},
	{"a control character or bytes that are not UTF-8", func(b, a string) bool {
		written := strings.Join(strings.Fields(b+" "+a), " ") // as WriteAvoid writes them
		return strings.ContainsFunc(written, unicode.IsControl) || !utf8.ValidString(written)
	}},
	{"the same name on both sides", func(b, a string) bool {
		return strings.EqualFold(strings.Join(strings.Fields(b), " "), strings.Join(strings.Fields(a), " "))
	}},
}

// avoidProblem returns the name of the first rule a pair breaks, or "".
func avoidProblem(before, after string) string {
	for _, r := range avoidRules {
		if r.fails(before, after) {
			return r.name
		}
	}
	return ""
}

// AvoidPair is one line of an avoid file: replacing a mention that
// holds From by a name holding To (without From) is avoided.
type AvoidPair struct {
	From, To string
	Items    []string // the flagged items that asked for it
	Labels   []string // the flaw labels they were given
}

// AvoidPairs returns the pairs of the flagged changes of the avoidable
// kinds (perturb.Kind.Avoidable), one
// per distinct before and after (ignoring case and spacing), in the
// order of the flagged items, and the flagged changes of those kinds
// that no pair can express, with the reason.
func (r *Report) AvoidPairs() (pairs []AvoidPair, skipped []string) {
	index := map[string]int{}
	for _, f := range r.Flagged {
		if !avoidable(f.Kind) {
			continue
		}
		if why := avoidProblem(f.Before, f.After); why != "" {
			skipped = append(skipped, fmt.Sprintf("%s (%s -> %s): %s", f.Item, f.Before, f.After, why))
			continue
		}
		from, to := strings.Join(strings.Fields(f.Before), " "), strings.Join(strings.Fields(f.After), " ")
		k := strings.ToLower(from + "\x00" + to)
		i, ok := index[k]
		if !ok {
			i = len(pairs)
			index[k] = i
			pairs = append(pairs, AvoidPair{From: from, To: to})
		}
		p := &pairs[i]
		p.Items = append(p.Items, f.Item)
		for _, j := range f.Judgements {
			if !slices.Contains(p.Labels, j.Label) && j.Label != unsure && !strings.EqualFold(j.Label, r.Valid) {
				p.Labels = append(p.Labels, j.Label)
			}
		}
	}
	return pairs, skipped
}

// oneLine keeps a comment on its line.
var oneLine = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

// WriteAvoid writes the avoid pairs of the report (AvoidPairs) in the
// format of perturb/synonym/avoid.txt: a comment header, then one
// "from -> to" line per pair with the items and labels after "#", and
// the changes no pair can express as comments. Rebuilding a synonym set
// with --avoid FILE (the same seed and options) leaves every flagged
// pair out. It returns the number of pairs written.
func (r *Report) WriteAvoid(w io.Writer) (int, error) {
	pairs, skipped := r.AvoidPairs()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Pairs judged wrong in a blind review (stress review score --key %s).\n", oneLine.Replace(r.Key))
	bw.WriteString("# A line \"from -> to\" stops a mention containing the words \"from\" from becoming a\n")
	bw.WriteString("# name containing \"to\" without them, as in perturb/synonym/avoid.txt. Rebuild with\n")
	bw.WriteString("# --avoid FILE (same seed and options) to leave these pairs out.\n")
	for _, p := range pairs {
		fmt.Fprintf(bw, "%s -> %s # %s\n", p.From, p.To, oneLine.Replace(strings.Join(p.Items, ", ")+": "+strings.Join(p.Labels, ", ")))
	}
	for _, s := range skipped {
		fmt.Fprintf(bw, "# not written: %s\n", oneLine.Replace(s))
	}
	return len(pairs), bw.Flush()
}
