package tagger

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// capsTagger tags capitalised tokens B-Chemical and others O, like
// helperTagger.
type capsTagger struct{}

func (capsTagger) TagSentences(_ context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	for i, s := range sents {
		for _, tok := range s.Tokens {
			tag := "O"
			if tok != "" && tok[0] >= 'A' && tok[0] <= 'Z' {
				tag = "B-Chemical"
			}
			out[i] = append(out[i], tag)
		}
	}
	return out, nil
}

// helperServer is the test binary as a model server (see TestMain).
func helperServer(mode string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "server starting")
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	switch mode {
	case "server":
		if err := Serve(context.Background(), capsTagger{}, stdin, stdout); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	case "server-stray":
		out.WriteString("Loaded.\n")
		out.Flush()
		Serve(context.Background(), capsTagger{}, stdin, stdout)
		return 0
	case "server-hang":
		time.Sleep(time.Hour)
		return 0
	case "server-ignore":
		return 0 // exits without reading anything
	}
	sc := bufio.NewScanner(stdin)
	for sc.Scan() {
		switch mode {
		case "server-exit":
			fmt.Fprintln(stderr, "CUDA out of memory")
			return 3
		case "server-short":
			out.WriteString(`{"tags": ["O"]}` + "\n")
		case "server-error":
			out.WriteString(`{"error": "sentence too long"}` + "\n")
		case "server-error-lines":
			out.WriteString(`{"error": "Traceback:\nValueError: bad"}` + "\n")
		case "server-empty-error":
			var req request
			json.Unmarshal(sc.Bytes(), &req)
			tags, _ := capsTagger{}.TagSentences(context.Background(), []conll.Sentence{{Tokens: req.Tokens}})
			b, _ := json.Marshal(tags[0])
			fmt.Fprintf(out, `{"tags": %s, "error": ""}`+"\n", b)
		case "server-long":
			out.WriteString(`{"tags": ["` + strings.Repeat("O", limits.MaxLine) + `"]}` + "\n")
		case "server-extra":
			out.WriteString(`{"tags": ["B-Chemical", "O", "O", "O"]}` + "\n")
			out.WriteString(`{"tags": ["O"]}` + "\n")
		default:
			fmt.Fprintf(stderr, "unknown mode %q\n", mode)
			return 2
		}
		out.Flush()
	}
	return 0
}

func helperServerCmd(mode string) *Server {
	return &Server{
		Line:    shellQuote(os.Args[0]),
		Env:     append(os.Environ(), helperEnv+"="+mode),
		Timeout: time.Minute, // fail rather than hang the suite
	}
}

func TestServer(t *testing.T) {
	var stderr strings.Builder
	s := helperServerCmd("server")
	s.Stderr = &stderr // written by exec's copier, read after Close
	sents := []conll.Sentence{
		sent("Aspirin/O causes/O ulcers/O ./O"),
		{DocStart: true}, // no tokens: not sent, gets no tags
		{Tokens: []string{"#", "a b", "Lithium"}, Tags: []string{"O", "O", "O"}}, // JSON carries any token
	}
	want := [][]string{{"B-Chemical", "O", "O", "O"}, {}, {"O", "O", "B-Chemical"}}
	for i := range 3 { // one process, several calls
		got, err := s.TagSentences(context.Background(), sents)
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("call %d: got %q, want %q", i, got, want)
		}
	}
	big := slices.Repeat(sents[:1], 20000) // far more than a pipe holds
	got, err := s.TagSentences(context.Background(), big)
	if err != nil || len(got) != len(big) || !slices.Equal(got[len(got)-1], want[0]) {
		t.Fatalf("big batch: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if c := strings.Count(stderr.String(), "server starting"); c != 1 {
		t.Errorf("server started %d times", c)
	}
	if _, err := s.TagSentences(context.Background(), sents); err == nil {
		t.Error("a closed server answered")
	}
}

func TestServerErrors(t *testing.T) {
	sents := []conll.Sentence{sent("Aspirin/O causes/O ulcers/O ./O"), sent("Lithium/O ./O")}
	tests := []struct {
		mode    string
		timeout time.Duration
		want    error
		msg     string
	}{
		{"server-stray", 0, ErrStrayLine, `output line 1: stray line on standard output: "Loaded."`},
		{"server-exit", 0, ErrCommandFailed, "exit status 3 (after 0 of 2 answers); stderr:\nserver starting\nCUDA out of memory"},
		{"server-short", 0, ErrTagCount, "sentence 1 of the batch: wrong number of tags: got 1, want 4"},
		{"server-error", 0, nil, `the server reported: "sentence too long"`},
		{"server-error-lines", 0, nil, `the server reported: "Traceback:\nValueError: bad"`}, // one line
		{"server-long", 0, limits.ErrLongLine, "line longer than 16 MiB"},
		{"server-hang", 300 * time.Millisecond, ErrTimeout, "timed out after 300ms"},
		{"server-ignore", 0, ErrSentenceCount, "exited after 0 of 2 answers"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			s := helperServerCmd(tt.mode)
			if tt.timeout > 0 {
				s.Timeout = tt.timeout
			}
			defer s.Close()
			_, err := s.TagSentences(context.Background(), sents)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "model server ") {
				t.Errorf("error %q does not name the server or contain %q", err, tt.msg)
			}
			if _, again := s.TagSentences(context.Background(), sents); again == nil {
				t.Error("a failed server answered again")
			}
		})
	}
	t.Run("extra answer", func(t *testing.T) {
		s := helperServerCmd("server-extra")
		defer s.Close()
		one := sents[:1]
		if _, err := s.TagSentences(context.Background(), one); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond) // let the extra line arrive; without it the next call still fails, on a count
		if _, err := s.TagSentences(context.Background(), one); err == nil {
			t.Error("an extra answer went unnoticed")
		}
	})
	t.Run("empty error beside the tags", func(t *testing.T) {
		s := helperServerCmd("server-empty-error")
		defer s.Close()
		tags, err := s.TagSentences(context.Background(), sents)
		if err != nil || len(tags) != 2 || tags[0][0] != "B-Chemical" {
			t.Fatalf("%v, %v", tags, err)
		}
	})
	t.Run("missing command", func(t *testing.T) {
		s := &Server{Line: "no-such-command-xyz"}
		_, err := s.TagSentences(context.Background(), sents)
		if !errors.Is(err, ErrCommandFailed) || !strings.Contains(err.Error(), "not found") {
			t.Errorf("err = %v", err)
		}
	})
}

func TestServe(t *testing.T) {
	in := `{"tokens": ["Aspirin", "works"]}` + "\n" + `{"tokens": []}` + "\n" + `{"tokens": ["Lithium"]}` + "\n"
	var out strings.Builder
	if err := Serve(context.Background(), capsTagger{}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := `{"tags":["B-Chemical","O"]}` + "\n" + `{"tags":[]}` + "\n" + `{"tags":["B-Chemical"]}` + "\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if err := Serve(context.Background(), capsTagger{}, strings.NewReader("hello\n"), io.Discard); err == nil ||
		!strings.Contains(err.Error(), "input line 1: not a request") {
		t.Errorf("bad request: err = %v", err)
	}
}

// FuzzServe: any input gives an error or one answer per request line.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		`{"tokens": ["Aspirin", "works"]}` + "\n" + `{"tokens": []}` + "\n",
		`{"tokens": ["a"]}`,
		"hello\n",
		"\n\n" + `{"tokens": ["x y", "\u00e9"]}` + "\r\n",
		`{"tokens": null}` + "\n",
		`{"tokens": ["a"]} {"tokens": ["b"]}` + "\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Serve(context.Background(), capsTagger{}, strings.NewReader(in), &out); err != nil {
			return
		}
		requests := 0
		for _, l := range strings.Split(in, "\n") {
			if strings.TrimSpace(l) != "" {
				requests++
			}
		}
		if got := strings.Count(out.String(), "\n"); got != requests {
			t.Errorf("%d answers to %d requests", got, requests)
		}
	})
}

// FuzzServerAnswer: any answer line is an error or as many tags as the
// sentence has tokens.
func FuzzServerAnswer(f *testing.F) {
	for _, seed := range []string{
		`{"tags": ["B-Chemical", "O"]}`, `{"tags": ["O"]}`, `{"error": "no"}`, "Loaded.", "", `{"tags": null}`,
		`{"tags": ["O", "O"]} trailing`, `{"tags": ["O", 1]}`,
	} {
		f.Add(seed)
	}
	sent := conll.Sentence{Tokens: []string{"Aspirin", "works"}}
	f.Fuzz(func(t *testing.T, line string) {
		s := &Server{Line: "fuzz"}
		tags, err := s.parse([]byte(line+"\n"), sent, 0)
		if err == nil && len(tags) != len(sent.Tokens) {
			t.Errorf("%q: %d tags for %d tokens", line, len(tags), len(sent.Tokens))
		}
	})
}
