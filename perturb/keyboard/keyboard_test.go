package keyboard_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

func layout(tb testing.TB, name string) *keyboard.Layout {
	l, err := keyboard.LoadLayout(name)
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

func TestNeighbours(t *testing.T) {
	for _, tc := range []struct {
		layout string
		key    rune
		want   string
	}{
		{"qwerty", 'a', "qswz"},
		{"qwerty", 'q', "12asw"},
		{"qwerty", 'i', "89jklou"},
		{"qwerty", 'o', "09;iklp"}, // "l;w": o slips to ;
		{"qwerty", 'z', "asx"},
		{"qwerty", 'L', ",.;ikop"}, // case-insensitive lookup
		{"qwerty", '1', "2q"},
		{"qwertz", 'z', "67ghjtu"},
		{"qwertz", 'y', "<asx"},
		{"azerty", 'a', "&éqzs"},
		{"azerty", 'm', "!:^lopù"},
	} {
		got := []rune(string(layout(t, tc.layout).Neighbours(tc.key)))
		want := []rune(tc.want)
		if !sameSet(got, want) {
			t.Errorf("%s %q: neighbours %q, want %q", tc.layout, tc.key, string(got), tc.want)
		}
	}
}

func sameSet(a, b []rune) bool {
	m := map[rune]int{}
	for _, r := range a {
		m[r]++
	}
	for _, r := range b {
		m[r]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

func TestNeighbourSymmetry(t *testing.T) {
	for _, name := range keyboard.Layouts() {
		l := layout(t, name)
		for _, r := range "abcdefghijklmnopqrstuvwxyz0123456789" {
			for _, n := range l.Neighbours(r) {
				if n == r || unicode.IsSpace(n) {
					t.Errorf("%s: %q is its own or a blank neighbour", name, r)
				}
				if !strings.ContainsRune(string(l.Neighbours(n)), r) {
					t.Errorf("%s: %q -> %q but not back", name, r, n)
				}
			}
		}
	}
}

func TestWord(t *testing.T) {
	typo := keyboard.New(layout(t, "qwerty"))
	for _, tc := range []struct {
		word string
		ok   bool
	}{
		{"inhibitions", true},
		{"Dobutamine", true},
		{"NALOXONE", true},
		{"5-HT", true},
		{"695", false}, // digits are never rewritten
		{"-", false},
		{"αβγ", false}, // letters not on the layout
		{"", false},
	} {
		for seed := range uint64(50) {
			got, ok := typo.Word(tc.word, rand.New(rand.NewPCG(seed, 0)))
			if ok != tc.ok {
				t.Fatalf("Word(%q) ok = %v", tc.word, ok)
			}
			if !ok {
				if got != tc.word {
					t.Fatalf("Word(%q) changed to %q but said no", tc.word, got)
				}
				continue
			}
			if err := typo.Check(perturb.Change{Token: 0, End: 1, Before: tc.word, After: got}); err != nil {
				t.Fatalf("Word(%q) = %q: %v", tc.word, got, err)
			}
			// Upper-case letters stay upper-case.
			for i, r := range []rune(got) {
				if b := []rune(tc.word)[i]; unicode.IsUpper(b) && unicode.IsLetter(r) && !unicode.IsUpper(r) {
					t.Fatalf("Word(%q) = %q loses case", tc.word, got)
				}
			}
			// Digits and hyphens stay where they were.
			if strings.Map(keepNonLetters, got) != strings.Map(keepNonLetters, tc.word) && strings.Map(keepNonLetters, tc.word) != "" && !changedOnlyLetter(tc.word, got) {
				t.Fatalf("Word(%q) = %q moved a non-letter", tc.word, got)
			}
		}
	}
}

func keepNonLetters(r rune) rune {
	if unicode.IsLetter(r) {
		return -1
	}
	return r
}

// changedOnlyLetter reports whether the one differing rune was a letter.
func changedOnlyLetter(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	for i := range ra {
		if ra[i] != rb[i] {
			return unicode.IsLetter(ra[i])
		}
	}
	return false
}

func TestCheck(t *testing.T) {
	typo := keyboard.New(layout(t, "qwerty"))
	for _, tc := range []struct {
		before, after string
		ok            bool
	}{
		{"inhibitions", "inh9bitions", true},
		{"low", "l;w", true},
		{"Low", "Kow", true},
		{"Low", "kow", false}, // case lost
		{"low", "low", false}, // no-op
		{"low", "lpx", false}, // two changes
		{"low", "lzw", false}, // not a neighbour
		{"low", "l w", false}, // whitespace
		{"low", "lo", false},  // length
		{"a-b", "aqb", false}, // hyphen is not replaced
		{"x9", "x0", false},   // digits are not replaced
	} {
		err := typo.Check(perturb.Change{Token: 3, End: 4, Before: tc.before, After: tc.after})
		if (err == nil) != tc.ok {
			t.Errorf("Check(%q -> %q) = %v, want ok=%v", tc.before, tc.after, err, tc.ok)
		}
		if err != nil && !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("Check error %v does not wrap ErrInvalidChange", err)
		}
	}
}

func TestParseLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"0 abc\n2 abd\n", "t:2: bad keyboard layout: key 'a' appears twice"},
		{"x abc\n", "t:1: bad keyboard layout: bad offset \"x\""},
		{"# only a comment\n", "t: bad keyboard layout: fewer than two keys"},
		{"0abc\n", "t:1: bad keyboard layout: want \"OFFSET KEYS\""},
		{"0 a\tb\n", "t:1: bad keyboard layout: key '\\t' is not a printable character"},
	} {
		_, err := keyboard.ParseLayout("t", strings.NewReader(tc.text))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseLayout(%q) = %v, want %s", tc.text, err, tc.want)
		}
	}
	if _, err := keyboard.LoadLayout("dvorak"); !errors.Is(err, keyboard.ErrLayout) {
		t.Errorf("LoadLayout(dvorak) = %v", err)
	}
}

func FuzzParseLayout(f *testing.F) {
	f.Add("0 1234567890-=\n2 qwertyuiop[]\n3 asdfghjkl;'\n5 zxcvbnm,./\n")
	f.Add("0 abc\n2 abd\n")
	f.Add("x abc\n")
	f.Add("0 a\tb\n")
	f.Add("0 &é\"'(-è_çà)=\n1 <wxcvbn,;:!\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := keyboard.ParseLayout("fuzz", strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, keyboard.ErrLayout) && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("error %v does not wrap ErrLayout", err)
			}
			return
		}
		typo := keyboard.New(l)
		for _, r := range text {
			for _, n := range l.Neighbours(r) {
				if n == unicode.ToLower(r) || unicode.IsSpace(n) {
					t.Fatalf("%q has neighbour %q", r, n)
				}
			}
		}
		w, ok := typo.Word(text, rand.New(rand.NewPCG(1, 2)))
		if ok {
			if err := typo.Check(perturb.Change{Token: 0, End: 1, Before: text, After: w}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func FuzzWord(f *testing.F) {
	for _, s := range []string{"inhibitions", "Dobutamine", "5-HT", "695T", "ÄÖÜ", "a", "l;w", "İstanbul", "ǅemal"} {
		f.Add(s, uint64(1))
	}
	typos := []*keyboard.Typo{}
	for _, name := range keyboard.Layouts() {
		l, _ := keyboard.LoadLayout(name)
		typos = append(typos, keyboard.New(l))
	}
	f.Fuzz(func(t *testing.T, word string, seed uint64) {
		for _, typo := range typos {
			w, ok := typo.Word(word, rand.New(rand.NewPCG(seed, 0)))
			if !ok {
				if w != word {
					t.Fatalf("%q changed to %q without ok", word, w)
				}
				continue
			}
			if err := typo.Check(perturb.Change{Token: 0, End: 1, Before: word, After: w}); err != nil {
				t.Fatalf("%s: %v", typo.Layout.Name, err)
			}
		}
	})
}

func ExampleTypo_Word() {
	l, _ := keyboard.LoadLayout("qwerty")
	typo := keyboard.New(l)
	r := rand.New(rand.NewPCG(1, 2))
	for _, w := range []string{"inhibitions", "Naloxone", "5-HT", "695"} {
		out, ok := typo.Word(w, r)
		fmt.Println(w, "->", out, ok)
	}
	// Output:
	// inhibitions -> inhibitikns true
	// Naloxone -> Jaloxone true
	// 5-HT -> 5-BT true
	// 695 -> 695 false
}

func BenchmarkWord(b *testing.B) {
	l, _ := keyboard.LoadLayout("qwerty")
	typo := keyboard.New(l)
	r := rand.New(rand.NewPCG(1, 2))
	b.SetBytes(int64(len("hyperparathyroidism")))
	b.ReportAllocs()
	for b.Loop() {
		typo.Word("hyperparathyroidism", r)
	}
}
