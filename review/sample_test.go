package review

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/testfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fixture is a small build (testdata/build: keyboard, swap and synonym
// of testdata/corpus.tsv, 80 sentences of the embedded BC5CDR sample,
// made by "stress build --kinds keyboard,swap,synonym --rate 0.2 --out
// build corpus.tsv" in testdata): a fixed build, so that the goldens
// here do not move when a perturbation changes.
const fixture = "testdata/build"

// golden compares got with testdata/golden/name, or rewrites that file
// under -update. An HTML golden is stored as name.golden (as in compare's
// testdata): it is expected output, not source, and tools that read
// *.html as code should not take it for some.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if strings.HasSuffix(name, ".html") {
		name += ".golden"
	}
	testfile.Golden(t, filepath.Join("testdata", "golden", name), got, *update)
}

func TestAllocate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sizes []int
		n     int
		want  []int
		err   error
	}{
		{"exact quotas", []int{50, 30, 20}, 10, []int{5, 3, 2}, nil},
		{"largest remainder", []int{45, 35, 20}, 10, []int{5, 3, 2}, nil},                              // 4.5, 3.5, 2.0: the tie goes to the first
		{"remainders decide", []int{46, 34, 20}, 10, []int{5, 3, 2}, nil},                              // 4.6, 3.4, 2.0
		{"two remainders", []int{33, 33, 34}, 10, []int{3, 3, 4}, nil},                                 // 3.3, 3.3, 3.4: one left, to the largest
		{"minimum one", []int{980, 15, 5}, 10, []int{8, 1, 1}, nil},                                    // 9.8, 0.15, 0.05: the small strata take from the large
		{"minimum one, many small", []int{44186, 44186, 40, 130, 3}, 100, []int{48, 49, 1, 1, 1}, nil}, // 101 after the minimum: the first of two equal strata gives one
		{"everything when n is large", []int{3, 0, 2}, 10, []int{3, 0, 2}, nil},
		{"everything when n is the total", []int{3, 2}, 5, []int{3, 2}, nil},
		{"empty strata get nothing", []int{0, 10, 0, 10}, 4, []int{0, 2, 0, 2}, nil},
		{"one stratum", []int{1000}, 7, []int{7}, nil},
		{"n equals the strata", []int{500, 3, 1}, 3, []int{1, 1, 1}, nil},
		{"fewer items than strata", []int{5, 5, 5}, 2, nil, ErrTooFewItems},
		{"nothing to draw", []int{0, 0}, 5, []int{0, 0}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Allocate(tc.sizes, tc.n)
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Fatalf("Allocate(%v, %d) error %v, want %v", tc.sizes, tc.n, err, tc.err)
			}
			if tc.err == nil && !slices.Equal(got, tc.want) {
				t.Errorf("Allocate(%v, %d) = %v, want %v", tc.sizes, tc.n, got, tc.want)
			}
		})
	}
}

// TestAllocateProperties checks on many size vectors that allocations
// sum to n, represent every non-empty stratum, never exceed a stratum
// and stay within one of the quota except where the minimum of one
// lifts a stratum (or takes from the large ones to pay for it).
func TestAllocateProperties(t *testing.T) {
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	for range 5000 {
		sizes := make([]int, 1+next(8))
		total, nonEmpty := 0, 0
		for i := range sizes {
			if next(4) > 0 {
				sizes[i] = 1 + next([]int{5, 50, 5000}[next(3)])
				total += sizes[i]
				nonEmpty++
			}
		}
		n := 1 + next(200)
		got, err := Allocate(sizes, n)
		if n < nonEmpty && n < total {
			if !errors.Is(err, ErrTooFewItems) {
				t.Fatalf("Allocate(%v, %d): %v, want ErrTooFewItems", sizes, n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Allocate(%v, %d): %v", sizes, n, err)
		}
		sum, lifted := 0, 0
		for i, a := range got {
			sum += a
			if a > sizes[i] || sizes[i] > 0 && a < 1 {
				t.Fatalf("Allocate(%v, %d) = %v: stratum %d out of range", sizes, n, got, i)
			}
			if sizes[i] > 0 && n*sizes[i] < total {
				lifted++
			}
		}
		if sum != min(n, total) {
			t.Fatalf("Allocate(%v, %d) = %v sums to %d", sizes, n, got, sum)
		}
		for i, a := range got {
			quota := float64(n) * float64(sizes[i]) / float64(total)
			if n < total && (float64(a) > quota+1+1e-9 || float64(a) < quota-1-float64(lifted)-1e-9) {
				t.Fatalf("Allocate(%v, %d) = %v: stratum %d gets %d for a quota of %.2f", sizes, n, got, i, a, quota)
			}
		}
	}
}

func TestMarkedText(t *testing.T) {
	toks := []string{"a", "b", "c"}
	for _, tc := range []struct {
		start, end int
		want       string
	}{
		{0, 1, "[a] b c"},
		{1, 3, "a [b c]"},
		{0, 3, "[a b c]"},
		{0, 0, "[] a b c"},
		{1, 1, "a [] b c"},
		{3, 3, "a b c []"},
	} {
		if got := (Marked{Tokens: toks, Start: tc.start, End: tc.end}).Text("[", "]"); got != tc.want {
			t.Errorf("[%d, %d): %q, want %q", tc.start, tc.end, got, tc.want)
		}
	}
	if got := (Marked{Start: 0, End: 0}).Text("[", "]"); got != "[]" {
		t.Errorf("empty sentence: %q", got)
	}
}

func readFixture(t *testing.T) *Changes {
	t.Helper()
	c, err := ReadBuild(conll.Opener{}, fixture)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func drawFixture(t *testing.T, o Options) *Sample {
	t.Helper()
	s, err := Draw(readFixture(t), o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sampleFiles writes s to a new directory and returns its files' bytes
// by name.
func sampleFiles(t *testing.T, s *Sample) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	if err := s.WriteDir(dir, false); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, p := range Files(dir) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = b
	}
	return out
}

// TestSampleGolden pins the five files of a sample of the fixture.
func TestSampleGolden(t *testing.T) {
	s := drawFixture(t, Options{N: 16, Seed: 1, By: columns()})
	for name, b := range sampleFiles(t, s) {
		golden(t, "sample_"+name, bytes.ReplaceAll(b, []byte(filepath.ToSlash(fixture)), []byte("BUILD")))
	}
}

// TestSampleSameSeedSameBytes: the same seed gives the same files, byte
// for byte; another seed another sample, under another id.
func TestSampleSameSeedSameBytes(t *testing.T) {
	o := Options{N: 20, Seed: 7, By: []string{byKind, ByType}}
	a, b := sampleFiles(t, drawFixture(t, o)), sampleFiles(t, drawFixture(t, o))
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s differs between two samples with the same seed", name)
		}
	}
	o.Seed = 8
	c := drawFixture(t, o)
	if bytes.Equal(a[KeyName], sampleFiles(t, c)[KeyName]) || strings.Contains(string(a[KeyName]), c.ID) {
		t.Errorf("seeds 7 and 8 gave the same key or the same id %s", c.ID)
	}
}

// TestSampleStrata: strata are proportional (Allocate) and every
// stratum with a change is represented.
func TestSampleStrata(t *testing.T) {
	c := readFixture(t)
	s, err := Draw(c, Options{N: 30, Seed: 3, By: columns()})
	if err != nil {
		t.Fatal(err)
	}
	var sizes, drawn []int
	total := 0
	for _, st := range s.Strata {
		sizes = append(sizes, st.Changes)
		drawn = append(drawn, st.Drawn)
		total += st.Changes
		if st.Drawn < 1 {
			t.Errorf("stratum %s not represented", st.Name(s.By))
		}
	}
	want, _ := Allocate(sizes, 30)
	if !slices.Equal(drawn, want) || total != c.Len() || len(s.Items) != 30 {
		t.Errorf("drawn %v, want %v; %d changes in strata of %d; %d items", drawn, want, total, c.Len(), len(s.Items))
	}
	// Every item comes from its stratum's changes, and no change twice.
	count := map[Stratum]int{}
	seen := map[string]bool{}
	for _, it := range s.Items {
		k := Stratum{Kind: it.Key.Change.Kind, Type: it.Key.Type, Source: it.Key.Change.Source, Stratum: perturb.StratumOf(it.Key.Change)}
		count[k]++
		id := it.Key.Change.File + ":" + strconv.Itoa(it.Key.Line)
		if seen[id] {
			t.Errorf("change on line %d drawn twice", it.Key.Line)
		}
		seen[id] = true
	}
	for _, st := range s.Strata {
		k := Stratum{Kind: st.Kind, Type: st.Type, Source: st.Source, Stratum: st.Stratum}
		if count[k] != st.Drawn {
			t.Errorf("stratum %s: %d items, manifest says %d", st.Name(s.By), count[k], st.Drawn)
		}
	}
	// Shuffled across strata: the items are not in stratum order.
	var kinds []string
	for _, it := range s.Items {
		kinds = append(kinds, it.Key.Change.Kind)
	}
	if slices.IsSorted(kinds) {
		t.Errorf("items in kind order %v: not shuffled across strata", kinds)
	}
}

// TestSampleBlind: what the judges see names no kind, source, concept
// or set, and shows each change's texts at its marks.
func TestSampleBlind(t *testing.T) {
	s := drawFixture(t, Options{N: 40, Seed: 5, By: columns()})
	files := sampleFiles(t, s)
	for _, name := range []string{PageName, ItemsName, MarkdownName} {
		text := string(files[name])
		for _, word := range []string{"keyboard", "swap", "synonym", "corpus_key", "corpus_syn", "MESH", "CHEBI", "DRUGBANK", "NCIT", "DOID", "long form"} {
			if strings.Contains(text, word) {
				t.Errorf("%s shows %q", name, word)
			}
		}
		for _, it := range s.Items {
			if c := it.Key.Change.ConceptID; c != "" && strings.Contains(text, c) {
				t.Errorf("%s shows the concept %s of %s", name, c, it.ID)
			}
			if !strings.Contains(text, it.ID) {
				t.Errorf("%s lacks item %s", name, it.ID)
			}
		}
	}
	for _, it := range s.Items {
		o, p := it.Original, it.Perturbed
		if got := strings.Join(o.Tokens[o.Start:o.End], " "); got != it.Key.Change.Before {
			t.Errorf("%s: original marks %q, the change was of %q", it.ID, got, it.Key.Change.Before)
		}
		if got := strings.Join(p.Tokens[p.Start:p.End], " "); got != it.Key.Change.After {
			t.Errorf("%s: perturbed marks %q, the change made %q", it.ID, got, it.Key.Change.After)
		}
	}
}

// TestReadSetUndo: a set read with its change log alone gives the same
// original sentences as with the original corpus.
func TestReadSetUndo(t *testing.T) {
	for _, set := range []string{"corpus_key.tsv", "corpus_synonym.tsv"} {
		path := filepath.Join(fixture, set)
		log := filepath.Join(fixture, "changes.tsv")
		with, err := ReadSet(conll.Opener{}, path, log, "testdata/corpus.tsv")
		if err != nil {
			t.Fatal(err)
		}
		without, err := ReadSet(conll.Opener{}, path, log, "")
		if err != nil {
			t.Fatal(err)
		}
		if with.Len() == 0 || with.Len() != without.Len() {
			t.Fatalf("%s: %d changes with the original, %d without", set, with.Len(), without.Len())
		}
		for i := range with.list {
			a, b := with.list[i], without.list[i]
			if !slices.Equal(a.orig, b.orig) || a.origStart != b.origStart || a.ps != b.ps || a.pe != b.pe || a.typ != b.typ {
				t.Errorf("%s line %d: rebuilt original %q [%d] type %s, the original is %q [%d] type %s",
					set, a.row.Line, b.orig, b.origStart, b.typ, a.orig, a.origStart, a.typ)
			}
		}
	}
}

// copyFixture copies the fixture build and its corpus to a temporary
// directory, for tests that spoil a file.
func copyFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"corpus.tsv", "build/manifest.json", "build/changes.tsv", "build/corpus_key.tsv", "build/corpus_swap.tsv", "build/corpus_synonym.tsv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestReadMismatch: a change log that does not fit its sets is an error
// at the row's line, never a sample of wrong sentences.
func TestReadMismatch(t *testing.T) {
	log, err := os.ReadFile(filepath.Join(fixture, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(log), "\n")
	spoil := func(t *testing.T, line int, cols map[int]string) string {
		dir := copyFixture(t)
		ls := slices.Clone(lines)
		f := strings.Split(ls[line-1], "\t")
		for col, value := range cols {
			f[col] = value
		}
		ls[line-1] = strings.Join(f, "\t")
		if err := os.WriteFile(filepath.Join(dir, "build", "changes.tsv"), []byte(strings.Join(ls, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	for _, tc := range []struct {
		name string
		line int
		cols map[int]string
		msg  string
	}{
		{"after of another text", 5, map[int]string{6: "zzz"}, `after "zzz", but corpus_`},
		{"before of another text", 5, map[int]string{5: "zzz"}, `before "zzz", but the original's tokens`},
		{"a sentence past the end", 5, map[int]string{1: "900"}, "sentence 900 is past the end of corpus_"},
		{"a token past the end", 5, map[int]string{2: "400", 3: "400"}, "outside the sentence"},
		{"a malformed row", 6, map[int]string{2: "x"}, `token "x" is not a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadBuild(conll.Opener{}, filepath.Join(spoil(t, tc.line, tc.cols), "build"))
			var pe *ParseError
			var le *stressset.ChangeLogError
			if !errors.As(err, &pe) && !errors.As(err, &le) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
			if !strings.Contains(err.Error(), "changes.tsv:"+strconv.Itoa(tc.line)+": ") || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q, want line %d and %q", err, tc.line, tc.msg)
			}
		})
	}
	t.Run("a row moved to another file", func(t *testing.T) {
		// The build's own check (rows per set against the manifest)
		// refuses it before the rows are placed.
		_, err := ReadBuild(conll.Opener{}, filepath.Join(spoil(t, 7, map[int]string{0: "other.tsv"}), "build"))
		if err == nil || !strings.Contains(err.Error(), "was the change log edited?") {
			t.Errorf("error %v, want the manifest's count of changes", err)
		}
	})
	t.Run("a set changed after the build", func(t *testing.T) {
		dir := copyFixture(t)
		p := filepath.Join(dir, "build", "corpus_swap.tsv")
		b, _ := os.ReadFile(p)
		os.WriteFile(p, bytes.Replace(b, []byte("\tO\n"), []byte("\tB-Chemical\n"), 1), 0o644)
		if _, err := ReadBuild(conll.Opener{}, filepath.Join(dir, "build")); err == nil || !strings.Contains(err.Error(), "sha256 mismatch") {
			t.Errorf("error %v, want a SHA-256 mismatch", err)
		}
	})
	t.Run("a set with the log of another set", func(t *testing.T) {
		dir := t.TempDir()
		var keyRows []string
		for i, l := range lines {
			if i == 0 || strings.HasPrefix(l, "corpus_key.tsv\t") {
				keyRows = append(keyRows, l)
			}
		}
		logPath := filepath.Join(dir, "key-log.tsv")
		os.WriteFile(logPath, []byte(strings.Join(keyRows, "\n")+"\n"), 0o644)
		_, err := ReadSet(conll.Opener{}, filepath.Join(fixture, "corpus_swap.tsv"), logPath, "")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 2 || !errors.Is(err, ErrMismatch) {
			t.Errorf("error %v, want a mismatch on line 2", err)
		}
	})
}

func TestDrawOptionErrors(t *testing.T) {
	c := readFixture(t)
	var two Labels
	if err := two.Parse("ocr=fine,broken"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		o    Options
		msg  string
		err  error
	}{
		{"no items", Options{N: 0}, "sample size 0", ErrOption},
		{"unknown kind", Options{N: 5, Kinds: []string{"ocr"}}, `no changes of kind "ocr" (the changes are of keyboard, swap, synonym)`, ErrOption},
		{"unknown column", Options{N: 5, By: []string{"concept"}}, `unknown stratification column "concept"`, ErrOption},
		{"column twice", Options{N: 5, By: []string{"kind", "kind"}}, `column "kind" twice`, ErrOption},
		{"labels of an absent kind", Options{N: 5, Labels: two}, `labels for kind "ocr"`, ErrOption},
		{"fewer items than strata", Options{N: 2, By: columns()}, "ask for more items or stratify by fewer columns", ErrTooFewItems},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Draw(c, tc.o)
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want %v with %q", err, tc.err, tc.msg)
			}
		})
	}
}

// TestDrawKindsAndLabels: --kinds keeps one kind, whose own labels the
// items offer and the key records.
func TestDrawKindsAndLabels(t *testing.T) {
	var l Labels
	if err := l.Parse("synonym=same meaning,other meaning,unnatural,unsure"); err != nil {
		t.Fatal(err)
	}
	s := drawFixture(t, Options{N: 10, Seed: 1, Kinds: []string{"synonym"}, By: []string{ByType}, Labels: l})
	for _, it := range s.Items {
		if it.Key.Change.Kind != "synonym" || it.Labels[0] != "same meaning" || !slices.Equal(it.Key.Labels, it.Labels) {
			t.Errorf("%s: kind %s, labels %v", it.ID, it.Key.Change.Kind, it.Labels)
		}
	}
	if s.Changes != 27 || len(s.Items) != 10 {
		t.Errorf("%d changes, %d items; want 27 synonyms and 10 items", s.Changes, len(s.Items))
	}
}

// TestSamplePerStratum: --per-stratum draws the same number from every
// stratum (all of a smaller one), by the kind's stratum column.
func TestSamplePerStratum(t *testing.T) {
	c := readFixture(t)
	s, err := Draw(c, Options{N: 1, Seed: 3, By: []string{byStratum}, PerStratum: 2})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, st := range s.Strata {
		if st.Drawn != min(2, st.Changes) {
			t.Errorf("stratum %q: %d of %d drawn, want %d", st.Stratum, st.Drawn, st.Changes, min(2, st.Changes))
		}
		total += st.Drawn
	}
	if len(s.Items) != total || len(s.Strata) < 2 {
		t.Errorf("%d items, %d strata", len(s.Items), len(s.Strata))
	}
	count := map[string]int{}
	for _, it := range s.Items {
		count[perturb.StratumOf(it.Key.Change)]++
	}
	for _, st := range s.Strata {
		if count[st.Stratum] != st.Drawn {
			t.Errorf("stratum %q: %d items, manifest says %d", st.Stratum, count[st.Stratum], st.Drawn)
		}
	}
	// The sample differs from a proportional one and says so.
	p, err := Draw(c, Options{N: total, Seed: 3, By: []string{byStratum}})
	if err != nil {
		t.Fatal(err)
	}
	if p.ID == s.ID {
		t.Error("a per-stratum sample has the id of a proportional one")
	}
}
