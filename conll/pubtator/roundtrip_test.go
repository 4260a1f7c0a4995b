package pubtator_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
)

// convert reads PubTator text as sentences and writes them back.
func convert(t testing.TB, in []byte) []byte {
	t.Helper()
	r := standoff.NewReader(pubtator.NewDecoder(bytes.NewReader(in), "in.pubtator"), "in.pubtator")
	var out bytes.Buffer
	w := standoff.NewWriter(pubtator.NewEncoder(&out), r.Corpus())
	if err := conll.Copy(w, r); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestRoundTripCDR(t *testing.T) {
	for _, name := range []string{"pubtator/CDR_DevelopmentSet.PubTator.txt", "pubtator/CDR_TrainingSet.PubTator.txt"} {
		in, err := os.ReadFile(shared + name)
		if err != nil {
			t.Skipf("no shared corpus: %v", err)
		}
		if out := convert(t, in); !bytes.Equal(in, out) {
			t.Errorf("%s: round trip differs (%d bytes in, %d out)", name, len(in), len(out))
		}
	}
}
