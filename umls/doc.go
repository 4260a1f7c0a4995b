// Package umls is the concept store of stress: concepts, their names and
// their semantic groups, for synonym perturbation.
//
// A store is either a SQLite file built by Import from UMLS MRCONSO/MRSTY
// files and open lexicons (term files, OBO ontologies), opened read-only
// with Open, or the embedded default (OpenDefault), built from the open
// lexicons in ../shared/lexicon and held in memory. Only this package
// speaks SQL; the schema is in migrations/*.sql.
//
// Lookups go through Normalize, which makes case, Unicode compatibility
// forms and corpus tokenization irrelevant, so "Parkinson ' s disease" in a
// tokenized corpus finds "Parkinson's disease".
//
// Concepts of different sources are never merged: each concept carries only
// the names its source gives it. A shared string is weak evidence of
// identity, and merging on it turns "cocaine" into an enzyme or
// "hypotension" into a syndrome. Names that are real but unfit as
// replacements in running text (inverted forms such as "Infarction,
// Myocardial", registry numbers, systematic formulae) are kept for lookup
// and marked in Term.Avoid; Term.Usable tells the synonym picker which
// names it may use. The default lexicon drops registry numbers and
// formulae altogether (keeping a concept's label). It also holds in-domain
// names from the BioCreative V CDR training and development annotations
// (source CDR, term type "mention", see MentionNames): strings annotated
// with one MeSH id in at least two documents, attached to that MeSH
// concept.
//
// The default lexicon is rebuilt, byte for byte, and packed for the
// executable (default/lexicon.pack, see TestPackUpToDate) with:
//
//go:generate go run ./internal/mkdefault -lexicon ../../shared/lexicon -pubtator ../../shared/corpora/pubtator -out default/lexicon.tsv.gz
//go:generate go test -run TestPackUpToDate -update-pack
package umls
