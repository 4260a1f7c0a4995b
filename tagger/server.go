package tagger

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// Server runs an external tagger that stays up: it is started once, on
// the first call, and answers batches of sentences for as long as the
// Server is open, so a model that takes seconds to load pays that once
// however many calls a search makes.
//
// The protocol is JSON Lines on the tagger's standard input and output.
// For every sentence of a batch the server receives one line
//
//	{"tokens": ["Aspirin", "causes", "ulcers"]}
//
// and answers, in the same order, with one line
//
//	{"tags": ["B-Chemical", "O", "B-Disease"]}
//
// or {"error": "message"} to report that it cannot tag the sentence
// (the call then fails with the message; an empty "error" beside the
// tags is no error). Answers are at most limits.MaxLine bytes. A batch is written whole
// before its answers are awaited (from another goroutine, so a server
// may answer line by line as it reads). Messages belong on standard
// error: any other line on standard output is an error naming it. The
// server should exit when its standard input is closed (see Close).
type Server struct {
	// Line is the command line, run with "/bin/sh -c".
	Line string
	// Timeout bounds each call, the start-up included for the first;
	// zero means no limit beyond ctx. A server that times out is killed.
	Timeout time.Duration
	// Dir and Env are the working directory and environment (see
	// Command).
	Dir string
	Env []string
	// Stderr, when not nil, receives the server's standard error.
	Stderr io.Writer

	mu      sync.Mutex
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan serverLine // output lines, closed at end of output
	quit    chan struct{}   // closed when the server is stopped
	exited  chan struct{}   // closed when the process has exited
	waitErr error           // the process's exit status, once exited
	tail    *tailBuffer
	lineNo  int   // output lines read
	err     error // set once the server is unusable
}

type serverLine struct {
	text []byte
	err  error
}

var _ Tagger = (*Server)(nil)

// request and answer are the protocol's lines.
type request struct {
	Tokens []string `json:"tokens"`
}

type answer struct {
	Tags  []string `json:"tags"`
	Error *string  `json:"error,omitempty"`
}

func (s *Server) wrap(err error) error { return fmt.Errorf("model server %q: %w", s.Line, err) }

// start launches the server process.
func (s *Server) start() error {
	// Cancel (see setProcessGroup) needs a context; the server's life
	// is bounded by Close instead.
	cmd := exec.CommandContext(context.Background(), "/bin/sh", "-c", s.Line)
	cmd.Dir, cmd.Env = s.Dir, s.Env
	setProcessGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	s.tail = &tailBuffer{max: stderrTail, shown: s.Stderr != nil}
	cmd.Stderr = s.tail
	if s.Stderr != nil {
		cmd.Stderr = io.MultiWriter(s.tail, s.Stderr)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	// Output goes through a pipe of ours, copied by exec: when the
	// server exits, Wait stops the copy after WaitDelay even if a child
	// it left behind still holds the write end.
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%w: %v", ErrCommandFailed, err)
	}
	s.cmd, s.stdin = cmd, stdin
	s.lines = make(chan serverLine, 64)
	s.quit = make(chan struct{})
	s.exited = make(chan struct{})
	go func() {
		s.waitErr = cmd.Wait()
		killGroup(cmd)
		pw.Close()
		close(s.exited)
	}()
	go func() {
		defer close(s.lines)
		defer pr.Close()
		br := bufio.NewReaderSize(pr, 64<<10)
		send := func(l serverLine) bool {
			select {
			case s.lines <- l:
				return true
			case <-s.quit:
				return false
			}
		}
		var buf []byte
		for {
			b, long, err := limits.ReadLine(br, buf)
			buf = long
			if err == limits.ErrLongLine {
				send(serverLine{err: err})
				return
			}
			if len(b) > 0 && !send(serverLine{text: bytes.Clone(b)}) {
				return
			}
			if err != nil {
				if err != io.EOF {
					send(serverLine{err: err})
				}
				return
			}
		}
	}()
	return nil
}

// TagSentences sends sents (those with tokens) as one batch and returns
// the server's tags. Errors name the server and wrap ErrTagCount,
// ErrSentenceCount, ErrStrayLine, ErrCommandFailed (with the tail of its
// standard error), ErrNoInput or ErrTimeout; after such an error the
// server is stopped and every later call fails.
func (s *Server) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return nil, s.err
	}
	out := make([][]string, len(sents))
	var want []int
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i, sent := range sents {
		out[i] = []string{}
		if len(sent.Tokens) == 0 {
			continue
		}
		want = append(want, i)
		if err := enc.Encode(request{Tokens: sent.Tokens}); err != nil {
			return nil, s.wrap(err)
		}
	}
	if len(want) == 0 {
		return out, nil
	}
	if s.cmd == nil {
		if err := s.start(); err != nil {
			s.err = s.wrap(err)
			return nil, s.err
		}
	}
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	// An answer before the question is output the protocol does not
	// allow: a stray line (or an extra answer to the last batch).
	select {
	case l, ok := <-s.lines:
		if ok {
			return nil, s.fail(s.unexpected(l, sents, want, 0))
		}
	default:
	}
	writeErr := make(chan error, 1)
	go func() {
		_, err := s.stdin.Write(buf.Bytes())
		writeErr <- err
	}()
	for k, i := range want {
		var l serverLine
		var ok bool
		select {
		case l, ok = <-s.lines:
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) && s.Timeout > 0 {
				return nil, s.fail(fmt.Errorf("%w after %v%s", ErrTimeout, s.Timeout, s.tail.quote()))
			}
			return nil, s.fail(ctx.Err())
		}
		if !ok {
			return nil, s.fail(s.exitError(k, len(want), writeErr))
		}
		if l.err != nil {
			return nil, s.fail(fmt.Errorf("reading output: %w", l.err))
		}
		s.lineNo++
		tags, err := s.parse(l.text, sents[i], k)
		if err != nil {
			return nil, s.fail(err)
		}
		out[i] = tags
	}
	if err := <-writeErr; err != nil {
		return nil, s.fail(fmt.Errorf("writing input: %w", err))
	}
	return out, nil
}

// parse reads the answer for sentence k of the batch.
func (s *Server) parse(text []byte, sent conll.Sentence, k int) ([]string, error) {
	line := bytes.TrimRight(text, "\r\n")
	var a answer
	dec := json.NewDecoder(bytes.NewReader(line))
	if len(bytes.TrimSpace(line)) == 0 || line[0] != '{' || dec.Decode(&a) != nil || dec.More() {
		return nil, fmt.Errorf("output line %d: %w: %q (answers are JSON lines; messages go to standard error)",
			s.lineNo, ErrStrayLine, truncate(string(line)))
	}
	// An empty "error" is none (a server that always sends the key);
	// the message is quoted, so that it stays on one line.
	if a.Error != nil && *a.Error != "" {
		return nil, fmt.Errorf("output line %d: sentence %d of the batch%s: the server reported: %q",
			s.lineNo, k+1, inputLine(sent.Line), truncate(*a.Error))
	}
	if a.Tags == nil {
		return nil, fmt.Errorf("output line %d: %w: no \"tags\" in %q", s.lineNo, ErrStrayLine, truncate(string(line)))
	}
	if len(a.Tags) != len(sent.Tokens) {
		return nil, fmt.Errorf("output line %d: sentence %d of the batch%s: %w: got %d, want %d",
			s.lineNo, k+1, inputLine(sent.Line), ErrTagCount, len(a.Tags), len(sent.Tokens))
	}
	return a.Tags, nil
}

// unexpected describes output that came before any question.
func (s *Server) unexpected(l serverLine, sents []conll.Sentence, want []int, k int) error {
	if l.err != nil {
		return fmt.Errorf("reading output: %w", l.err)
	}
	s.lineNo++
	if _, err := s.parse(l.text, sents[want[k]], k); errors.Is(err, ErrStrayLine) {
		return err
	}
	return fmt.Errorf("output line %d: %w: an answer before any question (an extra answer to the previous batch?)", s.lineNo, ErrSentenceCount)
}

// exitError explains why the output ended after k of n answers.
func (s *Server) exitError(k, n int, writeErr chan error) error {
	<-s.exited
	if s.waitErr != nil {
		return fmt.Errorf("%w: %v (after %d of %d answers)%s", ErrCommandFailed, s.waitErr, k, n, s.tail.quote())
	}
	if k == 0 {
		select {
		case err := <-writeErr:
			writeErr <- err
			if err != nil {
				return fmt.Errorf("%w: it exited without reading its input%s", ErrNoInput, s.tail.quote())
			}
		case <-time.After(time.Second):
		}
	}
	return fmt.Errorf("%w: it exited after %d of %d answers%s", ErrSentenceCount, k, n, s.tail.quote())
}

// fail stops the server and makes err the answer to every later call.
func (s *Server) fail(err error) error {
	s.err = s.wrap(err)
	s.kill()
	return s.err
}

func (s *Server) kill() {
	if s.cmd == nil {
		return
	}
	close(s.quit)
	s.stdin.Close()
	killGroup(s.cmd)
	<-s.exited
}

// Close closes the server's standard input and waits for it to exit
// (killing it after a grace period of 5 seconds). It returns an error
// when the server exited with one.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return nil
	}
	if s.err == nil {
		s.err = s.wrap(errors.New("closed"))
	} else {
		return nil // already stopped; the error was reported
	}
	s.stdin.Close()
	defer close(s.quit)
	select {
	case <-s.exited:
	case <-time.After(5 * time.Second):
		killGroup(s.cmd)
		<-s.exited
		return s.wrap(fmt.Errorf("%w: still running 5s after its input was closed; killed", ErrCommandFailed))
	}
	if s.waitErr != nil {
		return s.wrap(fmt.Errorf("%w: %v%s", ErrCommandFailed, s.waitErr, s.tail.quote()))
	}
	return nil
}

// truncate shortens a line quoted in an error.
func truncate(s string) string {
	if len(s) > 80 {
		return strings.ToValidUTF8(s[:77], "") + "..."
	}
	return s
}

// Serve answers the Server protocol on r and w with t: what a model
// written in Go runs to be used as a --model-server. Lines are read and
// tagged in batches of what has arrived, so a client that writes a batch
// at once gets it tagged in one call. It returns at the end of r.
func Serve(ctx context.Context, t Tagger, r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	var batch []conll.Sentence
	line := 0
	flush := func() error {
		if len(batch) > 0 {
			tags, err := t.TagSentences(ctx, batch)
			if err != nil {
				return err
			}
			for _, ts := range tags {
				if err := enc.Encode(answer{Tags: ts}); err != nil {
					return err
				}
			}
			batch = batch[:0]
		}
		return bw.Flush()
	}
	var long []byte
	for {
		b, buf, err := limits.ReadLine(br, long)
		long = buf
		if err == limits.ErrLongLine {
			return fmt.Errorf("input line %d: %w", line+1, err)
		}
		if len(bytes.TrimSpace(b)) > 0 {
			line++
			var req request
			if jerr := json.Unmarshal(b, &req); jerr != nil || req.Tokens == nil {
				return fmt.Errorf("input line %d: not a request: %q", line, truncate(strings.TrimSpace(string(b))))
			}
			if len(req.Tokens) == 0 {
				// An empty sentence has no tags; answered in order.
				if ferr := flush(); ferr != nil {
					return ferr
				}
				enc.Encode(answer{Tags: []string{}})
			} else {
				batch = append(batch, conll.Sentence{Tokens: req.Tokens, Line: line})
			}
		}
		if err == io.EOF {
			return flush()
		}
		if err != nil {
			return err
		}
		if br.Buffered() == 0 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
}
