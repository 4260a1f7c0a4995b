package stressset

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

func TestPerturbFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.tsv")
	os.WriteFile(in, []byte("Naloxone\tB-Chemical\nreverses\tO\nhypotension\tB-Disease\n\n"), 0o644)
	k, err := kinds.Lookup("keyboard")
	if err != nil {
		t.Fatal(err)
	}
	open := func(name string) *conll.File {
		f, err := conll.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	out, log := filepath.Join(dir, "out.tsv"), filepath.Join(dir, "changes.tsv")
	p := PerturbFile{Kind: k, Output: out, Log: log, Apply: perturb.ApplyOptions{Seed: 1}}
	if err := p.Run(context.Background(), open(in)); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	changes, _ := os.ReadFile(log)
	if bytes.Equal(got, []byte("Naloxone\tB-Chemical\nreverses\tO\nhypotension\tB-Disease\n\n")) || strings.Count(string(changes), "\n") < 2 {
		t.Errorf("output %q, log %q", got, changes)
	}
	// To a stream: the same bytes.
	var buf bytes.Buffer
	p.Output, p.Log, p.Stdout = "", "", &buf
	if err := p.Run(context.Background(), open(in)); err != nil || buf.String() != string(got) {
		t.Errorf("stream: %v, %q", err, buf.String())
	}
	// An existing output needs Force; an empty input commits nothing.
	p = PerturbFile{Kind: k, Output: out, Apply: perturb.ApplyOptions{Seed: 1}}
	if err := p.Run(context.Background(), open(in)); err == nil {
		t.Error("existing output replaced without Force")
	}
	empty := filepath.Join(dir, "empty.tsv")
	os.WriteFile(empty, nil, 0o644)
	p = PerturbFile{Kind: k, Output: filepath.Join(dir, "e_out.tsv"), Log: filepath.Join(dir, "e_log.tsv"), Apply: perturb.ApplyOptions{Seed: 1}}
	if err := p.Run(context.Background(), open(empty)); !errors.Is(err, conll.ErrEmpty) {
		t.Errorf("empty input: %v", err)
	}
	for _, name := range []string{"e_out.tsv", "e_log.tsv"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s written for an empty input", name)
		}
	}
}

// TestPerturbFileRunFile reads by name, in a scheme, and writes the
// format an option or the output name says.
func TestPerturbFileRunFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.tsv")
	os.WriteFile(in, []byte("Naloxone\tS-Chemical\nreverses\tO\nhypotension\tS-Disease\n\n"), 0o644)
	k, err := kinds.Lookup("keyboard")
	if err != nil {
		t.Fatal(err)
	}
	var iobes, jsonl bytes.Buffer
	p := PerturbFile{Kind: k, Stdout: &iobes, Apply: perturb.ApplyOptions{Seed: 1, Scheme: iob.IOBES}}
	if err := p.RunFile(context.Background(), in, "", ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(iobes.String(), "\tS-Chemical\n") {
		t.Errorf("IOBES in, IOBES out:\n%s", iobes.String())
	}
	p.Stdout = &jsonl
	if err := p.RunFile(context.Background(), in, "", "jsonl"); err != nil || !strings.HasPrefix(jsonl.String(), "{") {
		t.Errorf("JSON Lines out: %v\n%s", err, jsonl.String())
	}
	// Read as IOB2, the IOBES tags are refused at their line.
	p.Apply.Scheme = iob.IOB2
	if err := p.RunFile(context.Background(), in, "", ""); err == nil || !strings.Contains(err.Error(), "in.tsv:1") {
		t.Errorf("IOBES read as IOB2: %v", err)
	}
	if err := p.RunFile(context.Background(), in, "nosuch", ""); err == nil {
		t.Error("unknown input format: no error")
	}
}
