package tagger

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func benchTrain(b *testing.B, fs Features) {
	train := readTSVFile(b, "testdata/train.tsv")
	tokens := 0
	for _, s := range train {
		tokens += len(s.Tokens)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Train(train, Options{Features: fs, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tokens)*float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
}

func BenchmarkTrainWords(b *testing.B) { benchTrain(b, Words) }
func BenchmarkTrainChars(b *testing.B) { benchTrain(b, Chars) }

// BenchmarkTrainBC5CDR trains on the full BC5CDR training split (the
// issue asks for under a minute on 2 cores). It needs ../shared and,
// being big, runs only with STRESS_BIG_BENCH set.
func BenchmarkTrainBC5CDR(b *testing.B) {
	if os.Getenv("STRESS_BIG_BENCH") == "" {
		b.Skip("big benchmark: set STRESS_BIG_BENCH=1")
	}
	path := filepath.Join(corpusDir, "train.tsv")
	if _, err := os.Stat(path); err != nil {
		b.Skip("shared corpora not present")
	}
	train := readTSVFile(b, path)
	for _, fs := range []Features{Words, Chars} {
		b.Run(fs.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Train(train, Options{Features: fs, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchTag(b *testing.B, fs Features, parallel bool) {
	m, err := Train(readTSVFile(b, "testdata/train.tsv"), Options{Features: fs, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	test := readTSVFile(b, "testdata/test.tsv")
	b.ReportAllocs()
	if parallel {
		for b.Loop() {
			if _, err := m.TagSentences(context.Background(), test); err != nil {
				b.Fatal(err)
			}
		}
	} else {
		for b.Loop() {
			for _, s := range test {
				m.Tag(s.Tokens)
			}
		}
	}
	b.ReportMetric(float64(len(test))*float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
}

func BenchmarkTagWords(b *testing.B)          { benchTag(b, Words, false) }
func BenchmarkTagChars(b *testing.B)          { benchTag(b, Chars, false) }
func BenchmarkTagSentencesChars(b *testing.B) { benchTag(b, Chars, true) }
