package attack

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

func TestResultWrite(t *testing.T) {
	dir := t.TempDir()
	res := &Result{
		Adversarial:   []conll.Sentence{{Tokens: []string{"Aspirni", "helps"}, Tags: []string{"B-Chemical", "O"}}},
		Random:        []conll.Sentence{{Tokens: []string{"Aspirin", "hleps"}, Tags: []string{"B-Chemical", "O"}}},
		Changes:       []perturb.Change{{File: "adv.tsv", Token: 0, End: 1, Kind: "swap", Before: "Aspirin", After: "Aspirni"}},
		RandomChanges: []perturb.Change{{File: "rnd.tsv", Token: 1, End: 2, Kind: "swap", Before: "helps", After: "hleps"}},
	}
	o := Outputs{Set: filepath.Join(dir, "adv.tsv"), Log: filepath.Join(dir, "adv.log"), Random: filepath.Join(dir, "rnd.tsv"),
		Scheme: iob.IOBES}
	written, err := res.Write(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 2 || len(written[o.Set]) != 64 || len(written[o.Random]) != 64 {
		t.Errorf("written %v: want the SHA-256 of both sets", written)
	}
	adv, _ := os.ReadFile(o.Set)
	if string(adv) != "Aspirni\tS-Chemical\nhelps\tO\n\n" {
		t.Errorf("set in IOBES: %q", adv)
	}
	log, _ := os.ReadFile(o.Log)
	if lines := strings.Split(strings.TrimSpace(string(log)), "\n"); len(lines) != 3 || !strings.HasSuffix(lines[0], "scheme") ||
		!strings.Contains(lines[2], "hleps") {
		t.Errorf("log:\n%s", log)
	}
	// Existing files are kept without Force, and nothing is half-written.
	os.Remove(o.Log)
	if _, err := res.Write(o); err == nil || !strings.Contains(err.Error(), "file exists") {
		t.Errorf("second write without Force: %v", err)
	}
	if _, err := os.Stat(o.Log); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a refused write left the log")
	}
	o.Force = true
	if _, err := res.Write(o); err != nil {
		t.Errorf("with Force: %v", err)
	}
}

func TestWriteReport(t *testing.T) {
	r := newReport(Summary{Sentences: 10, Attacked: 8, Succeeded: 4, SuccessRate: 50}, Options{Kinds: []*perturb.BuiltKind{{Kind: &perturb.Kind{Name: "keyboard"}}}, MaxWords: 2, Queries: 200, Seed: 1}, 1500*time.Millisecond)
	var text, js bytes.Buffer
	if err := WriteReport(&text, r, "text"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "attack with keyboard, at most 2 words and 200 queries per sentence (seed 1)") ||
		!strings.Contains(text.String(), "success rate         50.00% (4 of 8") || !strings.Contains(text.String(), "time                 1.5s") {
		t.Errorf("text report:\n%s", text.String())
	}
	if err := WriteReport(&js, r, "json"); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Succeeded != 4 || back.Seconds != 1.5 || back.Kinds[0] != "keyboard" {
		t.Errorf("json report %s: %v", js.String(), err)
	}
}

func TestNewKinds(t *testing.T) {
	mks, err := kinds.Resolve([]string{"keyboard", "synonym"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ks, release, err := newKinds(mks)
	defer release()
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 || ks[0].Kind.Name != "keyboard" || !ks[0].Kind.UsesSelection || ks[1].Kind.UsesSelection || ks[1].Perturbation == nil {
		t.Errorf("kinds %+v", ks)
	}
	bad := mks[0]
	bad.Suffix = "typo"
	if _, release, err := newKinds([]perturb.ManifestKind{mks[1], bad}); !errors.Is(err, perturb.ErrManifest) {
		t.Errorf("a changed suffix: %v, want ErrManifest", err)
	} else {
		release() // releases the synonym kind built before the error
	}
}
