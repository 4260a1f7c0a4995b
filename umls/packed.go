package umls

import (
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// packedStore is the embedded default store as the process keeps it:
// the lexicon's text, decompressed into one string, and three arrays of
// numbers over it, with no map, no string and no struct per concept or
// name. Concepts and terms are read from their line when asked for.
// Opening it costs the decompression and one Normalize per name; the
// memStore that held every name in maps cost about twice the CPU and
// five times the memory (issue 34). TestPackedMatchesMemory checks that
// both answer every lookup, terms, each and info alike.
type packedStore struct {
	name string
	text string  // the lexicon: one concept per line (see loadMemory)
	line []int32 // start of concept i's line in text; line[len] = len(text)
	// byID lists the concepts in id order; rank is its inverse.
	byID []int32
	// keys holds, sorted, for every name of every concept, the 32-bit
	// FNV-1a hash of its Normalize form in the high half and the
	// concept's rank in the low: the concepts a hash names, in id order.
	// Two forms may share a hash, so a lookup keeps the concepts that
	// have a name of exactly its form.
	keys []uint64

	// What info reports, counted while indexing.
	names           int
	sources, groups map[string]int
}

// loadPacked reads the mkdefault format (gzipped; see loadMemory).
func loadPacked(gz []byte, name string) (*packedStore, error) {
	zr, err := gzip.NewReader(strings.NewReader(string(gz)))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	var b strings.Builder
	if len(gz) >= 4 {
		// gzip's trailer holds the size of the text (modulo 2^32).
		b.Grow(int(binary.LittleEndian.Uint32(gz[len(gz)-4:])) + 1)
	}
	if _, err := io.Copy(&b, zr); err != nil {
		return nil, err
	}
	p := &packedStore{name: name, text: b.String()}
	if err := p.index(); err != nil {
		return nil, err
	}
	return p, nil
}

// index finds the lines, orders the concepts by id and hashes every
// name, checking each line as loadMemory does.
func (p *packedStore) index() error {
	text := p.text
	n := strings.Count(text, "\n")
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	p.line = make([]int32, 0, n+1)
	for at := 0; at < len(text); {
		p.line = append(p.line, int32(at))
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			at = len(text)
		} else {
			at += end + 1
		}
	}
	p.line = append(p.line, int32(len(text)))
	nc := len(p.line) - 1
	p.byID = make([]int32, nc)
	for i := range p.byID {
		p.byID[i] = int32(i)
	}
	ids := make([]string, nc)
	for i := range ids {
		ids[i] = p.id(int32(i))
	}
	slices.SortFunc(p.byID, func(a, b int32) int { return strings.Compare(ids[a], ids[b]) })
	rank := make([]uint32, nc)
	for r, i := range p.byID {
		rank[i] = uint32(r)
		if r > 0 && ids[p.byID[r-1]] == ids[i] {
			return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: duplicate concept %s", ErrSyntax, p.id(i))}
		}
	}
	p.keys = make([]uint64, 0, nc*4)
	p.sources, p.groups = map[string]int{}, map[string]int{}
	var buf []byte
	for i := range nc {
		first, own := len(p.keys), 0
		err := p.eachTerm(int32(i), func(str string, _, _ byte, src string) {
			buf = appendNormalized(buf[:0], str)
			p.keys = append(p.keys, uint64(hashKey(buf))<<32|uint64(rank[i]))
			if src == "" {
				own++
			} else {
				p.sources[src]++
			}
		})
		if err != nil {
			return err
		}
		if len(p.keys) == first {
			return &ParseError{File: p.name, Line: i + 1, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
		}
		c := p.concept(int32(i))
		p.sources[c.Source] += own
		for _, g := range c.Groups {
			p.groups[g]++
		}
		p.names += len(p.keys) - first
	}
	slices.Sort(p.keys)
	p.keys = slices.Compact(p.keys) // a form twice in one concept
	return nil
}

// hashKey is the 32-bit FNV-1a hash of key.
func hashKey[S string | []byte](key S) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h = (h ^ uint32(key[i])) * 16777619
	}
	return h
}

// fields returns concept i's line without its newline.
func (p *packedStore) fields(i int32) string {
	l := p.text[p.line[i]:p.line[i+1]]
	return strings.TrimSuffix(l, "\n")
}

func (p *packedStore) id(i int32) string {
	l := p.fields(i)
	if t := strings.IndexByte(l, '\t'); t >= 0 {
		return l[:t]
	}
	return l
}

// eachTerm calls fn for every name of concept i, in order, with its
// term-type and avoid letters and the source of an "@SOURCE" field
// before it ("" for the concept's own), checking the line as loadMemory
// does.
func (p *packedStore) eachTerm(i int32, fn func(str string, tty, avoid byte, src string)) error {
	f := strings.SplitN(p.fields(i), "\t", 3)
	if len(f) < 3 {
		return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
	}
	rest, src := f[2], ""
	for {
		t, next, more := strings.Cut(rest, "\t")
		switch {
		case len(t) > 1 && t[0] == '@':
			src = t[1:]
		case len(t) < 3:
			return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: empty term", ErrSyntax)}
		case ttyNames[t[0]] == "" || !validAvoid(t[1]):
			return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: bad term code %q", ErrSyntax, t[:2])}
		default:
			fn(t[2:], t[0], t[1], src)
		}
		if !more {
			return nil
		}
		rest = next
	}
}

func validAvoid(c byte) bool {
	_, ok := avoidNames[c]
	return ok
}

// concept returns concept i as loadMemory makes it.
func (p *packedStore) concept(i int32) Concept {
	l := p.fields(i)
	id, rest, _ := strings.Cut(l, "\t")
	group, rest, _ := strings.Cut(rest, "\t")
	c := Concept{ID: id, Groups: groupList(group), Source: sourceOf(id)}
	for rest != "" && c.Name == "" {
		var t string
		t, rest, _ = strings.Cut(rest, "\t")
		if !(len(t) > 1 && t[0] == '@') && len(t) >= 3 {
			c.Name = t[2:]
		}
	}
	return c
}

var (
	groupListsMu sync.Mutex
	extraGroups  = map[string][]string{}
)

// groupList is the Groups of a concept of group g, one slice per group
// as loadMemory shares them.
func groupList(g string) []string {
	if gs, ok := groupLists[g]; ok {
		return gs
	}
	groupListsMu.Lock()
	defer groupListsMu.Unlock()
	gs, ok := extraGroups[g]
	if !ok {
		gs = []string{g}
		extraGroups[g] = gs
	}
	return gs
}

// candidates returns the ranks of the concepts whose names hash as key.
func (p *packedStore) candidates(key string) []uint64 {
	h := uint64(hashKey(key)) << 32
	lo, _ := slices.BinarySearch(p.keys, h)
	hi := lo
	for hi < len(p.keys) && p.keys[hi]&^0xffffffff == h {
		hi++
	}
	return p.keys[lo:hi]
}

// named reports whether concept i has a name whose Normalize form is key.
func (p *packedStore) named(i int32, key string) bool {
	found := false
	var buf [64]byte
	_ = p.eachTerm(i, func(str string, _, _ byte, _ string) {
		if !found && string(appendNormalized(buf[:0], str)) == key {
			found = true
		}
	})
	return found
}

// matches returns the concepts named key, in id order.
func (p *packedStore) matches(key string) []int32 {
	var out []int32
	for _, k := range p.candidates(key) {
		i := p.byID[uint32(k)]
		if p.named(i, key) {
			out = append(out, i)
		}
	}
	return out
}

func (p *packedStore) lookup(norm string) ([]Concept, error) {
	m := p.matches(norm)
	if len(m) == 0 {
		return nil, nil
	}
	out := make([]Concept, len(m))
	for k, i := range m {
		out[k] = p.concept(i)
	}
	return out, nil
}

func (p *packedStore) lookupAtMost(norm string, max int) ([]Concept, int, error) {
	if n := len(p.matches(norm)); n > max {
		return nil, n, nil
	}
	cs, err := p.lookup(norm)
	return cs, len(cs), err
}

func (p *packedStore) terms(id string) ([]Term, error) {
	r, ok := slices.BinarySearchFunc(p.byID, id, func(i int32, id string) int { return strings.Compare(p.id(i), id) })
	if !ok {
		return nil, nil
	}
	i := p.byID[r]
	src := sourceOf(id)
	var out []Term
	err := p.eachTerm(i, func(str string, tty, avoid byte, tsrc string) {
		s := src
		if tsrc != "" {
			s = tsrc
		}
		name := ttyNames[tty]
		out = append(out, Term{Concept: id, String: str, Source: s, TermType: name, Preferred: name == "label", Avoid: avoidNames[avoid]})
	})
	return out, err
}

func (p *packedStore) each(fn func(Concept) bool) error {
	for _, i := range p.byID {
		if !fn(p.concept(i)) {
			break
		}
	}
	return nil
}

func (p *packedStore) info() (Info, error) {
	return Info{
		Path:     p.name,
		Schema:   schemaVersion,
		Tool:     "umls/internal/mkdefault",
		Filters:  map[string]string{"dropped": "registry numbers and systematic formulae (except labels)"},
		Concepts: len(p.line) - 1,
		Terms:    p.names,
		Sources:  maps(p.sources),
		Groups:   maps(p.groups),
	}, nil
}

func (p *packedStore) close() error { return nil }
