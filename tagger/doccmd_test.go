package tagger

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/internal/limits"
)

// echoServer answers each request with its input: the request line
// {"format":"...","input":...} becomes {"output":...}.
const echoServer = `while IFS= read -r l; do printf '%s\n' "$l" | sed 's/^{"format":"[^"]*","input":/{"output":/'; done`

func TestRunDocumentCommand(t *testing.T) {
	for _, c := range []struct {
		name, cmd, in string
		timeout       time.Duration
		out, stderr   string
		err           string // "" for none
	}{
		{name: "upper", cmd: "tr a-z A-Z", in: "1|t|lithium\n", out: "1|T|LITHIUM\n"},
		{name: "sys", cmd: "echo loading >&2; cat", in: "x\n", out: "x\n", stderr: "[sys] loading\n"},
		{name: "fails", cmd: "echo no model >&2; exit 3", in: "x\n", stderr: "[fails] no model\n", err: "document system failed: fails (echo no model >&2; exit 3): exit status 3"},
		{name: "slow", cmd: "sleep 30", timeout: 50 * time.Millisecond, err: "slow: no answer within 50ms"},
		// A child left behind holding stdout does not keep the caller
		// waiting: the group is killed once the command exits.
		{name: "child", cmd: "(sleep 30 &); echo done", out: "done\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, stderr strings.Builder
			err := RunDocumentCommand(context.Background(), c.name, c.cmd, []byte(c.in), &out, &stderr, c.timeout)
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrDocumentCommand)) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
			if c.err == "" && out.String() != c.out {
				t.Errorf("stdout %q, want %q", out.String(), c.out)
			}
			if stderr.String() != c.stderr {
				t.Errorf("stderr %q, want %q", stderr.String(), c.stderr)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := RunDocumentCommand(ctx, "x", "cat", nil, &strings.Builder{}, nil, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v", err)
	}
}

func TestDocumentServer(t *testing.T) {
	var stderr strings.Builder
	s, err := StartDocumentServer(context.Background(), "echo", "echo ready >&2; "+echoServer, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	// Two sets, one server: inputs with newlines, tabs, quotes,
	// backslashes and non-ASCII letters come back as they went.
	for _, in := range []string{
		"6794356|t|Tricuspid valve regurgitation and lithium carbonate toxicity in a newborn infant.\n6794356|a|A newborn with massive tricuspid regurgitation.\n\n",
		"1|t|\"quoted\" \\ back\tslash and Wilms' Tumor, naïve β-blockers\n",
		"",
	} {
		out, err := s.Annotate("pubtator", in, time.Minute)
		if err != nil || out != in {
			t.Errorf("Annotate(%q) = %q, %v", in, out, err)
		}
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if stderr.String() != "[echo] ready\n" {
		t.Errorf("stderr %q", stderr.String())
	}
	if _, err := s.Annotate("pubtator", "x", time.Minute); !errors.Is(err, ErrDocumentCommand) {
		t.Errorf("Annotate after Close: %v", err)
	}
}

func TestDocumentServerFailures(t *testing.T) {
	for _, c := range []struct {
		name, cmd string
		timeout   time.Duration
		err       string
	}{
		{"error", `read l; echo '{"error": "out of memory"}'`, 0, "error: out of memory"},
		{"empty", `read l; echo '{}'`, 0, "empty: no output"},
		{"chatty", `read l; echo 'Loading model...'`, 0, `chatty: an answer that is not {"output": ...}: "Loading model...\n"`},
		{"gone", `exit 0`, 0, "gone: no answer"},
		{"quiet", `read l; sleep 30`, 50 * time.Millisecond, "quiet: no answer within 50ms"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := StartDocumentServer(context.Background(), c.name, c.cmd, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			_, err = s.Annotate("bioc-xml", "<collection/>", c.timeout)
			if err == nil || !errors.Is(err, ErrDocumentCommand) || !strings.Contains(err.Error(), c.err) {
				t.Errorf("err = %v, want %q", err, c.err)
			}
		})
	}
}

func TestParseDocumentAnswer(t *testing.T) {
	for _, c := range []struct{ line, out, err string }{
		{`{"output": "1|t|x\n"}`, "1|t|x\n", ""},
		{`{"output": ""}`, "", ""},
		{`{"output": "a", "elapsed": 3}`, "a", ""},
		{`{"output": "a", "error": "half done"}`, "", "half done"},
		{`{"error": "no"}`, "", "x: no"},
		{`{"output": null}`, "", "no output"},
		{`null`, "", "no output"},
		{`{"output": 5}`, "", "not {\"output\": ...}"},
		{`["a"]`, "", "not {\"output\": ...}"},
		{`{"output": "a"} {"output": "b"}`, "", "not {\"output\": ...}"},
		{``, "", "not {\"output\": ...}"},
	} {
		out, err := parseDocumentAnswer("x", []byte(c.line))
		if c.err == "" && (err != nil || out != c.out) || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrDocumentCommand)) {
			t.Errorf("%q: %q, %v; want %q, %q", c.line, out, err, c.out, c.err)
		}
	}
}

// FuzzDocumentAnswer: any answer line is an error or the string its
// "output" member holds.
func FuzzDocumentAnswer(f *testing.F) {
	for _, seed := range []string{`{"output": "1|t|x\n"}`, `{"error": "no"}`, `{}`, `null`, "Loading.", `{"output": 5}`, `{"output": "\u00e9", "x": [1]}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		out, err := parseDocumentAnswer("fuzz", []byte(line))
		if err != nil {
			if !errors.Is(err, ErrDocumentCommand) {
				t.Errorf("%q: %v is not ErrDocumentCommand", line, err)
			}
			return
		}
		var v struct {
			Output *string `json:"output"`
		}
		if json.Unmarshal([]byte(line), &v) != nil || v.Output == nil || *v.Output != out {
			t.Errorf("%q: output %q", line, out)
		}
	})
}

// A document system printing without end is stopped at
// documentOutputBound (the rule of issue 31 that every reader has a
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
		if int64(out.Len()) > documentOutputBound(len(input)) {
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
	if documentOutputBound(0) != limits.MaxDocument {
		t.Errorf("documentOutputBound(0) = %d", documentOutputBound(0))
	}
}
