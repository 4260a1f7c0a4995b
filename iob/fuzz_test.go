package iob

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzTags checks, for any whitespace-separated tag sequence, that nothing
// panics, that Repair yields valid IOB2 with the entities conlleval reads
// (for BIO input), and that IOB2 output survives a round trip through the
// other schemes.
func FuzzTags(f *testing.F) {
	for _, tc := range convertCases {
		f.Add(tc.iob2)
		f.Add(tc.iob1)
		f.Add(tc.iobes)
	}
	f.Add("I-X O I-Y B-X I-Y Chemical B- -X [-NP ]-NP .-X")
	f.Fuzz(func(t *testing.T, s string) {
		in := strings.Fields(s)
		if got, want := Spans(in), spansStepByStep(in); !slices.Equal(got, want) {
			t.Fatalf("Spans(%q) = %v, step by step %v", in, got, want)
		}
		StrictSpans(in)
		Check(in)
		for _, sc := range []Scheme{IOB1, IOB2, IOBES} {
			if got, want := Validate(in, sc), validateStepByStep(in, sc); !reflect.DeepEqual(got, want) {
				t.Fatalf("Validate(%q, %v) = %v, step by step %v", in, sc, got, want)
			}
			got, err := Decode(in, sc)
			if want, wantErr := decodeStepByStep(in, sc); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
				t.Fatalf("Decode(%q, %v) = %v, %v; step by step %v, %v", in, sc, got, err, want, wantErr)
			}
			Convert(in, sc, IOB2)
		}
		if len(in) > 0 {
			Replace(in, 0, 1, 2)
		}
		for _, sc := range []Scheme{IOB1, IOB2, IOBES} {
			tags := slices.Clone(in)
			if _, _, err := Repairer(sc)(tags); err == nil {
				if v := Validate(tags, IOB2); v != nil {
					t.Fatalf("Repairer(%v)(%q) = %q: %v", sc, in, tags, v)
				}
				if want, _ := Decode(in, sc); !reflect.DeepEqual(StrictSpans(tags), want) && len(want)+len(StrictSpans(tags)) > 0 {
					t.Fatalf("Repairer(%v)(%q) = %q: spans %v, read %v", sc, in, tags, StrictSpans(tags), want)
				}
			}
		}
		fixed, _ := Repair(in)
		bio := true
		for _, tag := range in {
			// conlleval reads type "0" as no type (a Perl quirk), so the
			// span comparison only holds for other types.
			if p, typ, ok := Parse(tag); !ok || p == End || p == Single || typ == "0" {
				bio = false
			}
		}
		if !bio {
			return
		}
		if v := Validate(fixed, IOB2); v != nil {
			t.Fatalf("Repair(%q) = %q: %v", in, fixed, v)
		}
		if a, b := Spans(in), StrictSpans(fixed); !reflect.DeepEqual(a, b) {
			t.Fatalf("Repair(%q) = %q: spans %v became %v", in, fixed, a, b)
		}
		for _, sc := range []Scheme{IOB1, IOBES} {
			other, err := Convert(fixed, IOB2, sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Convert(other, sc, IOB2)
			if err != nil || !slices.Equal(back, fixed) {
				t.Fatalf("%q -> %v %q -> %q, %v", fixed, sc, other, back, err)
			}
		}
	})
}

func benchTags() []string {
	base := strings.Fields("O O B-Chemical I-Chemical O B-Disease I-Disease I-Disease O O O B-Chemical O O O")
	var out []string
	for range 20 {
		out = append(out, base...)
	}
	return out
}

// spansStepByStep is AppendSpans without its fast path for O tokens:
// conlleval's endOfChunk and startOfChunk at every token.
func spansStepByStep(tags []string) []Span {
	var spans []Span
	open := false
	prevTag, prevType := Outside, ""
	for i, t := range tags {
		tag, typ := Split(t)
		if typ == "0" {
			typ = ""
		}
		if open && ChunkEnd(prevTag, tag, prevType, typ) {
			spans[len(spans)-1].End = i
			open = false
		}
		if ChunkStart(prevTag, tag, prevType, typ) {
			if open {
				spans[len(spans)-1].End = i
			}
			spans = append(spans, Span{Start: i, Type: typ})
			open = true
		}
		prevTag, prevType = tag, typ
	}
	if open {
		spans[len(spans)-1].End = len(tags)
	}
	return spans
}

func BenchmarkSpans(b *testing.B) {
	tags := benchTags()
	b.ReportAllocs()
	for b.Loop() {
		Spans(tags)
	}
}

func BenchmarkConvertIOBES(b *testing.B) {
	tags := benchTags()
	b.ReportAllocs()
	for b.Loop() {
		Convert(tags, IOB2, IOBES)
	}
}

func BenchmarkRepair(b *testing.B) {
	tags := benchTags()
	b.ReportAllocs()
	for b.Loop() {
		Repair(tags)
	}
}

func BenchmarkReplace(b *testing.B) {
	tags := benchTags()
	b.ReportAllocs()
	for b.Loop() {
		Replace(tags, 2, 4, 3)
	}
}

// FuzzConvertKnown checks, for any tag sequence and pair of schemes,
// that ConvertKnown keeps the length and every tag the source scheme does
// not know in its place, writes only tags the target scheme knows
// elsewhere, and is Convert on sequences whose tags are all known (in
// two different schemes).
func FuzzConvertKnown(f *testing.F) {
	for _, tc := range convertCases {
		f.Add(tc.iobes, uint8(IOBES), uint8(IOB2))
		f.Add(tc.iob2, uint8(IOB2), uint8(IOB1))
	}
	f.Add("S-X BANANA B-Y E-Y B- I-", uint8(IOBES), uint8(IOB2))
	f.Fuzz(func(t *testing.T, s string, from, to uint8) {
		in := strings.Fields(s)
		fs, ts := Scheme(from%3), Scheme(to%3)
		got := ConvertKnown(in, fs, ts)
		if len(got) != len(in) {
			t.Fatalf("%d tags from %d", len(got), len(in))
		}
		allKnown := true
		for i, tag := range in {
			if p, _, ok := Parse(tag); !ok || !fs.allows(p) {
				allKnown = false
				if got[i] != tag {
					t.Fatalf("unknown tag %q at %d became %q", tag, i, got[i])
				}
				continue
			}
			if p, _, ok := Parse(got[i]); !ok || !ts.allows(p) {
				t.Fatalf("%v tag %q at %d", ts, got[i], i)
			}
		}
		if allKnown && fs != ts { // from == to: a copy, not a repair
			want, err := Convert(in, fs, ts)
			if err != nil || !slices.Equal(got, want) && len(in) > 0 {
				t.Fatalf("ConvertKnown %q, Convert %q (%v)", got, want, err)
			}
		}
	})
}
