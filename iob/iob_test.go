package iob

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func tags(s string) []string { return strings.Fields(s) }

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		p    Prefix
		typ  string
		ok   bool
		cpre string // conlleval prefix (Split)
		ctyp string
	}{
		{"O", Out, "", true, "O", ""},
		{"B-Chemical", Begin, "Chemical", true, "B", "Chemical"},
		{"I-Gene-or-protein", Inside, "Gene-or-protein", true, "I", "Gene-or-protein"},
		{"E-X", End, "X", true, "E", "X"},
		{"S-X", Single, "X", true, "S", "X"},
		{"B-", none, "", false, "B", ""},
		{"Chemical", none, "", false, "Chemical", ""},
		{"X-Y", none, "", false, "X", "Y"},
		{"BB-Y", none, "", false, "BB", "Y"},
		{"", none, "", false, "", ""},
		{"-X", none, "", false, "", "X"},
	} {
		p, typ, ok := Parse(tc.tag)
		if p != tc.p || typ != tc.typ || ok != tc.ok {
			t.Errorf("Parse(%q) = %v, %q, %v; want %v, %q, %v", tc.tag, p, typ, ok, tc.p, tc.typ, tc.ok)
		}
		pre, ctyp := Split(tc.tag)
		if pre != tc.cpre || ctyp != tc.ctyp {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tc.tag, pre, ctyp, tc.cpre, tc.ctyp)
		}
	}
}

func TestParseScheme(t *testing.T) {
	for in, want := range map[string]Scheme{"iob1": IOB1, "IOB2": IOB2, "bio": IOB2, "iobes": IOBES, "BIOES": IOBES} {
		got, err := ParseScheme(in)
		if err != nil || got != want {
			t.Errorf("ParseScheme(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, _ := ParseScheme(got.String()); back != got {
			t.Errorf("%v does not round-trip through String", got)
		}
	}
	if _, err := ParseScheme("iob3"); !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("ParseScheme(iob3) error = %v", err)
	}
}

var convertCases = []struct {
	name              string
	iob2, iob1, iobes string
}{
	{"empty", "", "", ""},
	{"outside", "O O", "O O", "O O"},
	{"single", "B-X", "I-X", "S-X"},
	{"long", "O B-X I-X I-X O", "O I-X I-X I-X O", "O B-X I-X E-X O"},
	{"adjacent same type", "B-X B-X I-X", "I-X B-X I-X", "S-X B-X E-X"},
	{"adjacent other type", "B-X B-Y I-Y B-X", "I-X I-Y I-Y I-X", "S-X B-Y E-Y S-X"},
	{"hyphen type", "B-A-B I-A-B", "I-A-B I-A-B", "B-A-B E-A-B"},
}

func TestConvert(t *testing.T) {
	enc := map[Scheme]func(int) string{
		IOB2:  func(i int) string { return convertCases[i].iob2 },
		IOB1:  func(i int) string { return convertCases[i].iob1 },
		IOBES: func(i int) string { return convertCases[i].iobes },
	}
	for i, tc := range convertCases {
		for from, fs := range enc {
			for to, ts := range enc {
				got, err := Convert(tags(fs(i)), from, to)
				if err != nil {
					t.Fatalf("%s: Convert(%v->%v): %v", tc.name, from, to, err)
				}
				if want := tags(ts(i)); !slices.Equal(got, want) && len(want)+len(got) > 0 {
					t.Errorf("%s: Convert(%q, %v, %v) = %q; want %q", tc.name, fs(i), from, to, got, want)
				}
			}
		}
	}
}

func TestConvertErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		from Scheme
		pos  int
	}{
		{"O S-X", IOB2, 1},
		{"B-X E-X", IOB1, 1},
		{"O O Chemical", IOBES, 2},
		{"B-", IOB2, 0},
	} {
		_, err := Convert(tags(tc.in), tc.from, IOB2)
		var te *TagError
		if !errors.As(err, &te) || te.Pos != tc.pos || !errors.Is(err, ErrInvalidTag) {
			t.Errorf("Convert(%q, %v): error %v; want TagError at %d", tc.in, tc.from, err, tc.pos)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		in     string
		scheme Scheme
		pos    []int
	}{
		{"B-X I-X O B-Y", IOB2, nil},
		{"I-X I-X O I-Y B-X I-Y", IOB2, []int{0, 3, 5}},
		{"O Chemical B-X", IOB2, []int{1}},
		{"I-X B-X I-X", IOB1, nil},
		{"B-X I-X O B-Y", IOB1, []int{0, 3}},
		{"S-X B-X I-X E-X O", IOBES, nil},
		{"B-X O", IOBES, []int{1}},
		{"I-X E-X", IOBES, []int{0}},
		{"B-X I-X", IOBES, []int{2}},
		{"B-X E-Y", IOBES, []int{1}},
		{"S-X", IOB2, []int{0}},
	} {
		var got []int
		for _, v := range Validate(tags(tc.in), tc.scheme) {
			got = append(got, v.Pos)
			if v.Reason == "" {
				t.Errorf("%q: violation without reason", tc.in)
			}
		}
		if !slices.Equal(got, tc.pos) {
			t.Errorf("Validate(%q, %v) positions = %v; want %v", tc.in, tc.scheme, got, tc.pos)
		}
	}
}

func TestRepair(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		changed  int
	}{
		{"B-X I-X O", "B-X I-X O", 0},
		{"I-X I-X O I-Y", "B-X I-X O B-Y", 2},
		{"B-X I-Y I-Y", "B-X B-Y I-Y", 1},
		{"S-X B-X E-X", "B-X B-X I-X", 2},
		{"Chemical I-X", "Chemical B-X", 1},
	} {
		got, n := Repair(tags(tc.in))
		if !slices.Equal(got, tags(tc.want)) || n != tc.changed {
			t.Errorf("Repair(%q) = %q, %d; want %q, %d", tc.in, got, n, tc.want, tc.changed)
		}
	}
}

func TestSpans(t *testing.T) {
	for _, tc := range []struct {
		in            string
		conll, strict []Span
	}{
		{"B-X I-X O B-Y", []Span{{0, 2, "X"}, {3, 4, "Y"}}, []Span{{0, 2, "X"}, {3, 4, "Y"}}},
		{"O I-X I-X", []Span{{1, 3, "X"}}, nil},
		{"B-X I-Y", []Span{{0, 1, "X"}, {1, 2, "Y"}}, []Span{{0, 1, "X"}}},
		{"B-X B-X", []Span{{0, 1, "X"}, {1, 2, "X"}}, []Span{{0, 1, "X"}, {1, 2, "X"}}},
		// conlleval does not know S-: S-X S-X and B-X E-X B-X E-X are one chunk.
		{"S-X S-X", []Span{{0, 2, "X"}}, nil},
		{"B-X E-X B-X E-X", []Span{{0, 4, "X"}}, []Span{{0, 1, "X"}, {2, 3, "X"}}},
		{"Chemical Disease", nil, nil},
		{"B-0 I-0", []Span{{0, 2, ""}}, []Span{{0, 2, "0"}}},
		{"[-NP ]-NP", []Span{{0, 1, "NP"}, {1, 2, "NP"}}, nil},
	} {
		if got := Spans(tags(tc.in)); !reflect.DeepEqual(got, tc.conll) {
			t.Errorf("Spans(%q) = %v; want %v", tc.in, got, tc.conll)
		}
		if got := StrictSpans(tags(tc.in)); !reflect.DeepEqual(got, tc.strict) {
			t.Errorf("StrictSpans(%q) = %v; want %v", tc.in, got, tc.strict)
		}
	}
}

func TestCheck(t *testing.T) {
	got := Check(tags("I-X O I-Y B-X I-Y I-Y B-Z I-Z"))
	if want := (Issues{IStarts: 2, TypeChanges: 1}); got != want {
		t.Errorf("Check = %+v; want %+v", got, want)
	}
}

func TestReplace(t *testing.T) {
	for _, tc := range []struct {
		in         string
		start, end int
		n          int
		want       string
	}{
		{"O B-X I-X O", 1, 3, 1, "O B-X O"},
		{"O B-X O", 1, 2, 3, "O B-X I-X I-X O"},
		{"O O O", 0, 2, 1, "O O"},
		{"O O", 1, 2, 0, "O"},
		{"B-X I-X I-X", 1, 2, 2, "B-X I-X I-X I-X"},
		{"B-X I-X I-X", 0, 1, 2, "B-X I-X I-X I-X"},
		{"B-X I-X I-X", 0, 1, 0, "B-X I-X"},
		{"B-X I-X B-X", 0, 2, 0, "B-X"},
		{"O I-X I-X", 1, 3, 2, "O B-X I-X"},
		{"B-X O I-X", 1, 2, 0, "B-X B-X"},
		{"B-X B-X I-X", 0, 1, 2, "B-X I-X B-X I-X"},
		{"B-Chemical I-Chemical O", 0, 2, 4, "B-Chemical I-Chemical I-Chemical I-Chemical O"},
	} {
		got, err := Replace(tags(tc.in), tc.start, tc.end, tc.n)
		if err != nil {
			t.Errorf("Replace(%q, %d, %d, %d): %v", tc.in, tc.start, tc.end, tc.n, err)
			continue
		}
		if !slices.Equal(got, tags(tc.want)) {
			t.Errorf("Replace(%q, %d, %d, %d) = %q; want %q", tc.in, tc.start, tc.end, tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in         string
		start, end int
		n          int
		want       error
	}{
		{"O B-X O", 0, 2, 1, ErrBadRange},
		{"B-X B-X", 0, 2, 1, ErrBadRange},
		{"B-X I-X", 1, 1, 1, ErrBadRange},
		{"O", 0, 2, 1, ErrBadRange},
		{"O", -1, 1, 1, ErrBadRange},
		{"O", 0, 1, -1, ErrBadRange},
		{"S-X O", 1, 2, 1, ErrInvalidTag},
	} {
		if _, err := Replace(tags(tc.in), tc.start, tc.end, tc.n); !errors.Is(err, tc.want) {
			t.Errorf("Replace(%q, %d, %d, %d) error = %v; want %v", tc.in, tc.start, tc.end, tc.n, err, tc.want)
		}
	}
}

// randomTags draws n tags from a small alphabet that hits every
// transition, valid or not.
func randomTags(r *rand.Rand, n int, alphabet []string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = alphabet[r.IntN(len(alphabet))]
	}
	return out
}

var bioAlphabet = []string{"O", "O", "B-X", "I-X", "B-Y", "I-Y", "I-X-Z"}

func TestPropertyRepairAndConvert(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 5000; iter++ {
		in := randomTags(r, r.IntN(12), bioAlphabet)
		fixed, _ := Repair(in)
		if v := Validate(fixed, IOB2); v != nil {
			t.Fatalf("Repair(%q) = %q, invalid: %v", in, fixed, v)
		}
		// Repair keeps the entities conlleval reads.
		if a, b := Spans(in), StrictSpans(fixed); !reflect.DeepEqual(a, b) {
			t.Fatalf("Repair(%q) = %q: spans %v became %v", in, fixed, a, b)
		}
		// On valid IOB2 both span readings agree.
		if a, b := Spans(fixed), StrictSpans(fixed); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: conlleval spans %v, strict %v", fixed, a, b)
		}
		// Converting to IOB2 is repairing.
		conv, err := Convert(in, IOB2, IOB2)
		if err != nil || !slices.Equal(conv, fixed) {
			t.Fatalf("Convert(%q, IOB2, IOB2) = %q, %v; want %q", in, conv, err, fixed)
		}
		for _, s := range []Scheme{IOB1, IOBES} {
			other, err := Convert(fixed, IOB2, s)
			if err != nil {
				t.Fatal(err)
			}
			if v := Validate(other, s); v != nil {
				t.Fatalf("Convert(%q, IOB2, %v) = %q, invalid: %v", fixed, s, other, v)
			}
			back, err := Convert(other, s, IOB2)
			if err != nil || !slices.Equal(back, fixed) {
				t.Fatalf("%q -> %v %q -> %q, %v", fixed, s, other, back, err)
			}
		}
	}
}

func TestPropertyReplace(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 5000; iter++ {
		in := randomTags(r, 1+r.IntN(10), bioAlphabet)
		spans := Spans(in)
		start := r.IntN(len(in))
		end := start + 1 + r.IntN(len(in)-start)
		n := r.IntN(4)
		out, err := Replace(in, start, end, n)
		if err != nil {
			if !errors.Is(err, ErrBadRange) {
				t.Fatalf("Replace(%q, %d, %d, %d): unexpected %v", in, start, end, n, err)
			}
			continue
		}
		if len(out) != len(in)-(end-start)+n {
			t.Fatalf("Replace(%q, %d, %d, %d) = %q: wrong length", in, start, end, n, out)
		}
		// Entities outside the range keep their place (shifted) and
		// type; the one owning the range may only shrink away if n == 0.
		got := Spans(out)
		shift := n - (end - start)
		var want []Span
		for _, sp := range spans {
			switch {
			case sp.End <= start:
				want = append(want, sp)
			case sp.Start >= end:
				want = append(want, Span{sp.Start + shift, sp.End + shift, sp.Type})
			case sp.End+shift > sp.Start:
				want = append(want, Span{sp.Start, sp.End + shift, sp.Type})
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Replace(%q, %d, %d, %d) = %q: spans %v; want %v", in, start, end, n, out, got, want)
		}
		// Tokens outside the range keep their tags, except an I- start
		// at the seam that had to become B-.
		for i := 0; i < start; i++ {
			if out[i] != in[i] {
				t.Fatalf("Replace(%q, %d, %d, %d) = %q: tag %d changed", in, start, end, n, out, i)
			}
		}
		for i := end + 1; i < len(in); i++ {
			if out[i+shift] != in[i] {
				t.Fatalf("Replace(%q, %d, %d, %d) = %q: tag %d changed", in, start, end, n, out, i)
			}
		}
	}
}

func TestChecker(t *testing.T) {
	for _, tt := range []struct {
		scheme Scheme
		in     string
		pos    int    // -1: valid
		out    string // the tags afterwards (IOB2)
	}{
		{IOB2, "B-Chem I-Chem O", -1, "B-Chem I-Chem O"},
		{IOB2, "O X-Foo", 1, ""},
		{IOB2, "B- O", 0, ""},
		{IOB2, "O I-", 1, ""},
		{IOB2, "O I-Chem", 1, ""},
		{IOB2, "S-Chem", 0, ""},
		{IOBES, "S-Chem O B-Dis E-Dis", -1, "B-Chem O B-Dis I-Dis"},
		{IOBES, "B-Dis I-Dis", 1, ""},
		{IOB1, "I-Chem I-Chem B-Chem O", -1, "B-Chem I-Chem B-Chem O"},
		{IOB1, "B-Chem", 0, ""},
	} {
		tags := strings.Fields(tt.in)
		pos, err := Checker(tt.scheme)(tags)
		if tt.pos < 0 {
			if err != nil || strings.Join(tags, " ") != tt.out {
				t.Errorf("%v %q: %v, tags %v; want %q", tt.scheme, tt.in, err, tags, tt.out)
			}
			continue
		}
		if err == nil || pos != tt.pos || !errors.Is(err, ErrInvalidTag) {
			t.Errorf("%v %q: pos %d, err %v; want an ErrInvalidTag at %d", tt.scheme, tt.in, pos, err, tt.pos)
		}
	}
}

func ExampleChecker() {
	check := Checker(IOBES)
	tags := []string{"S-Chemical", "O", "B-Disease", "E-Disease"}
	_, err := check(tags)
	fmt.Println(tags, err)
	_, err = Checker(IOB2)([]string{"O", "X-Foo"})
	fmt.Println(err)
	// Output:
	// [B-Chemical O B-Disease I-Disease] <nil>
	// tag "X-Foo" is not valid iob2
}

// ConvertKnown keeps tags the source scheme does not know where they
// are, reads them as O, and converts the rest as Convert does.
func TestConvertKnown(t *testing.T) {
	for _, tc := range []struct {
		in       string
		from, to Scheme
		want     string
	}{
		{"B-X I-X O", IOB2, IOBES, "B-X E-X O"},
		{"B-X BANANA I-X", IOB2, IOBES, "S-X BANANA S-X"},
		{"O S-X E-Y", IOB2, IOBES, "O S-X E-Y"}, // E-, S- are not IOB2: kept
		{"S-X B-Y I-Y E-Y", IOBES, IOB2, "B-X B-Y I-Y I-Y"},
		{"S-X B-Y O", IOBES, IOB2, "B-X B-Y O"}, // an unclosed entity is read as Decode reads it
		{"I-X I-X B-X", IOB1, IOB2, "B-X I-X B-X"},
		{"B- I-X", IOBES, IOB2, "B- B-X"},
		{"", IOB2, IOBES, ""},
	} {
		in := tags(tc.in)
		orig := slices.Clone(in)
		got := ConvertKnown(in, tc.from, tc.to)
		if want := tags(tc.want); !slices.Equal(got, want) {
			t.Errorf("ConvertKnown(%q, %v, %v) = %q; want %q", tc.in, tc.from, tc.to, got, want)
		}
		if !slices.Equal(in, orig) {
			t.Errorf("ConvertKnown(%q) modified its input", tc.in)
		}
	}
	// On tags the scheme knows, it is Convert.
	for _, tc := range convertCases {
		for _, s := range []Scheme{IOB1, IOBES} {
			want, err := Convert(tags(tc.iob2), IOB2, s)
			if err != nil {
				t.Fatal(err)
			}
			if got := ConvertKnown(tags(tc.iob2), IOB2, s); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("%s: ConvertKnown to %v = %q, Convert %q", tc.name, s, got, want)
			}
		}
	}
}

func TestRepairer(t *testing.T) {
	cases := []struct {
		name   string
		scheme Scheme
		in     string
		want   string // tags after, IOB2
		fixed  []int  // positions of the repaired transitions
		err    string // at the last tag
	}{
		{"valid IOB2", IOB2, "B-X I-X O", "B-X I-X O", nil, ""},
		{"I- after O", IOB2, "O I-E I-E O B-E", "O B-E I-E O B-E", []int{1}, ""},
		{"I- at the start", IOB2, "I-E O", "B-E O", []int{0}, ""},
		{"type change", IOB2, "B-X I-Y", "B-X B-Y", []int{1}, ""},
		{"mixed IOB1 and IOB2 (SciBERT)", IOB2, "I-E O B-E I-E O I-E", "B-E O B-E I-E O B-E", []int{0, 5}, ""},
		{"IOB1 with a B- at the start", IOB1, "B-X I-X O I-Y", "B-X I-X O B-Y", []int{0}, ""},
		{"IOBES left open", IOBES, "B-X I-X O S-Y", "B-X I-X O B-Y", []int{2}, ""},
		{"IOBES open at the end", IOBES, "O B-X", "O B-X", []int{1}, ""},
		{"unknown tag", IOB2, "O X-Foo", "", nil, `tag "X-Foo" is not valid iob2`},
		{"IOBES tag under IOB2", IOB2, "I-X S-Y", "", nil, `tag "S-Y" is not valid iob2`},
	}
	for _, tc := range cases {
		tags := strings.Fields(tc.in)
		vs, pos, err := Repairer(tc.scheme)(tags)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err || pos != len(strings.Fields(tc.in))-1 {
				t.Errorf("%s: error %v at %d, want %q", tc.name, err, pos, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var at []int
		for _, v := range vs {
			at = append(at, v.Pos)
		}
		if got := strings.Join(tags, " "); got != tc.want || !slices.Equal(at, tc.fixed) {
			t.Errorf("%s: %q repaired at %v, want %q at %v", tc.name, got, at, tc.want, tc.fixed)
		}
	}
}

// TestPropertyRepairer checks that a repaired sequence is valid IOB2 and
// has the entities conlleval reads in the input, for every scheme.
func TestPropertyRepairer(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 5000; iter++ {
		in := randomTags(r, r.IntN(12), bioAlphabet)
		tags := slices.Clone(in)
		vs, _, err := Repairer(IOB2)(tags)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if v := Validate(tags, IOB2); v != nil {
			t.Fatalf("%q -> %q: invalid %v", in, tags, v)
		}
		if a, b := Spans(in), Spans(tags); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q -> %q: conlleval spans %v became %v", in, tags, a, b)
		}
		if fixed, n := Repair(in); n != len(vs) || !slices.Equal(fixed, tags) {
			t.Fatalf("%q: Repairer %q (%d repairs), Repair %q (%d)", in, tags, len(vs), fixed, n)
		}
	}
}

func TestSchemeErrorHints(t *testing.T) {
	cases := []struct {
		name       string
		scheme     Scheme
		in         string
		alt        string // "" when no alternative
		altRepair  bool
		repairable bool
	}{
		{"IOBES under IOB2", IOB2, "S-X O B-Y E-Y", "iobes", false, false},
		{"messy IOBES under IOB2", IOB2, "S-X I-Y", "iobes", true, false},
		{"IOB1 under IOB2", IOB2, "I-X I-X O I-Y", "iob1", false, true},
		{"mixed IOB1 and IOB2 under IOB2", IOB2, "I-X O B-X", "", false, true},
		{"mixed IOB1 and IOB2 under IOB1", IOB1, "I-X O B-X", "", false, true},
		{"IOB2 under IOB1", IOB1, "B-X I-X", "iob2", false, true},
		{"IOB2 under IOBES", IOBES, "B-X I-X O", "iob2", false, true},
		{"unknown tag", IOB2, "X-Foo", "", false, false},
	}
	for _, tc := range cases {
		_, err := Checker(tc.scheme)(strings.Fields(tc.in))
		var se *SchemeError
		if !errors.As(err, &se) {
			t.Fatalf("%s: %v is not a SchemeError", tc.name, err)
		}
		alt := ""
		if se.AltOK {
			alt = se.Alt.String()
		}
		if alt != tc.alt || se.AltRepair != tc.altRepair || se.Repairable != tc.repairable {
			t.Errorf("%s: alt %q (repair %v), repairable %v; want %q (%v), %v", tc.name, alt, se.AltRepair, se.Repairable, tc.alt, tc.altRepair, tc.repairable)
		}
	}
}
