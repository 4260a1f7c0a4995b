package main

// The model a command tags with: a trained model file (--model), an
// external tagger run once per corpus (--model-cmd) or one that stays up
// (--model-server), with the checks every command applies to its tags.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/tagger"
)

// defaultTimeout bounds one run of a --model-cmd (the whole corpus) or
// one batch of a --model-server, start-up included. A BiLSTM-CRF tags
// the BC5CDR test split in about a minute and a BERT-base model on CPU
// in about ten; an hour leaves room for slow machines while a tagger
// that hangs is still caught.
const defaultTimeout = time.Hour

const timeoutHelp = "give up on an external tagger after this long: one --model-cmd run (the whole corpus) or one --model-server batch, start-up included (0: no limit)"

// modelFlags are the options of the commands that tag with one model
// (tag, attack).
type modelFlags struct {
	model, modelCmd, modelServer string
	timeout                      time.Duration
	strictTags                   bool
	// scheme is the tag scheme of the command's corpora, which an
	// external model is taken to speak (IOB2 unless the command binds
	// --scheme).
	scheme  iob.Scheme
	changed func(flag string) bool
}

func bindModel(f *flags, o *modelFlags) {
	f.String(&o.model, "model", "", "", "model `FILE` written by 'stress train'")
	f.String(&o.modelCmd, "model-cmd", "", "", "external tagger `CMD` run once per corpus with sh -c: CoNLL tokens on stdin, CoNLL or one tag per line on stdout")
	f.String(&o.modelServer, "model-server", "", "", "external tagger `CMD` started once (sh -c) that answers JSON lines: {\"tokens\": [...]} -> {\"tags\": [...]} (see README)")
	f.Duration(&o.timeout, "timeout", defaultTimeout, timeoutHelp)
	f.Bool(&o.strictTags, "strict-tags", "", false, "an unknown tag (not O, B-TYPE or I-TYPE with a type of the gold) is an error, not a warning")
	o.changed = f.Changed
}

// check checks the combination of model flags; a mistake is a usage
// error of command cmd.
func (o *modelFlags) check(cmd string) error {
	n := 0
	for _, s := range []string{o.model, o.modelCmd, o.modelServer} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		return usageErrorf("%s: give exactly one of --model, --model-cmd and --model-server", cmd)
	}
	if o.changed("timeout") && o.model != "" {
		return usageErrorf("%s: --timeout applies to --model-cmd and --model-server only", cmd)
	}
	return nil
}

// open returns the model, checked against the entity types of gold
// (when gold has tags), and the function that stops it. The external
// tagger's standard error goes to stderr, each line prefixed with name.
func (o *modelFlags) open(stderr io.Writer, name string, gold []conll.Sentence) (*tagger.Checked, func() error, error) {
	var t tagger.Tagger
	pw := newPrefixWriter(stderr, name)
	switch {
	case o.model != "":
		m, err := tagger.LoadFile(o.model)
		if err != nil {
			return nil, nil, err
		}
		t = m
	case o.modelCmd != "":
		t = &tagger.Command{Line: o.modelCmd, Timeout: o.timeout, Stderr: pw}
	default:
		t = &tagger.Server{Line: o.modelServer, Timeout: o.timeout, Stderr: pw}
	}
	if o.scheme != iob.IOB2 && o.model == "" {
		t = &tagger.InScheme{Tagger: t, Scheme: o.scheme} // an external model speaks its data's scheme
	}
	c := &tagger.Checked{Tagger: t, Strict: o.strictTags}
	if hasTags(gold) {
		c.Types = tagger.Types(gold)
	}
	return c, func() error { err := c.Close(); pw.flush(); return err }, nil
}

// hasTags reports whether some sentence has a tag other than O: input
// to a tagger need not carry gold tags.
func hasTags(sents []conll.Sentence) bool {
	for _, s := range sents {
		for _, t := range s.Tags {
			if t != "" && t != "O" {
				return true
			}
		}
	}
	return false
}

// warnUnknown prints the unknown-tag warning of a checked model.
func warnUnknown(w io.Writer, name string, c *tagger.Checked) {
	if msg := c.Warning(); msg != "" {
		fmt.Fprintf(w, "warning: %s: %s (--strict-tags makes this an error)\n", name, msg)
	}
}

// externalSystems returns the --model-cmd and --model-server systems of
// run and curve, named by --model-name in that order (cmd, cmd2, ...,
// server, server2, ... past the end of the names), their standard error
// prefixed with their names, and the function that stops them.
func externalSystems(o *systemFlags, stderr io.Writer) ([]experiment.System, func()) {
	systems := experiment.Commands(o.modelCmds, o.modelNames, o.timeout)
	for i, line := range o.modelServers {
		name := "server"
		if i > 0 {
			name = fmt.Sprintf("server%d", i+1)
		}
		if k := len(o.modelCmds) + i; k < len(o.modelNames) {
			name = o.modelNames[k]
		}
		systems = append(systems, experiment.System{Name: name, Model: name,
			Tagger: &tagger.Server{Line: line, Timeout: o.timeout}})
	}
	var pws []*prefixWriter
	var servers []*tagger.Server
	for i := range systems {
		pw := newPrefixWriter(stderr, systems[i].Name)
		pws = append(pws, pw)
		switch t := systems[i].Tagger.(type) {
		case *tagger.Command:
			t.Stderr = pw
		case *tagger.Server:
			t.Stderr = pw
			servers = append(servers, t)
		}
	}
	return systems, func() {
		for _, s := range servers {
			s.Close()
		}
		for _, pw := range pws {
			pw.flush()
		}
	}
}

// checkSystems wraps every system's tagger in a tagger.Checked for the
// entity types of gold.
func checkSystems(systems []experiment.System, gold []conll.Sentence, strict bool) []*tagger.Checked {
	types := tagger.Types(gold)
	var cs []*tagger.Checked
	for i := range systems {
		c := &tagger.Checked{Tagger: systems[i].Tagger, Types: types, Strict: strict}
		systems[i].Tagger = c
		cs = append(cs, c)
	}
	return cs
}

// prefixWriter writes whole lines to w, each prefixed with "[name] ",
// so that the standard error of several models can be told apart.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix []byte
	buf    []byte
}

func newPrefixWriter(w io.Writer, name string) *prefixWriter {
	return &prefixWriter{w: w, prefix: []byte("[" + name + "] ")}
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	var out []byte
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		out = append(append(out, p.prefix...), p.buf[:i+1]...)
		p.buf = p.buf[i+1:]
	}
	if len(p.buf) > 4096 { // a very long line without an end: pass it on
		out = append(append(append(out, p.prefix...), p.buf...), '\n')
		p.buf = p.buf[:0]
	}
	if len(out) > 0 {
		if _, err := p.w.Write(out); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// flush writes a last line that had no line end.
func (p *prefixWriter) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.buf) > 0 {
		p.w.Write(append(append(append([]byte(nil), p.prefix...), p.buf...), '\n'))
		p.buf = p.buf[:0]
	}
}

// showProgress makes every system report, on a terminal, which set it
// is tagging, with the time it has taken so far: a slow model may work
// for minutes on one set. experiment.Evaluate tags the sets in order,
// system by system, so the n-th call of a system is on the n-th set.
func showProgress(e *env, systems []experiment.System, sets []compare.Set) {
	f, ok := e.Stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return
	}
	bar := progressbar.NewOptions(len(systems)*len(sets),
		progressbar.OptionSetWriter(f),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
	for i := range systems {
		systems[i].Tagger = &progressTagger{Tagger: systems[i].Tagger, name: systems[i].Name, sets: sets, bar: bar}
	}
}

// progressTagger shows the system and set being tagged on a bar.
type progressTagger struct {
	tagger.Tagger
	name  string
	sets  []compare.Set
	calls int
	bar   *progressbar.ProgressBar
}

func (p *progressTagger) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	set := "?"
	if p.calls < len(p.sets) {
		set = p.sets[p.calls].Name
	}
	p.calls++
	p.bar.Describe(fmt.Sprintf("tagging %s (%d sentences) with %s", set, len(sents), p.name))
	done := make(chan struct{})
	go func() { // keep the elapsed time moving while the model works
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.bar.Add(0)
			case <-done:
				return
			}
		}
	}()
	tags, err := p.Tagger.TagSentences(ctx, sents)
	close(done)
	p.bar.Add(1)
	return tags, err
}

// syncStderr returns e with a standard error that several goroutines may
// write to: an external model's stderr is copied while the command logs.
// Files are safe for that (and stay files, so that progress bars still
// see a terminal); other writers, such as test buffers, get a lock.
func syncStderr(e *env) *env {
	if _, ok := e.Stderr.(*os.File); ok {
		return e
	}
	if _, ok := e.Stderr.(*lockedWriter); ok {
		return e
	}
	c := *e
	c.Stderr = &lockedWriter{w: e.Stderr}
	return &c
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
