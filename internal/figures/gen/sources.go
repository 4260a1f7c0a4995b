package main

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/review"
	"github.com/stress-ner/stress/stressset"
)

// sources are every group of figures the documents show, each measured
// by one function. A figure's name is its source's name, a dot and its
// own name.
var sources = []*source{
	{name: "repo", need: sample, about: "packages and fuzz targets of the repository", measure: measureRepo},
	{name: "readings", need: sample, about: "the blind readings of stress sets (readings.tsv): shares and Wilson intervals", measure: measureReadings},
	{name: "judged", need: sample, about: "the blind readings kept with their judgements (experiment/testdata/readings), scored by stress review score", measure: measureJudged},
	{name: "bc5cdr", need: shared, about: "stress build of BC5CDR-IOB test: K, W, S, abbreviation (expand, contract)", measure: measureBC5CDR},
	{name: "kinds", need: heavy, about: "spelling, entity swap and the synonym kind's options on BC5CDR-IOB test", measure: measureKinds},
	{name: "ncbi", need: shared, about: "the synonym kind on NCBI-disease test and train, abbreviation on test", measure: measureNCBI},
	{name: "heldout", need: shared, about: "the synonym kind's coverage of corpora its rules were not written from (BioRED devel, CRAFT train+devel)", measure: measureHeldOut},
	{name: "preservation", need: heavy, about: "share of synonym replacements that keep the MeSH concept (CDR names from train, checked on dev)", measure: measurePreservation},
	{name: "review", need: heavy, about: "the review block of docs/review.md on BC5CDR-IOB test", measure: measureReview},
	{name: "pubtator", need: heavy, about: "the PubTator reader against BC5CDR-IOB, entity-swap ids in CDR development", measure: measurePubTator},
	{name: "cdrkit", need: sample, about: "the CDR kit's vectors (conll/cdr/testdata/kit): cases and measures", measure: measureCDRKit},
	{name: "cdr", need: heavy, about: "stress run --level on the CDR development set with the training set (docs/normalisation.md)", measure: measureCDRLevels},
	{name: "typemap", need: heavy, about: "how the default type map fits the corpora of ../shared (TestDefaultFits)", measure: measureTypeMap},
	{name: "speed", need: slow, about: "wall and CPU time of the main commands on this machine", measure: measureSpeed},
	{name: "limit", need: slow, about: "stress against the least a program must do (scripts/speed.py: CPU time, medians of interleaved runs)", measure: measureLimit},
	{name: "paper", need: slow, about: "the paper's experiment (scripts/reproduce.sh) and compare's figures of it", measure: measurePaper},
	{name: "curve", need: slow, about: "robustness curves of the baselines on BC5CDR-IOB test", measure: measureCurve},
	{name: "attack", need: slow, about: "attacks of both baselines on BC5CDR-IOB test", measure: measureAttack},
	{name: "size", need: slow, about: "the size of the smallest program the library makes (depends on the Go toolchain)", measure: measureSize},
	{name: "timing", need: slow, about: "how long the first build and the first run take on this machine", measure: measureTiming},
}

// measureRepo counts the packages (with and without tests) and the fuzz
// targets scripts/fuzz.sh runs.
func measureRepo(ctx context.Context, r *runner) ([]fig, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-f", "{{.ImportPath}} {{len .TestGoFiles}} {{len .XTestGoFiles}}", "./...")
	cmd.Dir = r.root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	tested, untested := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && (f[1] != "0" || f[2] != "0") {
			tested++
		} else {
			untested++
		}
	}
	targets := 0
	fuzz := regexp.MustCompile(`(?m)^func Fuzz[A-Za-z0-9_]*\(`)
	err = filepath.WalkDir(r.root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != r.root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			targets += len(fuzz.FindAll(data, -1))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	varcon, err := os.ReadFile(filepath.Join(r.root, "perturb", "spelling", "varcon.tsv"))
	if err != nil {
		return nil, err
	}
	// The gene corpus the synonym kind cannot serve: not measured.
	_, m, err := r.build(ctx, "bc2gm", "--kinds", "synonym", filepath.Join(r.root, "cmd", "stress", "testdata", "bc2gm-style.tsv"))
	if err != nil {
		return nil, err
	}
	gene, err := output(m, "synonym")
	if err != nil {
		return nil, err
	}
	return []fig{
		{"varcon-pairs", count(strings.Count(string(varcon), "\n"))},
		{"bc2gm.mentions", count(m.Inputs[0].Stats.Entities["GENE"])},
		{"bc2gm.replaced", count(gene.Stats.MentionsReplaced)},
		{"packages-tested", strconv.Itoa(tested)},
		{"packages-untested", strconv.Itoa(untested)},
		{"fuzz-targets", strconv.Itoa(targets)},
	}, nil
}

//go:embed readings.tsv
var readingsTSV string

// reading is one blind reading of a sample of changes: how many items
// the readers judged natural, unnatural, of changed meaning, of broken
// grammar (recorded in readings.tsv, as the readers returned them).
type reading struct {
	id, sample                           string
	n, natural, unnatural, meaning, gram int
	note                                 string
}

func readReadings() ([]reading, error) {
	var out []reading
	sc := bufio.NewScanner(strings.NewReader(readingsTSV))
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 8 {
			return nil, fmt.Errorf("readings.tsv:%d: %d fields, want 8", line, len(f))
		}
		var nums [5]int
		for i := range nums {
			v, err := strconv.Atoi(f[2+i])
			if err != nil {
				return nil, fmt.Errorf("readings.tsv:%d: %w", line, err)
			}
			nums[i] = v
		}
		r := reading{id: f[0], sample: f[1], n: nums[0], natural: nums[1], unnatural: nums[2], meaning: nums[3], gram: nums[4], note: f[7]}
		if r.natural+r.unnatural+r.meaning+r.gram != r.n {
			return nil, fmt.Errorf("readings.tsv:%d: %d + %d + %d + %d judgements, not %d", line, r.natural, r.unnatural, r.meaning, r.gram, r.n)
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// wilson writes k of n as a percentage with its Wilson 95% interval:
// 86.0%, 80.5–90.1.
func wilson(k, n int) string {
	lo, hi := review.Wilson(k, n, 1.959963984540054)
	return fmt.Sprintf("%.1f%%, %.1f–%.1f", 100*float64(k)/float64(n), 100*lo, 100*hi)
}

func measureReadings(ctx context.Context, r *runner) ([]fig, error) {
	rs, err := readReadings()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("| sample (seed 1 sets) | natural (95% interval) | unnatural | meaning | grammar |\n|---|---:|---:|---:|---:|\n")
	var out []fig
	for _, x := range rs {
		nat := fmt.Sprintf("%d (%s)", x.natural, wilson(x.natural, x.n))
		if x.note != "" {
			nat += "; " + x.note
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d |\n", x.sample, nat, x.unnatural, x.meaning, x.gram)
		values := map[string]string{
			"n": strconv.Itoa(x.n), "natural": strconv.Itoa(x.natural), "meaning": strconv.Itoa(x.meaning),
			"grammar": strconv.Itoa(x.gram), "meaning-interval": interval(x.meaning, x.n),
		}
		for field, v := range values {
			out = append(out, fig{x.id + "." + field, v})
		}
	}
	return append(out, fig{"table", b.String()}), nil
}

// interval writes the Wilson 95% interval of k of n: 0–1.9%.
func interval(k, n int) string {
	lo, hi := review.Wilson(k, n, 1.959963984540054)
	return fmt.Sprintf("%.1f–%.1f%%", 100*lo, 100*hi)
}

// build runs stress build into a fresh directory and reads its manifest;
// the same build asked twice is made once.
func (r *runner) build(ctx context.Context, name string, args ...string) (string, *stressset.Manifest, error) {
	key := "build " + name + " " + strings.Join(args, " ")
	if m, ok := r.cache[key].(*stressset.Manifest); ok {
		return filepath.Join(r.tmp, name), m, nil
	}
	dir, err := r.dir(name)
	if err != nil {
		return "", nil, err
	}
	if _, err := r.stress(ctx, r.tmp, append([]string{"build", "--force", "--out", dir}, args...)...); err != nil {
		return "", nil, err
	}
	m, err := manifest(dir)
	if err != nil {
		return "", nil, err
	}
	r.cache[key] = m
	return dir, m, nil
}

// changes reads the change log of a build: one map per row, by column.
func changes(dir string) ([]map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "changes.tsv"))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	var out []map[string]string
	for _, l := range lines[1:] {
		row := map[string]string{}
		for i, v := range strings.Split(l, "\t") {
			if i < len(head) {
				row[head[i]] = v
			}
		}
		out = append(out, row)
	}
	return out, nil
}

func measureBC5CDR(ctx context.Context, r *runner) ([]fig, error) {
	test := r.corpus("BC5CDR-IOB/test.tsv")
	dir, m, err := r.build(ctx, "bc5cdr", "--kinds", "keyboard,swap,synonym,abbreviation", test)
	if err != nil {
		return nil, err
	}
	in := m.Inputs[0].Stats
	chem, dis := in.Entities["Chemical"], in.Entities["Disease"]
	out := []fig{
		{"sentences", count(in.Sentences)},
		{"tokens", count(in.Tokens)},
		{"mentions", count(chem + dis)},
		{"chemical", count(chem)},
		{"disease", count(dis)},
	}
	k, err := output(m, "keyboard")
	if err != nil {
		return nil, err
	}
	w, err := output(m, "swap")
	if err != nil {
		return nil, err
	}
	s, err := output(m, "synonym")
	if err != nil {
		return nil, err
	}
	a, err := output(m, "abbreviation")
	if err != nil {
		return nil, err
	}
	_, mc, err := r.build(ctx, "bc5cdr-contract", "--kinds", "abbreviation", "--direction", "contract", test)
	if err != nil {
		return nil, err
	}
	c, err := output(mc, "abbreviation")
	if err != nil {
		return nil, err
	}
	rows, err := changes(dir)
	if err != nil {
		return nil, err
	}
	// K and W change the same positions: the selection is shared.
	positions := map[string]map[string]bool{"keyboard": {}, "swap": {}}
	levodopa := 0
	for _, row := range rows {
		if p, ok := positions[row["kind"]]; ok {
			p[row["sentence"]+":"+row["token"]] = true
		}
		if row["kind"] == "synonym" && strings.EqualFold(row["before"], "levodopa") && row["after"] == "L - dopa" {
			levodopa++
		}
	}
	samePositions := len(positions["keyboard"]) == len(positions["swap"])
	for p := range positions["keyboard"] {
		samePositions = samePositions && positions["swap"][p]
	}
	typed := func(o stressset.Output, typ string) string {
		return pct(o.Stats.TypeTokensModified["Chemical"], o.Stats.TypeTokens["Chemical"]) + " / " + pct(o.Stats.TypeTokensModified["Disease"], o.Stats.TypeTokens["Disease"])
	}
	var b strings.Builder
	b.WriteString("| set | tokens modified | entity tokens modified | Chemical / Disease tokens | mentions changed |\n|---|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| K (keyboard) | %s | %s | %s | %s of %s |\n", pct(k.Stats.TokensModified, k.Stats.Tokens), pct(k.Stats.EntityTokensModified, k.Stats.EntityTokens), typed(k, ""), count(k.Stats.MentionsReplaced), count(chem+dis))
	same := ""
	if samePositions {
		same = " (the same positions as K)"
	}
	fmt.Fprintf(&b, "| W (swap) | %s%s | %s | %s | %s of %s |\n", pct(w.Stats.TokensModified, w.Stats.Tokens), same, pct(w.Stats.EntityTokensModified, w.Stats.EntityTokens), typed(w, ""), count(w.Stats.MentionsReplaced), count(chem+dis))
	// Cited, not measured: Araujo et al. 2021, Table 2.
	b.WriteString("| paper (Araujo et al., their Table 2) | 33.8% | – | 66% / 86% | – |\n")
	sc, sd := s.Stats.MentionOutcomes["Chemical"]["replaced"], s.Stats.MentionOutcomes["Disease"]["replaced"]
	fmt.Fprintf(&b, "| S (synonym) | %s | %s | %s | %s of %s Chemical (%s), %s of %s Disease (%s) |\n", pct(s.Stats.TokensModified, s.Stats.Tokens), pct(s.Stats.EntityTokensModified, s.Stats.EntityTokens), typed(s, ""),
		count(sc), count(chem), pct(sc, chem), count(sd), count(dis), pct(sd, dis))
	ac, ad := a.Stats.MentionOutcomes["Chemical"]["replaced"], a.Stats.MentionOutcomes["Disease"]["replaced"]
	fmt.Fprintf(&b, "| abbreviation (expand) | %s | %s | %s | %s Chemical (%s), %s Disease (%s); contract: %s |\n", pct(a.Stats.TokensModified, a.Stats.Tokens), pct(a.Stats.EntityTokensModified, a.Stats.EntityTokens), typed(a, ""),
		count(ac), pct(ac, chem), count(ad), pct(ad, dis), count(c.Stats.MentionsReplaced))
	out = append(out, fig{"table", b.String()})

	au := s.Stats.Audit
	out = append(out,
		fig{"k.tokens", count(k.Stats.TokensModified)},
		fig{"k.tokens-pct-0", pct0(k.Stats.TokensModified, k.Stats.Tokens)},
		fig{"k.mentions", count(k.Stats.MentionsReplaced)},
		fig{"k.untouched", count(chem + dis - k.Stats.MentionsReplaced)},
		fig{"s.total", count(s.Stats.MentionsReplaced)},
		fig{"s.chemical", count(sc)},
		fig{"s.chemical-pct", pct(sc, chem)},
		fig{"s.disease", count(sd)},
		fig{"s.disease-pct", pct(sd, dis)},
		fig{"s.mentions-pct", pct(s.Stats.MentionsReplaced, chem+dis)},
		fig{"s.lexicon", count(au["replacements"]["lexicon name"])},
		fig{"s.organ", count(au["replacements"]["organ rule"])},
		fig{"s.curated", count(au["replacements"]["curated pair"])},
		fig{"s.element", count(au["replacements"]["element"])},
		fig{"s.digits", count(au["proxies"]["adds digits"])},
		fig{"s.non-ascii", count(au["proxies"]["adds non-ASCII"])},
		fig{"s.inverted", count(au["proxies"]["inverted X , Y"])},
		fig{"s.an", count(au["proxies"]["a/an mismatch"])},
		fig{"s.number", count(au["proxies"]["changes number"])},
		fig{"s.long", count(au["proxies"]["more than 2x tokens"])},
		fig{"s.long-pct", pct(au["proxies"]["more than 2x tokens"], s.Stats.MentionsReplaced)},
		fig{"s.levodopa", count(levodopa)},
		fig{"s.chemical-filtered", count(s.Stats.MentionOutcomes["Chemical"]["filtered"])},
		fig{"s.disease-filtered", count(s.Stats.MentionOutcomes["Disease"]["filtered"])},
		fig{"abbr.total", count(a.Stats.MentionsReplaced)},
		fig{"abbr.chemical", count(ac)},
		fig{"abbr.disease", count(ad)},
		fig{"abbr.chemical-defining", count(a.Stats.MentionOutcomes["Chemical"]["in a definition"])},
		fig{"abbr.disease-defining", count(a.Stats.MentionOutcomes["Disease"]["in a definition"])},
		fig{"abbr.contract", count(c.Stats.MentionsReplaced)},
		fig{"abbr.contract-pct", pct(c.Stats.MentionsReplaced, chem+dis)},
	)
	// Why mentions were left, as stress stats prints it.
	res, err := r.stress(ctx, r.tmp, "stats", "--manifest", filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	_, rest, ok := strings.Cut(res.stdout, "Gold mentions per type: replaced, or why they were left:\n")
	outcomes, _, ok2 := strings.Cut(rest, "\n\n")
	if !ok || !ok2 {
		return nil, fmt.Errorf("stress stats --manifest: no table of mention outcomes in\n%s", res.stdout)
	}
	return append(out, fig{"outcomes", outcomes + "\n"}), nil
}

func measureNCBI(ctx context.Context, r *runner) ([]fig, error) {
	_, m, err := r.build(ctx, "ncbi-abbr", "--kinds", "abbreviation", r.corpus("NCBI-disease-IOB/test.tsv"))
	if err != nil {
		return nil, err
	}
	a, err := output(m, "abbreviation")
	if err != nil {
		return nil, err
	}
	out := []fig{{"test.abbr", count(a.Stats.MentionsReplaced)}}
	for _, split := range []string{"test", "train"} {
		_, m, err := r.build(ctx, "ncbi-"+split, "--kinds", "synonym", r.corpus("NCBI-disease-IOB/"+split+".tsv"))
		if err != nil {
			return nil, err
		}
		s, err := output(m, "synonym")
		if err != nil {
			return nil, err
		}
		out = append(out,
			fig{split + ".s", count(s.Stats.MentionsReplaced)},
			fig{split + ".mentions", count(m.Inputs[0].Stats.Entities["Disease"])},
			fig{split + ".s-pct", pct(s.Stats.MentionsReplaced, m.Inputs[0].Stats.Entities["Disease"])},
		)
	}
	return out, nil
}

// measureHeldOut counts the mentions the synonym kind's default changes
// in corpora its rules were not written from, per chemical and disease
// type: what a blind validation sample of them can draw from.
func measureHeldOut(ctx context.Context, r *runner) ([]fig, error) {
	var out []fig
	for _, c := range []struct {
		name  string
		files []string
		types map[string]string // figure name -> the corpus's type
	}{
		{"biored-devel", []string{"BioRED/devel.pubtator"}, map[string]string{"chem": "ChemicalEntity", "diso": "DiseaseOrPhenotypicFeature"}},
		{"craft", []string{"foreign-iob/CRAFT/train.tsv", "foreign-iob/CRAFT/devel.tsv"}, map[string]string{"chem": "CHEBI"}},
	} {
		args := []string{"--kinds", "synonym"}
		for _, f := range c.files {
			args = append(args, r.corpus(f))
		}
		_, m, err := r.build(ctx, "heldout-"+c.name, args...)
		if err != nil {
			return nil, err
		}
		mentions, replaced := map[string]int{}, map[string]int{}
		for _, in := range m.Inputs {
			for _, o := range in.Outputs {
				if o.Kind != "synonym" {
					continue
				}
				for fname, typ := range c.types {
					for _, n := range o.Stats.MentionOutcomes[typ] {
						mentions[fname] += n
					}
					replaced[fname] += o.Stats.MentionOutcomes[typ]["replaced"]
				}
			}
		}
		for fname := range c.types {
			if mentions[fname] == 0 {
				return nil, fmt.Errorf("%s: no %s mentions in the synonym set's stats", c.name, c.types[fname])
			}
			out = append(out,
				fig{c.name + "." + fname + ".mentions", count(mentions[fname])},
				fig{c.name + "." + fname + ".s", count(replaced[fname])},
				fig{c.name + "." + fname + ".s-pct", pct(replaced[fname], mentions[fname])},
			)
		}
	}
	return out, nil
}

// measurePreservation runs the cross-validated check of the synonym
// kind's tests and reads the figures it logs.
func measurePreservation(ctx context.Context, r *runner) ([]fig, error) {
	res, err := r.command(ctx, r.root, nil, "go", "test", "-count=1", "-run", "^TestPreservationCrossValidated$", "-v", "./perturb/synonym")
	if err != nil {
		return nil, err
	}
	re := regexp.MustCompile(`train names, dev mentions: (\d+) mentions, (\d+) replaced \([^)]*\): (\d+) keep the MeSH id, (\d+) name another descriptor`)
	m := re.FindStringSubmatch(res.stdout)
	if m == nil {
		return nil, fmt.Errorf("no figures in the test's log:\n%s", res.stdout)
	}
	kept, _ := strconv.Atoi(m[3])
	other, _ := strconv.Atoi(m[4])
	return []fig{
		{"kept", count(kept)},
		{"checkable", count(kept + other)},
		{"kept-pct", fmt.Sprintf("%.1f%%", 100*float64(kept)/float64(kept+other))},
	}, nil
}

// measureLimit runs scripts/speed.py, which prints a line saying what
// it measured, a blank line and the table of issue 34: the line and the
// table are its figures.
func measureLimit(ctx context.Context, r *runner) ([]fig, error) {
	py := os.Getenv("PYTHON")
	if py == "" {
		py = "python3"
	}
	res, err := r.command(ctx, r.root, nil, py, "scripts/speed.py")
	if err != nil {
		return nil, err
	}
	setting, table, ok := strings.Cut(strings.TrimSpace(res.stdout), "\n\n")
	if !ok || !strings.HasPrefix(table, "| work |") {
		return nil, fmt.Errorf("scripts/speed.py printed no table:\n%s", res.stdout)
	}
	return []fig{{"setting", setting}, {"table", table + "\n"}}, nil
}

// measureSize builds the smallest program of the library, keyboard typos
// alone, and gives its size (it depends on the Go toolchain).
func measureSize(ctx context.Context, r *runner) ([]fig, error) {
	// The smallest program of the library: keyboard typos alone.
	prog := filepath.Join(r.tmp, "keyboard")
	if _, err := r.command(ctx, r.root, nil, "go", "build", "-o", prog, "./internal/figures/gen/testdata/keyboard"); err != nil {
		return nil, err
	}
	fi, err := os.Stat(prog)
	if err != nil {
		return nil, err
	}
	return []fig{{"keyboard-program", fmt.Sprintf("%.1f MB", float64(fi.Size())/(1<<20))}}, nil
}

// measureTiming times what a newcomer waits for: the first build of
// stress with an empty Go build cache, and stress run on the sample.
func measureTiming(ctx context.Context, r *runner) ([]fig, error) {
	cache, err := r.dir("gocache")
	if err != nil {
		return nil, err
	}
	res, err := r.command(ctx, r.root, []string{"GOCACHE=" + cache}, "go", "build", "-o", filepath.Join(r.tmp, "stress-cold"), "./cmd/stress")
	if err != nil {
		return nil, err
	}
	cold := res
	if _, err := r.stressBin(ctx); err != nil {
		return nil, err
	}
	dir, err := r.dir("first-run")
	if err != nil {
		return nil, err
	}
	first, err := r.stress(ctx, dir, "run")
	if err != nil {
		return nil, err
	}
	return []fig{
		{"build-cpu", seconds(cold.cpu)},
		{"first-run", seconds(first.wall)},
	}, nil
}

// mentionStrings returns the gold mentions of a corpus file, lower-cased,
// tokens joined by spaces.
func mentionStrings(path string) (map[string]bool, error) {
	sents, err := conll.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, s := range sents {
		for _, sp := range iob.Spans(s.Tags) {
			out[strings.ToLower(strings.Join(s.Tokens[sp.Start:sp.End], " "))] = true
		}
	}
	return out, nil
}

// seen counts the change-log rows of kind whose replacement is one of
// names (lower-cased).
func seen(rows []map[string]string, kind string, names map[string]bool) (n, of int) {
	for _, row := range rows {
		if row["kind"] == kind {
			of++
			if names[strings.ToLower(row["after"])] {
				n++
			}
		}
	}
	return n, of
}

// measureKinds measures the kinds beyond K, W and S on BC5CDR test, and
// the options of the synonym kind.
func measureKinds(ctx context.Context, r *runner) ([]fig, error) {
	test, train := r.corpus("BC5CDR-IOB/test.tsv"), r.corpus("BC5CDR-IOB/train.tsv")
	trainNames, err := mentionStrings(train)
	if err != nil {
		return nil, err
	}
	var out []fig
	// Spelling: tokens respelled, inside mentions, the most frequent pairs.
	dir, m, err := r.build(ctx, "kinds-spelling", "--kinds", "spelling", test)
	if err != nil {
		return nil, err
	}
	sp, err := output(m, "spelling")
	if err != nil {
		return nil, err
	}
	rows, err := changes(dir)
	if err != nil {
		return nil, err
	}
	pairs := map[string]int{}
	for _, row := range rows {
		pairs[strings.ToLower(row["before"])+" → "+strings.ToLower(row["after"])]++
	}
	top := make([]string, 0, len(pairs))
	for p := range pairs {
		top = append(top, p)
	}
	sort.Slice(top, func(i, j int) bool {
		if pairs[top[i]] != pairs[top[j]] {
			return pairs[top[i]] > pairs[top[j]]
		}
		return top[i] < top[j]
	})
	var tops []string
	for _, p := range top[:min(5, len(top))] {
		tops = append(tops, fmt.Sprintf("%s (%d)", p, pairs[p]))
	}
	out = append(out,
		fig{"spelling.tokens", count(sp.Stats.TokensModified)},
		fig{"spelling.entity-tokens", count(sp.Stats.EntityTokensModified)},
		fig{"spelling.top", strings.Join(tops, ", ")},
	)
	// Entity swap: default selection, every mention, names unseen in train.
	mentions := 0
	for _, n := range m.Inputs[0].Stats.Entities {
		mentions += n
	}
	dir, m, err = r.build(ctx, "kinds-eswap", "--kinds", "entity-swap", test)
	if err != nil {
		return nil, err
	}
	es, err := output(m, "entity-swap")
	if err != nil {
		return nil, err
	}
	rows, err = changes(dir)
	if err != nil {
		return nil, err
	}
	trainSeen, _ := seen(rows, "entity-swap", trainNames)
	_, m, err = r.build(ctx, "kinds-eswap-all", "--kinds", "entity-swap", "--select", "all", "--min-length", "1", test)
	if err != nil {
		return nil, err
	}
	all, err := output(m, "entity-swap")
	if err != nil {
		return nil, err
	}
	dir, m, err = r.build(ctx, "kinds-eswap-unseen", "--kinds", "entity-swap", "--select", "all", "--min-length", "1", "--unseen-in", train, test)
	if err != nil {
		return nil, err
	}
	unseen, err := output(m, "entity-swap")
	if err != nil {
		return nil, err
	}
	rows, err = changes(dir)
	if err != nil {
		return nil, err
	}
	unseenSeen, _ := seen(rows, "entity-swap", trainNames)
	out = append(out,
		fig{"eswap.mentions", count(es.Stats.MentionsReplaced)},
		fig{"eswap.mentions-pct", pct(es.Stats.MentionsReplaced, mentions)},
		fig{"eswap.all", count(all.Stats.MentionsReplaced)},
		fig{"eswap.all-pct", pct(all.Stats.MentionsReplaced, mentions)},
		fig{"eswap.unseen", count(unseen.Stats.MentionsReplaced)},
		fig{"eswap.unseen-seen", count(unseenSeen)},
		fig{"eswap.train-seen", count(trainSeen)},
	)
	// The synonym kind's rates, nested, and its names unseen in train.
	_, m, err = r.build(ctx, "bc5cdr", "--kinds", "keyboard,swap,synonym,abbreviation", test)
	if err != nil {
		return nil, err
	}
	full, err := output(m, "synonym")
	if err != nil {
		return nil, err
	}
	for _, rate := range []string{"0.5", "0.1"} {
		_, m, err := r.build(ctx, "kinds-rate-"+rate, "--kinds", "synonym", "--rate", rate, test)
		if err != nil {
			return nil, err
		}
		o, err := output(m, "synonym")
		if err != nil {
			return nil, err
		}
		out = append(out,
			fig{"rate-" + rate, count(o.Stats.MentionsReplaced)},
			fig{"rate-" + rate + "-pct", pct(o.Stats.MentionsReplaced, full.Stats.MentionsReplaced)},
		)
	}
	dir, _, err = r.build(ctx, "bc5cdr", "--kinds", "keyboard,swap,synonym,abbreviation", test)
	if err != nil {
		return nil, err
	}
	rows, err = changes(dir)
	if err != nil {
		return nil, err
	}
	defaultSeen, defaultN := seen(rows, "synonym", trainNames)
	dir, _, err = r.build(ctx, "kinds-unseen", "--kinds", "synonym", "--unseen-in", train, test)
	if err != nil {
		return nil, err
	}
	rows, err = changes(dir)
	if err != nil {
		return nil, err
	}
	preferSeen, preferN := seen(rows, "synonym", trainNames)
	dir, _, err = r.build(ctx, "kinds-unseen-only", "--kinds", "synonym", "--unseen-in", train, "--unseen-only", test)
	if err != nil {
		return nil, err
	}
	rows, err = changes(dir)
	if err != nil {
		return nil, err
	}
	onlySeen, onlyN := seen(rows, "synonym", trainNames)
	out = append(out,
		fig{"unseen.default-seen", count(defaultSeen)},
		fig{"unseen.default", count(defaultN)},
		fig{"unseen.prefer-seen", count(preferSeen)},
		fig{"unseen.prefer", count(preferN)},
		fig{"unseen.only-seen", count(onlySeen)},
		fig{"unseen.only", count(onlyN)},
	)
	return out, nil
}
