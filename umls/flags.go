package umls

import (
	"strings"

	"github.com/stress-ner/stress/internal/cli"
)

// Bind binds the inputs and filters of "stress umls import" to o.
func (o *ImportOptions) Bind(f *cli.Flags) {
	f.String(&o.MRCONSO, "mrconso", "", "", "UMLS MRCONSO.RRF (plain or .gz)")
	f.Input("mrconso", nil)
	f.String(&o.MRSTY, "mrsty", "", "", "UMLS MRSTY.RRF (plain or .gz), for semantic types and groups")
	f.Input("mrsty", nil)
	f.Strings(&o.Terms, "terms", "open-lexicon term file: concept_id<TAB>category<TAB>term<TAB>term_type (repeatable)")
	f.Strings(&o.OBO, "obo", "OBO 1.2 ontology: names and EXACT synonyms, obsolete terms skipped (repeatable)")
	f.Input("obo", nil)
	f.List(&o.Languages, "lang", "ENG", "MRCONSO languages (LAT) to keep, comma-separated")
	f.List(&o.Sources, "sources", "", "sources (SAB, or lexicon prefix such as MESH) to keep, comma-separated; default all")
	f.List(&o.ExcludeSources, "exclude-sources", "", "sources to leave out, comma-separated")
	f.List(&o.ExcludeTTY, "exclude-tty", strings.Join(defaultExcludeTTY, ","), "term types to leave out (obsolete and non-name types); \"\" keeps all")
	f.List(&o.Suppress, "suppress", "N", "MRCONSO SUPPRESS values to keep (N, O, E, Y), comma-separated")
	f.Bool(&o.Force, "force", "", false, "replace an existing store")
}
