package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPerturbKeepsNestedAndDiscontinuous: annotations IOB tags cannot
// hold are kept untouched by every kind, and said so (issue 25): a
// mention nested in another in PubTator and brat is never rewritten to
// the outer mention's replacement (F10), and a discontinuous mention
// (brat "0 7;15 23", BioC with two locations) is not perturbed as if it
// were context (F20). The other mentions are still perturbed.
func TestPerturbKeepsNestedAndDiscontinuous(t *testing.T) {
	const text = "Lithium carbonate toxicity was seen with breast and ovarian cancer in a newborn with heart failure."
	files := map[string]string{
		"nest.pubtator": "1|t|" + text + "\n1|a|Cocaine abuse is common.\n" +
			"1\t0\t26\tLithium carbonate toxicity\tDisease\tD064420\n" +
			"1\t0\t17\tLithium carbonate\tChemical\tD016651\n" +
			"1\t85\t98\theart failure\tDisease\tD006333\n" +
			"1\t100\t107\tCocaine\tChemical\tD003042\n" +
			"1\tCID\tD016651\tD064420\n\n",
		"doc.txt": text + "\n",
		"doc.ann": "T1\tDisease 0 26\tLithium carbonate toxicity\n" +
			"T2\tChemical 0 17\tLithium carbonate\n" +
			"T3\tDisease 41 47;60 66\tbreast cancer\n" +
			"T5\tDisease 85 98\theart failure\n",
		"two.xml": `<?xml version="1.0" encoding="UTF-8"?>
<collection><source>t</source><date></date><key></key><document><id>9</id><passage><offset>0</offset><text>` + text + `</text>` +
			`<annotation id="1"><infon key="type">Disease</infon><location offset="41" length="6"></location><location offset="60" length="6"></location><text>breast cancer</text></annotation>` +
			`<annotation id="2"><infon key="type">Disease</infon><location offset="85" length="13"></location><text>heart failure</text></annotation>` +
			`</passage></document></collection>
`,
	}
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		in, kind, out string
		kept          []string // texts the output still has
		notes         []string // in the notes on standard error
	}{
		{"nest.pubtator", "entity-swap", "out.pubtator",
			[]string{"1\t0\t26\tLithium carbonate toxicity\tDisease", "1\t0\t17\tLithium carbonate\tChemical"},
			[]string{`annotation "Lithium carbonate toxicity" at 0-26 overlaps another annotation`, `annotation "Lithium carbonate" at 0-17 overlaps another annotation`}},
		{"nest.pubtator", "keyboard", "kb.pubtator",
			[]string{"1\t0\t26\tLithium carbonate toxicity\tDisease", "1\t0\t17\tLithium carbonate\tChemical"}, nil},
		{"doc.ann", "entity-swap", "out.ann",
			[]string{"T1\tDisease 0 26\tLithium carbonate toxicity", "T2\tChemical 0 17\tLithium carbonate", "T3\tDisease 41 47;60 66\tbreast cancer"},
			[]string{"annotation T3 at 41-47;60-66 is discontinuous", "annotation T2 at 0-17 overlaps"}},
		{"doc.ann", "keyboard", "kb.ann",
			[]string{"T1\tDisease 0 26\tLithium carbonate toxicity", "T3\tDisease 41 47;60 66\tbreast cancer"}, nil},
		{"two.xml", "keyboard", "kb.xml",
			[]string{`<location offset="41" length="6"></location><location offset="60" length="6"></location><text>breast cancer</text>`},
			[]string{"document 9: annotation 1 at 41-47;60-66 is discontinuous: its text is kept untouched"}},
	}
	for _, tt := range tests {
		out := filepath.Join(dir, tt.out)
		_, stderr, err := runCLI(t, "", "perturb", "--kind", tt.kind, "--seed", "1", "--select", "all", "--min-length", "1", "-o", out, filepath.Join(dir, tt.in))
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", tt.kind, tt.in, err, stderr)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if txt, ok := strings.CutSuffix(out, ".ann"); ok {
			side, err := os.ReadFile(txt + ".txt") // brat's text
			if err != nil {
				t.Fatal(err)
			}
			got = append(side, got...)
		}
		if strings.Contains(string(got), "heart failure") {
			t.Errorf("%s %s: the plain mention was not perturbed:\n%s", tt.kind, tt.in, got)
		}
		for _, k := range tt.kept {
			if !strings.Contains(string(got), k) {
				t.Errorf("%s %s: output lost %q:\n%s", tt.kind, tt.in, k, got)
			}
		}
		for _, n := range tt.notes {
			if !strings.Contains(stderr, "note: "+filepath.Join(dir, tt.in)+": ") || !strings.Contains(stderr, n) {
				t.Errorf("%s %s: no note %q on standard error:\n%s", tt.kind, tt.in, n, stderr)
			}
		}
		if want := "seen with breast and ovarian cancer"; tt.kind == "entity-swap" && !strings.Contains(string(got), want) {
			t.Errorf("%s %s: context changed:\n%s", tt.kind, tt.in, got)
		}
	}
	// The context between the kept mentions is perturbed by keyboard.
	if got, _ := os.ReadFile(filepath.Join(dir, "kb.txt")); len(got) == 0 || strings.Contains(string(got), "newborn") {
		t.Errorf("keyboard left the context:\n%s", got)
	}
}
