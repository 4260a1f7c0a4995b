// Command mkevidence recomputes, from the blind readings committed in
// perturb/synonym/testdata/readings, the evidence of the synonym kind's
// name policy: the natural rate of every stratum (synonym.Stratum) over
// the readings of corpora the policy was not written from
// (evidence.tsv, which TestPolicyEvidence holds the default policy to),
// and the validity of every reading as a whole, with its reader
// agreement (validity.tsv). The figures the documentation gives come
// from these files.
//
// Run it from perturb/synonym with "go generate" (see policy.go):
//
//	go run ./internal/mkevidence -readings testdata/readings -out .
//
// A reading is a directory holding a sample's key.tsv (stress review
// sample) and one judge-N.tsv per reader; readings.tsv lists them, one
// a line: "id<TAB>use<TAB>corpus<TAB>how it was built", use "policy"
// (a development corpus: its strata count as evidence) or "validation"
// (a held-out corpus, read after the policy was set: reported, never
// used to set it). An item is natural when more than half of its
// readers chose "natural" (review.Rule); it counts as meaning changed,
// or grammar broken, when any reader chose that label.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/review"

	_ "github.com/stress-ner/stress/perturb/synonym" // the synonym kind's strata (perturb.StratumOf)
)

func main() {
	readings := flag.String("readings", "testdata/readings", "directory of the readings (readings.tsv and one directory per reading)")
	out := flag.String("out", ".", "directory to write evidence.tsv and validity.tsv into")
	flag.Parse()
	if err := run(*readings, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mkevidence:", err)
		os.Exit(1)
	}
}

// Uses of a reading.
const (
	UsePolicy     = "policy"
	UseValidation = "validation"
)

// reading is one line of readings.tsv.
type reading struct {
	ID, Use, Corpus, How string
}

// tally counts a group of items.
type tally struct {
	items, natural, unnatural, meaning, grammar, unsure int
	readings                                            []string
}

func (t *tally) add(labels []string, valid bool, id string) {
	t.items++
	if valid {
		t.natural++
	}
	for _, l := range []string{"unnatural", "meaning changed", "grammar broken", "unsure"} {
		if slices.Contains(labels, l) {
			switch l {
			case "unnatural":
				t.unnatural++
			case "meaning changed":
				t.meaning++
			case "grammar broken":
				t.grammar++
			case "unsure":
				t.unsure++
			}
		}
	}
	if !slices.Contains(t.readings, id) {
		t.readings = append(t.readings, id)
	}
}

func run(dir, out string) error {
	rs, err := readIndex(filepath.Join(dir, "readings.tsv"))
	if err != nil {
		return err
	}
	strata := map[string]*tally{}
	var val strings.Builder
	val.WriteString("reading\tuse\tcorpus\titems\tnatural\trate\tci_low\tci_high\tunnatural\tmeaning_changed\tgrammar_broken\treaders\tkappa\tkappa_natural\n")
	for _, r := range rs {
		key, judges, err := load(filepath.Join(dir, r.ID))
		if err != nil {
			return err
		}
		rep, err := review.Score(key, judges)
		if err != nil {
			return fmt.Errorf("%s: %w", r.ID, err)
		}
		whole := &tally{}
		for _, row := range key.Rows {
			var labels []string
			var roles []review.Role
			for _, j := range judges {
				for _, jd := range j.List {
					if jd.Item == row.Item {
						labels = append(labels, jd.Label)
						roles = append(roles, review.RoleOf(row.Labels, jd.Label))
					}
				}
			}
			if len(labels) == 0 {
				continue
			}
			valid := 0
			for _, ro := range roles {
				if ro == review.Valid {
					valid++
				}
			}
			ok := 2*valid > len(roles)
			whole.add(labels, ok, r.ID)
			if r.Use == UsePolicy {
				st := perturb.StratumOf(row.Change)
				if strata[st] == nil {
					strata[st] = &tally{}
				}
				strata[st].add(labels, ok, r.ID)
			}
		}
		kappa, kappaNat := "", ""
		if a := rep.Agreement; a != nil {
			if a.Kappa != nil {
				kappa = strconv.FormatFloat(*a.Kappa, 'f', 2, 64)
			}
			if a.KappaValid != nil {
				kappaNat = strconv.FormatFloat(*a.KappaValid, 'f', 2, 64)
			}
		}
		lo, hi := review.Wilson(whole.natural, whole.items, review.Z95)
		fmt.Fprintf(&val, "%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", r.ID, r.Use, r.Corpus, whole.items, whole.natural,
			pct(whole.natural, whole.items), pct1(lo), pct1(hi), whole.unnatural, whole.meaning, whole.grammar, len(judges), kappa, kappaNat)
	}
	var ev strings.Builder
	ev.WriteString("stratum\titems\tnatural\trate\tci_low\tci_high\tunnatural\tmeaning_changed\tgrammar_broken\treadings\n")
	names := make([]string, 0, len(strata))
	for s := range strata {
		names = append(names, s)
	}
	slices.Sort(names)
	for _, s := range names {
		t := strata[s]
		lo, hi := review.Wilson(t.natural, t.items, review.Z95)
		fmt.Fprintf(&ev, "%s\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\n", s, t.items, t.natural, pct(t.natural, t.items), pct1(lo), pct1(hi),
			t.unnatural, t.meaning, t.grammar, strings.Join(t.readings, ","))
	}
	if err := atomicfile.WriteFile(filepath.Join(out, "evidence.tsv"), []byte(ev.String()), false); err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(out, "validity.tsv"), []byte(val.String()), false)
}

// pct is 100*n/d with one decimal.
func pct(n, d int) string {
	if d == 0 {
		return ""
	}
	return pct1(float64(n) / float64(d))
}

func pct1(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// readIndex reads readings.tsv.
func readIndex(path string) ([]reading, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []reading
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		x := strings.Split(line, "\t")
		if len(x) != 4 {
			return nil, fmt.Errorf("%s:%d: %d tab-separated fields, want 4 (id, use, corpus, how)", path, n, len(x))
		}
		r := reading{ID: x[0], Use: x[1], Corpus: x[2], How: x[3]}
		if r.Use != UsePolicy && r.Use != UseValidation {
			return nil, fmt.Errorf("%s:%d: use %q, want %s or %s", path, n, r.Use, UsePolicy, UseValidation)
		}
		if r.ID == "" || strings.ContainsAny(r.ID, "/\\") {
			return nil, fmt.Errorf("%s:%d: bad reading id %q", path, n, r.ID)
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// load reads the key and the judgements (judge-*.tsv, in name order) of
// the reading in dir.
func load(dir string) (*review.Key, []*review.Judgements, error) {
	key, err := review.ReadKeyFile(filepath.Join(dir, "key.tsv"))
	if err != nil {
		return nil, nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "judge-*.tsv"))
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("%s: no judge-*.tsv", dir)
	}
	slices.Sort(files)
	var js []*review.Judgements
	for _, f := range files {
		j, err := review.ReadJudgementsFile(f, key)
		if err != nil {
			return nil, nil, err
		}
		j.Judge = filepath.Base(f)
		js = append(js, j)
	}
	return key, js, nil
}
