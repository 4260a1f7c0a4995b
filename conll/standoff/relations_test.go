package standoff_test

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/iob"
)

// swapWrite reads the PubTator text in, renames the one-token mentions
// swaps names (mention text -> new name and concept, "" for a concept
// the corpus has no id for) as an entity swap would, and returns the
// rebuilt document's lines after the title and abstract.
func swapWrite(t *testing.T, in string, swaps map[string][2]string) []string {
	t.Helper()
	rd := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(in), "in"), "in")
	var b bytes.Buffer
	w := standoff.NewWriter(pubtator.NewEncoder(&b), rd.Corpus())
	for {
		s, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		out := s.Clone()
		concepts := map[int]conll.ConceptSwap{}
		for _, sp := range iob.Spans(s.Tags) {
			sw, ok := swaps[strings.Join(s.Tokens[sp.Start:sp.End], " ")]
			if !ok || sp.End-sp.Start != 1 {
				continue
			}
			out.Tokens[sp.Start] = sw[0]
			concepts[sp.Start] = conll.ConceptSwap{From: "STORE:OLD", To: sw[1]}
		}
		if err := w.WriteConcepts(out, concepts); err != nil {
			t.Fatal(err)
		}
	}
	if w.Flush(); w.Error() != nil {
		t.Fatal(w.Error())
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n")[2:] {
		lines = append(lines, l)
	}
	return lines
}

func relationLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.Contains(l, "\tCID\t") {
			out = append(out, l)
		}
	}
	return out
}

// TestRelationsFollowSwaps: the entity-swap relation rule on a real CDR
// abstract (PMID 3703509: prednisone induced five of its diseases). The
// drug renamed methylprednisolone (a MeSH concept) takes its relations;
// hypotension renamed by a concept without a MeSH id loses its pair;
// coma renamed epilepsy moves its pair to epilepsy, and keeps the old
// pair too, as the composite mention "Hyperglycemic acidotic coma" (ids
// D006943|D000140|D003128) still names coma.
func TestRelationsFollowSwaps(t *testing.T) {
	in, err := os.ReadFile("testdata/cdr-3703509.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	lines := swapWrite(t, string(in), map[string][2]string{
		"prednisone":  {"methylprednisolone", "MESH:D008775"},
		"hypotension": {"pemphigus", "DOID:9182"},
		"coma":        {"epilepsy", "MESH:D004827"},
	})
	want := []string{
		"3703509\tCID\tD008775\tD007662",
		"3703509\tCID\tD008775\tD003128",
		"3703509\tCID\tD008775\tD004827",
		"3703509\tCID\tD008775\tD000140",
		"3703509\tCID\tD008775\tD006943",
	}
	if got := relationLines(lines); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("relations:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range lines {
		if strings.Contains(l, "\tmethylprednisolone\t") && !strings.HasSuffix(l, "\tD008775") ||
			strings.Contains(l, "\tpemphigus\t") && !strings.HasSuffix(l, "\t-1") {
			t.Errorf("annotation %q: not the new concept's id", l)
		}
	}

	// Without a swap of a concept in a relation, the relations stay as
	// they were, and so does the file.
	lines = swapWrite(t, string(in), map[string][2]string{"lethargy": {"epilepsy", "MESH:D004827"}})
	if got := relationLines(lines); len(got) != 5 || !strings.HasSuffix(got[0], "\tD011241\tD007662") {
		t.Errorf("relations changed: %q", got)
	}
	// Both concepts of a pair renamed: the pair of the new names.
	lines = swapWrite(t, string(in), map[string][2]string{
		"prednisone": {"methylprednisolone", "MESH:D008775"},
		"ketosis":    {"gout", "MESH:D006073"},
	})
	if got := relationLines(lines); got[0] != "3703509\tCID\tD008775\tD006073" {
		t.Errorf("both renamed: %q", got)
	}
	// The drug renamed by a concept without a MeSH id: no pair is left.
	lines = swapWrite(t, string(in), map[string][2]string{"prednisone": {"deltasone", "CHEBI:8382"}})
	if got := relationLines(lines); len(got) != 0 {
		t.Errorf("relations of a concept the corpus cannot name: %q", got)
	}
}
