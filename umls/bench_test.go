package umls

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Mentions as they occur in tokenized corpora, hits and misses.
var benchTerms = []string{"myocardial infarction", "heart attack", "cocaine", "Parkinson ' s disease",
	"5 - FU", "hypotension", "heparin", "renal failure", "not a concept at all", "nephrotoxicity",
	"haloperidol", "seizures", "lidocaine", "Alzheimer's disease", "bradycardia", "proteinuria"}

func BenchmarkLookupDefault(b *testing.B) {
	s, err := OpenDefault()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Lookup(benchTerms[i%len(benchTerms)], "DISO", "CHEM"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTermsDefault(b *testing.B) {
	s, err := OpenDefault()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Terms("MESH:D009203"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadDefault measures the one-time cost of OpenDefault.
func BenchmarkLoadDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := openPack(defaultPack, defaultName); err != nil {
			b.Fatal(err)
		}
	}
}

func syntheticDB(b *testing.B, rows int) string {
	dir := b.TempDir()
	conso, sty := filepath.Join(dir, "MRCONSO.RRF"), filepath.Join(dir, "MRSTY.RRF")
	cf, _ := os.Create(conso)
	sf, _ := os.Create(sty)
	if err := GenerateRRF(cf, sf, GenerateOptions{Rows: rows, Seed: 7}); err != nil {
		b.Fatal(err)
	}
	cf.Close()
	sf.Close()
	return dir
}

// BenchmarkLookupSQLite: cold lookups (cache defeated) on a synthetic
// UMLS store, and cached ones. $STRESS_BENCH_UMLS_DB names an existing
// store instead (a 16M-row one takes minutes to import). "rare" looks up
// long strings, which name a concept or two; "common" the single words
// of the generator's small vocabulary, each of which names thousands of
// concepts on a big store (a full UMLS release has fewer such words, but
// they exist) and concepts/s counts the concepts returned.
func BenchmarkLookupSQLite(b *testing.B) {
	db := os.Getenv("STRESS_BENCH_UMLS_DB")
	if db == "" {
		dir := syntheticDB(b, 100000)
		db = filepath.Join(dir, "s.db")
		if _, err := Import(context.Background(), db, ImportOptions{MRCONSO: filepath.Join(dir, "MRCONSO.RRF"), MRSTY: filepath.Join(dir, "MRSTY.RRF")}); err != nil {
			b.Fatal(err)
		}
	}
	s, err := Open(db)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	query := func(q string) []string {
		var terms []string
		rows, err := s.b.(*sqliteStore).db.Query(q)
		if err != nil {
			b.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var t string
			rows.Scan(&t)
			terms = append(terms, t)
		}
		return terms
	}
	rare := append(query("SELECT str FROM terms WHERE length(str) > 30 LIMIT 4096"), "nothing here")
	common := append([]string(nil), genWords...)
	cold := func(terms []string) func(b *testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i := 0; b.Loop(); i++ {
				s.mu.Lock()
				clear(s.cache)
				s.mu.Unlock()
				cs, err := s.Lookup(terms[i%len(terms)])
				if err != nil {
					b.Fatal(err)
				}
				n += len(cs)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "concepts/s")
		}
	}
	b.Run("cold", cold(rare))
	b.Run("common", cold(common))
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := s.Lookup(rare[i%len(rare)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkImport reports MRCONSO rows per second (rows/s).
func BenchmarkImport(b *testing.B) {
	const rows = 200000
	dir := syntheticDB(b, rows)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		db := filepath.Join(dir, "b.db")
		os.Remove(db)
		if _, err := Import(context.Background(), db, ImportOptions{MRCONSO: filepath.Join(dir, "MRCONSO.RRF")}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows*i)/b.Elapsed().Seconds(), "rows/s")
}
