package umls

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Errors returned by the package. Parse errors wrap them in a *ParseError
// that carries the file and line.
var (
	// ErrFieldCount: an RRF or TSV row has the wrong number of columns.
	ErrFieldCount = errors.New("wrong number of fields")
	// ErrTruncated: the last row of an RRF file lacks its final "|".
	ErrTruncated = errors.New("truncated row (missing final '|')")
	// ErrInvalidUTF8: a row or name is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrBadName: a name holds a U+FFFD replacement character or a
	// control character (see CheckName).
	ErrBadName = errors.New("bad name")
	// ErrSyntax: a line does not follow the file's format.
	ErrSyntax = errors.New("syntax error")
	// ErrNotStore: the file is not a concept store of this schema.
	ErrNotStore = errors.New("not a concept store (or made by another version)")
	// ErrNoInput: an import was asked for without any input file.
	ErrNoInput = errors.New("no input files")
	// ErrClosed: the store was used after Close.
	ErrClosed = errors.New("store is closed")
	// ErrNoConcept: no concept has the name looked up (see NotFoundError).
	ErrNoConcept = errors.New("no concept of that name")
)

// ParseError reports a malformed input row.
type ParseError struct {
	File string
	Line int // 1-based
	Err  error
}

func (e *ParseError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Concept is one concept: a UMLS CUI, or a concept of an open lexicon
// ("MESH:D009203", "CHEBI:27958"). Concepts from different open lexicons
// are never merged, even when they share names: a shared string is weak
// evidence ("cocaine" is also a synonym of a ChEBI enzyme entry), so each
// concept holds only names its own source gives it.
//
// Slices in a Concept returned by a Store, and the slice of Concepts
// returned by Lookup, are shared and must not be modified.
type Concept struct {
	ID     string
	Name   string   // preferred name
	Types  []string // semantic types (TUIs), UMLS only
	Groups []string // semantic groups: CHEM, DISO, ...
	Source string   // source of the concept id (MESH, CHEBI, ...); empty for UMLS CUIs
}

// InGroup reports whether c belongs to one of groups (or groups is empty).
func (c Concept) InGroup(groups ...string) bool {
	if len(groups) == 0 {
		return true
	}
	for _, g := range groups {
		if slices.Contains(c.Groups, g) {
			return true
		}
	}
	return false
}

// Term is one name of a concept.
type Term struct {
	Concept    string
	String     string
	Source     string // UMLS SAB (MSH, SNOMEDCT_US, ...) or lexicon (MESH, DRUGBANK, CHEBI, DOID, NCIT)
	TermType   string // UMLS TTY (PT, SY, ET, ...) or lexicon type (label, entry, synonym, exact)
	Preferred  bool   // the source's preferred name for the concept
	Suppressed bool   // UMLS SUPPRESS is not N
	// Avoid says why the term is not a name a writer would use
	// (AvoidInverted, AvoidRegistry, AvoidFormula); empty when it is.
	Avoid string
}

// Usable reports whether t may replace another name of its concept in
// running text.
func (t Term) Usable() bool { return t.Avoid == "" && !t.Suppressed }

// Info describes a store: how it was built and what it holds.
type Info struct {
	Path     string // file, or "(embedded default)"
	Schema   int
	Built    time.Time
	Tool     string
	Filters  map[string]string
	Inputs   []Input
	Concepts int
	Terms    int
	Sources  map[string]int // terms per source
	Groups   map[string]int // concepts per semantic group
}

// Input is one file that went into a store.
type Input struct {
	Kind   string // mrconso, mrsty, terms, obo
	Path   string
	SHA256 string
	Bytes  int64
	Rows   int // rows read
	Kept   int // rows stored
	Bad    int // rows skipped for a bad name (see ImportOptions.Skipped)
}

// backend is a store's storage: SQLite files, or the in-memory default.
type backend interface {
	lookup(norm string) ([]Concept, error)
	// lookupAtMost is lookup when norm names at most max concepts, else
	// nil and how many it names, found without decoding them.
	lookupAtMost(norm string, max int) ([]Concept, int, error)
	terms(id string) ([]Term, error)
	// each calls fn for every concept, in id order, until fn returns false.
	each(fn func(Concept) bool) error
	info() (Info, error)
	close() error
}

// Store is a read-only concept store. It is safe for concurrent use.
type Store struct {
	b      backend
	shared bool // the process-wide default: Close does nothing

	mu     sync.Mutex
	cache  map[string][]Concept // normalized term -> concepts, for slow backends
	counts map[string]int       // normalized term -> concepts, for the terms LookupAtMost did not decode
}

// maxCache bounds the lookup cache of file stores; corpora repeat their
// mentions, so a modest cache absorbs most lookups.
const maxCache = 1 << 16

// LookupAtMost is Lookup without groups for a term that names at most
// max concepts; for a term that names more it returns no concepts and
// their number, which the store counts without decoding them: on a full
// release a common word names thousands of concepts, most of the cost
// of a caller that has no use for so common a word.
func (s *Store) LookupAtMost(term string, max int) ([]Concept, int, error) {
	if s.b == nil {
		return nil, 0, ErrClosed
	}
	key := Normalize(term)
	if key == "" {
		return nil, 0, nil
	}
	if s.cache != nil {
		s.mu.Lock()
		cs, ok := s.cache[key]
		n, counted := s.counts[key]
		s.mu.Unlock()
		switch {
		case ok && len(cs) <= max:
			return cs[:len(cs):len(cs)], len(cs), nil
		case ok:
			return nil, len(cs), nil
		case counted && n > max:
			return nil, n, nil
		}
	}
	cs, n, err := s.b.lookupAtMost(key, max)
	if err != nil || s.cache == nil {
		return cs, n, err
	}
	s.mu.Lock()
	if len(s.cache) >= maxCache {
		clear(s.cache)
		clear(s.counts)
	}
	if n > max {
		if s.counts == nil {
			s.counts = map[string]int{}
		}
		s.counts[key] = n
	} else {
		s.cache[key] = cs
	}
	s.mu.Unlock()
	return cs[:len(cs):len(cs)], n, nil
}

// Lookup returns the concepts having a term whose normalized form equals
// Normalize(term), restricted to the semantic groups given (none: all),
// ordered by concept id.
func (s *Store) Lookup(term string, groups ...string) ([]Concept, error) {
	if s.b == nil {
		return nil, ErrClosed
	}
	key := Normalize(term)
	if key == "" {
		return nil, nil
	}
	var cs []Concept
	if s.cache != nil {
		s.mu.Lock()
		c, ok := s.cache[key]
		s.mu.Unlock()
		if ok {
			cs = c
		} else {
			var err error
			if cs, err = s.b.lookup(key); err != nil {
				return nil, err
			}
			s.mu.Lock()
			if len(s.cache) >= maxCache {
				clear(s.cache)
			}
			s.cache[key] = cs
			s.mu.Unlock()
		}
	} else {
		var err error
		if cs, err = s.b.lookup(key); err != nil {
			return nil, err
		}
	}
	if len(groups) == 0 {
		// No filter: the cached slice itself, capped so that an append
		// by the caller copies. A common word of a full release names
		// thousands of concepts; a copy per call was most of the
		// garbage of a synonym build on such a store.
		return cs[:len(cs):len(cs)], nil
	}
	out := make([]Concept, 0, len(cs))
	for _, c := range cs {
		if c.InGroup(groups...) {
			out = append(out, c)
		}
	}
	return out, nil
}

// Names reports whether term names a concept of one of the semantic
// groups given (none: any), as len(Lookup(term, groups...)) > 0 does,
// without copying the concepts of those groups: a caller that counts
// the mentions a store names (the kinds' type-fit audit) needs no more
// (issue 34).
func (s *Store) Names(term string, groups ...string) (bool, error) {
	cs, err := s.Lookup(term)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(cs, func(c Concept) bool { return c.InGroup(groups...) }), nil
}

// Terms returns every name of a concept: preferred names first, then in
// source order. An unknown id gives no terms and no error.
func (s *Store) Terms(conceptID string) ([]Term, error) {
	if s.b == nil {
		return nil, ErrClosed
	}
	return s.b.terms(conceptID)
}

// Concepts returns the concepts of the semantic groups given (none: all),
// ordered by id: the pool from which entity swaps draw other concepts of
// a mention's group. It reads the whole store, so callers do it once.
func (s *Store) Concepts(groups ...string) ([]Concept, error) {
	if s.b == nil {
		return nil, ErrClosed
	}
	var out []Concept
	err := s.b.each(func(c Concept) bool {
		if c.InGroup(groups...) {
			out = append(out, c)
		}
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("list concepts: %w", err)
	}
	return out, nil
}

// Info returns the store's build metadata and counts.
func (s *Store) Info() (Info, error) {
	if s.b == nil {
		return Info{}, ErrClosed
	}
	return s.b.info()
}

// Close releases the store. Closing the default store does nothing, since
// it is shared by the whole process.
func (s *Store) Close() error {
	if s.shared || s.b == nil {
		return nil
	}
	err := s.b.close()
	s.b = nil
	return err
}

// Semantic groups (McCray et al.), from NLM's SemGroups.txt:
// group|group name|TUI|type name.
//
//go:embed semgroups.txt
var semGroupsText string

// SemanticType is one row of NLM's Semantic Groups table.
type SemanticType struct {
	TUI, Name, Group, GroupName string
}

var semTypes = sync.OnceValue(func() map[string]SemanticType {
	m := map[string]SemanticType{}
	sc := bufio.NewScanner(strings.NewReader(semGroupsText))
	for sc.Scan() {
		f := strings.Split(strings.TrimSpace(sc.Text()), "|")
		if len(f) != 4 {
			continue
		}
		m[f[2]] = SemanticType{TUI: f[2], Name: f[3], Group: f[0], GroupName: f[1]}
	}
	return m
})

// SemanticTypes returns the Semantic Groups table keyed by TUI.
func SemanticTypes() map[string]SemanticType { return semTypes() }

// groupOf returns the semantic group of a TUI ("" if unknown).
func groupOf(tui string) string { return semTypes()[tui].Group }

// groupsOf maps TUIs to their sorted, distinct groups, plus extra groups.
func groupsOf(tuis []string, extra ...string) []string {
	var gs []string
	for _, t := range tuis {
		if g := groupOf(t); g != "" && !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	for _, g := range extra {
		if g != "" && !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	sort.Strings(gs)
	return gs
}

// categoryGroup maps the categories of the open lexicon files to semantic
// groups.
func categoryGroup(category string) string {
	switch strings.ToLower(category) {
	case "chemical", "chem":
		return "CHEM"
	case "disease", "diso":
		return "DISO"
	}
	return ""
}

// sourceOf returns the prefix of a lexicon id ("MESH" of "MESH:D009203").
func sourceOf(id string) string {
	if i := strings.IndexByte(id, ':'); i > 0 {
		return strings.ToUpper(id[:i])
	}
	return ""
}

// groups returns the names of the semantic groups (CHEM, DISO, ...),
// sorted.
func groups() []string {
	seen := map[string]bool{}
	var out []string
	for _, st := range semTypes() {
		if !seen[st.Group] {
			seen[st.Group] = true
			out = append(out, st.Group)
		}
	}
	sort.Strings(out)
	return out
}

// ParseGroup returns the semantic group named s, in any case ("chem" is
// CHEM).
func ParseGroup(s string) (string, error) {
	g := strings.ToUpper(s)
	if !slices.Contains(groups(), g) {
		return "", fmt.Errorf("unknown semantic group %q", s)
	}
	return g, nil
}

// GroupsNaming returns the semantic groups of the concepts named text
// (of those with a usable synonym, if usable), sorted: a lookup
// restricted to other groups can say where the name is.
func (s *Store) GroupsNaming(text string, usable bool) ([]string, error) {
	var out []string
	for _, g := range groups() {
		cs, err := s.Lookup(text, g)
		if err != nil {
			return nil, err
		}
		if len(cs) > 0 {
			out = append(out, g)
		}
	}
	return out, nil
}
