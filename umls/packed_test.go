package umls

import (
	"bytes"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
)

var updatePack = flag.Bool("update-pack", false, "rewrite default/lexicon.pack from default/lexicon.tsv.gz (go generate ./umls)")

// defaultLexicon is the gzipped text of the default lexicon, which the
// executable holds packed (defaultPack).
func defaultLexicon(t testing.TB) []byte {
	t.Helper()
	gz, err := os.ReadFile("default/lexicon.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	return gz
}

// packGzip packs a gzipped lexicon text.
func packGzip(gz []byte, name string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return buildPack(string(text), name)
}

// TestPackUpToDate checks that default/lexicon.pack is the pack of
// default/lexicon.tsv.gz, byte for byte; -update-pack (go generate
// ./umls) rewrites it.
func TestPackUpToDate(t *testing.T) {
	got, err := packGzip(defaultLexicon(t), defaultName)
	if err != nil {
		t.Fatal(err)
	}
	if *updatePack {
		if err := os.WriteFile("default/lexicon.pack", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(got) != defaultPack {
		t.Errorf("packing default/lexicon.tsv.gz gives %d bytes that differ from default/lexicon.pack (%d): run go generate ./umls", len(got), len(defaultPack))
	}
}

// TestOpenPackRefusesDamage: a pack cut short, with a damaged header or
// of another version is refused with an error, never a panic.
func TestOpenPackRefusesDamage(t *testing.T) {
	pack, err := buildPack("MESH:D1\tCHEM\tL-a\tE-b\nMESH:D2\tDISO\tL-c\n", "t")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := openPack(string(pack), "t"); err != nil {
		t.Fatalf("a good pack: %v", err)
	}
	end := strings.Index(string(pack), "\n\n") + 2
	for name, bad := range map[string]string{
		"empty":         "",
		"version":       strings.Replace(string(pack), "lexicon 1", "lexicon 2", 1),
		"short":         string(pack[:len(pack)-1]),
		"long":          string(pack) + "x",
		"header only":   string(pack[:end]),
		"no header end": string(pack[:end-1]),
		"bad count":     strings.Replace(string(pack), "keys 3", "keys x", 1),
		"negative":      strings.Replace(string(pack), "keys 3", "keys -3", 1),
		"unknown line":  strings.Replace(string(pack), "keys 3", "keys 3\nwhat 1", 1),
		"no concepts":   strings.Replace(string(pack), "concepts 2\n", "", 1),
	} {
		if _, err := openPack(bad, "t"); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

// TestPackedMatchesMemory opens the embedded lexicon both ways and
// checks that the packed store answers as the store that decodes every
// name into maps: every normalized name looked up (also at most one
// concept), every concept's terms, the concepts in id order, the info,
// and names that are in no concept.
func TestPackedMatchesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: decodes the whole default lexicon twice")
	}
	m, err := loadMemory(bytes.NewReader(defaultLexicon(t)), defaultName)
	if err != nil {
		t.Fatal(err)
	}
	p, err := openPack(defaultPack, defaultName)
	if err != nil {
		t.Fatal(err)
	}
	for norm := range m.byNorm {
		want, _ := m.lookup(norm)
		got, _ := p.lookup(norm)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("lookup %q: packed %v, memory %v", norm, got, want)
		}
		wc, wn, _ := m.lookupAtMost(norm, 1)
		gc, gn, _ := p.lookupAtMost(norm, 1)
		if gn != wn || !reflect.DeepEqual(gc, wc) {
			t.Fatalf("lookupAtMost %q: packed %v %d, memory %v %d", norm, gc, gn, wc, wn)
		}
	}
	for _, missing := range []string{"", "no such name at all", "zzzz"} {
		if got, _ := p.lookup(missing); got != nil {
			t.Errorf("lookup %q: %v, want none", missing, got)
		}
	}
	var wantEach, gotEach []Concept
	m.each(func(c Concept) bool { wantEach = append(wantEach, c); return true })
	p.each(func(c Concept) bool { gotEach = append(gotEach, c); return true })
	if !reflect.DeepEqual(gotEach, wantEach) {
		t.Fatalf("each: %d concepts, memory %d (or they differ)", len(gotEach), len(wantEach))
	}
	for _, c := range wantEach {
		want, _ := m.terms(c.ID)
		got, _ := p.terms(c.ID)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("terms %s: packed %v, memory %v", c.ID, got, want)
		}
	}
	if got, _ := p.terms("NO:SUCH"); got != nil {
		t.Errorf("terms of a missing id: %v", got)
	}
	wi, _ := m.info()
	gi, _ := p.info()
	if !reflect.DeepEqual(gi, wi) {
		t.Errorf("info: packed %+v, memory %+v", gi, wi)
	}
}

// TestPackedRefusesWhatMemoryRefuses checks the packed store's own
// reading of bad lines.
func TestPackedRefusesWhatMemoryRefuses(t *testing.T) {
	for _, text := range []string{
		"MESH:D1\tCHEM\n",
		"MESH:D1\tCHEM\tL-a\t\n",
		"MESH:D1\tCHEM\tQ-a\n",
		"MESH:D1\tCHEM\tL-a\nMESH:D1\tCHEM\tL-b\n",
		"MESH:D1\n",
	} {
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write([]byte(text))
		zw.Close()
		if _, err := loadMemory(bytes.NewReader(gz.Bytes()), "t.gz"); err == nil {
			t.Errorf("%q: memory store took it", text)
		}
		if _, err := packGzip(gz.Bytes(), "t.gz"); err == nil {
			t.Errorf("%q: packed store took it", text)
		}
	}
}

// TestCompareID holds compareID equal to strings.Compare of the concept's
// id, for every concept of the default lexicon against its own id, its
// neighbours', and ids one byte shorter, longer or changed.
func TestCompareID(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	p, ok := s.b.(*packedStore)
	if !ok {
		t.Skip("the default lexicon is not packed")
	}
	sign := func(c int) int { return max(-1, min(1, c)) }
	for r := range p.nc {
		i := p.conceptAt(r)
		own := p.id(i)
		ids := []string{own, own[:len(own)-1], own + "0", own + "\t", "", "~", own[:len(own)-1] + string(own[len(own)-1]+1)}
		if r > 0 {
			ids = append(ids, p.id(p.conceptAt(r-1)))
		}
		if r+1 < p.nc {
			ids = append(ids, p.id(p.conceptAt(r+1)))
		}
		for _, id := range ids {
			if got, want := p.compareID(i, id), sign(strings.Compare(own, id)); got != want {
				t.Fatalf("compareID(%q, %q) = %d, want %d", own, id, got, want)
			}
		}
	}
}
