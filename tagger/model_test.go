package tagger

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

var update = flag.Bool("update", false, "rewrite golden files")

func sent(s string) conll.Sentence {
	var out conll.Sentence
	for _, f := range strings.Fields(s) {
		tok, tag, _ := strings.Cut(f, "/")
		out.Tokens = append(out.Tokens, tok)
		out.Tags = append(out.Tags, tag)
	}
	return out
}

var tiny = []conll.Sentence{
	sent("Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O"),
	sent("Cocaine/B-Chemical induced/O seizures/B-Disease in/O rats/O ./O"),
	sent("The/O patient/O had/O renal/B-Disease failure/I-Disease after/O lithium/B-Chemical ./O"),
	sent("Heparin/B-Chemical prevents/O thrombosis/B-Disease ./O"),
	sent("No/O effect/O was/O seen/O ./O"),
}

func TestTrainTiny(t *testing.T) {
	for _, fs := range []Features{Words, Chars} {
		t.Run(fs.String(), func(t *testing.T) {
			m, err := Train(tiny, Options{Features: fs, Epochs: 10, Seed: 7, HashBits: 16})
			if err != nil {
				t.Fatal(err)
			}
			// A perceptron memorises five separable sentences.
			for _, s := range tiny {
				if got := m.Tag(s.Tokens); !slices.Equal(got, s.Tags) {
					t.Errorf("Tag(%q) = %q, want %q", s.Tokens, got, s.Tags)
				}
			}
			if got := m.Labels(); !slices.Equal(got, []string{"O", "B-Chemical", "I-Chemical", "B-Disease", "I-Disease"}) {
				t.Errorf("Labels = %q", got)
			}
			if m.Features() != fs {
				t.Errorf("Features = %v", m.Features())
			}
		})
	}
}

// TestCharsRobustToTypos checks the reason the Chars model exists: a
// misspelt entity it has seen keeps its label, where the Words model,
// seeing an unknown word, loses it.
func TestCharsRobustToTypos(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")
	words, err := Train(train, Options{Features: Words, Seed: 1, HashBits: 18})
	if err != nil {
		t.Fatal(err)
	}
	chars, err := Train(train, Options{Features: Chars, Seed: 1, HashBits: 18})
	if err != nil {
		t.Fatal(err)
	}
	test := readTSVFile(t, "testdata/test.tsv")
	typo := make([]conll.Sentence, len(test))
	for i, s := range test {
		typo[i] = s.Clone()
		for j, tok := range s.Tokens {
			if s.Tags[j] != "O" && len(tok) > 4 {
				// Swap two inner characters, as the W perturbation does.
				b := []byte(tok)
				b[2], b[3] = b[3], b[2]
				typo[i].Tokens[j] = string(b)
			}
		}
	}
	f1 := func(m *Model, ss []conll.Sentence) float64 {
		pred, err := m.TagSentences(context.Background(), ss)
		if err != nil {
			t.Fatal(err)
		}
		_, _, f := spanF1(ss, pred)
		return f
	}
	wo, wt := f1(words, test), f1(words, typo)
	co, ct := f1(chars, test), f1(chars, typo)
	t.Logf("words: F1 %.3f -> %.3f with swaps; chars: %.3f -> %.3f", wo, wt, co, ct)
	if wo-wt <= co-ct {
		t.Errorf("chars model lost %.3f F1 to swaps, words model %.3f: want chars to lose less", co-ct, wo-wt)
	}
}

func TestTrainDeterministic(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")[:100]
	save := func(seed uint64) []byte {
		m, err := Train(train, Options{Features: Chars, Epochs: 3, Seed: seed, HashBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b, c := save(3), save(3), save(4)
	if !bytes.Equal(a, b) {
		t.Error("same data and seed gave different model bytes")
	}
	if bytes.Equal(a, c) {
		t.Error("seeds 3 and 4 gave identical models: the seed is not used")
	}
}

func TestTrainErrors(t *testing.T) {
	tests := []struct {
		name  string
		sents []conll.Sentence
		opts  Options
		want  error
	}{
		{"no data", nil, Options{Features: Words}, ErrNoData},
		{"empty sentences", []conll.Sentence{{}}, Options{Features: Words}, ErrNoData},
		{"bad tag", []conll.Sentence{sent("a/O b/PER")}, Options{Features: Chars}, ErrBadTag},
		{"no features", tiny, Options{}, nil},
		{"bad epochs", tiny, Options{Features: Words, Epochs: -1}, nil},
		{"bad bits", tiny, Options{Features: Words, HashBits: 30}, nil},
		{"length mismatch", []conll.Sentence{{Tokens: []string{"a"}, Tags: nil}}, Options{Features: Words}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Train(tt.sents, tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	s := sent("a/O b/PER")
	s.Line = 40
	_, err := Train([]conll.Sentence{s}, Options{Features: Words})
	if err == nil || !strings.Contains(err.Error(), "line 41") {
		t.Errorf("error %v does not name line 41", err)
	}
}

func TestTrainRepairsIOB1(t *testing.T) {
	m, err := Train([]conll.Sentence{sent("x/O aspirin/I-Chemical y/O")}, Options{Features: Words, Epochs: 3, HashBits: 12})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Tag([]string{"x", "aspirin", "y"}); !slices.Equal(got, []string{"O", "B-Chemical", "O"}) {
		t.Errorf("Tag = %q", got)
	}
}

func TestTrainCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TrainContext(ctx, tiny, Options{Features: Words}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// randomTokens returns n random tokens mixing corpus words, punctuation,
// digits and non-ASCII text.
func randomTokens(rng *rand.Rand, n int) []string {
	pool := []string{"aspirin", "Aspirin", "ulcers", "renal", "failure", "of", ".", "(", "-", "IL-2", "Na+", "αβ", "日本", "3.5", "x", strings.Repeat("long", 40)}
	toks := make([]string, n)
	for i := range toks {
		if rng.IntN(4) == 0 {
			b := make([]rune, 1+rng.IntN(12))
			for j := range b {
				b[j] = rune(0x21 + rng.IntN(0x3000))
			}
			toks[i] = string(b)
		} else {
			toks[i] = pool[rng.IntN(len(pool))]
		}
	}
	return toks
}

// TestTagValidIOB2 is a property test: whatever the input, the output is
// valid IOB2 and as long as the input.
func TestTagValidIOB2(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")[:150]
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fs := range []Features{Words, Chars} {
		m, err := Train(train, Options{Features: fs, Epochs: 2, Seed: 1, HashBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		for range 500 {
			toks := randomTokens(rng, rng.IntN(40))
			tags := m.Tag(toks)
			if len(tags) != len(toks) || !validIOB2(tags) {
				t.Fatalf("%v: Tag(%q) = %q", fs, toks, tags)
			}
		}
	}
}

// TestViterbiOptimal checks decoding against brute force: for random
// scores, Viterbi returns the best-scoring valid IOB2 sequence.
func TestViterbiOptimal(t *testing.T) {
	ls := newLabelSet([]string{"A", "B"})
	L := ls.len()
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 300 {
		n := 1 + iter%4
		emit := make([]int64, n*L)
		trans := make([]int64, (L+1)*L)
		for i := range emit {
			emit[i] = rng.Int64N(21) - 10
		}
		for i := range trans {
			trans[i] = rng.Int64N(21) - 10
		}
		out := make([]int, n)
		viterbi(ls, emit, trans, n, make([]int64, n*L), make([]int32, n*L), out)
		scoreOf := func(seq []int) int64 {
			s, prev := int64(0), -1
			for i, y := range seq {
				s += emit[i*L+y] + trans[(prev+1)*L+y]
				prev = y
			}
			return s
		}
		best := int64(-1 << 62)
		seq := make([]int, n)
		var walk func(i int)
		walk = func(i int) {
			if i == n {
				best = max(best, scoreOf(seq))
				return
			}
			for y := range L {
				prev := -1
				if i > 0 {
					prev = seq[i-1]
				}
				if ls.allowed(prev, y) {
					seq[i] = y
					walk(i + 1)
				}
			}
		}
		walk(0)
		tags := make([]string, n)
		for i, y := range out {
			tags[i] = ls.names[y]
		}
		if !validIOB2(tags) {
			t.Fatalf("viterbi returned invalid %q", tags)
		}
		if got := scoreOf(out); got != best {
			t.Fatalf("viterbi path scores %d, best valid path %d", got, best)
		}
	}
}

func TestTagSentencesMatchesTag(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")
	test := readTSVFile(t, "testdata/test.tsv")
	test = append(test, conll.Sentence{}) // an empty sentence gets no tags
	m, err := Train(train, Options{Features: Chars, Epochs: 3, Seed: 1, HashBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	var ref [][]string
	for _, s := range test {
		ref = append(ref, m.Tag(s.Tokens))
	}
	for _, procs := range []int{1, 2, 8} {
		old := runtime.GOMAXPROCS(procs)
		got, err := m.TagSentences(context.Background(), test)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ref {
			if !slices.Equal(got[i], ref[i]) {
				t.Fatalf("GOMAXPROCS %d: sentence %d: %q, want %q", procs, i, got[i], ref[i])
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := slices.Repeat(test, 20)
	if _, err := m.TagSentences(ctx, big); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled TagSentences: err = %v", err)
	}
}

func TestSaveLoad(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")[:100]
	m, err := Train(train, Options{Features: Words, Epochs: 3, Seed: 9, HashBits: 14})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.model")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	m2, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != m2.String() {
		t.Errorf("loaded %v, saved %v", m2, m)
	}
	var a, b bytes.Buffer
	m.Save(&a)
	m2.Save(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("saving a loaded model changed its bytes")
	}
	for _, s := range readTSVFile(t, "testdata/test.tsv") {
		if x, y := m.Tag(s.Tokens), m2.Tag(s.Tokens); !slices.Equal(x, y) {
			t.Fatalf("loaded model tags %q, original %q", y, x)
		}
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("LoadFile(missing) succeeded")
	}
}

func TestLoadErrors(t *testing.T) {
	m, err := Train(tiny, Options{Features: Chars, Epochs: 2, HashBits: 12})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	// Rewrite the payload with a different version number.
	v2 := gzipBytes(t, append([]byte(modelMagic), 2))
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrBadModel},
		{"not gzip", []byte("hello world"), ErrBadModel},
		{"gzip of junk", gzipBytes(t, []byte("junk")), ErrBadModel},
		{"truncated", good[:len(good)/2], ErrBadModel},
		{"trailing data", gzipBytes(t, append(gunzipBytes(t, good), 0)), ErrBadModel},
		{"version", v2, ErrModelVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(bytes.NewReader(tt.data))
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// TestGolden tags the test fixture with models trained on the training
// fixture and compares with testdata/*.golden (rewrite with -update).
func TestGolden(t *testing.T) {
	train := readTSVFile(t, "testdata/train.tsv")
	test := readTSVFile(t, "testdata/test.tsv")
	for _, fs := range []Features{Words, Chars} {
		t.Run(fs.String(), func(t *testing.T) {
			m, err := Train(train, Options{Features: fs, Seed: 1, HashBits: 18})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			for _, s := range test {
				pred := m.Tag(s.Tokens)
				for i := range s.Tokens {
					buf.WriteString(s.Tokens[i] + "\t" + s.Tags[i] + "\t" + pred[i] + "\n")
				}
				buf.WriteString("\n")
			}
			golden := filepath.Join("testdata", "test."+fs.String()+".golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("tagging differs from %s (run with -update if intended)", golden)
			}
		})
	}
}

// typed returns one sentence per type, a token tagged B-<name(i)>.
func typed(n int, name func(int) string) []conll.Sentence {
	sents := make([]conll.Sentence, n)
	for i := range sents {
		sents[i] = conll.Sentence{Tokens: []string{fmt.Sprint("tok", i)}, Tags: []string{"B-" + name(i)}}
	}
	return sents
}

// TestTrainLimits checks that Train refuses, before allocating its tables,
// data beyond what a model file holds or what training may allocate, and
// that a model at each limit saves and loads: train and Load agree.
func TestTrainLimits(t *testing.T) {
	numbered := func(i int) string { return fmt.Sprint("T", i) }
	long := func(n int) func(int) string { return func(int) string { return strings.Repeat("x", n) } }
	tests := []struct {
		name  string
		sents []conll.Sentence
		bits  int
		want  string // "" = trains, and the model loads
	}{
		{"3000 types", typed(3000, numbered), 10, "3000 entity types, more than the 511 a model holds"},
		{"512 types", typed(maxTypes+1, numbered), 10, "512 entity types, more than the 511 a model holds"},
		{"511 types", typed(maxTypes, numbered), 10, ""},
		{"511 types at 20 bits", typed(maxTypes, numbered), 20, "511 entity types at 20 hash bits need 16.0 GiB to train, more than the 4 GiB allowed (use --hash-bits 18 or fewer)"},
		{"128 types at 20 bits", typed(128, numbered), 20, "(use --hash-bits 19 or fewer)"},
		{"127 types at 12 bits", typed(127, numbered), 12, ""},
		{"type of 255 bytes", typed(1, long(maxTypeLen+1)), 10, "is 255 bytes long, more than the 254 a model holds"},
		{"type of 254 bytes", typed(1, long(maxTypeLen)), 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Train(tt.sents, Options{Features: Words, Epochs: 1, HashBits: tt.bits})
			if tt.want != "" {
				if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("err = %v, want one line with %q", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := m.Save(&buf); err != nil {
				t.Fatal(err)
			}
			m2, err := Load(&buf)
			if err != nil {
				t.Fatalf("Load refuses what Train wrote: %v", err)
			}
			if got := len(m2.Labels()); got != 1+2*len(tt.sents) && tt.name != "type of 254 bytes" {
				t.Errorf("loaded %d labels", got)
			}
		})
	}
}

// TestTrainLimitCheap checks that the refusal comes before any table is
// allocated (a refusal is an error, not an out-of-memory crash), and that
// the largest table allowed at the default hash bits holds 127 types.
func TestTrainLimitCheap(t *testing.T) {
	sents := typed(3000, func(i int) string { return fmt.Sprint("T", i) })
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	if _, err := Train(sents, Options{Features: Words, HashBits: 24}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	runtime.ReadMemStats(&ms)
	if grew := ms.TotalAlloc - before; grew > 16<<20 {
		t.Errorf("a refused Train allocated %d bytes", grew)
	}
	types := make([]string, 127)
	for i := range types {
		types[i] = fmt.Sprint("T", i)
	}
	if err := checkSize(types, defaultHashBits); err != nil {
		t.Errorf("127 types at the default hash bits: %v", err)
	}
	if err := checkSize(append(types, "T127"), defaultHashBits); err == nil {
		t.Error("128 types at the default hash bits fit")
	}
}
