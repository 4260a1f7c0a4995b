package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTypeMapNotes: the kinds that map entity types name the types
// they leave, with the --type-map item that would map a type a group
// fits; entity-swap honours --type-map; a type the options map to a
// group that names few of its mentions is refused by build, perturb
// and augment, which write nothing (issue 32).
func TestTypeMapNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the default concept store")
	}
	dir := t.TempDir()
	// The embedded sample with its chemicals labelled Drugz, a label no
	// default maps.
	drugz := filepath.Join(dir, "drugz.tsv")
	if err := os.WriteFile(drugz, []byte(strings.ReplaceAll(sampleText(t), "-Chemical", "-Drugz")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLI(t, "", "build", "--out", filepath.Join(dir, "b1"), "--kinds", "synonym,entity-swap", drugz)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "drugz_synonym.tsv, drugz_eswap.tsv: entity types no semantic group is mapped to, left as they are: Drugz (546)") ||
		!strings.Contains(out, "--type-map Drugz=CHEM") {
		t.Errorf("build does not name the unmapped type and its item:\n%s", out)
	}
	changed := func(out, file string) string {
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == file {
				return f[len(f)-1]
			}
		}
		return "?"
	}
	unmapped, _ := strconv.Atoi(changed(out, "drugz_eswap.tsv"))
	if unmapped == 0 || unmapped > 535 { // of the Disease mentions only
		t.Errorf("entity-swap with Drugz unmapped replaced %d mentions, want some of the 535 Disease mentions", unmapped)
	}
	out, _, err = runCLI(t, "", "build", "--out", filepath.Join(dir, "b2"), "--kinds", "synonym,entity-swap", "--type-map", "Drugz=CHEM", drugz)
	if err != nil {
		t.Fatal(err)
	}
	mapped, _ := strconv.Atoi(changed(out, "drugz_eswap.tsv"))
	if strings.Contains(out, "left as they are") || mapped < unmapped+300 || changed(out, "drugz_synonym.tsv") == "0" {
		t.Errorf("--type-map Drugz=CHEM: entity-swap or synonym ignored it:\n%s", out)
	}
	// BC2GM-style genes: no group of the store fits them.
	genes := filepath.Join("testdata", "bc2gm-style.tsv")
	out, _, err = runCLI(t, "", "build", "--out", filepath.Join(dir, "b3"), "--kinds", "abbreviation", genes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "left as they are: GENE (33); no group of the concept store names 20% of the mentions of GENE") {
		t.Errorf("build on genes:\n%s", out)
	}
	// A misfit of the options is refused before anything is written.
	for _, args := range [][]string{
		{"build", "--out", filepath.Join(dir, "b4"), "--kinds", "entity-swap", "--type-map", "Drugz=DISO", drugz},
		{"perturb", "--kind", "synonym", "--type-map", "Drugz=DISO", "-o", filepath.Join(dir, "p.tsv"), drugz},
		{"augment", "--kinds", "abbreviation", "--type-map", "Drugz=DISO", "-o", filepath.Join(dir, "a.tsv"), "--in", drugz},
	} {
		_, _, err := runCLI(t, "", args...)
		if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "sends Drugz to DISO, but the concept store names only") {
			t.Errorf("%v: %v", args[:2], err)
		}
	}
	for _, f := range []string{"b4", "p.tsv", "a.tsv", "a.manifest.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written by a refused command", f)
		}
	}
}
