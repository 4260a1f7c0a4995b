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
//
// Evidence is about the rules as they are, not as they were read: a
// policy reading's build.json says how its set was built (inputs under
// -shared, the kind's options), and the set is built again with the
// code of today. An item the rules no longer make (a context rule
// added since refuses it) is left out of the evidence, and every item
// counts in the stratum it has today; evidence.tsv says how many were
// left out. Without -shared's corpora mkevidence stops.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll"
	_ "github.com/stress-ner/stress/conll/standoff" // PubTator (BioRED)
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/review"
	"github.com/stress-ner/stress/stressset"

	"github.com/stress-ner/stress/perturb/synonym"
)

func main() {
	readings := flag.String("readings", "testdata/readings", "directory of the readings (readings.tsv and one directory per reading)")
	out := flag.String("out", ".", "directory to write evidence.tsv and validity.tsv into")
	shared := flag.String("shared", "../../../shared", "the shared data directory (the corpora of build.json)")
	doc := flag.String("doc", "../../docs/synonym-evidence.md", "the generated documentation page")
	flag.Parse()
	if err := run(*readings, *shared, *out, *doc); err != nil {
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
	gone                                                int // read, but no longer made
	readings                                            []string
}

// buildSpec is a reading's build.json: how its set was built.
type buildSpec struct {
	Seed uint64 `json:"seed"`
	// Inputs maps each input's file name, as the change log names its
	// set ("ncbi-train.tsv" for ncbi-train_synonym.tsv), to its path
	// under the shared data directory.
	Inputs map[string]string `json:"inputs"`
	// Options are the synonym kind's options; a file an option names
	// (avoid) is in the reading's directory.
	Options map[string]string `json:"options"`
}

// made is what a set built again from a build.json makes: the stratum of
// each change, by its place and texts, and the corpus (path under the
// shared directory) of each set file, by which an item read twice (in
// two readings) counts once.
type made struct {
	strata map[string]string
	corpus map[string]string
}

func placeKey(c perturb.Change) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%d\x00%s\x00%s", c.File, c.Sentence, c.Token, c.End, c.Before, c.After)
}

// rebuild builds the set of the reading in dir again (see buildSpec).
func rebuild(dir, shared string) (made, error) {
	b, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		return made{}, err
	}
	var spec buildSpec
	if err := json.Unmarshal(b, &spec); err != nil {
		return made{}, fmt.Errorf("%s/build.json: %w", dir, err)
	}
	opts := map[string]string{}
	for k, v := range spec.Options {
		if k == "avoid" {
			v = filepath.Join(dir, v)
		}
		opts[k] = v
	}
	k, err := perturb.Lookup(synonym.Name)
	if err != nil {
		return made{}, err
	}
	out := made{strata: map[string]string{}, corpus: map[string]string{}}
	names := make([]string, 0, len(spec.Inputs))
	for n := range spec.Inputs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		// conll.Open reads the input in the format its name says, as a
		// build does: a PubTator corpus (BioRED train) is no CoNLL file.
		f, err := conll.Open(filepath.Join(shared, spec.Inputs[n]))
		if err != nil {
			return made{}, err
		}
		var buf bytes.Buffer
		log := stressset.NewChangeWriter(&buf)
		file := strings.TrimSuffix(n, filepath.Ext(n)) + "_" + synonym.Suffix + filepath.Ext(n)
		out.corpus[file] = spec.Inputs[n]
		_, err = perturb.ApplySentences(context.Background(), k, perturb.ApplyOptions{Seed: spec.Seed, Options: opts, ChangeLog: log,
			File: file, Input: spec.Inputs[n], NoStats: true}, f, conll.NewWriter(io.Discard))
		f.Close()
		if err == nil {
			log.Flush()
			err = log.Error()
		}
		if err != nil {
			return made{}, fmt.Errorf("%s: %s: %w", dir, n, err)
		}
		if buf.Len() == 0 {
			continue // no change at all: the log has no header either
		}
		rows, err := stressset.ReadChanges(&buf, n)
		if err != nil {
			return made{}, err
		}
		for _, c := range rows {
			out.strata[placeKey(c.Change)] = perturb.StratumOf(c.Change)
		}
	}
	return out, nil
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

func run(dir, shared, out, doc string) error {
	rs, err := readIndex(filepath.Join(dir, "readings.tsv"))
	if err != nil {
		return err
	}
	strata := map[string]*tally{}
	counted := map[string]string{} // corpus and place of an item counted -> its reading
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
		var now made
		if r.Use == UsePolicy {
			if now, err = rebuild(filepath.Join(dir, r.ID), shared); err != nil {
				return err
			}
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
				c := row.Change
				c.File = now.corpus[c.File]
				if first, ok := counted[placeKey(c)]; ok {
					fmt.Fprintf(os.Stderr, "mkevidence: %s: item %s read in %s already, counted once\n", r.ID, row.Item, first)
					continue
				}
				counted[placeKey(c)] = r.ID
				st, still := now.strata[placeKey(row.Change)]
				if !still {
					st = perturb.StratumOf(row.Change)
				}
				if strata[st] == nil {
					strata[st] = &tally{}
				}
				if !still {
					strata[st].gone++
					continue
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
	ev.WriteString("stratum\titems\tnatural\trate\tci_low\tci_high\tunnatural\tmeaning_changed\tgrammar_broken\tno_longer_made\treadings\n")
	names := make([]string, 0, len(strata))
	for s := range strata {
		names = append(names, s)
	}
	slices.Sort(names)
	for _, s := range names {
		t := strata[s]
		lo, hi := 0.0, 0.0
		if t.items > 0 {
			lo, hi = review.Wilson(t.natural, t.items, review.Z95)
		}
		fmt.Fprintf(&ev, "%s\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\n", s, t.items, t.natural, pct(t.natural, t.items), pct1(lo), pct1(hi),
			t.unnatural, t.meaning, t.grammar, t.gone, strings.Join(t.readings, ","))
	}
	if err := atomicfile.WriteFile(filepath.Join(out, "evidence.tsv"), []byte(ev.String()), false); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(out, "validity.tsv"), []byte(val.String()), false); err != nil {
		return err
	}
	cov, err := coverage(shared)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(doc, []byte(page(rs, strata, val.String(), cov)), false)
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

// coverageCorpus is a corpus whose synonym set the page counts.
type coverageCorpus struct {
	name, role string
	paths      []string // under the shared directory
}

// coverageCorpora are the corpora the page counts the embedded default's
// replacements on: the development corpora, and the held-out ones whose
// replacements nobody here reads (their counts only).
var coverageCorpora = []coverageCorpus{
	{"BC5CDR test", "development", []string{"corpora/BC5CDR-IOB/test.tsv"}},
	{"NCBI-disease test", "development", []string{"corpora/NCBI-disease-IOB/test.tsv"}},
	{"BioNLP13PC train+devel", "development", []string{"corpora/foreign-iob/BioNLP13PC/train.tsv", "corpora/foreign-iob/BioNLP13PC/devel.tsv"}},
	{"BioRED devel", "held out", []string{"corpora/BioRED/devel.pubtator"}},
	// BioRED train was held out (val-biored-train) until syn-dev7 read it
	// for the notation strata.
	{"BioRED train", "development", []string{"corpora/BioRED/train.pubtator"}},
	{"CRAFT train+devel", "held out", []string{"corpora/foreign-iob/CRAFT/train.tsv", "corpora/foreign-iob/CRAFT/devel.tsv"}},
	{"BioNLP11ID train+devel", "held out", []string{"corpora/foreign-iob/BioNLP11ID/train.tsv", "corpora/foreign-iob/BioNLP11ID/devel.tsv"}},
}

// covered is what the embedded default (seed 1) does on one corpus:
// mentions and replacements of each type the default type map maps, and
// replacements by stratum.
type covered struct {
	corpus   coverageCorpus
	mentions map[string]int
	replaced map[string]int
	strata   map[string]int
}

// coverage builds the default synonym set of every corpus of
// coverageCorpora.
func coverage(shared string) ([]covered, error) {
	k, err := perturb.Lookup(synonym.Name)
	if err != nil {
		return nil, err
	}
	var out []covered
	for _, c := range coverageCorpora {
		cv := covered{corpus: c, mentions: map[string]int{}, replaced: map[string]int{}, strata: map[string]int{}}
		for _, p := range c.paths {
			f, err := conll.OpenNonEmpty(filepath.Join(shared, p), "")
			if err != nil {
				return nil, err
			}
			var buf bytes.Buffer
			log := stressset.NewChangeWriter(&buf)
			st, err := perturb.ApplySentences(context.Background(), k, perturb.ApplyOptions{Seed: 1, ChangeLog: log, File: p, Input: p},
				f, conll.NewWriter(io.Discard))
			f.Close()
			if err == nil {
				log.Flush()
				err = log.Error()
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			for typ, oc := range st.MentionOutcomes {
				if oc[synonym.OutcomeNoType] > 0 {
					continue // a type the default type map leaves unmapped
				}
				for _, n := range oc {
					cv.mentions[typ] += n
				}
				cv.replaced[typ] += oc[synonym.OutcomeReplaced]
			}
			if buf.Len() == 0 {
				continue // no change at all: the log has no header either
			}
			rows, err := stressset.ReadChanges(&buf, p)
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				cv.strata[perturb.StratumOf(r.Change)]++
			}
		}
		out = append(out, cv)
	}
	return out, nil
}

// page renders docs/synonym-evidence.md.
func page(rs []reading, strata map[string]*tally, validity string, cov []covered) string {
	var b strings.Builder
	b.WriteString("<!-- Generated by perturb/synonym/internal/mkevidence (go generate ./perturb/synonym): do not edit. -->\n")
	b.WriteString("# The synonym kind's name policy and its evidence\n\n")
	b.WriteString("Every replacement the synonym kind makes belongs to a stratum: the source beyond the lexicons that made it\n" +
		"(a curated pair, the organ rule, an element's name, an ion's or a formula's name) or its lexicon, term type and attestation (\"MESH entry attested\":\n" +
		"a MeSH entry term that CDR's authors wrote and its annotators linked to the mention's MeSH concept; \"in text\": the\n" +
		"training text writes it, for any concept). The embedded default admits the strata whose replacements readers who saw\n" +
		"only sentence pairs found natural in at least 90% of at least 20 items, on text the stratum's rules were not written\n" +
		"from, with the per-name avoid lines off; the readings were made by `stress review sample --by stratum` on development\n" +
		"corpora (below) and are committed with their keys and judgements in `perturb/synonym/testdata/readings`. Each item\n" +
		"counts once, in the stratum the rules of today give it; an item the rules no longer make (a context rule added since\n" +
		"refuses it) is left out. TestPolicyEvidence holds `policy.tsv` to these figures.\n\n")
	b.WriteString("## The policy\n\n| stratum | default | items read | natural | rate (95% CI) | meaning changed | why |\n|---|---|---:|---:|---|---:|---|\n")
	lines := synonym.DefaultPolicy()
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l.Stratum] = true
		d := "refused"
		switch {
		case l.Kept:
			d = "kept"
		case l.Admit:
			d = "admitted"
		}
		t := strata[l.Stratum]
		if t == nil {
			t = &tally{}
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %d | %s |\n", l.Stratum, d, t.items, t.natural, rateCI(t.natural, t.items), t.meaning, l.Reason)
	}
	b.WriteString("\nA stratum without a line (the term types of a UMLS release, \"MSH ET\") is refused: nobody has read it. `--strata all`\n" +
		"admits every stratum, `--strata default,'MESH entry'` adds one, `--embedded-avoid=false` leaves out the avoid lines.\n\n")
	fmt.Fprintf(&b, "The synonym kind's own `avoid.txt` keeps %d per-name lines, each acting on an admitted stratum with its reason\n"+
		"(TestAvoidLinesNeeded): names CDR's annotators attest for a broader or narrower concept (asystole for cardiac arrest),\n"+
		"names of another register (hydrocortisone for cortisol), one direction of a curated pair. The list the other kinds\n"+
		"share is not read by this kind: its other lines acted on strata the policy no longer admits.\n\n", avoidLines())
	b.WriteString("## The readings\n\n| reading | use | corpus | items | natural | rate (95% CI) | meaning changed | grammar broken | readers | kappa (labels / natural or not) |\n|---|---|---|---:|---:|---|---:|---:|---:|---|\n")
	for i, line := range strings.Split(strings.TrimRight(validity, "\n"), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		n, _ := strconv.Atoi(f[3])
		v, _ := strconv.Atoi(f[4])
		kappa := "-"
		if f[12] != "" {
			kappa = f[12] + " / " + f[13]
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s | %s | %s | %s | %s |\n", f[0], f[1], f[2], n, v, rateCI(v, n), f[9], f[10], f[11], kappa)
	}
	b.WriteString("\nPolicy readings are of development corpora (BC5CDR train, devel and test, NCBI-disease, BioNLP13PC, BioRED train); each was drawn from a\n" +
		"set of the strata it measured, and its figure as a whole is no validity figure of the default. Validation readings are\n" +
		"of corpora nobody here read (`scripts/validate-synonyms.sh`), drawn from the embedded default's set.\n\n")
	b.WriteString("## Coverage of the embedded default (seed 1)\n\n| corpus | role | type | mentions | replaced | share |\n|---|---|---|---:|---:|---:|\n")
	for _, c := range cov {
		types := make([]string, 0, len(c.mentions))
		for t := range c.mentions {
			types = append(types, t)
		}
		slices.Sort(types)
		for _, t := range types {
			fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s%% |\n", c.corpus.name, c.corpus.role, t, c.mentions[t], c.replaced[t], pct(c.replaced[t], c.mentions[t]))
		}
	}
	b.WriteString("\nReplacements by stratum:\n\n| corpus | " + strings.Join(admittedStrata(), " | ") + " |\n|---|" + strings.Repeat("---:|", len(admittedStrata())) + "\n")
	for _, c := range cov {
		fmt.Fprintf(&b, "| %s |", c.corpus.name)
		for _, s := range admittedStrata() {
			fmt.Fprintf(&b, " %d |", c.strata[s])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// admittedStrata are the strata of the default policy, in its order.
func admittedStrata() []string {
	var out []string
	for _, l := range synonym.DefaultPolicy() {
		if l.Admit {
			out = append(out, l.Stratum)
		}
	}
	return out
}

// rateCI writes n/d as a percentage with its Wilson interval.
func rateCI(n, d int) string {
	if d == 0 {
		return "-"
	}
	lo, hi := review.Wilson(n, d, review.Z95)
	return fmt.Sprintf("%s%% (%s-%s)", pct(n, d), pct1(lo), pct1(hi))
}

// avoidLines counts the lines of the synonym kind's avoid.txt.
func avoidLines() int { return synonym.AvoidLines() }
