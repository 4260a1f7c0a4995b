package tagger

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/stress-ner/stress/internal/limits"
)

// ErrDocumentCommand means a document system's command failed: it exited
// with an error, ran past its timeout, or printed more than
// documentOutputBound.
var ErrDocumentCommand = errors.New("document system failed")

// documentOutputBound is the most a document system may print for n
// bytes of documents: limits.MaxDocument, and 16 times its input. A
// system annotates the text it is given, so what it prints is about its
// input and the annotations (BC5CDR test in BioC XML, where an
// annotation takes some 300 bytes: about 5 times the text-only input);
// one printing without end ("yes") is stopped at the bound, before it
// fills the memory (a server's answer line) or the disk (a command's
// output file) until its timeout, an hour by default.
func documentOutputBound(n int) int64 { return limits.MaxDocument + 16*int64(n) }

// errOutputBound is what a document system that printed more than
// documentOutputBound gets.
func errOutputBound(name string, n int) error {
	return fmt.Errorf("%w: %s: printed more than %d bytes for %d bytes of documents (the bound is 16 MiB and 16 times the input)",
		ErrDocumentCommand, name, documentOutputBound(n), n)
}

// boundedWriter passes at most n bytes on to w; a write past them fails
// with err, which stops the copy from the command's stdout (and the
// command with SIGPIPE on its next write).
type boundedWriter struct {
	w      io.Writer
	n      int64
	err    error
	passed bool // the bound was passed
}

func (b *boundedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > b.n {
		b.passed = true
		return 0, b.err
	}
	b.n -= int64(len(p))
	return b.w.Write(p)
}

// RunDocumentCommand runs a document system: cmd (sh -c) reads a corpus
// of documents, input, on stdin (PubTator or BioC, text only) and writes
// them, annotated, on stdout (stress run --level --doc-cmd), at most
// documentOutputBound(len(input)) bytes. Its standard error goes to
// stderr, each line prefixed with its name; timeout (0: no limit) bounds
// the whole run, and the process group is killed at the end, so that a
// child left behind holding stdout does not keep the caller waiting.
func RunDocumentCommand(ctx context.Context, name, cmd string, input []byte, stdout, stderr io.Writer, timeout time.Duration) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	setProcessGroup(c)
	c.WaitDelay = time.Second
	out := &boundedWriter{w: stdout, n: documentOutputBound(len(input)), err: errOutputBound(name, len(input))}
	c.Stdin, c.Stdout = bytes.NewReader(input), out
	if stderr != nil {
		pw := newPrefixWriter(stderr, name)
		defer pw.Flush()
		c.Stderr = pw
	}
	err := c.Run()
	killGroup(c)
	if errors.Is(err, exec.ErrWaitDelay) {
		err = nil // it exited; a child it left behind held the pipes
	}
	switch {
	case out.passed:
		// Whatever the command died of after (SIGPIPE).
		return out.err
	case ctx.Err() == context.DeadlineExceeded:
		return fmt.Errorf("%w: %s: no answer within %v", ErrDocumentCommand, name, timeout)
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("%w: %s (%s): %v", ErrDocumentCommand, name, cmd, err)
	}
	return nil
}

// DocumentServer is a document system started once (stress run --level
// --doc-server): for each set it gets one JSON line on its stdin,
// {"format": "pubtator" or "bioc-xml", "input": the set's documents,
// text only}, and answers with one line on its stdout,
// {"output": the same documents annotated} or {"error": "..."}. It
// should exit when its stdin closes.
type DocumentServer struct {
	name   string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stdout *os.File // out's pipe, closed by Close
	pw     *prefixWriter
	done   chan error
	once   sync.Once
	err    error
}

// StartDocumentServer starts cmd (sh -c), its standard error prefixed
// with name on stderr.
func StartDocumentServer(ctx context.Context, name, cmd string, stderr io.Writer) (*DocumentServer, error) {
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	setProcessGroup(c)
	c.WaitDelay = time.Second
	s := &DocumentServer{name: name, cmd: c, done: make(chan error, 1)}
	if stderr != nil {
		s.pw = newPrefixWriter(stderr, name)
		c.Stderr = s.pw
	}
	var err error
	if s.in, err = c.StdinPipe(); err != nil {
		return nil, err
	}
	// A pipe of our own, not StdoutPipe: Wait closes StdoutPipe's read
	// end when the process exits, so a server that prints its answer and
	// exits at once lost it ("read |0: file already closed") whenever
	// Wait ran before the read.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.Stdout = pw
	s.stdout = pr
	s.out = bufio.NewReaderSize(pr, 1<<20)
	if err := c.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("%w: %s: %v", ErrDocumentCommand, name, err)
	}
	pw.Close() // the child holds its copy
	go func() { s.done <- c.Wait() }()
	return s, nil
}

// Annotate sends one set and returns the server's annotated documents;
// timeout (0: none) bounds the time of the answer, and
// documentOutputBound(len(input)) its size. A server that fails to
// answer in either is closed.
func (s *DocumentServer) Annotate(format, input string, timeout time.Duration) (string, error) {
	req, err := json.Marshal(struct {
		Format string `json:"format"`
		Input  string `json:"input"`
	}{format, input})
	if err != nil {
		return "", err
	}
	type answer struct {
		line []byte
		err  error
	}
	ch := make(chan answer, 1)
	go func() {
		if _, err := s.in.Write(append(req, '\n')); err != nil {
			ch <- answer{err: err}
			return
		}
		l, err := readAnswer(s.out, documentOutputBound(len(input)))
		ch <- answer{l, err}
	}()
	var tc <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		tc = t.C
	}
	select {
	case a := <-ch:
		if a.err == errLongAnswer {
			killGroup(s.cmd) // it is still printing: no waiting for it to exit
			s.Close()
			return "", errOutputBound(s.name, len(input))
		}
		if a.err != nil {
			return "", fmt.Errorf("%w: %s: no answer (%v)", ErrDocumentCommand, s.name, a.err)
		}
		return parseDocumentAnswer(s.name, a.line)
	case <-tc:
		killGroup(s.cmd) // no waiting for a server that does not answer
		s.Close()
		return "", fmt.Errorf("%w: %s: no answer within %v", ErrDocumentCommand, s.name, timeout)
	}
}

// errLongAnswer is readAnswer's error for a line past its bound.
var errLongAnswer = errors.New("answer past its bound")

// readAnswer reads one line of r, of at most max bytes with its line
// break: a longer one is errLongAnswer once max bytes of it are read.
func readAnswer(r *bufio.Reader, max int64) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if int64(len(line)+len(chunk)) > max {
			return nil, errLongAnswer
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// parseDocumentAnswer reads a document server's answer line: its
// output, or its error (an answer that is no JSON object, or has
// neither, is an error too).
func parseDocumentAnswer(name string, line []byte) (string, error) {
	var resp struct {
		Output *string `json:"output"`
		Error  string  `json:"error"`
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		return "", fmt.Errorf("%w: %s: an answer that is not {\"output\": ...}: %.80q", ErrDocumentCommand, name, line)
	}
	if resp.Error != "" || resp.Output == nil {
		return "", fmt.Errorf("%w: %s: %s", ErrDocumentCommand, name, orText(resp.Error, "no output"))
	}
	return *resp.Output, nil
}

func orText(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// Close closes the server's stdin, waits a moment for it to exit, and
// kills its process group.
func (s *DocumentServer) Close() error {
	s.once.Do(func() {
		s.in.Close()
		select {
		case s.err = <-s.done:
		case <-time.After(5 * time.Second):
		}
		killGroup(s.cmd)
		s.stdout.Close()
		if s.pw != nil {
			s.pw.Flush()
		}
	})
	return s.err
}
