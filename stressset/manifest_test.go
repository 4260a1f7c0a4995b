package stressset_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

func validManifest() *stressset.Manifest {
	sum := strings.Repeat("ab", 32)
	return &stressset.Manifest{Tool: "stress", Version: "1", Seed: 3, Selection: perturb.DefaultSelection(),
		Kinds:   []perturb.ManifestKind{{Name: "keyboard", Suffix: "key", Options: map[string]string{"layout": "qwerty"}}},
		Changes: "changes.tsv",
		Inputs: []stressset.Input{{Path: "data/test.tsv", Name: "test", SHA256: sum,
			Outputs: []stressset.Output{{Kind: "keyboard", File: "test_key.tsv", SHA256: sum}}}}}
}

func TestManifestRoundTrip(t *testing.T) {
	m := validManifest()
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := stressset.DecodeManifest(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if !bytes.Equal(data, again) {
		t.Errorf("round trip changed the manifest:\n%s\n%s", data, again)
	}
}

func TestManifestErrors(t *testing.T) {
	for name, edit := range map[string]func(m *stressset.Manifest){
		"tool":          func(m *stressset.Manifest) { m.Tool = "other" },
		"selection":     func(m *stressset.Manifest) { m.Selection.Rate = 2 },
		"no kinds":      func(m *stressset.Manifest) { m.Kinds = nil },
		"dup kind":      func(m *stressset.Manifest) { m.Kinds = append(m.Kinds, m.Kinds[0]) },
		"no inputs":     func(m *stressset.Manifest) { m.Inputs = nil },
		"changes path":  func(m *stressset.Manifest) { m.Changes = "../changes.tsv" },
		"input name":    func(m *stressset.Manifest) { m.Inputs[0].Name = "a/b" },
		"dup input":     func(m *stressset.Manifest) { m.Inputs = append(m.Inputs, m.Inputs[0]) },
		"input sha":     func(m *stressset.Manifest) { m.Inputs[0].SHA256 = "xyz" },
		"output path":   func(m *stressset.Manifest) { m.Inputs[0].Outputs[0].File = "/etc/passwd" },
		"output kind":   func(m *stressset.Manifest) { m.Inputs[0].Outputs[0].Kind = "swap" },
		"output sha":    func(m *stressset.Manifest) { m.Inputs[0].Outputs[0].SHA256 = "" },
		"hidden output": func(m *stressset.Manifest) { m.Inputs[0].Outputs[0].File = ".x" },
	} {
		m := validManifest()
		edit(m)
		data, _ := m.Encode()
		if _, err := stressset.DecodeManifest(bytes.NewReader(data)); !errors.Is(err, perturb.ErrManifest) {
			t.Errorf("%s: err = %v, want ErrManifest", name, err)
		}
	}
	for _, text := range []string{`{"tool":"stress","extra":1}`, `{`, `{} {}`, `[]`, ``} {
		if _, err := stressset.DecodeManifest(strings.NewReader(text)); !errors.Is(err, perturb.ErrManifest) {
			t.Errorf("ReadManifest(%q) = %v, want ErrManifest", text, err)
		}
	}
}

func FuzzReadManifest(f *testing.F) {
	data, _ := validManifest().Encode()
	f.Add(data)
	f.Add([]byte(`{"tool":"stress","extra":1}`))
	f.Add([]byte(`{"tool":"stress","seed":-1}`))
	f.Add([]byte(`{} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := stressset.DecodeManifest(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, perturb.ErrManifest) && !errors.Is(err, perturb.ErrOption) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		// A valid manifest survives a round trip unchanged.
		enc, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		m2, err := stressset.DecodeManifest(bytes.NewReader(enc))
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		enc2, _ := m2.Encode()
		if !bytes.Equal(enc, enc2) {
			t.Fatal("round trip not stable")
		}
	})
}

// endlessSpace is an input of white space without end.
type endlessSpace struct{}

func (endlessSpace) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestDecodeManifestEndless: a manifest without end (white space the
// JSON decoder would keep reading) is an error after
// limits.MaxDocument bytes, not a process filling memory.
func TestDecodeManifestEndless(t *testing.T) {
	if _, err := stressset.DecodeManifest(endlessSpace{}); !errors.Is(err, limits.ErrLargeDocument) {
		t.Errorf("err = %v, want limits.ErrLargeDocument", err)
	}
}
