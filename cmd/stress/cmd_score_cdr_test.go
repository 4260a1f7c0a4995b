package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const kitVectors = "../../conll/cdr/testdata/kit"

// TestScoreLevelKit runs score --level on real CDR documents and a
// synthetic system output, each measure in PubTator and BioC, and
// compares with the kit's stored output (conll/cdr/testdata/kit): its
// six lines byte for byte.
func TestScoreLevelKit(t *testing.T) {
	for _, format := range []struct{ name, gold, pred string }{
		{"pubtator", "gold.pubtator", "mix1.pubtator"},
		{"bioc", "gold.xml", "mix1.xml"},
	} {
		b, err := os.ReadFile(filepath.Join(kitVectors, "mix1."+format.name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		blocks := strings.Split(strings.TrimPrefix(string(b), "== "), "\n== ")
		if len(blocks) != 5 {
			t.Fatalf("%d blocks in mix1.%s.out, want 5", len(blocks), format.name)
		}
		for _, block := range blocks {
			lines := strings.Split(block, "\n")
			level, types, _ := strings.Cut(lines[0], " ")
			var want strings.Builder
			for _, l := range lines[2:] {
				if l != "" && !strings.HasPrefix(l, "INFO ") {
					want.WriteString(l + "\n")
				}
			}
			out, stderr, err := runCLI(t, "", "score", "--level", level, "--type", types,
				"--gold", filepath.Join(kitVectors, format.gold), "--pred", filepath.Join(kitVectors, format.pred))
			if err != nil || stderr != "" {
				t.Fatalf("%s %s: %v %s", format.name, lines[0], err, stderr)
			}
			if out != want.String() {
				t.Errorf("%s %s:\n%s\nthe kit:\n%s", format.name, lines[0], out, want.String())
			}
		}
	}
}

func TestScoreLevelJSON(t *testing.T) {
	gold := filepath.Join(kitVectors, "gold.pubtator")
	out, _, err := runCLI(t, "", "score", "--level", "relation", "--format", "json", "--gold", gold, "--pred", filepath.Join(kitVectors, "mix1.pubtator"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Level      string
		TP, FP, FN int
		F1         *float64
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Level != "relation" || r.TP+r.FN != 11 || r.F1 == nil {
		t.Errorf("json: %s", out)
	}
	// No gold key: the kit's NaN is null.
	empty := filepath.Join(t.TempDir(), "empty.pubtator")
	os.WriteFile(empty, nil, 0o644)
	out, _, err = runCLI(t, "", "score", "--level", "id", "--format", "json", "--gold", empty, "--pred", gold)
	if err != nil || !strings.Contains(out, `"precision": null`) {
		t.Errorf("json of 0/0: %v\n%s", err, out)
	}
}

func TestScoreLevelUsage(t *testing.T) {
	gold := filepath.Join(kitVectors, "gold.pubtator")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--level", "id", "-r", "--gold", gold, "--pred", gold}, "--raw applies to span scoring"},
		{[]string{"--level", "id", "--mode", "strict", "--gold", gold, "--pred", gold}, "--mode applies to span scoring"},
		{[]string{"--level", "id", gold}, "--level scores --gold and --pred"},
		{[]string{"--type", "Disease", "--gold", gold, "--pred", gold}, "--type goes with --level"},
		{[]string{"--level", "span", "--gold", gold, "--pred", gold}, "unknown level"},
		{[]string{"--level", "id", "--type", "|", "--gold", gold, "--pred", gold}, "--type needs a type name"},
		{[]string{"--level", "mention", "--in-format", "bioc", "--gold", gold, "--pred", gold}, "the CDR kit cannot read this"},
	} {
		_, stderr, err := runCLI(t, "", append([]string{"score"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error()+stderr, c.want) {
			t.Errorf("%q: %v %s, want %q", c.args, err, stderr, c.want)
		}
	}
}
