package experiment

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/tagger"
)

// allO tags every token O; chem tags every token B-Chemical, and
// unknown B-Drug (a type the gold data does not have).
const (
	allO    = `awk 'NF { print "O"; next } { print "" }'`
	unknown = `echo loading >&2; awk 'NF { print "B-Drug"; next } { print "" }'`
)

func systemNames(ss []System) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}

func TestSystemsLoadNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		sys  Systems
		want []string
		err  bool
	}{
		{"default names", Systems{Commands: []string{allO, allO}, Servers: []string{"true", "true"}},
			[]string{"cmd", "cmd2", "server", "server2"}, false},
		{"names in order", Systems{Commands: []string{allO}, Servers: []string{"true", "true"}, Names: []string{"a", "b"}},
			[]string{"a", "b", "server2"}, false},
		{"repeated", Systems{Commands: []string{allO, allO}, Names: []string{"a", "a"}}, nil, true},
		{"slash", Systems{Commands: []string{allO}, Names: []string{"a/b"}}, nil, true},
		{"empty", Systems{Commands: []string{allO}, Names: []string{""}}, nil, true},
		{"dot dot", Systems{Commands: []string{allO}, Names: []string{".."}}, nil, true},
		{"dot", Systems{Servers: []string{"true"}, Names: []string{"."}}, nil, true},
		{"backslash", Systems{Commands: []string{allO}, Names: []string{`a\b`}}, nil, true},
		{"NUL", Systems{Commands: []string{allO}, Names: []string{"a\x00"}}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.sys.Check(); tc.err != errors.Is(err, ErrOption) {
				t.Errorf("Check = %v; want an error: %v", err, tc.err)
			}
			l, err := tc.sys.Load(context.Background(), corpus())
			if tc.err {
				if !errors.Is(err, ErrOption) {
					t.Fatalf("err = %v, want ErrOption", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			if got := systemNames(l.Systems); !slices.Equal(got, tc.want) {
				t.Errorf("names %q, want %q", got, tc.want)
			}
			if got := tc.sys.SystemNames(); !slices.Equal(got, tc.want) {
				t.Errorf("SystemNames %q, want %q (Load's)", got, tc.want)
			}
			for i, s := range l.Systems {
				if c, ok := s.Tagger.(*tagger.Checked); !ok || c != l.Checked[i] {
					t.Errorf("system %s: tagger %T is not Checked[%d]", s.Name, s.Tagger, i)
				}
			}
		})
	}
}

// SystemNames, known before any work, are the names Load gives the
// systems: baselines, augmented baselines, models, commands, servers.
func TestSystemNamesAreLoads(t *testing.T) {
	aug, err := perturbkinds.Resolve([]string{"keyboard"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first, err := (&Systems{Baselines: []tagger.Features{tagger.Words}, Epochs: 1, Workers: 1}).Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	model := filepath.Join(t.TempDir(), "m.model")
	if err := first.Systems[0].Tagger.(*tagger.Checked).Tagger.(*tagger.Model).SaveFile(model); err != nil {
		t.Fatal(err)
	}
	sys := Systems{Baselines: []tagger.Features{tagger.Words, tagger.Chars}, Augment: aug, Epochs: 1, Workers: 1, Selection: perturb.DefaultSelection(),
		Models: []Model{{Name: "saved", File: model}}, Commands: []string{allO}, Servers: []string{"true"}, Names: []string{"mine"}}
	l, err := sys.Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	want := []string{"words", "chars", "words+K", "chars+K", "saved", "mine", "server"}
	if got := systemNames(l.Systems); !slices.Equal(got, want) {
		t.Fatalf("Load names %q, want %q", got, want)
	}
	if got := sys.SystemNames(); !slices.Equal(got, want) {
		t.Errorf("SystemNames %q, want Load's %q", got, want)
	}
}

func TestSystemsLoadTagsAndWarnings(t *testing.T) {
	ctx := context.Background()
	var stderr bytes.Buffer
	sys := Systems{Commands: []string{allO, unknown}, Names: []string{"zero", "drug"}, Stderr: &stderr}
	l, err := sys.Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range l.Systems {
		tags, err := s.Tagger.TagSentences(ctx, corpus())
		if err != nil || len(tags) != len(corpus()) {
			t.Fatalf("%s: %d sentences, %v", s.Name, len(tags), err)
		}
	}
	l.Close()
	w := l.Warnings()
	if len(w) != 1 || !strings.HasPrefix(w[0], "drug: ") || !strings.Contains(w[0], "B-Drug") {
		t.Errorf("warnings %q, want one of drug about B-Drug", w)
	}
	if !strings.Contains(stderr.String(), "[drug] loading\n") {
		t.Errorf("stderr %q: the command's standard error is not prefixed with its name", stderr.String())
	}

	sys.Strict = true
	l, err = sys.Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := l.Systems[1].Tagger.TagSentences(ctx, corpus()); !errors.Is(err, tagger.ErrUnknownTag) {
		t.Errorf("strict: err = %v, want ErrUnknownTag", err)
	}
}

func TestSystemsLoadModels(t *testing.T) {
	ctx := context.Background()
	var logged []string
	sys := Systems{Baselines: []tagger.Features{tagger.Words}, Epochs: 1, Workers: 1,
		Logf: func(format string, a ...any) { logged = append(logged, format) }}
	l, err := sys.Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	if len(l.Systems) != 1 || l.Systems[0].Train != "O" || len(logged) != 1 {
		t.Fatalf("systems %+v, log %q", l.Systems, logged)
	}
	// A saved model is a system of its own.
	path := filepath.Join(t.TempDir(), "m.model")
	if err := l.Systems[0].Tagger.(*tagger.Checked).Tagger.(*tagger.Model).SaveFile(path); err != nil {
		t.Fatal(err)
	}
	l, err = (&Systems{Models: []Model{{Name: "saved", File: path}}}).Load(ctx, corpus())
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	if got := systemNames(l.Systems); !slices.Equal(got, []string{"saved"}) {
		t.Errorf("names %q", got)
	}
	_, err = (&Systems{Models: []Model{{Name: "none", File: filepath.Join(t.TempDir(), "none")}}}).Load(ctx, corpus())
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing model: %v", err)
	}
}
