package tagger

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// helperEnv makes the test binary act as an external tagger (see
// TestMain); its value selects the behaviour.
const helperEnv = "STRESS_TAGGER_TEST_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(helperTagger(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// helperTagger tags capitalised tokens B-Chemical and others O.
func helperTagger(mode string, stdin io.Reader, stdout, stderr io.Writer) int {
	tagOf := func(tok string) string {
		if tok != "" && tok[0] >= 'A' && tok[0] <= 'Z' {
			return "B-Chemical"
		}
		return "O"
	}
	if strings.HasPrefix(mode, "server") {
		return helperServer(mode, stdin, stdout, stderr)
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	switch mode {
	case "ignore-stdin":
		out.WriteString("O\n\n")
		return 0
	case "stray":
		out.WriteString("Loaded.\n")
		mode = "tags"
	case "fail":
		io.Copy(io.Discard, stdin)
		fmt.Fprintln(stderr, "loading model...\nTraceback: model.bin not found")
		return 3
	case "hang":
		time.Sleep(time.Hour)
		return 0
	case "long":
		go io.Copy(io.Discard, stdin)
		out.WriteString(strings.Repeat("O", limits.MaxLine+1) + "\n")
		return 0
	case "eager":
		// Answer a fixed-size corpus before reading any input, so a
		// client that writes all input before reading would deadlock.
		for range 20000 {
			out.WriteString("O\n\n")
		}
		out.Flush()
		io.Copy(io.Discard, stdin)
		return 0
	}
	sc := bufio.NewScanner(stdin)
	sent := 0
	for sc.Scan() {
		tok := sc.Text()
		if tok == "" {
			sent++
			if mode == "no-blank" {
				continue // run all sentences together
			}
			out.WriteString("\n")
			continue
		}
		switch mode {
		case "conll", "stray-conll":
			if mode == "stray-conll" && sent == 0 && tok == "Aspirin" {
				out.WriteString("Loading model weights\n")
			}
			fmt.Fprintf(out, "%s\tNN\t%s\n", tok, tagOf(tok))
		case "tags", "extra":
			fmt.Fprintf(out, "%s\n", tagOf(tok))
		case "crlf-docstart":
			if sent == 0 && tok == "Aspirin" {
				out.WriteString("-DOCSTART- O\r\n\r\n")
			}
			fmt.Fprintf(out, "%s %s\r\n", tok, tagOf(tok))
		case "short":
			if tok != "." {
				fmt.Fprintf(out, "%s\n", tagOf(tok))
			}
		case "wrong-token":
			fmt.Fprintf(out, "%s\t%s\n", strings.ToLower(tok), tagOf(tok))
		case "no-blank":
			fmt.Fprintf(out, "%s\n", tagOf(tok))
		default:
			fmt.Fprintf(stderr, "unknown mode %q\n", mode)
			return 2
		}
	}
	if mode == "extra" {
		out.WriteString("O\n\n")
	}
	return 0
}

// helperCommand returns a Command that runs the test binary as a tagger.
func helperCommand(mode string) *Command {
	return &Command{
		Line: shellQuote(os.Args[0]),
		Env:  append(os.Environ(), helperEnv+"="+mode),
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func TestCommand(t *testing.T) {
	sents := []conll.Sentence{
		sent("Aspirin/O causes/O ulcers/O ./O"),
		{DocStart: true}, // no tokens: not sent, gets no tags
		sent("Lithium/O ./O"),
	}
	want := [][]string{{"B-Chemical", "O", "O", "O"}, {}, {"B-Chemical", "O"}}
	for _, mode := range []string{"conll", "tags", "crlf-docstart"} {
		t.Run(mode, func(t *testing.T) {
			got, err := helperCommand(mode).TagSentences(context.Background(), sents)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
	t.Run("awk", func(t *testing.T) {
		c := &Command{Line: `awk 'NF { print $1 "\tO"; next } { print "" }'`, Timeout: 10 * time.Second}
		got, err := c.TagSentences(context.Background(), sents)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got[0], []string{"O", "O", "O", "O"}) || len(got[1]) != 0 {
			t.Errorf("got %q", got)
		}
	})
}

func TestCommandErrors(t *testing.T) {
	sents := []conll.Sentence{
		sent("Aspirin/O causes/O ulcers/O ./O"),
		sent("Lithium/O works/O"),
	}
	sents[0].Line = 10
	tests := []struct {
		mode    string
		timeout time.Duration
		want    error
		msg     string // expected in the message
	}{
		{"short", 0, ErrTagCount, "sentence 1 (input line 10): wrong number of tags: got 3, want 4"},
		{"extra", 0, ErrSentenceCount, "output line 9: wrong number of sentences: got more than 2, want 2"},
		{"wrong-token", 0, ErrTagCount, `token 1 is "aspirin", want "Aspirin"`},
		{"no-blank", 0, ErrSentenceCount, "output line 1: wrong number of sentences: no sentence separators: 6 tags and no blank line, for 2 sentences of 6 tokens"},
		{"fail", 0, ErrCommandFailed, "exit status 3; stderr:\nloading model...\nTraceback: model.bin not found"},
		{"hang", 300 * time.Millisecond, ErrTimeout, "timed out after 300ms"},
		{"eager", 0, ErrTagCount, "got 1, want 4"},
		{"stray", 0, ErrStrayLine, `output line 1: stray line on standard output "Loaded." (write only tags there; messages go to standard error)`},
		{"stray-conll", 0, ErrStrayLine, `output line 1: stray line on standard output "Loading model weights"`},
		{"long", 0, limits.ErrLongLine, "output line 1: line longer than 16 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			c := helperCommand(tt.mode)
			c.Timeout = tt.timeout
			if c.Timeout == 0 {
				c.Timeout = time.Minute // fail rather than hang the suite
			}
			_, err := c.TagSentences(context.Background(), sents)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not contain %q", err, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), "model command ") {
				t.Errorf("error %q does not name the command", err)
			}
		})
	}
}

// TestCommandEndlessOutput: a tagger that prints without end stops at
// its first surplus tag, as the model server does, instead of filling
// memory with tags (N05 of issue 31: `yes O` took 1 GB in 2.5 s).
func TestCommandEndlessOutput(t *testing.T) {
	one := []conll.Sentence{sent("Aspirin/O causes/O ulcers/O ./O")}
	two := []conll.Sentence{sent("Aspirin/O causes/O ulcers/O ./O"), sent("Lithium/O works/O")}
	tests := []struct {
		name  string
		line  string
		sents []conll.Sentence
		want  error
		msg   string
	}{
		{"N05 yes O, one sentence", "yes O", one, ErrTagCount, "output line 5: sentence 1: wrong number of tags: got more than 4, want 4"},
		{"N05 yes O, two sentences", "yes O", two, ErrSentenceCount, "output line 1: wrong number of sentences: no sentence separators: more than 6 tags and no blank line, for 2 sentences of 6 tokens"},
		{"N05 yes token and tag", "yes 'Aspirin O'", one, ErrTagCount, `output line 2: sentence 1: wrong number of tags: token 2 is "Aspirin", want "causes"`},
		{"N05 tags, then O without end", `printf 'O\nO\nO\nO\n\nO\nO\n\n'; yes O`, two, ErrSentenceCount, "output line 9: wrong number of sentences: got more than 2, want 2"},
		{"N05 tags, then a second sentence without end", `printf 'O\nO\nO\nO\n\n'; yes O`, two, ErrTagCount, "output line 8: sentence 2: wrong number of tags: got more than 2, want 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Command{Line: tt.line, Timeout: time.Minute}
			_, err := c.TagSentences(context.Background(), tt.sents)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %v, want %v: %q", err, tt.want, tt.msg)
			}
		})
	}
}

// TestCommandTokenSpace: the model command refuses a token holding
// white space in the one sense of conll.IsTokenSpace, and splits its
// output with the same rule (N06 of issue 31: U+00A0 and U+0085 were
// refused, U+2028, U+2029, U+3000, U+2003 and U+1680 sent, and the
// output split on unicode.IsSpace).
func TestCommandTokenSpace(t *testing.T) {
	for _, r := range []rune{0xA0, 0x85, 0x2028, 0x2029, 0x3000, 0x2003, 0x1680, 0x1c, 0x1f, ' ', '\t'} {
		t.Run(fmt.Sprintf("N06 a token holding %U", r), func(t *testing.T) {
			tok := "a" + string(r) + "b"
			_, err := (&Command{Line: "cat"}).TagSentences(context.Background(), []conll.Sentence{{Tokens: []string{"x", tok}, Tags: []string{"O", "O"}}})
			if !errors.Is(err, ErrBadToken) || !strings.Contains(err.Error(), fmt.Sprintf("holds %U", r)) {
				t.Errorf("err = %v, want ErrBadToken naming %U", err, r)
			}
		})
	}
	t.Run("N06 output split on U+001C", func(t *testing.T) {
		c := &Command{Line: `awk 'NF { printf "%s\034O\n", $1; next } { print "" }'`, Timeout: time.Minute}
		got, err := c.TagSentences(context.Background(), []conll.Sentence{sent("Aspirin/O works/O")})
		if err != nil || !slices.Equal(got[0], []string{"O", "O"}) {
			t.Errorf("got %q, %v; want the token and tag split at U+001C", got, err)
		}
	})
}

func TestCommandBadInput(t *testing.T) {
	c := &Command{Line: "cat"}
	for _, tok := range []string{"a b", "a\tb", "", "a\nb"} {
		_, err := c.TagSentences(context.Background(), []conll.Sentence{{Tokens: []string{"x", tok}, Tags: []string{"O", "O"}}})
		if !errors.Is(err, ErrBadToken) {
			t.Errorf("token %q: err = %v, want ErrBadToken", tok, err)
		}
	}
	_, err := (&Command{Line: "exit 0"}).TagSentences(context.Background(), []conll.Sentence{sent("a/O")})
	// Whether its exit beats our write to the pipe decides which.
	if !errors.Is(err, ErrSentenceCount) && !errors.Is(err, ErrNoInput) {
		t.Errorf("silent command: err = %v, want ErrSentenceCount or ErrNoInput", err)
	}
	_, err = (&Command{Line: "no-such-command-xyz"}).TagSentences(context.Background(), []conll.Sentence{sent("a/O")})
	if !errors.Is(err, ErrCommandFailed) || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing command: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = (&Command{Line: "sleep 10"}).TagSentences(ctx, []conll.Sentence{sent("a/O")})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// TestCommandLarge pushes a corpus far larger than pipe buffers through
// cat, which answers while it reads: writing stdin from its own goroutine
// is what keeps this from deadlocking.
func TestCommandLarge(t *testing.T) {
	test := readTSVFile(t, "testdata/test.tsv")
	big := slices.Repeat(test, 50)
	c := &Command{Line: "cat", Timeout: time.Minute}
	got, err := c.TagSentences(context.Background(), big)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range big {
		// cat echoes the token as the only column, read as the tag.
		if !slices.Equal(got[i], s.Tokens) {
			t.Fatalf("sentence %d: got %q", i, got[i])
		}
	}
}

func TestReadTags(t *testing.T) {
	sents := []conll.Sentence{sent("a/O b/O"), sent("c/O")}
	tests := []struct {
		name, out string
		want      [][]string
		err       error
	}{
		{"tags", "O\nB-X\n\nI-X\n", [][]string{{"O", "B-X"}, {"I-X"}}, nil},
		{"conll", "a\tO\nb\tB-X\n\nc\tI-X\n\n", [][]string{{"O", "B-X"}, {"I-X"}}, nil},
		{"many blanks", "\n\nO\nO\n\n\n\nO\n\n\n", [][]string{{"O", "O"}, {"O"}}, nil},
		{"comments", "# sent 1\nO\nO\n\n#x\nO\n", [][]string{{"O", "O"}, {"O"}}, nil},
		{"spaces", "a  NN  O  \r\nb O\r\n\r\nc O\r\n", [][]string{{"O", "O"}, {"O"}}, nil},
		{"too few sentences", "O\nO\n", nil, ErrSentenceCount},
		{"no blank line at all", "O\nO\nO\n", nil, ErrSentenceCount},
		{"too many sentences", "O\nO\n\nO\n\nO\n", nil, ErrSentenceCount},
		{"short sentence", "O\n\nO\n", nil, ErrTagCount},
		{"long sentence", "O\nO\n\nO\nO\n", nil, ErrTagCount},
		{"wrong token", "a O\nx O\n\nc O\n", nil, ErrTagCount},
		{"empty", "", nil, ErrSentenceCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readTags(strings.NewReader(tt.out), sents)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if err == nil && !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCommandStderrOnce: the standard error of a failing tagger that
// the user sees as it comes is not repeated in the error.
func TestCommandStderrOnce(t *testing.T) {
	c := helperCommand("fail")
	c.Timeout = time.Minute
	var stderr strings.Builder
	c.Stderr = &stderr
	_, err := c.TagSentences(context.Background(), []conll.Sentence{sent("a/O")})
	if !errors.Is(err, ErrCommandFailed) || !strings.HasSuffix(err.Error(), "exit status 3 (its standard error is above)") {
		t.Errorf("err = %v", err)
	}
	if !strings.Contains(stderr.String(), "Traceback: model.bin not found") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestTailBuffer(t *testing.T) {
	tb := &tailBuffer{max: 8}
	fmt.Fprint(tb, "0123456789")
	fmt.Fprint(tb, "ab")
	if got := tb.quote(); got != "; stderr:\n...456789ab" {
		t.Errorf("quote = %q", got)
	}
	if got := (&tailBuffer{max: 8}).quote(); got != "" {
		t.Errorf("empty quote = %q", got)
	}
}

// TestCommandHashToken: a sentence may start with a "#" token; in CoNLL
// output it is that token, not a comment.
func TestCommandHashToken(t *testing.T) {
	sents := []conll.Sentence{
		{Tokens: []string{"#", "Aspirin"}, Tags: []string{"O", "O"}},
		{Tokens: []string{"#1", "dose"}, Tags: []string{"O", "O"}},
	}
	got, err := helperCommand("conll").TagSentences(context.Background(), sents)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"O", "B-Chemical"}, {"O", "O"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %q, want %q", got, want)
	}
	// Comments still go, in both output forms.
	got, err = readTags(strings.NewReader("# model v1\n#\tO\nAspirin\tB-X\n\n"), sents[:1])
	if err != nil || !slices.Equal(got[0], []string{"O", "B-X"}) {
		t.Errorf("comment then a # token: %q, %v", got, err)
	}
}

// TestCommandIgnoresInput: a tagger that exits without reading a large
// input is named as such, not as a broken pipe or a count.
func TestCommandIgnoresInput(t *testing.T) {
	big := slices.Repeat([]conll.Sentence{sent("Aspirin/O causes/O ulcers/O ./O")}, 50000)
	c := helperCommand("ignore-stdin")
	c.Timeout = time.Minute
	_, err := c.TagSentences(context.Background(), big)
	if !errors.Is(err, ErrNoInput) || !strings.Contains(err.Error(), "did not read its input") {
		t.Errorf("err = %v", err)
	}
}

// TestCommandLeftoverChild: a child left behind holding standard output
// must not keep the run waiting (it would time out here).
func TestCommandLeftoverChild(t *testing.T) {
	c := helperCommand("tags")
	c.Line = "sleep 120 & " + c.Line
	c.Timeout = time.Minute
	got, err := c.TagSentences(context.Background(), []conll.Sentence{sent("Aspirin/O works/O")})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[0], []string{"B-Chemical", "O"}) {
		t.Errorf("got %q", got)
	}
}

func TestChecked(t *testing.T) {
	sents := []conll.Sentence{sent("Aspirin/B-Chemical causes/O ulcers/B-Disease ./O")}
	c := &Checked{Tagger: fixedTagger{{"B-Chemical", "BANANA", "B-CHEM", "I-CHEM"}}, Types: Types(sents)}
	if _, err := c.TagSentences(context.Background(), sents); err != nil {
		t.Fatal(err)
	}
	c.TagSentences(context.Background(), sents)
	want := []tagCount{{"B-CHEM", 2}, {"BANANA", 2}, {"I-CHEM", 2}}
	if got := c.Unknown(); !slices.Equal(got, want) {
		t.Errorf("unknown = %v, want %v", got, want)
	}
	if w := c.Warning(); !strings.Contains(w, "6 unknown tags") || !strings.Contains(w, "Chemical, Disease") {
		t.Errorf("warning %q", w)
	}
	c.Strict = true
	if _, err := c.TagSentences(context.Background(), sents); !errors.Is(err, ErrUnknownTag) || !strings.Contains(err.Error(), `"BANANA"`) {
		t.Errorf("strict: err = %v", err)
	}
	if w := (&Checked{Tagger: fixedTagger{{"O"}}}).Warning(); w != "" {
		t.Errorf("no unknown tags: warning %q", w)
	}
}

type fixedTagger [][]string

func (f fixedTagger) TagSentences(context.Context, []conll.Sentence) ([][]string, error) {
	return f, nil
}

// TestCheckedTagText: a tag a prediction file cannot hold is an error
// even without Strict (issue 25, F21: it was a warning, and the file
// written could not be read back); odd but writable tags are warned
// about, quoted.
func TestCheckedTagText(t *testing.T) {
	sents := []conll.Sentence{sent("Aspirin/B-Chemical ./O")}
	for _, tag := range []string{"B-X\xff", "B-X\x00", "B-X Y", "B-X\tY", "", "O\n", "B-\u200bX\u0007"} {
		c := &Checked{Tagger: fixedTagger{{"O", tag}}, Types: Types(sents)}
		_, err := c.TagSentences(context.Background(), sents)
		if !errors.Is(err, ErrTagText) || !strings.Contains(err.Error(), strconv.Quote(tag)) || strings.Contains(err.Error(), "\n") {
			t.Errorf("tag %q: err = %v", tag, err)
		}
	}
	c := &Checked{Tagger: fixedTagger{{"O", "B-Xé"}}, Types: Types(sents)}
	if _, err := c.TagSentences(context.Background(), sents); err != nil {
		t.Fatal(err)
	}
	if w := c.Warning(); !strings.Contains(w, `"B-Xé" (1)`) {
		t.Errorf("warning %q", w)
	}
}
