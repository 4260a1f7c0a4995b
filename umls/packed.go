package umls

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// packedStore is the embedded default store as the process reads it:
// the packed lexicon (see buildPack), one string that go:embed maps from
// the executable, searched where it lies. Opening it reads a header of
// a few lines; a lookup binary-searches a table of hashes and reads the
// lines of the concepts it finds, so a run touches only the pages of the
// names it asks about. Decoding the gzipped text and hashing every name
// at start-up cost 0.3 s of CPU and 50 MB per run (issue 34); the tables
// are now built once, by "go generate ./umls" (TestPackUpToDate checks
// the committed file), and TestPackedMatchesMemory checks that the
// packed store answers as the store that decodes every name into maps.
type packedStore struct {
	name string
	text string // the lexicon: one concept per line (see loadMemory)
	// The tables, little-endian, each a slice of the pack:
	line string // uint32 per concept, and one more: where concept i's line starts in text
	byID string // uint32 per concept: the concepts in id order (rank r -> concept)
	// keys holds, sorted, a uint64 for every distinct pair of a name's
	// Normalize form and concept: the 32-bit FNV-1a hash of the form in
	// the high half and the concept's rank in the low: the concepts a
	// hash names, in id order. Two forms may share a hash, so a lookup
	// keeps the concepts that have a name of exactly its form.
	keys string
	nc   int // concepts

	// What info reports, counted when the pack was built.
	names           int
	sources, groups map[string]int
}

// packMagic starts a packed lexicon; the number is the format's version.
const packMagic = "stress packed lexicon 1\n"

// buildPack packs a lexicon's text (the mkdefault format, see
// loadMemory), checking every line as loadMemory does. The pack is
// packMagic, a header of "key value" lines ("concepts N", "keys N",
// "names N", "text N", "source NAME N", "group NAME N") ended by an empty
// line, then the tables line, byID and keys (little-endian) and the text.
func buildPack(text, name string) ([]byte, error) {
	line, byID, keys, err := indexText(text, name)
	if err != nil {
		return nil, err
	}
	p := &packedStore{name: name, text: text, line: string(line), byID: string(byID), nc: len(line)/4 - 1}
	names, sources, groups, err := p.count(keys)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(packMagic)
	fmt.Fprintf(&b, "concepts %d\nkeys %d\nnames %d\ntext %d\n", p.nc, len(keys), names, len(text))
	for _, m := range []struct {
		key    string
		counts map[string]int
	}{{"source", sources}, {"group", groups}} {
		ks := make([]string, 0, len(m.counts))
		for k := range m.counts {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		for _, k := range ks {
			if k == "" || strings.ContainsAny(k, " \n") {
				return nil, fmt.Errorf("%s: %w: %s %q", name, ErrSyntax, m.key, k)
			}
			fmt.Fprintf(&b, "%s %s %d\n", m.key, k, m.counts[k])
		}
	}
	b.WriteString("\n")
	b.Write(line)
	b.Write(byID)
	var u [8]byte
	for _, k := range keys {
		binary.LittleEndian.PutUint64(u[:], k)
		b.Write(u[:])
	}
	b.WriteString(text)
	return []byte(b.String()), nil
}

// indexText finds the lines of text, orders the concepts by id and
// hashes every name, checking each line as loadMemory does.
func indexText(text, name string) (line, byID []byte, keys []uint64, err error) {
	var starts []int32
	for at := 0; at < len(text); {
		starts = append(starts, int32(at))
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			at = len(text)
		} else {
			at += end + 1
		}
	}
	starts = append(starts, int32(len(text)))
	line = binary.LittleEndian.AppendUint32(nil, 0)[:0]
	for _, s := range starts {
		line = binary.LittleEndian.AppendUint32(line, uint32(s))
	}
	p := &packedStore{name: name, text: text, line: string(line), nc: len(starts) - 1}
	order := make([]int32, p.nc)
	ids := make([]string, p.nc)
	for i := range order {
		order[i] = int32(i)
		ids[i] = p.id(int32(i))
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(ids[a], ids[b]) })
	rank := make([]uint32, p.nc)
	for r, i := range order {
		rank[i] = uint32(r)
		if r > 0 && ids[order[r-1]] == ids[i] {
			return nil, nil, nil, &ParseError{File: name, Line: int(i) + 1, Err: fmt.Errorf("%w: duplicate concept %s", ErrSyntax, ids[i])}
		}
		byID = binary.LittleEndian.AppendUint32(byID, uint32(i))
	}
	keys = make([]uint64, 0, p.nc*4)
	var buf []byte
	for i := range p.nc {
		first := len(keys)
		err := p.eachTerm(int32(i), func(str string, _, _ byte, _ string) {
			buf = appendNormalized(buf[:0], str)
			keys = append(keys, uint64(hashKey(buf))<<32|uint64(rank[i]))
		})
		if err != nil {
			return nil, nil, nil, err
		}
		if len(keys) == first {
			return nil, nil, nil, &ParseError{File: name, Line: i + 1, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
		}
	}
	slices.Sort(keys)
	return line, byID, slices.Compact(keys), nil // a form twice in one concept
}

// count returns what info reports: the names, the names per source and
// the concepts per group.
func (p *packedStore) count(keys []uint64) (names int, sources, groups map[string]int, err error) {
	sources, groups = map[string]int{}, map[string]int{}
	for i := range int32(p.nc) {
		c := p.concept(i)
		err := p.eachTerm(i, func(_ string, _, _ byte, src string) {
			names++
			if src == "" {
				src = c.Source
			}
			sources[src]++
		})
		if err != nil {
			return 0, nil, nil, err
		}
		for _, g := range c.Groups {
			groups[g]++
		}
	}
	return names, sources, groups, nil
}

// openPack opens a pack buildPack made, reading its header and checking
// that the tables and the text fill it.
func openPack(pack, name string) (*packedStore, error) {
	bad := func(what string) error {
		return fmt.Errorf("%s: %w: packed lexicon: %s", name, ErrSyntax, what)
	}
	rest, ok := strings.CutPrefix(pack, packMagic)
	if !ok {
		return nil, bad("no header (made by another version?)")
	}
	p := &packedStore{name: name, sources: map[string]int{}, groups: map[string]int{}}
	nk, nt := -1, -1
	p.nc, p.names = -1, -1
	for {
		l, next, ok := strings.Cut(rest, "\n")
		if !ok {
			return nil, bad("header without its end")
		}
		rest = next
		if l == "" {
			break
		}
		f := strings.Fields(l)
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil || n < 0 {
			return nil, bad(fmt.Sprintf("header line %q", l))
		}
		switch {
		case len(f) == 2 && f[0] == "concepts":
			p.nc = n
		case len(f) == 2 && f[0] == "keys":
			nk = n
		case len(f) == 2 && f[0] == "names":
			p.names = n
		case len(f) == 2 && f[0] == "text":
			nt = n
		case len(f) == 3 && f[0] == "source":
			p.sources[f[1]] = n
		case len(f) == 3 && f[0] == "group":
			p.groups[f[1]] = n
		default:
			return nil, bad(fmt.Sprintf("header line %q", l))
		}
	}
	if p.nc < 0 || nk < 0 || p.names < 0 || nt < 0 {
		return nil, bad("header without concepts, keys, names or text")
	}
	if len(rest) != (p.nc+1)*4+p.nc*4+nk*8+nt {
		return nil, bad(fmt.Sprintf("%d bytes of tables and text, the header says %d", len(rest), (p.nc+1)*4+p.nc*4+nk*8+nt))
	}
	p.line, rest = rest[:(p.nc+1)*4], rest[(p.nc+1)*4:]
	p.byID, rest = rest[:p.nc*4], rest[p.nc*4:]
	p.keys, p.text = rest[:nk*8], rest[nk*8:]
	if p.lineStart(0) != 0 || p.lineStart(int32(p.nc)) != len(p.text) {
		return nil, bad("line table does not span the text")
	}
	return p, nil
}

// u32 and u64 read the little-endian number i of table t.
func u32(t string, i int) uint32 {
	t = t[i*4 : i*4+4]
	return uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16 | uint32(t[3])<<24
}

func u64(t string, i int) uint64 {
	t = t[i*8 : i*8+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// lineStart is where concept i's line starts in text (i = nc: its end).
func (p *packedStore) lineStart(i int32) int { return int(u32(p.line, int(i))) }

// conceptAt is the concept of rank r in id order.
func (p *packedStore) conceptAt(r int) int32 { return int32(u32(p.byID, r)) }

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
	l := p.text[p.lineStart(i):p.lineStart(i+1)]
	return strings.TrimSuffix(l, "\n")
}

func (p *packedStore) id(i int32) string {
	l := p.fields(i)
	if t := strings.IndexByte(l, '\t'); t >= 0 {
		return l[:t]
	}
	return l
}

// compareID returns strings.Compare(p.id(i), id), reading no more of
// concept i's line than the id needs: terms searches the concepts by
// id, and each probe of the search that found the line's end first (the
// line of a concept with many names spans several cache lines) read
// memory nowhere near the id (issue 34). The first len(id)+1 bytes tell:
// a field longer than id sorts after it or differs within them. They
// are cut at the field's end and compared at once, where a loop over
// them cost ~230 instructions a probe. TestCompareID holds it equal to
// strings.Compare.
func (p *packedStore) compareID(i int32, id string) int {
	t := p.text[p.lineStart(i):]
	t = t[:min(len(t), len(id)+1)]
	if k := strings.IndexByte(t, '\t'); k >= 0 {
		t = t[:k]
	}
	if k := strings.IndexByte(t, '\n'); k >= 0 {
		t = t[:k]
	}
	return strings.Compare(t, id)
}

// eachTerm calls fn for every name of concept i, in order, with its
// term-type and avoid letters and the source of an "@SOURCE" field
// before it ("" for the concept's own), checking the line as loadMemory
// does.
func (p *packedStore) eachTerm(i int32, fn func(str string, tty, avoid byte, src string)) error {
	// The id and the group cut off, without a slice of the fields.
	_, rest, ok := strings.Cut(p.fields(i), "\t")
	if ok {
		_, rest, ok = strings.Cut(rest, "\t")
	}
	if !ok {
		return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: concept without terms", ErrFieldCount)}
	}
	src := ""
	for {
		t, next, more := strings.Cut(rest, "\t")
		switch {
		case len(t) > 1 && t[0] == '@':
			src = t[1:]
		case len(t) < 3:
			return &ParseError{File: p.name, Line: int(i) + 1, Err: fmt.Errorf("%w: empty term", ErrSyntax)}
		case ttyNames[t[0]] == "" || !avoidCodes[t[1]]:
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

// candidates calls fn with the rank of every concept whose names hash
// as key, in id order.
func (p *packedStore) candidates(key string, fn func(rank int)) {
	h := uint64(hashKey(key)) << 32
	nk := len(p.keys) / 8
	lo := sort.Search(nk, func(k int) bool { return u64(p.keys, k) >= h })
	for k := lo; k < nk; k++ {
		v := u64(p.keys, k)
		if v&^0xffffffff != h {
			break
		}
		fn(int(uint32(v)))
	}
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
	p.candidates(key, func(r int) {
		if i := p.conceptAt(r); p.named(i, key) {
			out = append(out, i)
		}
	})
	return out
}

func (p *packedStore) lookup(norm string) ([]Concept, error) { return p.concepts(p.matches(norm)), nil }

// concepts returns the concepts m (nil when there are none).
func (p *packedStore) concepts(m []int32) []Concept {
	if len(m) == 0 {
		return nil
	}
	out := make([]Concept, len(m))
	for k, i := range m {
		out[k] = p.concept(i)
	}
	return out
}

func (p *packedStore) lookupAtMost(norm string, max int) ([]Concept, int, error) {
	m := p.matches(norm) // once: each match decodes its concept's names
	if len(m) > max {
		return nil, len(m), nil
	}
	return p.concepts(m), len(m), nil
}

func (p *packedStore) terms(id string) ([]Term, error) {
	r := sort.Search(p.nc, func(r int) bool { return p.compareID(p.conceptAt(r), id) >= 0 })
	if r == p.nc || p.compareID(p.conceptAt(r), id) != 0 {
		return nil, nil
	}
	i := p.conceptAt(r)
	src := sourceOf(id)
	// Room for every field after the id and groups: the terms, and the
	// source marks among them. Grown from nothing, the slice of terms
	// was copied several times per concept, an eighth of a synonym run's
	// allocations (issue 34).
	out := make([]Term, 0, max(strings.Count(p.fields(i), "\t")-1, 0))
	err := p.eachTerm(i, func(str string, tty, avoid byte, tsrc string) {
		s := src
		if tsrc != "" {
			s = tsrc
		}
		name := ttyNames[tty]
		out = append(out, Term{Concept: id, String: str, Source: s, TermType: name, Preferred: name == "label", Avoid: avoidNames[avoid]})
	})
	if len(out) == 0 {
		return nil, err // as a slice grown from nothing
	}
	return slices.Clip(out), err
}

func (p *packedStore) each(fn func(Concept) bool) error {
	for r := range p.nc {
		if !fn(p.concept(p.conceptAt(r))) {
			break
		}
	}
	return nil
}

func (p *packedStore) info() (Info, error) {
	return Info{
		Path:     p.name,
		Schema:   schemaVersion(),
		Tool:     "umls/internal/mkdefault",
		Filters:  map[string]string{"dropped": "registry numbers and systematic formulae (except labels)"},
		Concepts: p.nc,
		Terms:    p.names,
		Sources:  maps(p.sources),
		Groups:   maps(p.groups),
	}, nil
}

func (p *packedStore) close() error { return nil }
