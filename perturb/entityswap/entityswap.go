// Package entityswap implements the entity-swap perturbation (kind
// "entity-swap"): each selected gold mention is replaced by a name of a
// different concept of the same semantic group ("cocaine" ->
// "tetrabenazine", "hypotension" -> "pemphigus"), RockNER's entity attack
// and, with names never seen as mentions of a training corpus,
// TextFlint's out-of-vocabulary swap, for biomedicine.
//
// The context is untouched, so a model that reads context still finds
// the entity, while one that memorised entity names does not. Entity
// count and types are kept, B/I labels are realigned by iob.Replace, and
// the change log records the mention's concept and the new one
// ("MESH:D003042->MESH:D013747" in the concept_id column).
//
// Names follow synonym replacement's policy: only names Natural accepts
// (no codes, systematic, inverted, foreign or qualified forms), usable in
// the store, fitting a preceding "a"/"an", rendered by RunningText in
// the corpus's tokenization and running-text case. A name must not also
// name a concept of the mention (the round trip), and with Unseen it
// must not be, up to Key, any gold mention of the given corpora.
package entityswap

import (
	"fmt"
	"io"
	"math/rand/v2"
	"path"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/synonym"
	"github.com/stress-ner/stress/umls"
)

// Name and Suffix identify the perturbation in the registry and in
// output file names (NAME_eswap.tsv).
const (
	Name   = "entity-swap"
	Suffix = "eswap"
)

// maxTries bounds the concepts drawn for one mention before it is left
// as it is: most concepts of a group have a natural name, so a handful
// of draws nearly always suffice.
const maxTries = 64

// Store is what entity swap needs of a concept store; *umls.Store
// implements it.
type Store interface {
	synonym.Store
	Concepts(groups ...string) ([]umls.Concept, error)
}

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:          Name,
	Suffix:        Suffix,
	Help:          "replace selected gold mentions by a name of another concept of the same group (\"cocaine\" -> \"tetrabenazine\")",
	UsesSelection: true,
	Options: []perturb.Option{
		{Name: "unseen-in", Default: "", List: true, Files: true, Help: "corpora (e.g. train.tsv; comma-separated) whose gold mentions are never used as replacements"},
		{Name: "swap-db", Default: "", Help: "concept store from 'stress umls import' (default: the embedded open lexicons)"},
	},
	New: newFromOptions,
}

func init() { perturb.Register(Kind) }

func newFromOptions(m map[string]string) (perturb.Perturbation, error) {
	var unseen map[string]bool
	if files := textutil.SplitList(m["unseen-in"]); len(files) > 0 {
		var err error
		if unseen, err = MentionsOf(files...); err != nil {
			return nil, err
		}
	}
	var store *umls.Store
	var err error
	if p := m["swap-db"]; p != "" {
		store, err = umls.Open(p)
	} else {
		store, err = umls.OpenDefault()
	}
	if err != nil {
		return nil, fmt.Errorf("open concept store: %w", err)
	}
	s, err := New(store, Options{Unseen: unseen})
	if err != nil {
		store.Close()
		return nil, err
	}
	s.closer = store.Close
	return s, nil
}

// MentionsOf returns the gold mentions of the corpora at paths, as Keys.
func MentionsOf(paths ...string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, p := range paths {
		f, err := conll.Open(p)
		if err != nil {
			return nil, fmt.Errorf("unseen-in: %w", err)
		}
		for {
			s, err := f.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("unseen-in: %w", err)
			}
			for _, sp := range iob.Spans(s.Tags) {
				if sp.End <= len(s.Tokens) {
					out[Key(strings.Join(s.Tokens[sp.Start:sp.End], " "))] = true
				}
			}
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("unseen-in: %w", err)
		}
	}
	return out, nil
}

// Key is the form in which names are compared: umls.Normalize (case
// folded, dashes and apostrophes unified) without spaces, so that no
// tokenization ("peau d ' orange", "5 - FU") hides a name.
func Key(name string) string { return strings.ReplaceAll(umls.Normalize(name), " ", "") }

// Options configure a Swap.
type Options struct {
	// TypeMap maps entity types to semantic groups; nil means
	// synonym.DefaultTypeMap.
	TypeMap map[string][]string
	// Unseen holds Keys of names never to use (see MentionsOf).
	Unseen map[string]bool
	// ExcludeConcepts lists concept ids or path.Match patterns never
	// drawn; nil means synonym.DefaultExcludeConcepts.
	ExcludeConcepts []string
}

// Swap replaces gold mentions by names of other concepts. It implements
// perturb.Perturbation and perturb.SentenceChecker and is safe for
// concurrent use.
type Swap struct {
	store   Store
	typeMap map[string][]string
	unseen  map[string]bool
	pools   map[string][]umls.Concept // type -> concepts of its groups, by id
	closer  func() error
}

// New returns a Swap drawing from store. It reads the store's concepts
// of every group the type map names once.
func New(store Store, opts Options) (*Swap, error) {
	s := &Swap{store: store, typeMap: opts.TypeMap, unseen: opts.Unseen, pools: map[string][]umls.Concept{}}
	if s.typeMap == nil {
		s.typeMap = synonym.DefaultTypeMap()
	}
	exclude := opts.ExcludeConcepts
	if exclude == nil {
		exclude = synonym.DefaultExcludeConcepts()
	}
	for _, p := range exclude {
		if _, err := path.Match(p, ""); err != nil {
			return nil, &perturb.OptionError{Option: "entity-swap.exclude", Value: p, Want: "a concept id or pattern"}
		}
	}
	byGroups := map[string][]umls.Concept{}
	for typ, groups := range s.typeMap {
		key := strings.Join(groups, "+")
		pool, ok := byGroups[key]
		if !ok {
			all, err := store.Concepts(groups...)
			if err != nil {
				return nil, err
			}
			for _, c := range all {
				if !excluded(c.ID, exclude) {
					pool = append(pool, c)
				}
			}
			byGroups[key] = pool
		}
		s.pools[typ] = pool
	}
	return s, nil
}

func excluded(id string, patterns []string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, id); ok {
			return true
		}
	}
	return false
}

// Close closes the store when s owns it (the registry's New).
func (s *Swap) Close() error {
	if s.closer != nil {
		return s.closer()
	}
	return nil
}

// candidate is one name that may replace a mention.
type candidate struct {
	name    string // respelled for the corpus
	concept umls.Concept
	term    umls.Term
}

// conceptsOf returns the ids of the concepts of the groups that name
// text names.
func (s *Swap) conceptsOf(text string, groups []string) ([]string, error) {
	cs, err := s.store.Lookup(text, groups...)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids, nil
}

// names returns the names of c that may replace mention (whose concepts
// are mine) after article art ("" when none precedes).
func (s *Swap) names(c umls.Concept, mention, art string, groups, mine []string) ([]candidate, error) {
	terms, err := s.store.Terms(c.ID)
	if err != nil {
		return nil, err
	}
	key := Key(mention)
	var out []candidate
	seen := map[string]bool{}
	for _, t := range terms {
		if !t.Usable() {
			continue
		}
		name := synonym.CorpusSpelling(t.String, mention)
		k := Key(name)
		if seen[k] || k == key || s.unseen[k] || synonym.Natural(name, mention) != "" {
			continue
		}
		seen[k] = true
		if art != "" {
			if f := strings.Fields(name); len(f) == 0 || synonym.Article(synonym.Tokenize(f[0], synonym.TokenizePunct)[0]) != art {
				continue
			}
		}
		ids, err := s.conceptsOf(name, groups)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(ids, func(id string) bool { return slices.Contains(mine, id) }) {
			continue // the name also names the mention's concept
		}
		out = append(out, candidate{name: name, concept: c, term: t})
	}
	return out, nil
}

// Perturb replaces every gold mention with a selected token by a name of
// another concept of its type's groups, when one is found in maxTries
// draws. Sentences that are not valid IOB2 are left whole.
func (s *Swap) Perturb(sent conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	if len(sent.Tags) != len(sent.Tokens) || len(iob.Validate(sent.Tags, iob.IOB2)) > 0 {
		return sent, nil
	}
	spans := iob.Spans(sent.Tags)
	style := synonym.InferStyle(sent.Tokens)
	type edit struct {
		span iob.Span
		toks []string
		c    perturb.Change
	}
	var edits []edit
	for _, sp := range spans {
		if !slices.Contains(selected[sp.Start:min(sp.End, len(selected))], true) {
			continue
		}
		pool, groups := s.pools[sp.Type], s.typeMap[sp.Type]
		if len(pool) == 0 {
			continue
		}
		mentionToks := sent.Tokens[sp.Start:sp.End]
		mention := strings.Join(mentionToks, " ")
		mine, err := s.conceptsOf(mention, groups)
		if err != nil {
			continue // Check reports store failures; a flaky lookup must not abort a run
		}
		art := ""
		if sp.Start > 0 {
			if p := strings.ToLower(sent.Tokens[sp.Start-1]); p == "a" || p == "an" {
				art = p
			}
		}
		for range maxTries {
			c := pool[r.IntN(len(pool))]
			if slices.Contains(mine, c.ID) {
				continue
			}
			cands, err := s.names(c, mention, art, groups, mine)
			if err != nil || len(cands) == 0 {
				continue
			}
			cand := cands[r.IntN(len(cands))]
			toks := synonym.RunningText(cand.name, mentionToks, sp.Start == 0, style)
			after := strings.Join(toks, " ")
			if len(toks) == 0 || after == mention || slices.Contains(toks, "") {
				continue
			}
			old := ""
			if len(mine) > 0 {
				old = mine[0]
			}
			edits = append(edits, edit{sp, toks, perturb.Change{
				Token: sp.Start, End: sp.End, Kind: Name, Before: mention, After: after,
				ConceptID: old + "->" + c.ID, Source: cand.term.Source, TermType: cand.term.TermType,
			}})
			break
		}
	}
	if len(edits) == 0 {
		return sent, nil
	}
	out := sent
	out.Tokens = slices.Clone(sent.Tokens)
	out.Tags = slices.Clone(sent.Tags)
	out.Fields = nil
	changes := make([]perturb.Change, len(edits))
	// Right to left, so that the spans still to do keep their offsets.
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		tags, err := iob.Replace(out.Tags, e.span.Start, e.span.End, len(e.toks))
		if err != nil {
			return sent, nil // cannot happen for valid IOB2; never emit a broken sentence
		}
		out.Tags = tags
		out.Tokens = slices.Replace(out.Tokens, e.span.Start, e.span.End, e.toks...)
		changes[k] = e.c
	}
	return out, changes
}

// Check reports whether c replaces a mention by a name of a concept
// other than the mention's, not among the unseen names.
func (s *Swap) Check(c perturb.Change) error {
	old, neu, ok := strings.Cut(c.ConceptID, "->")
	if !ok || neu == "" {
		return fmt.Errorf("%w: entity swap %q -> %q without its two concepts (%q)", perturb.ErrInvalidChange, c.Before, c.After, c.ConceptID)
	}
	if old == neu {
		return fmt.Errorf("%w: %q -> %q keeps concept %s", perturb.ErrInvalidChange, c.Before, c.After, neu)
	}
	key := Key(c.After)
	if s.unseen[key] {
		return fmt.Errorf("%w: %q is a mention of the unseen-in corpora", perturb.ErrInvalidChange, c.After)
	}
	terms, err := s.store.Terms(neu)
	if err != nil {
		return fmt.Errorf("%w: terms of %s: %v", perturb.ErrInvalidChange, neu, err)
	}
	for _, t := range terms {
		if Key(synonym.CorpusSpelling(t.String, c.Before)) == key {
			return nil
		}
	}
	return fmt.Errorf("%w: %q is not a name of %s", perturb.ErrInvalidChange, c.After, neu)
}

// CheckSentence verifies out against orig: valid IOB2, the same
// entities (count and types, in order), context tokens unchanged, and
// every changed mention covered by one logged change whose texts match.
func (s *Swap) CheckSentence(orig, out conll.Sentence, changes []perturb.Change) error {
	return perturb.CheckMentionReplacements(orig, out, changes)
}
