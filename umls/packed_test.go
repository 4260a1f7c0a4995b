package umls

import (
	"bytes"
	"compress/gzip"
	"reflect"
	"testing"
)

// TestPackedMatchesMemory opens the embedded lexicon both ways and
// checks that the packed store answers as the store that decodes every
// name into maps: every normalized name looked up (also at most one
// concept), every concept's terms, the concepts in id order, the info,
// and names that are in no concept.
func TestPackedMatchesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: decodes the whole default lexicon twice")
	}
	m, err := loadMemory(bytes.NewReader(defaultLexicon), defaultName)
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPacked(defaultLexicon, defaultName)
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
		if _, err := loadPacked(gz.Bytes(), "t.gz"); err == nil {
			t.Errorf("%q: packed store took it", text)
		}
	}
}
