package kinds

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

func TestResolve(t *testing.T) {
	ks, err := Resolve([]string{"keyboard", "swap+case"}, map[string]map[string]string{
		"keyboard": {"layout": "azerty"}, "swap": {"keep-first": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 || ks[0].Name != "keyboard" || ks[0].Options["layout"] != "azerty" {
		t.Fatalf("keyboard: %+v", ks)
	}
	// A composition takes its parts' options, defaults for the others.
	if ks[1].Options["keep-first"] != "true" || ks[1].Options["keep-last"] != "false" {
		t.Errorf("composition options %v", ks[1].Options)
	}
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{nil, "no kinds given"},
		{[]string{"keyboard", "keyboard"}, `kind "keyboard" given twice`},
		{[]string{"nope"}, "nope"},
	} {
		if _, err := Resolve(tt.names, nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Resolve(%q): %v, want %q", tt.names, err, tt.want)
		}
	}
	if !strings.Contains(Help(), "keyboard (") || Names()[0] == "" {
		t.Errorf("Help %q, Names %v", Help(), Names())
	}
}

func TestNew(t *testing.T) {
	ks, err := Resolve([]string{"keyboard", "swap+case"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mk := range ks {
		p, err := New(mk)
		if err != nil || p == nil {
			t.Errorf("New(%s) = %v, %v", mk.Name, p, err)
		}
	}
	bad := ks[0]
	bad.Suffix = "typo"
	if _, err := New(bad); !errors.Is(err, perturb.ErrManifest) {
		t.Errorf("New with another suffix: %v, want ErrManifest", err)
	}
	if _, err := New(perturb.ManifestKind{Name: "nosuch"}); !errors.Is(err, perturb.ErrUnknownKind) {
		t.Errorf("New(nosuch): %v, want ErrUnknownKind", err)
	}
	bad = ks[0]
	bad.Options = map[string]string{"nosuch": "1"}
	if _, err := New(bad); err == nil {
		t.Error("New with an unknown option: no error")
	}
}

// InputFiles lists the files kinds' options name for them to read: the
// concept store of synonym, the corpora of entity-swap's unseen-in.
func TestInputFiles(t *testing.T) {
	ks, err := Resolve([]string{"keyboard", "synonym", "entity-swap"}, map[string]map[string]string{
		"synonym":     {"db": "umls.db", "type-map": "Chemical=CHEM"},
		"entity-swap": {"unseen-in": "train.tsv,dev.tsv"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := InputFiles(ks), []string{"umls.db", "train.tsv", "dev.tsv"}; !slices.Equal(got, want) {
		t.Errorf("InputFiles = %q, want %q", got, want)
	}
	if got := InputFiles(ks[:1]); len(got) != 0 {
		t.Errorf("keyboard reads no file, got %q", got)
	}
}

// TestEveryReadOptionIsAnInput builds every kind once per option with
// that option naming a missing file: a kind that fails with "no such
// file" read the option's value as a file, so the option must say so
// (Reads), or the output policy lets -o and run --out --force replace it
// (hostile round three, N01: entity-swap's swap-db). Options whose
// values are not paths fail on their own syntax instead.
func TestEveryReadOptionIsAnInput(t *testing.T) {
	const missing = "/nonexistent-stress-input/x.db"
	for _, k := range Builtin() {
		for _, o := range k.Options {
			if o.Bool {
				continue
			}
			p, err := k.Build(map[string]string{o.Name: missing})
			if err == nil {
				p.Close()
				continue
			}
			if errors.Is(err, fs.ErrNotExist) && !o.Reads() {
				t.Errorf("kind %s: option %s opens its value as a file (%v) but is not marked Input or Files", k.Name, o.Name, err)
			}
		}
	}
}
