package concepts

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// How well a group fits an entity type is the share of the type's gold
// mentions the store names as a concept of the group: a type mapped to a
// group that names few of its mentions ("Anatomy=DISO": "cerebral" is
// no disease, yet some disease has a name "cerebral" shares) gets
// replacements of another kind than its mentions. Measured with the
// embedded store on the training and development splits of the corpora
// in ../shared (TestDefaultFits), the types a corpus means as chemicals
// or diseases are named under their group in 46.8% (CRAFT's CHEBI,
// devel) to 87.5% (BC5CDR's Chemical, devel) of their mentions, and
// every other pairing of a type and a group (genes, organisms, cell
// lines, variants, GO and SO terms; a chemical type as DISO) in at most
// 11.3% (BioRED's GeneOrGeneProduct as CHEM, train): minFit lies
// between, near twice the worst misfit and under half the worst fit.
const minFit = 0.20

// minFitMentions is the fewest mentions of a type on which a fit is
// judged: under it, a share says little (a test corpus of two
// sentences).
const minFitMentions = 20

// FitSection is the section of perturb.Stats.Audit where the kinds that
// map types (synonym, abbreviation, entity-swap) count how the store
// names each type's gold mentions: item TYPE is the mentions of the
// type, item "TYPE as GROUPS" those the store names as a concept of one
// of GROUPS ("CHEM", or "DISO+ANAT" for a type mapped to both). A
// mapped type is counted under its groups, an unmapped one under each
// group the store has.
const FitSection = "type map"

// fitAs separates a type from its groups in an item of FitSection.
const fitAs = " as "

// Lookuper is what a fit needs of a store; *umls.Store implements it.
type Lookuper interface {
	Lookup(term string, groups ...string) ([]umls.Concept, error)
}

// namer is a Lookuper that tells whether a term names a concept of some
// groups without making the list of them (*umls.Store).
type namer interface {
	Names(term string, groups ...string) (bool, error)
}

// named reports whether store names the mention text (its tokens joined
// by spaces), or its singular, as a concept of one of groups.
func named(store Lookuper, text string, groups ...string) (bool, error) {
	names := func(term string) (bool, error) {
		if n, ok := store.(namer); ok {
			return n.Names(term, groups...)
		}
		cs, err := store.Lookup(term, groups...)
		return len(cs) > 0, err
	}
	form := english.LookupForm(text)
	ok, err := names(form)
	if err != nil || ok {
		return ok, err
	}
	if sg := english.Singular(form); sg != form {
		ok, err = names(sg)
	}
	return ok, err
}

// A Surveyor counts, for a kind, how its store names the gold mentions
// of each type (see FitSection).
type Surveyor struct {
	store  Lookuper
	m      Map
	groups []string // the store's groups, for unmapped types

	// items caches what Count adds for a type and text ("TYPE\x00TEXT"),
	// as the store answers them alike every time: a corpus names the
	// same mentions again and again (issue 34). Failed counts are not
	// kept.
	mu    sync.Mutex
	items map[string][]string
}

// maxItems bounds the cache of a Surveyor, in mentions.
const maxItems = 1 << 15

// NewSurveyor returns a Surveyor of store under m; have lists the
// groups the store has concepts of (nil: CHEM and DISO, the embedded
// store's).
func NewSurveyor(store Lookuper, m Map, have []string) *Surveyor {
	if have == nil {
		have = []string{"CHEM", "DISO"}
	}
	return &Surveyor{store: store, m: m, groups: have}
}

// StoreGroups returns the groups store has concepts of, sorted, or nil
// when it cannot say (it is no InfoStore).
func StoreGroups(store any) ([]string, error) {
	is, ok := store.(InfoStore)
	if !ok {
		return nil, nil
	}
	info, err := is.Info()
	if err != nil {
		return nil, err
	}
	var out []string
	for g, n := range info.Groups {
		if n > 0 {
			out = append(out, g)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Count calls add with the items of FitSection that the mention text of
// type typ counts for.
func (s *Surveyor) Count(typ, text string, add func(item string)) error {
	add(typ)
	if gs := s.m.Groups(typ); len(gs) > 0 {
		ok, err := named(s.store, text, gs...)
		if ok {
			add(typ + fitAs + strings.Join(gs, "+"))
		}
		return err
	}
	for _, g := range s.groups {
		ok, err := named(s.store, text, g)
		if err != nil {
			return err
		}
		if ok {
			add(typ + fitAs + g)
		}
	}
	return nil
}

// Audit appends to dst the counts of FitSection for the gold mentions
// of s (a perturb.Auditor's part). A lookup that fails counts the
// mention as not named: the kind's own lookups report the error.
func (s *Surveyor) Audit(dst []perturb.AuditCount, orig conll.Sentence) []perturb.AuditCount {
	if len(orig.Tags) != len(orig.Tokens) {
		return dst
	}
	var buf [16]iob.Span // most sentences have fewer mentions: no slice to make
	return s.AuditSpans(dst, orig, iob.AppendSpans(buf[:0], orig.Tags))
}

// AuditSpans is Audit of orig whose gold mentions are spans (iob.Spans
// of its tags), which a caller read already.
func (s *Surveyor) AuditSpans(dst []perturb.AuditCount, orig conll.Sentence, spans []iob.Span) []perturb.AuditCount {
	if len(orig.Tags) != len(orig.Tokens) {
		return dst
	}
	for _, sp := range spans {
		for _, item := range s.countTokens(sp.Type, orig.Tokens[sp.Start:sp.End]) {
			dst = append(dst, perturb.AuditCount{Section: FitSection, Item: item, N: 1})
		}
	}
	return dst
}

// AppendMentionKey appends to b the cache key of the mention of type
// typ whose tokens are toks: typ, a zero byte, then the tokens joined by
// spaces (the mention's text). The type-fit counts here and synonym's
// analyses are cached under it; built in a caller's stack buffer, a
// cache hit makes no string.
func AppendMentionKey(b []byte, typ string, toks []string) []byte {
	b = append(append(b, typ...), 0)
	for i, t := range toks {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, t...)
	}
	return b
}

// countTokens is count of the mention whose tokens are toks (its text,
// space-joined), looked up without making the key or the text when the
// cache holds it: Audit asks for every mention of every sentence (issue
// 34).
func (s *Surveyor) countTokens(typ string, toks []string) []string {
	var buf [256]byte
	key := AppendMentionKey(buf[:0], typ, toks)
	s.mu.Lock()
	items, ok := s.items[string(key)] // the key of count
	s.mu.Unlock()
	if ok {
		return items
	}
	return s.count(typ, string(key[len(typ)+1:]))
}

// count returns the items Count adds, from the cache or counted (a
// failed lookup counts the mention as not named).
func (s *Surveyor) count(typ, text string) []string {
	key := typ + "\x00" + text
	s.mu.Lock()
	items, ok := s.items[key]
	s.mu.Unlock()
	if ok {
		return items
	}
	err := s.Count(typ, text, func(item string) { items = append(items, item) })
	if err != nil {
		return items
	}
	s.mu.Lock()
	if s.items == nil || len(s.items) >= maxItems {
		s.items = map[string][]string{}
	}
	s.items[key] = slices.Clip(items)
	s.mu.Unlock()
	return items
}

// typeFit is what FitSection says of one type.
type typeFit struct {
	Type     string
	Mentions int
	Groups   []string       // the groups it is mapped to; nil when unmapped
	Named    map[string]int // group ("DISO+ANAT" for a mapped type's groups) -> mentions named
}

// Share returns the share of the mentions named under group g.
func (f typeFit) Share(g string) float64 {
	if f.Mentions == 0 {
		return 0
	}
	return float64(f.Named[g]) / float64(f.Mentions)
}

// fits reads FitSection of an audit under the type map m, by type.
func fits(audit map[string]map[string]int, m Map) []typeFit {
	sec := audit[FitSection]
	by := map[string]*typeFit{}
	get := func(t string) *typeFit {
		f := by[t]
		if f == nil {
			f = &typeFit{Type: t, Groups: m.Groups(t), Named: map[string]int{}}
			by[t] = f
		}
		return f
	}
	for item, n := range sec {
		if t, g, ok := strings.Cut(item, fitAs); ok && knownGroups(g) {
			get(t).Named[g] += n
			continue
		}
		get(item).Mentions += n
	}
	out := make([]typeFit, 0, len(by))
	for _, f := range by {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

// knownGroups reports whether s is groups joined by "+".
func knownGroups(s string) bool {
	for _, g := range strings.Split(s, "+") {
		if !slices.Contains(KnownGroups(), g) {
			return false
		}
	}
	return true
}

// Misfit is a mapped type whose groups name under minFit of its
// mentions (of at least minFitMentions).
func (f typeFit) Misfit() bool {
	if f.Groups == nil || f.Mentions < minFitMentions {
		return false
	}
	return f.Share(strings.Join(f.Groups, "+")) < minFit
}

// Best returns the group that names the most of an unmapped type's
// mentions, and whether it names at least minFit of them (of at least
// minFitMentions).
func (f typeFit) Best() (string, bool) {
	best := ""
	for g, n := range f.Named {
		if best == "" || n > f.Named[best] || n == f.Named[best] && g < best {
			best = g
		}
	}
	return best, best != "" && f.Mentions >= minFitMentions && f.Share(best) >= minFit
}

// TypeNotes says what a kind's type map left and what it mapped badly,
// from the audit of one of its outputs: typeMap is the kind's option
// (a Parse argument). A type the option itself maps (not a default) to
// groups that misfit its mentions is an error wrapping ErrTypeMap; a
// default that misfits, and the unmapped types, with the --type-map
// items that would map those a group fits, are notes.
func TypeNotes(audit map[string]map[string]int, typeMap string) (notes []string, err error) {
	m, err := Parse(typeMap)
	if err != nil {
		return nil, err
	}
	given, err := Given(typeMap)
	if err != nil {
		return nil, err
	}
	var left, items, unfit []string
	var bad []string
	typeFits := fits(audit, m)
	if absent := givenAbsent(given, typeFits); len(absent) > 0 && len(typeFits) > 0 {
		notes = append(notes, fmt.Sprintf("warning: --type-map maps %s, but no mention of the corpus has that type (mistyped? its types: %s)",
			strings.Join(absent, ", "), strings.Join(fitTypes(typeFits), ", ")))
	}
	for _, f := range typeFits {
		if f.Groups != nil {
			if !f.Misfit() {
				continue
			}
			gs := strings.Join(f.Groups, "+")
			msg := fmt.Sprintf("the type map sends %s to %s, but the concept store names only %d of its %d mentions (%.1f%%) as %s, under the %.0f%% a type's own group names: its replacements would be of another kind than its mentions",
				f.Type, gs, f.Named[gs], f.Mentions, 100*f.Share(gs), gs, 100*minFit)
			if given.Groups(f.Type) != nil {
				bad = append(bad, msg)
			} else {
				notes = append(notes, "warning: "+msg+"; --type-map "+f.Type+"=GROUP maps it to another group, 'none,...' clears the defaults")
			}
			continue
		}
		left = append(left, fmt.Sprintf("%s (%d)", f.Type, f.Mentions))
		if g, ok := f.Best(); ok {
			items = append(items, f.Type+"="+g)
		} else {
			unfit = append(unfit, f.Type)
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%w: %s; map it to a group that names its mentions, or leave it out of --type-map", ErrTypeMap, strings.Join(bad, "; "))
	}
	if len(left) == 0 {
		return notes, nil
	}
	msg := "entity types no semantic group is mapped to, left as they are: " + strings.Join(left, ", ")
	if len(items) > 0 {
		msg += "; a group of the concept store names at least " + strconv.Itoa(int(100*minFit)) + "% of the mentions of some, to replace them too: --type-map " + strings.Join(items, ",")
	}
	if len(unfit) > 0 {
		msg += "; no group of the concept store names " + strconv.Itoa(int(100*minFit)) + "% of the mentions of " + strings.Join(unfit, ", ") + " (a store imported from UMLS has genes, organisms and anatomy too: --db FILE --type-map TYPE=GROUP)"
	}
	return append(notes, msg), nil
}

// givenAbsent lists, sorted, the types of the type-map option (given)
// that no mention of the audited corpus has, in any case: a mistyped
// type ("Chem ical") maps nothing.
func givenAbsent(given Map, fits []typeFit) []string {
	var absent []string
	for typ := range given {
		if !slices.ContainsFunc(fits, func(f typeFit) bool { return f.Mentions > 0 && strings.EqualFold(f.Type, typ) }) {
			absent = append(absent, typ)
		}
	}
	sort.Strings(absent)
	return absent
}

// fitTypes lists the types with mentions of fits.
func fitTypes(fits []typeFit) []string {
	var ts []string
	for _, f := range fits {
		if f.Mentions > 0 {
			ts = append(ts, f.Type)
		}
	}
	return ts
}
