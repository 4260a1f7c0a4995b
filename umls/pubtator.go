package umls

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// In-domain names from annotated corpora.
//
// A corpus annotated with concept ids, such as the BioCreative V CDR
// corpus (MeSH ids on every chemical and disease mention), shows the
// names writers actually use for a concept: "amiodarone" has hardly any
// English synonym in the open lexicons, but CDR's annotators linked
// other strings to its descriptor. MentionNames picks, from such
// annotations, the strings that are safe to add as names of the
// concept.

// PubTatorMention is one annotation line of a PubTator file:
// "PMID<TAB>start<TAB>end<TAB>mention<TAB>type<TAB>id[<TAB>individual mentions]".
type PubTatorMention struct {
	Doc        string // PMID
	Start, End int    // character offsets in title + " " + abstract
	Text       string
	Type       string // Chemical, Disease, ...
	ID         string // as written: "D009270", "-1", "D014786|D006311"
	Composite  bool   // the line lists individual mentions (a 7th column)
	Initial    bool   // the mention starts the title, the abstract or a sentence
	Line       int
}

// ReadPubTator reads the annotations of a PubTator file; relation lines
// ("PMID<TAB>CID<TAB>...") are skipped. file names the input in errors.
func ReadPubTator(r io.Reader, file string) ([]PubTatorMention, error) {
	sc := limits.Scanner(r)
	var out []PubTatorMention
	var doc, text string // current document and its text (title + " " + abstract)
	titleLen := -1
	line := 0
	for sc.Scan() {
		line++
		l := sc.Text()
		if !utf8.ValidString(l) {
			return nil, &ParseError{File: file, Line: line, Err: ErrInvalidUTF8}
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if pmid, rest, ok := strings.Cut(l, "|"); ok && !strings.Contains(pmid, "\t") {
			kind, body, ok := strings.Cut(rest, "|")
			if !ok || (kind != "t" && kind != "a") || pmid == "" {
				return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: want PMID|t|title or PMID|a|abstract", ErrSyntax)}
			}
			if kind == "t" {
				doc, text, titleLen = pmid, body, len(body)
			} else {
				if pmid != doc {
					return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: abstract of %s after title of %s", ErrSyntax, pmid, doc)}
				}
				text += " " + body
			}
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) == 4 && f[1] == "CID" {
			continue // a relation
		}
		if len(f) != 6 && len(f) != 7 {
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: %d tab-separated fields, want 6 or 7", ErrFieldCount, len(f))}
		}
		start, err1 := strconv.Atoi(f[1])
		end, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || start < 0 || end <= start {
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: bad offsets %q %q", ErrSyntax, f[1], f[2])}
		}
		if f[0] != doc {
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: annotation of %s outside its document", ErrSyntax, f[0])}
		}
		if end > len(text) || text[start:end] != f[3] {
			return nil, &ParseError{File: file, Line: line, Err: fmt.Errorf("%w: mention %q is not at %d-%d of the text", ErrSyntax, f[3], start, end)}
		}
		out = append(out, PubTatorMention{Doc: f[0], Start: start, End: end, Text: f[3], Type: f[4], ID: f[5],
			Composite: len(f) == 7, Initial: sentenceInitial(text, start, titleLen), Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: file, Line: line + 1, Err: limits.Err(err)}
	}
	return out, nil
}

// sentenceInitial reports whether offset i of text starts the title, the
// abstract (after the title and a space) or a sentence.
func sentenceInitial(text string, i, titleLen int) bool {
	if i == 0 || i == titleLen+1 {
		return true
	}
	j := i - 1
	for j >= 0 && text[j] == ' ' {
		j--
	}
	return j >= 0 && j < i-1 && (text[j] == '.' || text[j] == '?' || text[j] == '!')
}

// MentionNameOptions are the evidence a mention string needs to become a
// name of its concept. The zero value asks for the defaults.
type MentionNameOptions struct {
	// MinDocs is the number of documents that must annotate the string
	// with the concept (default 2): one document repeats its own usage.
	MinDocs int
	// MinCount is the number of annotations of the string with the
	// concept (default 1); both MinDocs and MinCount must be met.
	MinCount int
	// MinShare is the share of the string's annotations, under any id,
	// that must carry the concept (default 0.95).
	MinShare float64
	// Prefix turns a corpus id into a concept id ("MESH:").
	Prefix string
	// Label returns the preferred name of a concept ("" when unknown), for
	// the derivation test: "hypertensive" is annotated with Hypertension,
	// but it is an adjective, not a name of the disease.
	Label func(conceptID string) string
	// Reject gives the caller's reason to drop a name ("" keeps it):
	// abbreviations, names of other concepts.
	Reject func(conceptID, name string) string
}

// MentionName is a string the annotations show to be a name of a concept.
type MentionName struct {
	ConceptID string
	Type      string // the annotations' entity type
	Name      string // as written in running text
	Docs      int    // documents annotating it with the concept
	Count     int    // annotations with the concept
}

// Reasons why MentionNames drops a string, as counted in its statistics.
const (
	dropNoID       = "no single id" // "-1", composite ids, individual mentions
	dropRare       = "rare"         // too few documents
	dropAmbiguous  = "ambiguous"    // annotated with other ids too
	dropMixedType  = "mixed type"   // annotated with several entity types
	dropForm       = "form"         // Classify: code, formula, inverted
	dropDerivation = "derivation"   // an adjective or participle of the label
	dropInitial    = "initial only" // seen only capitalized at sentence starts: case unknown
	dropShort      = "short form"   // one word of four letters or fewer: "Tac", "dex"
	dropHeading    = "heading"      // a disease annotated with a MeSH heading ("Kidney Diseases")
)

// derivationSuffixes end adjectives and participles ("hypertensive",
// "diabetic", "renal", "induced", "bleeding") and chemical groups
// ("trifluoroacetyl") rather than names of diseases and substances.
var derivationSuffixes = []string{"ive", "ic", "al", "ed", "ing", "ous", "ful", "ar", "yl"}

// MentionNames selects the mention strings of ms that are names of their
// concept: annotated with one concept id (not "-1", not a composite), by
// at least MinDocs documents, that id carrying at least MinShare of the
// string's annotations, with one entity type, a usable form (Classify),
// not a derivation of the concept's label, and not rejected by the
// caller. Duplicate annotations (the same document and offsets, as when
// two files overlap) count once. Strings are grouped by Normalize; each
// name is written as most often seen inside a sentence. The result is
// sorted by concept, then name; dropped counts annotated strings (not
// annotations) by reason.
func MentionNames(ms []PubTatorMention, opt MentionNameOptions) (names []MentionName, dropped map[string]int) {
	if opt.MinDocs <= 0 {
		opt.MinDocs = 2
	}
	if opt.MinCount <= 0 {
		opt.MinCount = 1
	}
	if opt.MinShare <= 0 {
		opt.MinShare = 0.95
	}
	keys := collectEvidence(ms)
	dropped = map[string]int{}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	slices.Sort(sorted)
	for _, k := range sorted {
		name, why := keys[k].judge(opt)
		if why != "" {
			dropped[why]++
			continue
		}
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b MentionName) int {
		if c := strings.Compare(a.ConceptID, b.ConceptID); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return names, dropped
}

// mentionEvidence is what the annotations of one normalized string say
// of it (see MentionNames).
type mentionEvidence struct {
	total  int                        // annotations of the string, any id
	byID   map[string]int             // annotations per single id
	docs   map[string]map[string]bool // id -> documents
	types  map[string]map[string]bool // id -> entity types
	forms  map[string]int             // surface forms inside sentences
	starts map[string]int             // surface forms at sentence starts
}

// collectEvidence groups the annotations of ms by normalized string,
// counting duplicate annotations (same document and offsets) once.
func collectEvidence(ms []PubTatorMention) map[string]*mentionEvidence {
	keys := map[string]*mentionEvidence{}
	type pos struct {
		doc        string
		start, end int
	}
	seen := map[pos]bool{}
	for _, m := range ms {
		p := pos{m.Doc, m.Start, m.End}
		if seen[p] {
			continue
		}
		seen[p] = true
		k := Normalize(m.Text)
		if k == "" {
			continue
		}
		e := keys[k]
		if e == nil {
			e = &mentionEvidence{byID: map[string]int{}, docs: map[string]map[string]bool{}, types: map[string]map[string]bool{},
				forms: map[string]int{}, starts: map[string]int{}}
			keys[k] = e
		}
		e.total++
		if m.Composite || m.ID == "-1" || m.ID == "" || strings.ContainsAny(m.ID, "|+,; ") {
			continue
		}
		e.byID[m.ID]++
		if e.docs[m.ID] == nil {
			e.docs[m.ID], e.types[m.ID] = map[string]bool{}, map[string]bool{}
		}
		e.docs[m.ID][m.Doc] = true
		e.types[m.ID][m.Type] = true
		if m.Initial {
			e.starts[m.Text]++
		} else {
			e.forms[m.Text]++
		}
	}
	return keys
}

// judge returns the name the evidence makes of its string, or the
// reason (a Drop* constant, or the caller's Reject) it makes none.
func (e *mentionEvidence) judge(opt MentionNameOptions) (MentionName, string) {
	id, n := "", 0
	for x, c := range e.byID {
		if c > n || c == n && x < id {
			id, n = x, c
		}
	}
	switch {
	case id == "":
		return MentionName{}, dropNoID
	case float64(n) < opt.MinShare*float64(e.total):
		return MentionName{}, dropAmbiguous
	case len(e.docs[id]) < opt.MinDocs || n < opt.MinCount:
		return MentionName{}, dropRare
	case len(e.types[id]) != 1:
		return MentionName{}, dropMixedType
	}
	name := mostFrequent(e.forms)
	if name == "" {
		return MentionName{}, dropInitial
	}
	cid := opt.Prefix + id
	if Classify(name, "mention") != "" {
		return MentionName{}, dropForm
	}
	if !strings.ContainsAny(name, " -") && utf8.RuneCountInString(name) <= 4 {
		return MentionName{}, dropShort
	}
	var typ string
	for t := range e.types[id] {
		typ = t
	}
	if opt.Label != nil {
		label := opt.Label(cid)
		if derivation(name, label) {
			return MentionName{}, dropDerivation
		}
		if typ == "Disease" && heading(label) {
			return MentionName{}, dropHeading
		}
	}
	if opt.Reject != nil {
		if why := opt.Reject(cid, name); why != "" {
			return MentionName{}, why
		}
	}
	return MentionName{ConceptID: cid, Type: typ, Name: name, Docs: len(e.docs[id]), Count: n}, ""
}

// heading reports a MeSH label whose head noun is plural ("Kidney
// Diseases", "Vision Disorders", "Arrhythmias, Cardiac"): MeSH names its
// groupings so, and CDR annotates a disease with the grouping when no
// descriptor is specific enough, so the strings annotated with it are
// kinds of the heading ("renal involvement", "visual field loss"), not
// names of one disease.
func heading(label string) bool {
	head, _, _ := strings.Cut(label, ", ")
	f := strings.Fields(strings.ToLower(head))
	if len(f) == 0 {
		return false
	}
	w := f[len(f)-1]
	return len(w) > 3 && strings.HasSuffix(w, "s") &&
		!strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "us")
}

// mostFrequent returns the most frequent form, the smallest on ties.
func mostFrequent(forms map[string]int) string {
	best, n := "", 0
	for f, c := range forms {
		if c > n || c == n && f < best {
			best, n = f, c
		}
	}
	return best
}

// derivation reports whether name ends like an adjective or participle
// ("hypertensive", "diabetic") while label does not ("Hypertension",
// "Diabetes Mellitus"): the mention then describes its concept rather
// than naming it. A label that ends the same way ("Phenobarbital",
// "Arsenic") shows the ending belongs to the name.
func derivation(name, label string) bool {
	if label == "" {
		return false
	}
	last := func(s string) string {
		f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if len(f) == 0 {
			return ""
		}
		return f[len(f)-1]
	}
	nw, lw := last(name), last(label)
	for _, suf := range derivationSuffixes {
		if strings.HasSuffix(nw, suf) && len(nw) > len(suf)+2 {
			return !strings.HasSuffix(lw, suf)
		}
	}
	return false
}
