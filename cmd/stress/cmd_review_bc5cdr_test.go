package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/review"
	"github.com/stress-ner/stress/stressset"
)

// bc5cdrTest is the shared BC5CDR test split, beside the repository.
const bc5cdrTest = "../../../shared/corpora/BC5CDR-IOB/test.tsv"

// TestReviewBC5CDR is issue 23's acceptance on a real build: "stress
// review sample" on K, W and S of BC5CDR test writes the HTML page, the
// items as TSV and Markdown, the key and the manifest; the same seed
// gives the same bytes; strata are proportional (largest remainders:
// none gets a whole item above its exact share, and the shortfalls of
// those above the minimum of one lie within one item) and every stratum
// with a change is represented; the items of each stratum in the key
// are what the manifest says. Then a judge's flags on a sample of S,
// scored into an avoid file, rebuild S without the flagged pairs and
// nothing else (checkAvoidRebuild).
func TestReviewBC5CDR(t *testing.T) {
	if _, err := os.Stat(bc5cdrTest); err != nil {
		t.Skipf("BC5CDR test split not present (%v): the shared corpora are needed", err)
	}
	dir := t.TempDir()
	b1 := filepath.Join(dir, "b1")
	mustCLI(t, "build", "--kinds", "keyboard,swap,synonym", "--seed", "1", "--out", b1, bc5cdrTest)
	const n = 300
	s1, s2 := filepath.Join(dir, "s1"), filepath.Join(dir, "s2")
	mustCLI(t, "review", "sample", "--out", s1, "--n", "300", "--seed", "2", b1)
	mustCLI(t, "review", "sample", "--out", s2, "--n", "300", "--seed", "2", b1)
	for _, name := range []string{review.PageName, review.ItemsName, review.MarkdownName, review.KeyName, "sample.json"} {
		x, err1 := os.ReadFile(filepath.Join(s1, name))
		y, err2 := os.ReadFile(filepath.Join(s2, name))
		if err1 != nil || err2 != nil || len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s: missing, empty or not the same bytes for the same seed (%v, %v)", name, err1, err2)
		}
	}

	var m struct {
		Items, Changes int
		Strata         []review.Stratum
	}
	data, err := os.ReadFile(filepath.Join(s1, "sample.json"))
	if err != nil || json.Unmarshal(data, &m) != nil {
		t.Fatalf("sample.json: %v\n%s", err, data)
	}
	// The strata hold every change of the log, by kind and source.
	rows, err := stressset.ReadChangesFile(filepath.Join(b1, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	perLog, perStrata := map[[2]string]int{}, map[[2]string]int{}
	for _, r := range rows {
		perLog[[2]string{r.Kind, r.Source}]++
	}
	var sizes, drawn []int
	for _, st := range m.Strata {
		perStrata[[2]string{st.Kind, st.Source}] += st.Changes
		sizes, drawn = append(sizes, st.Changes), append(drawn, st.Drawn)
	}
	if m.Changes != len(rows) || m.Items != n || len(perLog) != len(perStrata) {
		t.Errorf("manifest: %d items of %d changes, want %d of %d", m.Items, m.Changes, n, len(rows))
	}
	for k, c := range perLog {
		if perStrata[k] != c {
			t.Errorf("%s / %s: %d changes in the log, %d in the strata", k[0], k[1], c, perStrata[k])
		}
	}
	kinds := map[string]bool{}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, st := range m.Strata {
		kinds[st.Kind] = true
		if st.Changes > 0 && st.Drawn < 1 {
			t.Errorf("stratum %s / %s / %s (%d changes) not represented", st.Kind, st.Type, st.Source, st.Changes)
		}
		// A stratum above the minimum never gets a whole item more
		// than its share; what the minimum of one takes from the
		// others is spread evenly: their shortfalls lie within one item.
		if quota := float64(n) * float64(st.Changes) / float64(m.Changes); st.Drawn > 1 {
			if float64(st.Drawn) >= quota+1 {
				t.Errorf("stratum %s / %s / %s: %d drawn, its share is %.2f", st.Kind, st.Type, st.Source, st.Drawn, quota)
			}
			lo, hi = min(lo, quota-float64(st.Drawn)), max(hi, quota-float64(st.Drawn))
		}
	}
	if hi-lo > 1 {
		t.Errorf("shortfalls of the strata above the minimum range from %.2f to %.2f items", lo, hi)
	}
	if want, _ := review.Allocate(sizes, n); !slices.Equal(drawn, want) {
		t.Errorf("drawn %v, Allocate gives %v", drawn, want)
	}
	if len(kinds) != 3 || len(m.Strata) < 10 {
		t.Errorf("%d strata of kinds %v", len(m.Strata), kinds)
	}
	// The key's items per stratum are the manifest's.
	key, err := os.ReadFile(filepath.Join(s1, review.KeyName))
	if err != nil {
		t.Fatal(err)
	}
	perKey := map[review.Stratum]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(key)), "\n")[1:] {
		f := strings.Split(line, "\t")
		perKey[review.Stratum{Kind: f[6], Type: f[7], Source: f[8]}]++
	}
	for _, st := range m.Strata {
		if k := (review.Stratum{Kind: st.Kind, Type: st.Type, Source: st.Source}); perKey[k] != st.Drawn {
			t.Errorf("stratum %s / %s / %s: %d items in the key, %d in the manifest", st.Kind, st.Type, st.Source, perKey[k], st.Drawn)
		}
	}

	// A sample of S alone, a judge who flags every third item.
	s3 := filepath.Join(dir, "s3")
	mustCLI(t, "review", "sample", "--out", s3, "--kinds", "synonym", "--n", "100", "--seed", "2", b1)
	flagged := judgeAndAvoid(t, dir, filepath.Join(s3, review.KeyName), 3)
	b2 := filepath.Join(dir, "b2")
	mustCLI(t, "build", "--kinds", "keyboard,swap,synonym", "--seed", "1", "--avoid", filepath.Join(dir, "avoid.txt"), "--out", b2, bc5cdrTest)
	checkAvoidRebuild(t, b1, b2, flagged)
}
