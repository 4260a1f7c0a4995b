package tagger

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/internal/limits"
)

// A document system printing without end is stopped at
// DocumentOutputBound (the rule of issue 31 that every reader has a
// bound, for the document systems of run --level): a command's output
// no longer fills the disk, nor a server's answer line the memory, until
// the timeout of an hour.
func TestDocumentSystemOutputBound(t *testing.T) {
	input := []byte("1|t|Aspirin and heart failure.\n1|a|None.\n\n")
	t.Run("command", func(t *testing.T) {
		var out bytes.Buffer
		err := RunDocumentCommand(context.Background(), "yes", "yes", input, &out, nil, time.Minute)
		if !errors.Is(err, ErrDocumentCommand) || !strings.Contains(err.Error(), "yes: printed more than 16777888 bytes for 42 bytes of documents") {
			t.Fatalf("err = %v", err)
		}
		if int64(out.Len()) > DocumentOutputBound(len(input)) {
			t.Errorf("%d bytes written, more than the bound", out.Len())
		}
	})
	t.Run("command within the bound", func(t *testing.T) {
		var out bytes.Buffer
		if err := RunDocumentCommand(context.Background(), "cat", "cat", input, &out, nil, time.Minute); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(input) {
			t.Errorf("output %q, want the input", out.String())
		}
	})
	t.Run("server", func(t *testing.T) {
		s, err := StartDocumentServer(context.Background(), "zeros", "read l; tr -d '\\n' < /dev/zero", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		_, err = s.Annotate("pubtator", string(input), time.Minute)
		if !errors.Is(err, ErrDocumentCommand) || !strings.Contains(err.Error(), "zeros: printed more than") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("server within the bound", func(t *testing.T) {
		s, err := StartDocumentServer(context.Background(), "echo", `read l; echo '{"output": "done"}'`, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if got, err := s.Annotate("pubtator", string(input), time.Minute); err != nil || got != "done" {
			t.Fatalf("got %q, %v", got, err)
		}
	})
}

func TestReadAnswer(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int64
		want string
		err  error
	}{
		{"abc\nd", 4, "abc\n", nil},
		{"abc\n", 3, "", errLongAnswer},
		{"abc", 3, "abc", nil}, // at the end of the input, as ReadSlice
		{strings.Repeat("x", 100) + "\n", 101, strings.Repeat("x", 100) + "\n", nil},
		{strings.Repeat("x", 100) + "\n", 100, "", errLongAnswer},
	} {
		// A buffer of 16 bytes: lines longer than it are gathered.
		got, err := readAnswer(bufio.NewReaderSize(strings.NewReader(c.in), 16), c.max)
		if c.err != nil {
			if err != c.err {
				t.Errorf("%q, %d: err %v, want %v", c.in, c.max, err, c.err)
			}
			continue
		}
		if string(got) != c.want {
			t.Errorf("%q, %d: %q, want %q", c.in, c.max, got, c.want)
		}
	}
	if DocumentOutputBound(0) != limits.MaxDocument {
		t.Errorf("DocumentOutputBound(0) = %d", DocumentOutputBound(0))
	}
}
