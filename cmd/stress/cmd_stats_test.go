package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

// TestBuildSynonymOutcomes builds keyboard and synonym sets of the
// sample and checks that the manifest records, for the synonym set only,
// what became of every gold mention, consistently with the mentions it
// counts as replaced, and that "stress stats --manifest" prints it.
func TestBuildSynonymOutcomes(t *testing.T) {
	dir := t.TempDir()
	out, _, err := stressCLI(t, nil, "build", "--out", dir, "--kinds", "keyboard,synonym", "--workers", "2")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := stressset.DecodeManifest(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	in := m.Inputs[0]
	if in.Stats.MentionOutcomes != nil {
		t.Errorf("original has mention outcomes: %v", in.Stats.MentionOutcomes)
	}
	if len(in.Outputs) != 2 || in.Outputs[0].Stats.MentionOutcomes != nil {
		t.Fatalf("outputs %+v: want keyboard without outcomes, then synonym", in.Outputs)
	}
	syn := in.Outputs[1].Stats
	replaced := 0
	for _, typ := range []string{"Chemical", "Disease"} {
		outcomes := syn.MentionOutcomes[typ]
		total := 0
		for _, n := range outcomes {
			total += n
		}
		if total != in.Stats.Entities[typ] {
			t.Errorf("%s: outcomes of %d mentions, the sample has %d", typ, total, in.Stats.Entities[typ])
		}
		if outcomes[perturb.OutcomeReplaced] == 0 || len(outcomes) < 3 {
			t.Errorf("%s: outcomes %v: want replacements and reasons", typ, outcomes)
		}
		replaced += outcomes[perturb.OutcomeReplaced]
	}
	if replaced != syn.MentionsReplaced {
		t.Errorf("%d mentions replaced by outcome, %d by comparison", replaced, syn.MentionsReplaced)
	}
	if !strings.Contains(out, "Gold mentions per type") || !strings.Contains(out, "no concept") {
		t.Errorf("build output lacks the outcome table:\n%s", out)
	}

	// stats --manifest prints what build printed, without build's notes.
	got, _, err := stressCLI(t, nil, "stats", "--manifest", filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	tables, _, _ := strings.Cut(out, "\nwrote ")
	if got != tables {
		t.Errorf("stats --manifest:\n%s\nbuild printed:\n%s", got, tables)
	}
	// Regenerating the build reproduces the recorded outcomes.
	if _, _, err := stressCLI(t, nil, "build", "--from", filepath.Join(dir, "manifest.json")); err != nil {
		t.Errorf("--from: %v", err)
	}
}

func TestStatsManifestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "manifest.json")
	os.WriteFile(bad, []byte(`{"tool": "other"}`), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "--manifest", bad, "x.tsv"}, "cannot be combined"},
		{[]string{"stats", "--manifest", bad, "--original", "x.tsv"}, "cannot be combined"},
		{[]string{"stats", "--manifest", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"stats", "--manifest", bad}, "manifest.json: bad manifest"},
	} {
		_, _, err := stressCLI(t, nil, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestStatsShiftedMentions: a synonym set whose replacements keep a
// sentence's length while moving its second mention is not a mismatch.
func TestStatsShiftedMentions(t *testing.T) {
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.tsv")
	os.WriteFile(orig, []byte("oxacillin\tB-Chemical\nfor\tO\nrenal\tB-Disease\nfailure\tI-Disease\n\n"), 0o644)
	syn := filepath.Join(dir, "syn.tsv")
	os.WriteFile(syn, []byte("ox\tB-Chemical\nacillin\tI-Chemical\nfor\tO\nnephropathy\tB-Disease\n\n"), 0o644)
	out, _, err := stressCLI(t, nil, "stats", "--original", orig, syn)
	if err != nil {
		t.Fatal(err)
	}
	// 3 of 4 tokens modified (the context word is not), both mentions replaced.
	if !strings.Contains(out, "75.0%") || !strings.HasSuffix(strings.TrimSpace(out), "2") {
		t.Errorf("stats:\n%s", out)
	}
}
