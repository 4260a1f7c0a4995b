package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
)

func compareCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	return runCLI(t, "", args...)
}

// predictions writes a copy of gold with every tag of the listed
// sentences set to O, as a weak system's output.
func predictions(t *testing.T, gold, out string, miss ...int) {
	t.Helper()
	ss, err := conll.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range miss {
		for j := range ss[i].Tags {
			ss[i].Tags[j] = "O"
			ss[i].Fields = nil
		}
	}
	if err := conll.WriteFile(out, ss, nil); err != nil {
		t.Fatal(err)
	}
}

// TestCompareBuild runs a real "stress build" and compares two systems on
// its outputs through the manifest.
func TestCompareBuild(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "test.tsv")
	data, err := os.ReadFile("testdata/compare/test.tsv")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(gold, data, 0o644)
	build := filepath.Join(dir, "build")
	if _, stderr, err := compareCLI(t, "build", "--out", build, "--kinds", "keyboard,swap", gold); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr)
	}
	outs, _ := filepath.Glob(filepath.Join(build, "test_*.tsv"))
	if len(outs) != 2 {
		t.Fatalf("build outputs %v", outs)
	}
	for _, sys := range []string{"perfect", "weak"} {
		pdir := filepath.Join(dir, sys)
		os.Mkdir(pdir, 0o755)
		var miss []int
		if sys == "weak" {
			miss = []int{1}
		}
		predictions(t, gold, filepath.Join(pdir, "test.tsv"), miss...)
		for _, o := range outs {
			predictions(t, o, filepath.Join(pdir, filepath.Base(o)), miss...)
		}
	}
	html := filepath.Join(dir, "report.html")
	stdout, stderr, err := compareCLI(t, "compare", "--build", build, "--pred", "perfect="+filepath.Join(dir, "perfect"),
		"--pred", "weak="+filepath.Join(dir, "weak"), "--samples", "200", "--format", "json", "--html", html)
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, stderr)
	}
	var rep compare.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 3 || rep.Sets[0].Name != "O" || len(rep.Systems) != 2 {
		t.Fatalf("sets %+v systems %d", rep.Sets, len(rep.Systems))
	}
	for _, res := range rep.Systems[0].Results {
		if res.Overall.F1 != 100 {
			t.Errorf("perfect on %s: F1 %v", res.Set, res.Overall.F1)
		}
		if res.Set != "O" && (res.Drop == nil || res.Drop.Value != 0 || res.Perturbed == nil) {
			t.Errorf("perfect on %s: drop %+v perturbed %+v", res.Set, res.Drop, res.Perturbed)
		}
	}
	// weak misses the 3 entities of sentence 2 on every set: 4/7 found.
	for _, res := range rep.Systems[1].Results {
		if res.Overall.Gold != 7 || res.Overall.Pred != 4 || res.Overall.Correct != 4 {
			t.Errorf("weak on %s: %+v", res.Set, res.Overall)
		}
	}
	if len(rep.Comparisons) != 3 {
		t.Errorf("comparisons %+v", rep.Comparisons)
	}
	page, err := os.ReadFile(html)
	if err != nil || !bytes.Contains(page, []byte(`<svg class="chart f1-chart"`)) {
		t.Errorf("html report: %v", err)
	}
	// Same seed, same output.
	again, _, _ := compareCLI(t, "compare", "--build", build, "--pred", "perfect="+filepath.Join(dir, "perfect"),
		"--pred", "weak="+filepath.Join(dir, "weak"), "--samples", "200", "--format", "json")
	if withoutProvenance(again) != withoutProvenance(stdout) {
		t.Error("same seed gave a different report")
	}
}

// TestCompareMatchesScore checks the acceptance criterion that compare's
// figures are those of "stress score" on the same files, on the shared
// BC5CDR system output when present.
func TestCompareMatchesScore(t *testing.T) {
	const sys = "../../../shared/testdata/conlleval/bc5cdr-test-seed1.txt.gz"
	const gold = "../../../shared/corpora/BC5CDR-IOB/test.tsv"
	if _, err := os.Stat(sys); err != nil {
		t.Skip("shared data not present")
	}
	want, err := os.ReadFile("../../../shared/testdata/conlleval/bc5cdr-test-seed1.out")
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := compareCLI(t, "compare", "--gold", gold, "--pred-file", "sys="+sys, "--samples", "0", "--format", "json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var rep compare.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	r := rep.Systems[0].Results[0]
	got := fmt.Sprintf("precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f\n", r.Overall.Precision, r.Overall.Recall, r.Overall.F1)
	for _, ts := range r.Types {
		got += fmt.Sprintf("%17s: precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f  %d\n", ts.Type, ts.Precision, ts.Recall, ts.F1, ts.Pred)
	}
	if !strings.HasSuffix(string(want), got) {
		t.Errorf("conlleval:\n%s\ncompare:\n%s", want, got)
	}
}

func TestCompareErrors(t *testing.T) {
	dir := t.TempDir()
	gold := "testdata/compare/test.tsv"
	short := filepath.Join(dir, "short.tsv")
	os.WriteFile(short, []byte("Aspirin\tB-Chemical\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int // 2 usage, 1 other
		msg  string
	}{
		{[]string{"compare"}, 2, "give --build DIR"},
		{[]string{"compare", "--gold", gold}, 2, "--pred-file"},
		{[]string{"compare", "--gold", gold, "--pred-file", "x"}, 2, "want NAME=VALUE"},
		{[]string{"compare", "--gold", gold, "--pred-file", "s=" + gold, "--mode", "lenient"}, 2, "--mode"},
		{[]string{"compare", "--gold", gold, "--pred-file", "s=" + gold, "--format", "xml"}, 2, "--format"},
		{[]string{"compare", "--gold", gold, "--pred-file", "s=" + gold, "--scheme", "iobes"}, 2, "--scheme: applies to --mode strict only"},
		{[]string{"compare", "--gold", gold, "--pred-file", "s=" + gold, "--mode", "strict", "--scheme", "bio"}, 2, "unknown scheme"},
		{[]string{"compare", "--gold", gold, "--pred-file", "s=" + short}, 1, short + ": 1 sentences, gold " + gold + " has 3"},
		{[]string{"compare", "--build", dir, "--pred", "s=" + dir}, 1, "open build manifest"},
	} {
		_, _, err := compareCLI(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.msg)
			continue
		}
		if usage := errors.Is(err, errUsage); usage != (tc.code == 2) {
			t.Errorf("%v: usage error = %v, want exit %d", tc.args, usage, tc.code)
		}
	}
}

// TestCompareSaysWhyChangesUnknown: a set compared without its change
// log shows "-" for the mentions it changed, and the report says why,
// so that the row does not read as a set that changed nothing; with the
// log, the share is there and the sentence is not.
func TestCompareSaysWhyChangesUnknown(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("in.tsv", []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "perturb", "--kind", "swap", "--min-length", "4", "--log", "key.changes.tsv", "-o", "key.tsv", "in.tsv")
	why := `"-" under mentions changed: no change log for the set`
	base := []string{"compare", "--samples", "0", "--gold", "in.tsv", "--gold", "key=key.tsv", "--pred-file", "s:O=in.tsv", "--pred-file", "s:key=key.tsv"}
	out := mustCLI(t, base...)
	if !strings.Contains(strings.Join(strings.Fields(out), " "), why) {
		t.Errorf("without --changes the report does not say why mentions changed is blank:\n%s", out)
	}
	out = mustCLI(t, append(base, "--changes", "key.changes.tsv")...)
	if strings.Contains(strings.Join(strings.Fields(out), " "), why) {
		t.Errorf("with --changes the report still says the log is missing:\n%s", out)
	}
	if !strings.Contains(out, "% (") {
		t.Errorf("with --changes the report shows no share of mentions changed:\n%s", out)
	}
}
