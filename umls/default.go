package umls

import (
	"bufio"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// The embedded default lexicon, packed (see buildPack) from
// default/lexicon.tsv.gz, which internal/mkdefault builds from the open
// lexicons (see doc.go for the commands and default/NOTICE.md for the
// sources' terms). The gzipped text is not embedded: the pack holds it.
//
//go:embed default/lexicon.pack
var defaultPack string

// Notice is the attribution text of the sources of the default lexicon.
//
//go:embed default/NOTICE.md
var Notice string

// defaultName is the Info.Path of the default store.
const defaultName = "(embedded default)"

var defaultStore = sync.OnceValues(func() (*Store, error) {
	p, err := openPack(defaultPack, defaultName)
	if err != nil {
		return nil, fmt.Errorf("load default lexicon: %w", err)
	}
	// The lookup cache: kinds and their audits ask the store about
	// the same mentions again and again, and each lookup verifies its
	// candidates on their lines.
	return &Store{b: p, shared: true, cache: map[string][]Concept{}}, nil
})

// OpenDefault returns the embedded default store: MeSH, DrugBank, ChEBI,
// DOID and NCIt names of chemicals and diseases, and CDR names of MeSH
// concepts (Term.Source "CDR", Term.TermType "mention"). It is opened on
// first use (a header read: its names are searched where the executable
// holds them, see packedStore) and shared by the process after that; its
// Close does nothing.
func OpenDefault() (*Store, error) { return defaultStore() }

// memStore holds a whole lexicon in memory: the default is small (about
// 120k concepts, 430k names) and lookups must be fast.
type memStore struct {
	name     string
	concepts []Concept
	first    []int32 // terms of concept i: names[first[i]:first[i+1]]
	names    []memTerm
	byID     map[string]int32
	byNorm   map[string][]int32 // concept indexes, ascending id
	sources  map[string]int
	groups   map[string]int
	// termSources names the sources of terms added to another lexicon's
	// concepts ("@CDR" in the file); index 0 is unused.
	termSources []string
}

type memTerm struct {
	str, tty, avoid string
	src             uint8 // index in memStore.termSources; 0: the concept's source
}

var (
	// The term-type and avoid letters of the format, as tables: the
	// packed store reads two letters for every name it decodes, and map
	// look-ups of them were a third of decoding a concept's names (issue
	// 34). A letter without a name is not one of the format's, but for
	// the avoid letter '-' (avoidCodes).
	ttyNames   = [256]string{'L': "label", 'E': "entry", 'S': "synonym", 'X': "exact", 'M': "mention"}
	avoidNames = [256]string{'I': AvoidInverted, 'R': AvoidRegistry, 'F': AvoidFormula}
	avoidCodes = [256]bool{'-': true, 'I': true, 'R': true, 'F': true}
	groupLists = map[string][]string{"": nil, "CHEM": {"CHEM"}, "DISO": {"DISO"}}
)

// loadMemory reads the mkdefault format (gzipped): one concept per line,
// "id<TAB>group<TAB>term...", each term prefixed by its term-type and
// avoid letters, the label first. A field "@SOURCE" gives the source of
// the terms after it (names another corpus or lexicon attaches to the
// concept, such as CDR's).
func loadMemory(r io.Reader, name string) (*memStore, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	m := &memStore{name: name, byID: make(map[string]int32, 130000), byNorm: make(map[string][]int32, 400000),
		sources: map[string]int{}, groups: map[string]int{}, termSources: []string{""}}
	m.concepts = make([]Concept, 0, 130000)
	m.names = make([]memTerm, 0, 450000)
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 3 {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
		}
		gs := groupList(f[1])
		idx := int32(len(m.concepts))
		id := f[0]
		source := sourceOf(id)
		c := Concept{ID: id, Groups: gs, Source: source}
		m.first = append(m.first, int32(len(m.names)))
		var src uint8
		for _, t := range f[2:] {
			if len(t) > 1 && t[0] == '@' {
				sn := t[1:]
				i := slices.Index(m.termSources, sn)
				if i < 0 {
					if len(m.termSources) > 255 {
						return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: too many term sources", ErrSyntax)}
					}
					i = len(m.termSources)
					m.termSources = append(m.termSources, sn)
				}
				src = uint8(i)
				continue
			}
			if len(t) < 3 {
				return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: empty term", ErrSyntax)}
			}
			tty, avoid := ttyNames[t[0]], avoidNames[t[1]]
			if tty == "" || !avoidCodes[t[1]] {
				return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: bad term code %q", ErrSyntax, t[:2])}
			}
			str := t[2:]
			if c.Name == "" {
				c.Name = str
			}
			m.names = append(m.names, memTerm{str: str, tty: tty, avoid: avoid, src: src})
			if src == 0 {
				m.sources[source]++
			} else {
				m.sources[m.termSources[src]]++
			}
			key := Normalize(str)
			if l := m.byNorm[key]; len(l) == 0 || l[len(l)-1] != idx {
				m.byNorm[key] = append(l, idx)
			}
		}
		if c.Name == "" {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
		}
		for _, g := range gs {
			m.groups[g]++
		}
		if _, dup := m.byID[id]; dup {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: duplicate concept %s", ErrSyntax, id)}
		}
		m.byID[id] = idx
		m.concepts = append(m.concepts, c)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	m.first = append(m.first, int32(len(m.names)))
	// Concepts come grouped by source, not sorted by id: order each list.
	for _, l := range m.byNorm {
		if len(l) > 1 {
			slices.SortFunc(l, func(a, b int32) int { return strings.Compare(m.concepts[a].ID, m.concepts[b].ID) })
		}
	}
	return m, nil
}

func (m *memStore) lookup(norm string) ([]Concept, error) {
	l := m.byNorm[norm]
	if len(l) == 0 {
		return nil, nil
	}
	out := make([]Concept, len(l))
	for i, idx := range l {
		out[i] = m.concepts[idx]
	}
	return out, nil
}

func (m *memStore) lookupAtMost(norm string, max int) ([]Concept, int, error) {
	if n := len(m.byNorm[norm]); n > max {
		return nil, n, nil
	}
	cs, err := m.lookup(norm)
	return cs, len(cs), err
}

func (m *memStore) terms(id string) ([]Term, error) {
	idx, ok := m.byID[id]
	if !ok {
		return nil, nil
	}
	src := m.concepts[idx].Source
	ts := m.names[m.first[idx]:m.first[idx+1]]
	out := make([]Term, len(ts))
	for i, t := range ts {
		s := src
		if t.src != 0 {
			s = m.termSources[t.src]
		}
		out[i] = Term{Concept: id, String: t.str, Source: s, TermType: t.tty, Preferred: t.tty == "label", Avoid: t.avoid}
	}
	return out, nil
}

func (m *memStore) each(fn func(Concept) bool) error {
	idx := make([]int32, len(m.concepts))
	for i := range idx {
		idx[i] = int32(i)
	}
	// Concepts come grouped by source, not sorted by id.
	slices.SortFunc(idx, func(a, b int32) int { return strings.Compare(m.concepts[a].ID, m.concepts[b].ID) })
	for _, i := range idx {
		if !fn(m.concepts[i]) {
			break
		}
	}
	return nil
}

func (m *memStore) info() (Info, error) {
	return Info{
		Path:     m.name,
		Schema:   schemaVersion(),
		Tool:     "umls/internal/mkdefault",
		Filters:  map[string]string{"dropped": "registry numbers and systematic formulae (except labels)"},
		Concepts: len(m.concepts),
		Terms:    len(m.names),
		Sources:  maps(m.sources),
		Groups:   maps(m.groups),
	}, nil
}

func maps(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (m *memStore) close() error { return nil }

// OpenOrDefault opens the store at path, or the embedded default store
// when path is "".
func OpenOrDefault(path string) (*Store, error) {
	if path != "" {
		return Open(path)
	}
	return OpenDefault()
}
