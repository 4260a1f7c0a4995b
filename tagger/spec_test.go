package tagger

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

func TestPrefixWriter(t *testing.T) {
	long := strings.Repeat("x", maxPrefixLine+1)
	for _, tc := range []struct {
		name   string
		writes []string
		want   string // after the writes and Flush
		before string // before Flush
	}{
		{"whole lines", []string{"a\nb\n"}, "[m] a\n[m] b\n", "[m] a\n[m] b\n"},
		{"split line", []string{"lo", "ading\nrea", "dy\n"}, "[m] loading\n[m] ready\n", "[m] loading\n[m] ready\n"},
		{"no last end", []string{"a\nhalf"}, "[m] a\n[m] half\n", "[m] a\n"},
		{"empty", []string{"", ""}, "", ""},
		{"chunks", []string{"load", "ing\nready\n", "", "last line"}, "[m] loading\n[m] ready\n[m] last line\n", "[m] loading\n[m] ready\n"},
		{"blank line", []string{"\n"}, "[m] \n", "[m] \n"},
		{"long line", []string{long}, "[m] " + long + "\n", "[m] " + long + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := newPrefixWriter(&buf, "m")
			for _, w := range tc.writes {
				if n, err := p.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if buf.String() != tc.before {
				t.Errorf("before Flush: %q, want %q", buf.String(), tc.before)
			}
			if err := p.Flush(); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tc.want {
				t.Errorf("after Flush: %q, want %q", buf.String(), tc.want)
			}
		})
	}
}

// helperLine is the sh -c line that runs the test binary as a tagger
// in mode.
func helperLine(mode string) string {
	return helperEnv + "=" + mode + " " + shellQuote(os.Args[0])
}

func TestSpecOpen(t *testing.T) {
	ctx := context.Background()
	input := []conll.Sentence{sent("Aspirin/O causes/O ulcers/O ./O")}
	disease := []conll.Sentence{sent("Aspirin/O causes/B-Disease ulcers/O ./O")}

	t.Run("untagged input accepts any type", func(t *testing.T) {
		c, stop, err := Spec{Command: helperLine("tags"), Timeout: time.Minute}.Open(input)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.TagSentences(ctx, input)
		if err != nil || !slices.Equal(got[0], []string{"B-Chemical", "O", "O", "O"}) {
			t.Fatalf("got %q, %v", got, err)
		}
		if err := stop(); err != nil || c.Warning() != "" {
			t.Errorf("stop: %v; warning %q", err, c.Warning())
		}
	})
	t.Run("types of the gold", func(t *testing.T) {
		c, stop, err := Spec{Command: helperLine("tags")}.Open(disease)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		if _, err := c.TagSentences(ctx, disease); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(c.Warning(), "B-Chemical") {
			t.Errorf("warning %q does not name B-Chemical", c.Warning())
		}
	})
	t.Run("strict", func(t *testing.T) {
		c, stop, err := Spec{Command: helperLine("tags"), Strict: true}.Open(disease)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		if _, err := c.TagSentences(ctx, disease); !errors.Is(err, ErrUnknownTag) {
			t.Errorf("err = %v, want ErrUnknownTag", err)
		}
	})
	t.Run("scheme", func(t *testing.T) {
		// A one-token B-Chemical read as IOBES is an error of the
		// model's scheme; ConvertKnown makes it IOB2 all the same.
		c, stop, err := Spec{Command: helperLine("tags"), Scheme: iob.IOBES}.Open(input)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		if _, ok := c.Tagger.(*inScheme); !ok {
			t.Errorf("tagger %T, want *InScheme", c.Tagger)
		}
	})
	t.Run("stderr prefixed", func(t *testing.T) {
		var buf bytes.Buffer
		c, stop, err := Spec{Command: helperLine("fail"), Name: "cmd", Stderr: &buf}.Open(input)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.TagSentences(ctx, input); err == nil {
			t.Fatal("a failing command gave no error")
		}
		stop()
		if !strings.Contains(buf.String(), "[cmd] loading model...\n[cmd] Traceback: model.bin not found\n") {
			t.Errorf("stderr %q", buf.String())
		}
	})
	t.Run("model file", func(t *testing.T) {
		_, _, err := Spec{File: filepath.Join(t.TempDir(), "none.model")}.Open(input)
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("err = %v, want not exist", err)
		}
	})
}

func TestTagCorpus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte("Aspirin\nhelps\n\nLithium\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := conll.ReadCorpus(path, conll.ReadOptions{TagOptional: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := TagCorpus(context.Background(), helperCommand("tags"), c); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.WriteFile("", &buf, false); err != nil {
		t.Fatal(err)
	}
	if want := "Aspirin B-Chemical\nhelps O\n\nLithium B-Chemical\n"; buf.String() != want {
		t.Errorf("tagged:\n%q\nwant\n%q", buf.String(), want)
	}
	if err := TagCorpus(context.Background(), helperCommand("fail"), c); err == nil {
		t.Error("a failing tagger: no error")
	}
}
