package cdr

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Annotation is an annotation as the kit reads it at levels mention and
// id together: its document, offsets and type as the mention level
// reads them, and its concept ids as the id level reads them
// ("MESH:D001241"; none for "-1").
type Annotation struct {
	Doc        string
	Start, End int
	Type       string
	IDs        []string
}

// SameIDs reports whether m has exactly the ids of o (in any order).
func (m Annotation) SameIDs(o Annotation) bool {
	if len(m.IDs) != len(o.IDs) {
		return false
	}
	for _, id := range m.IDs {
		found := false
		for _, x := range o.IDs {
			found = found || x == id
		}
		if !found {
			return false
		}
	}
	return true
}

// ReadAnnotations reads the mentions of every type of a file in format f
// as the kit reads them, in file order: every annotation line of
// PubTator; in BioC, every annotation of a passage with a "type" infon
// and one location that is not an IndividualMention. It refuses what
// the kit refuses at level mention.
func ReadAnnotations(r io.Reader, file string, f Format) ([]Annotation, error) {
	switch f {
	case PubTator:
		var out []Annotation
		err := scanPubTator(r, file, nil, func(l kitLine) error {
			start, _ := strconv.Atoi(l.start)
			end, _ := strconv.Atoi(l.end)
			out = append(out, Annotation{Doc: l.f[0], Start: start, End: end, Type: l.typ, IDs: l.ids})
			return nil
		})
		return out, err
	case BioC:
		return readBioCAnnotations(r, file)
	}
	return nil, fmt.Errorf("unknown format %v", f)
}

func readBioCAnnotations(r io.Reader, file string) ([]Annotation, error) {
	k := &kitBioC{s: newStax(r, file)}
	if err := k.startRead(); err != nil {
		return nil, err
	}
	var out []Annotation
	for k.hasNext() {
		d, err := k.nextDocument()
		if err != nil {
			return nil, err
		}
		for _, p := range d.passages {
			for _, a := range p.annotations {
				typ, ok := a.infons.get("type")
				role, hasRole := a.infons.get("CompositeRole")
				if !ok || len(a.locations) == 0 || hasRole && role != "CompositeMention" {
					continue
				}
				if len(a.locations) > 1 {
					return nil, fmt.Errorf("%s: %w: document %s: a %s mention with %d locations", file, ErrKit, d.id, typ, len(a.locations))
				}
				l := a.locations[0]
				m := Annotation{Doc: d.id, Start: int(l.offset), End: int(l.offset + l.length), Type: typ}
				ids, ok := a.infons.get("MESH")
				if !ok {
					ids, ok = a.infons.get("OMIM")
				}
				if ok {
					for _, part := range javaSplit(javaTrim(ids), "|") {
						if id, ok := conceptID(part, true); ok {
							m.IDs = append(m.IDs, id)
						}
					}
				}
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// ConceptIDs returns the ids of an id field as the kit's id level reads
// it: trimmed, split at "|", each part finalised ("D1" is "MESH:D1";
// "-1" and empty parts are none).
func ConceptIDs(field string) []string {
	var out []string
	for _, part := range javaSplit(javaTrim(field), "|") {
		if id, ok := conceptID(part, true); ok {
			out = append(out, id)
		}
	}
	return out
}

// Key is the mention level's key of m: document, offsets and
// type.
func (m Annotation) Key() string {
	return strings.Join([]string{m.Doc, strconv.Itoa(m.Start), strconv.Itoa(m.End), m.Type}, "\t")
}
