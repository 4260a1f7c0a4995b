package tagger

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// FuzzLoad checks that no input makes Load panic, and that whatever it
// accepts tags validly and saves back to a loadable model.
func FuzzLoad(f *testing.F) {
	m, err := Train(tiny, Options{Features: Chars, Epochs: 2, HashBits: 10})
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	m.Save(&buf)
	good := buf.Bytes()
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte{})
	f.Add(gzipBytes(f, []byte(modelMagic)))
	f.Add(gzipBytes(f, append([]byte(modelMagic), 1, 2, 10, 1, 1, 1, 1, 1, 1, 'O')))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Load(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadModel) && !errors.Is(err, ErrModelVersion) {
				t.Fatalf("error %v wraps neither ErrBadModel nor ErrModelVersion", err)
			}
			return
		}
		if tags := m.Tag([]string{"Aspirin", "causes", "ulcers"}); len(tags) != 3 || !validIOB2(tags) {
			t.Fatalf("loaded model tagged %q", tags)
		}
		var out bytes.Buffer
		if err := m.Save(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(&out); err != nil {
			t.Fatalf("re-saved model does not load: %v", err)
		}
	})
}

// FuzzReadTags checks the external tagger output parser on arbitrary
// output: it either errors or returns one tag per token.
func FuzzReadTags(f *testing.F) {
	for _, seed := range []string{
		"O\nB-X\n\nI-X\n", "a\tO\nb\tB-X\n\nc\tI-X\n\n", "\n\nO\nO\n\n\n\nO\n\n\n",
		"# sent 1\nO\nO\n\n#x\nO\n", "a  NN  O  \r\nb O\r\n\r\nc O\r\n", "O\nO\n",
		"O\n\nO\n", "a O\nx O\n\nc O\n", "-DOCSTART- O\n\nO\nO\n\nO\n", "",
	} {
		f.Add(seed, "a b|c")
	}
	f.Fuzz(func(t *testing.T, out, input string) {
		var sents []conll.Sentence
		for _, part := range strings.Split(input, "|") {
			sents = append(sents, conll.Sentence{Tokens: strings.Fields(part)})
		}
		got, err := readTags(strings.NewReader(out), sents)
		if err != nil {
			return
		}
		if len(got) != len(sents) {
			t.Fatalf("%d results for %d sentences", len(got), len(sents))
		}
		for i, s := range sents {
			if len(got[i]) != len(s.Tokens) {
				t.Fatalf("sentence %d: %d tags for %d tokens", i, len(got[i]), len(s.Tokens))
			}
			for _, tag := range got[i] {
				if tag == "" || strings.ContainsAny(tag, " \t\r\n") {
					t.Fatalf("bad tag %q", tag)
				}
			}
		}
	})
}

// FuzzTag checks that any tokens get a valid IOB2 sequence of the same
// length.
func FuzzTag(f *testing.F) {
	m, err := Train(tiny, Options{Features: Chars, Epochs: 3, HashBits: 12})
	if err != nil {
		f.Fatal(err)
	}
	w, err := Train(tiny, Options{Features: Words, Epochs: 3, HashBits: 12})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range tiny {
		f.Add(strings.Join(s.Tokens, " "))
	}
	f.Add("IL-2 αβ 日本 " + strings.Repeat("x", 200))
	f.Add("\xff\xfe bad utf8")
	f.Fuzz(func(t *testing.T, text string) {
		toks := strings.Fields(text)
		for _, m := range []*Model{m, w} {
			tags := m.Tag(toks)
			if len(tags) != len(toks) || !validIOB2(tags) {
				t.Fatalf("Tag(%q) = %q", toks, tags)
			}
		}
	})
}
