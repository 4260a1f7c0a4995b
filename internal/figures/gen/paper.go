package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// The paper's experiment as scripts/reproduce.sh runs it.
var (
	paperKinds   = "keyboard,swap,synonym,spelling,case,ocr,insert,delete,entity-swap"
	paperSystems = []string{"words", "words+K", "words+W", "words+S", "chars", "chars+K", "chars+W", "chars+S"}
)

// scoreJSON is the part of compare's JSON report the figures use.
type scoreJSON struct {
	Gold, Pred, Correct   int
	Precision, Recall, F1 float64
	F1CI                  *struct{ Low, High float64 } `json:"f1_ci"`
}

type compareJSON struct {
	Systems []struct {
		Name    string
		Results []struct {
			Set     string
			Overall scoreJSON
			Types   []struct {
				Type string
				F1   float64
			}
			Drop *struct {
				Value float64
				CI    struct{ Low, High float64 }
			}
			Perturbed          *scoreJSON
			Untouched          *scoreJSON
			ReferencePerturbed *scoreJSON `json:"reference_perturbed"`
			ReferenceUntouched *scoreJSON `json:"reference_untouched"`
			Errors             map[string]int
		}
	}
}

// figName makes a system's name part of a figure's: chars+K -> chars-k.
func figName(s string) string { return strings.ToLower(strings.ReplaceAll(s, "+", "-")) }

func f2(x float64) string { return fmt.Sprintf("%.2f", x) }
func f1(x float64) string { return fmt.Sprintf("%.1f", x) }

// minus writes a signed number with a minus sign: −0.7%.
func minus(s string) string {
	if v, ok := strings.CutPrefix(s, "-"); ok {
		return "−" + v
	}
	return "+" + s
}

func ci(low, high float64) string { return fmt.Sprintf("[%.2f, %.2f]", low, high) }

// tableAfter returns the first Markdown table after the line holding title.
func tableAfter(doc, title string) (string, error) {
	i := strings.Index(doc, title)
	if i < 0 {
		return "", fmt.Errorf("no %q in the report", title)
	}
	var b strings.Builder
	started := false
	for _, line := range strings.Split(doc[i:], "\n")[1:] {
		if strings.HasPrefix(line, "|") {
			started = true
			b.WriteString(line + "\n")
		} else if started {
			break
		}
	}
	if !started {
		return "", fmt.Errorf("no table after %q in the report", title)
	}
	return b.String(), nil
}

func measurePaper(ctx context.Context, r *runner) ([]fig, error) {
	train, test := r.corpus("BC5CDR-IOB/train.tsv"), r.corpus("BC5CDR-IOB/test.tsv")
	out := filepath.Join(r.tmp, "paper")
	// The command of scripts/reproduce.sh, with the built binary.
	run, err := r.stress(ctx, r.tmp, "run", "--force", "--train", train, "--test", test,
		"--kinds", paperKinds, "--unseen-in", train, "--augment", "keyboard,swap,synonym",
		"--seed", "1", "--epochs", "10", "--samples", "1000", "--out", out, "--format", "markdown")
	if err != nil {
		return nil, err
	}
	var figs []fig
	for _, t := range []struct{ name, title string }{
		{"table3", "F1 on original (O) and stress sets"},
		{"table4", "F1 of baselines trained on original (O) and original + perturbed"},
	} {
		tab, err := tableAfter(run.stdout, t.title)
		if err != nil {
			return nil, err
		}
		figs = append(figs, fig{t.name, tab})
	}
	m, err := manifest(out)
	if err != nil {
		return nil, err
	}
	in := m.Inputs[0].Stats
	k, err := output(m, "keyboard")
	if err != nil {
		return nil, err
	}
	syn, err := output(m, "synonym")
	if err != nil {
		return nil, err
	}
	figs = append(figs,
		fig{"sentences", count(in.Sentences)},
		fig{"tokens", count(in.Tokens)},
		fig{"mentions", count(in.Entities["Chemical"] + in.Entities["Disease"])},
		fig{"chemical", count(in.Entities["Chemical"])},
		fig{"disease", count(in.Entities["Disease"])},
		fig{"k.tokens", count(k.Stats.TokensModified)},
		fig{"k.mentions", count(k.Stats.MentionsReplaced)},
		fig{"s.total", count(syn.Stats.MentionsReplaced)},
		fig{"s.mentions-pct", pct(syn.Stats.MentionsReplaced, in.Entities["Chemical"]+in.Entities["Disease"])},
		fig{"s.chemical", count(syn.Stats.MentionOutcomes["Chemical"]["replaced"])},
		fig{"s.disease", count(syn.Stats.MentionOutcomes["Disease"]["replaced"])},
		fig{"wall", seconds(run.wall)},
		fig{"cpu", seconds(run.cpu)},
		fig{"rss", fmt.Sprintf("%.1f GB", float64(run.maxRSS)/1e9)},
	)
	// Every figure of every system and set, from compare's JSON report.
	args := []string{"compare", "--build", out, "--format", "json", "--samples", "1000", "--seed", "1"}
	for _, s := range paperSystems {
		args = append(args, "--pred", s+"="+filepath.Join(out, "pred", s))
	}
	res, err := r.stress(ctx, r.tmp, args...)
	if err != nil {
		return nil, err
	}
	var rep compareJSON
	if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
		return nil, fmt.Errorf("compare --format json: %w", err)
	}
	type key struct{ system, set string }
	f1s := map[key]float64{}
	for _, sys := range rep.Systems {
		for _, res := range sys.Results {
			k := figName(sys.Name) + "." + strings.ToLower(res.Set)
			f1s[key{sys.Name, res.Set}] = res.Overall.F1
			figs = append(figs, fig{"f1." + k, f2(res.Overall.F1)}, fig{"f1-1." + k, f1(res.Overall.F1)})
			if res.Overall.F1CI != nil {
				figs = append(figs, fig{"ci." + k, ci(res.Overall.F1CI.Low, res.Overall.F1CI.High)})
			}
			if d := res.Drop; d != nil {
				figs = append(figs,
					fig{"drop." + k, f2(d.Value)}, fig{"drop-1." + k, f1(d.Value) + "%"},
					fig{"drop-0." + k, fmt.Sprintf("%.0f%%", d.Value)},
					fig{"drop-ci." + k, ci(d.CI.Low, d.CI.High)},
					fig{"points." + k, f1(f1s[key{sys.Name, "O"}] - res.Overall.F1)},
				)
			}
			for _, t := range res.Types {
				figs = append(figs, fig{"f1-1." + k + "." + strings.ToLower(t.Type), f1(t.F1)})
			}
			for name, s := range map[string]*scoreJSON{"perturbed": res.Perturbed, "untouched": res.Untouched, "perturbed-on-o": res.ReferencePerturbed, "untouched-on-o": res.ReferenceUntouched} {
				if s != nil {
					figs = append(figs, fig{name + "." + k, f1(s.F1)})
				}
			}
			for name, n := range res.Errors {
				figs = append(figs, fig{"errors." + name + "." + k, count(n)})
			}
		}
	}
	// The tables of the documents, written from the report's figures.
	byName := map[string]int{}
	for i, s := range rep.Systems {
		byName[s.Name] = i
	}
	result := func(system, set string) (scoreJSON, *struct {
		Value float64
		CI    struct{ Low, High float64 }
	}, error) {
		i, ok := byName[system]
		if !ok {
			return scoreJSON{}, nil, fmt.Errorf("no system %s in the report", system)
		}
		for _, res := range rep.Systems[i].Results {
			if res.Set == set {
				return res.Overall, res.Drop, nil
			}
		}
		return scoreJSON{}, nil, fmt.Errorf("no set %s of %s in the report", set, system)
	}
	var b strings.Builder
	b.WriteString("| system | set | P | R | F1 | F1 CI | drop % | drop CI |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, sys := range []string{"words", "chars"} {
		for _, set := range []string{"O", "keyboard", "swap", "synonym"} {
			s, d, err := result(sys, set)
			if err != nil {
				return nil, err
			}
			drop, dci := "", ""
			if d != nil {
				drop, dci = f2(d.Value), ci(d.CI.Low, d.CI.High)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", sys, set, f2(s.Precision), f2(s.Recall), f2(s.F1), ci(s.F1CI.Low, s.F1CI.High), drop, dci)
		}
	}
	figs = append(figs, fig{"ci-table", b.String()})
	b.Reset()
	b.WriteString("| system | set | perturbed gold | perturbed F1 | perturbed CI | untouched gold | untouched F1 | untouched CI | perturbed F1 on O | untouched F1 on O |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, sys := range []string{"words", "chars"} {
		for _, res := range rep.Systems[byName[sys]].Results {
			if !slices.Contains([]string{"keyboard", "swap", "synonym"}, res.Set) {
				continue
			}
			p, u, po, uo := res.Perturbed, res.Untouched, res.ReferencePerturbed, res.ReferenceUntouched
			if p == nil || u == nil || po == nil || uo == nil || p.F1CI == nil || u.F1CI == nil {
				return nil, fmt.Errorf("%s on %s: no perturbed/untouched split in the report", sys, res.Set)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %d | %s | %s | %s | %s |\n", sys, res.Set, p.Gold, f2(p.F1), ci(p.F1CI.Low, p.F1CI.High),
				u.Gold, f2(u.F1), ci(u.F1CI.Low, u.F1CI.High), f2(po.F1), f2(uo.F1))
		}
	}
	figs = append(figs, fig{"split-table", b.String()})
	// Every kind beyond K, W and S: F1 (drop) and intervals of the
	// baselines trained on O, then F1 of the augmented ones.
	beyond := []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap"}
	b.Reset()
	b.WriteString("| model | O | spelling | case (upper) | ocr | insert | delete | entity-swap (unseen) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	var cis strings.Builder
	for _, sys := range []string{"words", "chars"} {
		o, _, err := result(sys, "O")
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "| %s | %s |", sys, f2(o.F1))
		fmt.Fprintf(&cis, "| %s CI | %s |", sys, ci(o.F1CI.Low, o.F1CI.High))
		for _, set := range beyond {
			s, d, err := result(sys, set)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&b, " %s (%s%%) |", f2(s.F1), minus(f1(-d.Value)))
			fmt.Fprintf(&cis, " %s |", ci(s.F1CI.Low, s.F1CI.High))
		}
		b.WriteString("\n")
		cis.WriteString("\n")
	}
	figs = append(figs, fig{"beyond-table", b.String() + cis.String()})
	b.Reset()
	b.WriteString("| model | train | spelling | case | ocr | insert | delete | entity-swap |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, base := range []string{"words", "chars"} {
		for _, aug := range []string{"K", "W", "S"} {
			fmt.Fprintf(&b, "| %s | O+%s |", base, aug)
			for _, set := range beyond {
				s, _, err := result(base+"+"+aug, set)
				if err != nil {
					return nil, err
				}
				fmt.Fprintf(&b, " %s |", f2(s.F1))
			}
			b.WriteString("\n")
		}
		// The range the three augmented models span on each set.
		for _, set := range beyond {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, aug := range []string{"K", "W", "S"} {
				v := f1s[key{base + "+" + aug, set}]
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
			figs = append(figs, fig{"augmented-range." + base + "." + set, f1(lo) + "–" + f1(hi)})
		}
	}
	figs = append(figs, fig{"augmented-table", b.String()})

	// The mentions K leaves untouched: abbreviations, short and upper-case.
	upper, chars, untouched, err := untouchedMentions(test, filepath.Join(out, "test_key.tsv"))
	if err != nil {
		return nil, err
	}
	figs = append(figs,
		fig{"untouched", count(untouched)},
		fig{"untouched-upper", pct0(upper, untouched)},
		fig{"untouched-chars", fmt.Sprintf("%.1f", float64(chars)/float64(untouched))},
	)
	// How many test S replacements the S copy of the training split also
	// writes (what O+S was trained on).
	testRows, err := changes(out)
	if err != nil {
		return nil, err
	}
	trainDir, _, err := r.build(ctx, "paper-train-synonym", "--kinds", "synonym", train)
	if err != nil {
		return nil, err
	}
	trainRows, err := changes(trainDir)
	if err != nil {
		return nil, err
	}
	trainAfter := map[string]bool{}
	for _, row := range trainRows {
		trainAfter[strings.ToLower(row["after"])] = true
	}
	shared, all := seen(testRows, "synonym", trainAfter)
	figs = append(figs,
		fig{"s-in-train", count(shared)},
		fig{"s-replacements", count(all)},
		fig{"s-in-train-pct", pct0(shared, all)},
	)
	sents, err := conll.ReadFile(train)
	if err != nil {
		return nil, err
	}
	figs = append(figs, fig{"train-sentences", count(len(sents))}, fig{"augmented-sentences", count(2 * len(sents))})
	return figs, nil
}

// untouchedMentions counts the gold mentions of orig whose tokens the set
// left as they were, those all in upper case, and their characters.
func untouchedMentions(orig, set string) (upper, chars, n int, err error) {
	a, err := conll.ReadFile(orig)
	if err != nil {
		return 0, 0, 0, err
	}
	b, err := conll.ReadFile(set)
	if err != nil {
		return 0, 0, 0, err
	}
	if len(a) != len(b) {
		return 0, 0, 0, fmt.Errorf("%s: %d sentences, %s %d", orig, len(a), set, len(b))
	}
	for i := range a {
		for _, sp := range iob.Spans(a[i].Tags) {
			if !slices.Equal(a[i].Tokens[sp.Start:sp.End], b[i].Tokens[sp.Start:sp.End]) {
				continue
			}
			n++
			text := strings.Join(a[i].Tokens[sp.Start:sp.End], "")
			chars += len([]rune(text))
			if strings.IndexFunc(text, unicode.IsLower) < 0 {
				upper++
			}
		}
	}
	return upper, chars, n, nil
}

// measureCurve runs the robustness curves of docs/paper.md.
func measureCurve(ctx context.Context, r *runner) ([]fig, error) {
	train, test := r.corpus("BC5CDR-IOB/train.tsv"), r.corpus("BC5CDR-IOB/test.tsv")
	dir, err := r.dir("curve")
	if err != nil {
		return nil, err
	}
	// The command of the document, timed, and its table.
	res, err := r.stress(ctx, dir, "curve", "--kinds", "keyboard", "--rates", "0.1,0.25,0.5,1",
		"--baselines", "--train", train, "--test", test, "--html", "curve.html", "--format", "markdown", "-q")
	if err != nil {
		return nil, err
	}
	tab, err := tableAfter(res.stdout, "**keyboard**")
	if err != nil {
		return nil, err
	}
	figs := []fig{{"keyboard-table", tab}, {"wall", seconds(res.wall)}}
	res, err = r.stress(ctx, dir, "curve", "--kinds", "keyboard,synonym,abbreviation", "--rates", "0.1,0.25,0.5,1",
		"--baselines", "--train", train, "--test", test, "--format", "json", "-q")
	if err != nil {
		return nil, err
	}
	var c struct {
		Points []struct {
			System, Kind string
			Rate         float64
			F1           float64
		}
	}
	if err := json.Unmarshal([]byte(res.stdout), &c); err != nil {
		return nil, err
	}
	o := map[string]float64{}
	for _, p := range c.Points {
		if p.Rate == 0 {
			o[p.System] = p.F1
		}
	}
	for _, p := range c.Points {
		if p.Rate == 0 {
			if p.Kind == "keyboard" { // every kind has the same point at rate 0: O
				figs = append(figs, fig{p.System + "-o", f2(p.F1)})
			}
			continue
		}
		k := fmt.Sprintf("%s-%s-%g", p.Kind, p.System, p.Rate)
		unicodeMinus := func(s string) string { return strings.Replace(s, "-", "−", 1) }
		figs = append(figs, fig{k, f2(p.F1)}, fig{k + "-points", unicodeMinus(f1(p.F1 - o[p.System]))},
			fig{k + "-points-0", unicodeMinus(fmt.Sprintf("%.0f", p.F1-o[p.System]))})
	}
	return figs, nil
}

// measureAttack runs the attacks of docs/attack.md against both baselines.
func measureAttack(ctx context.Context, r *runner) ([]fig, error) {
	train, test := r.corpus("BC5CDR-IOB/train.tsv"), r.corpus("BC5CDR-IOB/test.tsv")
	dir, err := r.dir("attack")
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("| model | attacked | success rate | F1 before | F1 after | F1 random (same words) | random success | words / success | queries / success | wall time |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var figs []fig
	for _, model := range []string{"words", "chars"} {
		if _, err := r.stress(ctx, dir, "train", "--features", model, "-q", "-o", model+".model", train); err != nil {
			return nil, err
		}
		res, err := r.stress(ctx, dir, "attack", "--model", model+".model", "--kinds", "keyboard", "--max-words", "2",
			"-o", model+"-adv.tsv", "--log", model+"-adv.log", "--random", model+"-random.tsv", "--format", "json", "-q", test)
		if err != nil {
			return nil, err
		}
		var a struct {
			Attacked          int
			SuccessRate       float64 `json:"success_rate"`
			F1Before          float64 `json:"f1_before"`
			F1After           float64 `json:"f1_after"`
			RandomF1          float64 `json:"random_f1"`
			RandomSuccessRate float64 `json:"random_success_rate"`
			WordsPerSuccess   float64 `json:"words_per_success"`
			QueriesPerSuccess float64 `json:"queries_per_success"`
		}
		if err := json.Unmarshal([]byte(res.stdout), &a); err != nil {
			return nil, fmt.Errorf("attack --format json: %w", err)
		}
		fmt.Fprintf(&b, "| %s | %s | %.1f%% | %s | %s | %s | %.1f%% | %.2f | %.1f | %s |\n", model, count(a.Attacked), a.SuccessRate,
			f2(a.F1Before), f2(a.F1After), f2(a.RandomF1), a.RandomSuccessRate, a.WordsPerSuccess, a.QueriesPerSuccess, seconds(res.wall))
		figs = append(figs,
			fig{model + ".points", f1(a.F1Before - a.F1After)},
			fig{model + ".random-points", f1(a.F1Before - a.RandomF1)},
		)
	}
	return append(figs, fig{"table", b.String()}), nil
}
