package synonym

import (
	"context"
	"os"
	"testing"

	"github.com/stress-ner/stress/umls"
)

func TestZZDevImport(t *testing.T) {
	out := os.Getenv("DEV_IMPORT")
	if out == "" {
		t.Skip()
	}
	L := "/work/shared/lexicon/"
	info, err := umls.Import(context.Background(), out, umls.ImportOptions{
		Terms: []string{L + "mesh/mesh_descriptors.terms.tsv", L + "drugbank/drugbank.terms.tsv", L + "chebi/chebi_3star.terms.tsv.gz", L + "doid/doid_2018-07-05.terms.tsv", L + "ncit/ncit_disease.terms.tsv"},
		Force: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", info)
}
