package tagger

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// Command runs an external tagger as a filter. The tagger reads CoNLL text
// on its standard input, one token per line and a blank line after each
// sentence, and writes either CoNLL (a token column first and the tag in
// the last column) or one tag per line, again with a blank line after
// each sentence. -DOCSTART- lines and lines starting with "#" in its output
// are ignored.
//
// The whole corpus goes through one run of the command, so a model that is
// slow to load pays that cost once.
type Command struct {
	// Line is the command line, run with "/bin/sh -c", so it may use
	// quoting, pipes and environment variables.
	Line string
	// Timeout bounds the whole run; zero means no limit beyond ctx.
	Timeout time.Duration
	// Dir is the working directory ("" for the current one).
	Dir string
	// Env, when not nil, is the command's environment (as in exec.Cmd).
	Env []string
	// Stderr, when not nil, receives the command's standard error as it
	// runs. The last lines are kept for error messages in any case.
	Stderr io.Writer
}

// stderrTail is how much of the command's standard error errors quote.
const stderrTail = 2048

// TagSentences sends sents to the command and returns its tags. Sentences
// without tokens are not sent and get no tags. Errors name the command
// and wrap ErrTagCount, ErrSentenceCount, ErrCommandFailed (with the tail
// of its standard error), ErrTimeout or ErrBadToken.
func (c *Command) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	wrap := func(err error) error { return fmt.Errorf("model command %q: %w", c.Line, err) }
	for si, s := range sents {
		for i, t := range s.Tokens {
			if t == "" {
				return nil, wrap(fmt.Errorf("sentence %d%s: %w: %q", si+1, lineSuffix(s.Line, i), ErrBadToken, t))
			}
			if j := strings.IndexFunc(t, conll.IsTokenSpace); j >= 0 {
				r, _ := utf8.DecodeRuneInString(t[j:])
				return nil, wrap(fmt.Errorf("sentence %d%s: %w: %q holds %U, white space a tagger reading whitespace-split lines would cut it at (the JSON lines of --model-server carry any token)",
					si+1, lineSuffix(s.Line, i), ErrBadToken, t, r))
			}
		}
	}
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", c.Line)
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	setProcessGroup(cmd)
	// A child that keeps the output pipes open after the shell is killed
	// must not hang Wait forever.
	cmd.WaitDelay = 2 * time.Second
	tail := &tailBuffer{max: stderrTail, shown: c.Stderr != nil}
	if c.Stderr != nil {
		cmd.Stderr = io.MultiWriter(tail, c.Stderr)
	} else {
		cmd.Stderr = tail
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, wrap(err)
	}
	// Output goes through a pipe of ours, copied by exec: after the
	// tagger exits, Wait stops the copy after WaitDelay even when a
	// child it left behind still holds the write end, and our reader
	// then sees the end of the output instead of waiting forever.
	stdout, pw := io.Pipe()
	cmd.Stdout = pw
	if err := cmd.Start(); err != nil {
		return nil, wrap(err)
	}
	waited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		killGroup(cmd) // what it left behind
		pw.Close()
		waited <- err
	}()

	// Feed stdin from its own goroutine: a tagger that writes output
	// before it has read all its input would otherwise deadlock with us.
	writeErr := make(chan error, 1)
	go func() {
		bw := bufio.NewWriterSize(stdin, 64<<10)
		err := writeCoNLL(bw, sents)
		if err == nil {
			err = bw.Flush()
		}
		if cerr := stdin.Close(); err == nil {
			err = cerr
		}
		writeErr <- err
	}()

	tags, parseErr := readTags(stdout, sents)
	// Drain so the tagger is not blocked writing while we wait (this
	// also ends at the end of the output). Output that goes on after an
	// error (a tagger printing without end, as `yes O` does) is not
	// waited for: past limits.MaxLine bytes more, the tagger is stopped.
	n, _ := io.Copy(io.Discard, io.LimitReader(stdout, limits.MaxLine))
	stopped := parseErr != nil && n == limits.MaxLine
	if stopped {
		killGroup(cmd)
		io.Copy(io.Discard, stdout)
	}
	waitErr := <-waited
	if errors.Is(waitErr, exec.ErrWaitDelay) {
		waitErr = nil // it exited; a leftover child held the pipes
	}
	werr := <-writeErr

	switch {
	case ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && c.Timeout > 0:
		return nil, wrap(fmt.Errorf("%w after %v%s", ErrTimeout, c.Timeout, tail.quote()))
	case ctx.Err() != nil:
		return nil, wrap(ctx.Err())
	case stopped:
		return nil, wrap(parseErr)
	case waitErr != nil:
		return nil, wrap(fmt.Errorf("%w: %v%s", ErrCommandFailed, waitErr, tail.quote()))
	case errors.Is(werr, syscall.EPIPE) || errors.Is(werr, os.ErrClosed):
		// It exited successfully without reading all its input: what it
		// wrote cannot be the answer to the corpus we sent, whatever
		// the counts say.
		return nil, wrap(fmt.Errorf("%w: it exited before reading all %d sentences%s", ErrNoInput, len(sents), tail.quote()))
	case parseErr != nil:
		return nil, wrap(parseErr)
	case werr != nil:
		return nil, wrap(fmt.Errorf("writing input: %w", werr))
	}
	return tags, nil
}

// writeCoNLL writes the tokens of non-empty sentences, one per line, with
// a blank line after each sentence.
func writeCoNLL(w *bufio.Writer, sents []conll.Sentence) error {
	for _, s := range sents {
		if len(s.Tokens) == 0 {
			continue
		}
		for _, t := range s.Tokens {
			w.WriteString(t)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// readTags parses the tagger's output and matches it to sents.
func readTags(r io.Reader, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	// want lists the indices of the sentences that were sent; total
	// counts their tokens.
	want := make([]int, 0, len(sents))
	total := 0
	for i, s := range sents {
		out[i] = []string{}
		if len(s.Tokens) > 0 {
			want = append(want, i)
			total += len(s.Tokens)
		}
	}
	sc := limits.Scanner(r)
	var (
		cur      []string // tags of the sentence being read
		got      int      // sentences completed
		line     int
		firstTag int // output line of cur's first tag
		// The first line that does not end in something like a tag: when
		// the counts go wrong, it is the likely culprit ("Loaded.").
		strayLine int
		strayText string
	)
	// stray names the stray line when one came before the error at line
	// errLine: it explains a count error better than the counts.
	stray := func(err error, errLine int) error {
		if strayLine == 0 || strayLine > errLine {
			return err
		}
		return fmt.Errorf("output line %d: %w %q (write only tags there; messages go to standard error): %w",
			strayLine, ErrStrayLine, truncate(strayText), err)
	}
	finish := func(eof bool) error {
		if cur == nil {
			return nil
		}
		if got < len(want) {
			s := sents[want[got]]
			if eof && got == 0 && len(want) > 1 && len(cur) != len(s.Tokens) {
				// One block for the whole corpus: the counts of the first
				// sentence would only puzzle.
				return fmt.Errorf("output line %d: %w: no sentence separators: %d tags and no blank line, for %d sentences of %d tokens (print a blank line after each sentence's tags)",
					firstTag, ErrSentenceCount, len(cur), len(want), total)
			}
			if len(cur) != len(s.Tokens) {
				return fmt.Errorf("output line %d: sentence %d%s: %w: got %d, want %d",
					firstTag, got+1, inputLine(s.Line), ErrTagCount, len(cur), len(s.Tokens))
			}
			out[want[got]] = cur
		}
		got++
		cur = nil
		return nil
	}
	// surplus stops the output at its first surplus tag, as the model
	// server does, instead of keeping tags without end (`yes O`): a tag
	// after every sentence sent, or past its sentence's tokens. In the
	// first sentence, tags go on up to the corpus's token count, for the
	// message of an output without sentence separators.
	surplus := func(line, got, have int) error {
		switch {
		case got >= len(want):
			return fmt.Errorf("output line %d: %w: got more than %d, want %d", line, ErrSentenceCount, len(want), len(want))
		case got == 0 && len(want) > 1 && have >= total:
			return fmt.Errorf("output line %d: %w: no sentence separators: more than %d tags and no blank line, for %d sentences of %d tokens (print a blank line after each sentence's tags)",
				firstTag, ErrSentenceCount, total, len(want), total)
		case have >= len(sents[want[got]].Tokens) && (got > 0 || len(want) == 1):
			s := sents[want[got]]
			return fmt.Errorf("output line %d: sentence %d%s: %w: got more than %d, want %d",
				line, got+1, inputLine(s.Line), ErrTagCount, len(s.Tokens), len(s.Tokens))
		}
		return nil
	}
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		fields := strings.FieldsFunc(text, conll.IsTokenSpace) // what the tokens sent cannot hold
		if len(fields) == 0 {
			if err := finish(false); err != nil {
				return nil, stray(err, line)
			}
			continue
		}
		if cur == nil && (fields[0] == "-DOCSTART-" || strings.HasPrefix(fields[0], "#")) &&
			!(len(fields) > 1 && got < len(want) && fields[0] == sents[want[got]].Tokens[0] && tagLike(fields[len(fields)-1])) {
			// A document marker or comment, unless it is the token the
			// sentence starts with and a tag ("#" is a token like any
			// other).
			continue
		}
		if strayLine == 0 && !tagLike(fields[len(fields)-1]) {
			strayLine, strayText = line, text
		}
		if cur == nil {
			firstTag = line
		}
		tag := fields[len(fields)-1]
		if len(fields) > 1 && got < len(want) {
			s := sents[want[got]]
			if i := len(cur); i < len(s.Tokens) && fields[0] != s.Tokens[i] {
				return nil, stray(fmt.Errorf("output line %d: sentence %d%s: %w: token %d is %q, want %q",
					line, got+1, inputLine(s.Line), ErrTagCount, i+1, fields[0], s.Tokens[i]), line)
			}
		}
		if err := surplus(line, got, len(cur)); err != nil {
			return nil, stray(err, line)
		}
		if cur == nil {
			cur = []string{}
		}
		cur = append(cur, tag)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("output line %d: %w", line+1, limits.Err(err))
	}
	if err := finish(true); err != nil {
		return nil, stray(err, line)
	}
	if got != len(want) {
		return nil, stray(fmt.Errorf("%w: got %d, want %d", ErrSentenceCount, got, len(want)), line)
	}
	return out, nil
}

// tagLike reports whether s looks like a tag of some scheme: O, or a
// prefix letter, a hyphen and a type.
func tagLike(s string) bool {
	return s == "O" || len(s) > 2 && s[1] == '-' && strings.IndexByte("BIESLU", s[0]) >= 0
}

func inputLine(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(" (input line %d)", line)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
	cut bool
	// shown is set when the same bytes go to the user as they come (a
	// Stderr): an error then points at them instead of repeating them.
	shown bool
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
		t.cut = true
	}
	return len(p), nil
}

// quote returns the tail formatted for an error message, or "".
func (t *tailBuffer) quote() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(strings.ToValidUTF8(string(t.buf), "\uFFFD"))
	if s == "" {
		return ""
	}
	if t.shown {
		return " (its standard error is above)"
	}
	if t.cut {
		s = "..." + s
	}
	return "; stderr:\n" + s
}
