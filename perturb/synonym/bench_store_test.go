package synonym

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/umls"
)

// BenchmarkReplaceSQLite builds the synonym set of BC5CDR test (every
// sentence perturbed and checked, as the pipeline does) with an imported
// store: $STRESS_BENCH_UMLS_DB names an existing store (a 16M-row import
// takes a minute, so it is made once with "stress umls generate" and
// "stress umls import"), else a synthetic store of $STRESS_BENCH_UMLS_ROWS
// MRCONSO rows (default 100,000, so that "go test -bench ." stays short)
// is imported first. Each iteration opens the store anew: its lookup
// cache starts empty, as in a run.
func BenchmarkReplaceSQLite(b *testing.B) {
	const corpus = "../../../shared/corpora/BC5CDR-IOB/test.tsv"
	needShared(b, corpus)
	ss, err := conll.ReadFile(corpus)
	if err != nil {
		b.Fatal(err)
	}
	db := os.Getenv("STRESS_BENCH_UMLS_DB")
	if db == "" {
		rows := 100000
		if v := os.Getenv("STRESS_BENCH_UMLS_ROWS"); v != "" {
			if rows, err = strconv.Atoi(v); err != nil {
				b.Fatalf("STRESS_BENCH_UMLS_ROWS: %v", err)
			}
		}
		db = syntheticStore(b, rows)
	}
	opts := DefaultOptions()
	opts.ExcludeConcepts = nil // the defaults are lexicon ids, not CUIs
	b.ReportAllocs()
	mentions := 0
	for b.Loop() {
		s, err := umls.Open(db)
		if err != nil {
			b.Fatal(err)
		}
		r, err := New(s, opts)
		if err != nil {
			b.Fatal(err)
		}
		mentions = 0
		for _, sent := range ss {
			out, cs := r.Perturb(sent, nil, perturb.SentenceRand(1, Name, sent))
			if err := r.CheckSentence(sent, out, cs); err != nil {
				b.Fatal(err)
			}
			mentions += len(spansOf(sent))
		}
		s.Close()
	}
	b.ReportMetric(float64(mentions*b.N)/b.Elapsed().Seconds(), "mentions/s")
}

// BenchmarkReplaceDefault builds the synonym set of BC5CDR test (every
// sentence perturbed and checked, as the pipeline does) with the
// embedded store and default options, as "stress perturb --kind
// synonym" does (issue 34: within 0.2 s CPU of keyboard). Each
// iteration starts from a new Replacer, so its caches start empty; what
// is decoded once per process (the vocabulary, the gold and organ
// lists) is decoded by the first iteration only.
func BenchmarkReplaceDefault(b *testing.B) {
	const corpus = "../../../shared/corpora/BC5CDR-IOB/test.tsv"
	needShared(b, corpus)
	ss, err := conll.ReadFile(corpus)
	if err != nil {
		b.Fatal(err)
	}
	store, err := openDefault()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := New(store, DefaultOptions())
		if err != nil {
			b.Fatal(err)
		}
		for _, sent := range ss {
			out, cs := r.Perturb(sent, nil, perturb.SentenceRand(1, Name, sent))
			if err := r.CheckSentence(sent, out, cs); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(ss)*b.N)/b.Elapsed().Seconds(), "sentences/s")
}

// syntheticStore imports a synthetic UMLS release of rows MRCONSO rows.
func syntheticStore(b *testing.B, rows int) string {
	b.Helper()
	dir := b.TempDir()
	conso, sty := filepath.Join(dir, "MRCONSO.RRF"), filepath.Join(dir, "MRSTY.RRF")
	cf, err := os.Create(conso)
	if err != nil {
		b.Fatal(err)
	}
	sf, err := os.Create(sty)
	if err != nil {
		b.Fatal(err)
	}
	if err := umls.GenerateRRF(cf, sf, umls.GenerateOptions{Rows: rows, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	cf.Close()
	sf.Close()
	db := filepath.Join(dir, "umls.db")
	if _, err := umls.Import(context.Background(), db, umls.ImportOptions{MRCONSO: conso, MRSTY: sty}); err != nil {
		b.Fatal(err)
	}
	return db
}
