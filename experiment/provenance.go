package experiment

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/filehash"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

// DescribeSet tells a compare.Comparer what a set named after a kind is
// (sets of stress run and stress build are named by their kind): the
// kind and whether a report counts its changes in mentions
// (perturb.Kind.MeasuredOnMentions); other names (the original) are not
// described.
func DescribeSet(name string) compare.SetDescription {
	k, err := perturb.Lookup(name)
	if err != nil {
		return compare.SetDescription{}
	}
	return compare.SetDescription{Kind: name, Mentions: k.MeasuredOnMentions}
}

// provenance completes p (whose tool, version, revision, date and
// command the caller gave) with what the evaluation read and ran: the
// test corpus and stress sets of the build m, the training corpora, the
// systems and the kinds.
func (ev *Evaluation) provenance(p compare.Provenance, m *stressset.Manifest) (*compare.Provenance, error) {
	p.Seed = ev.Plan.Seed
	p.Selection = selection(ev.Plan.Selection)
	in := &m.Inputs[0]
	// The manifest holds the path relative to the build; the report
	// names the test corpus as it was given.
	p.Inputs = append(p.Inputs, testInput(ev.Plan.Inputs[0].Path, in))
	if len(ev.Systems.Baselines) > 0 {
		for _, path := range trainingCorpora(ev.Systems.Train) {
			info, err := describeCorpus("train", path, ev.Systems.Opener, ev.Systems.Scheme, ev.Systems.Repair)
			if err != nil {
				return nil, err
			}
			p.Inputs = append(p.Inputs, info)
		}
	}
	p.Kinds = append(p.Kinds, kindInfos(m.Kinds, in, ev.Plan.Dir)...)
	systems, err := ev.Systems.describe()
	if err != nil {
		return nil, err
	}
	p.Systems = systems
	return &p, nil
}

// selection is how a report states a build's selection.
func selection(sel perturb.Selection) string {
	return fmt.Sprintf("%s, rate %g, targets %s, min length %d", sel.Method, sel.Rate, sel.Targets, sel.MinLength)
}

// testInput describes the test corpus of a build, whose manifest
// records it as in, under the path it was given as.
func testInput(path string, in *stressset.Input) compare.InputInfo {
	return compare.InputInfo{Role: "test", Path: path, SHA256: in.SHA256,
		Sentences: in.Stats.Sentences, Tokens: in.Stats.Tokens, Mentions: total(in.Stats.Entities), Types: in.Stats.Entities}
}

// kindInfos describes the kinds of a build in directory dir and the set
// each made of its input in. Like every path of a report, a set's is
// relative to the directory the command ran in (the manifest's, to the
// build's).
func kindInfos(kinds []perturb.ManifestKind, in *stressset.Input, dir string) []compare.KindInfo {
	var out []compare.KindInfo
	for _, mk := range kinds {
		k := compare.KindInfo{Name: mk.Name, Set: mk.Name, Options: mk.Options}
		if kind, err := perturb.Lookup(mk.Name); err == nil {
			k.Help = kind.Help
		}
		for _, o := range in.Outputs {
			if o.Kind == mk.Name {
				k.File, k.SHA256 = filepath.Join(dir, o.File), o.SHA256
			}
		}
		out = append(out, k)
	}
	return out
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// describeCorpus describes a training corpus by its source: the
// SHA-256 of its bytes as stored (an embedded corpus's uncompressed
// bytes, as a build hashes them) and its counts, read from the source
// opener holds (conll.Opener.With), or read once here.
func describeCorpus(role, path string, opener conll.Opener, scheme iob.Scheme, repair func(conll.Repair)) (compare.InputInfo, error) {
	info := compare.InputInfo{Role: role, Path: path, Types: map[string]int{}}
	src := opener.Source(path)
	if src == nil && !opener.CanReread(path) || src != nil && !src.Rereadable {
		// Read once, by the training (which a source held would let
		// this hash too: the reports have said this since before).
		info.SHA256 = "not a regular file: not read twice"
		return info, nil
	}
	if src == nil {
		var err error
		if src, err = opener.Read(path); err != nil {
			return info, err
		}
	}
	info.SHA256 = src.SHA256
	sents, err := ReadTraining(opener.With(src), []string{path}, scheme, quietRepair(repair))
	if err != nil {
		return info, err
	}
	for _, s := range sents {
		info.Sentences++
		info.Tokens += len(s.Tokens)
		for _, sp := range iob.Spans(s.Tags) {
			info.Types[sp.Type]++
			info.Mentions++
		}
	}
	return info, nil
}

// quietRepair returns a repair that repairs as repair would and says nothing
// (the corpus is read again only to be counted: its repairs were or
// will be reported once), or nil when repair is nil (no repairs).
func quietRepair(repair func(conll.Repair)) func(conll.Repair) {
	if repair == nil {
		return nil
	}
	return func(conll.Repair) {}
}

// describe says what each system of s is, in the order of SystemNames.
func (s *Systems) describe() ([]compare.SystemInfo, error) {
	names := s.SystemNames()
	var out []compare.SystemInfo
	train := "the embedded sample's training part"
	if len(s.Train) > 0 {
		var bases []string
		for _, t := range s.Train {
			bases = append(bases, filepath.Base(t))
		}
		train = strings.Join(bases, " + ")
	}
	i := 0
	suffixes := []string{""}
	for _, mk := range s.Augment {
		suffixes = append(suffixes, mk.Name)
	}
	for _, aug := range suffixes {
		for _, f := range s.Baselines {
			src := fmt.Sprintf("built-in %s baseline (averaged perceptron), %s on %s", f, epochs(s.Epochs), train)
			if aug != "" {
				src += " plus one " + aug + " copy of it"
			}
			out = append(out, compare.SystemInfo{Name: names[i], Kind: "baseline", Source: src})
			i++
		}
	}
	for _, m := range s.Models {
		sum := "not a regular file: not read twice"
		if (conll.Opener{}).CanReread(m.File) {
			var err error
			if sum, err = filehash.File(m.File); err != nil {
				return nil, err
			}
		}
		out = append(out, compare.SystemInfo{Name: names[i], Kind: "model", Source: m.File, SHA256: sum})
		i++
	}
	for _, c := range s.Commands {
		out = append(out, compare.SystemInfo{Name: names[i], Kind: "command", Source: c})
		i++
	}
	for _, c := range s.Servers {
		out = append(out, compare.SystemInfo{Name: names[i], Kind: "server", Source: c})
		i++
	}
	return out, nil
}

// CompareProvenance completes p for a comparison of predictions (stress
// compare): the build's test corpus, kinds and sets, or the gold files,
// and each system's predictions.
func CompareProvenance(p compare.Provenance, buildDir, input string, preds []compare.Predictions,
	golds []compare.GoldFile, predFiles []compare.PredictionFile, seed uint64, sets []compare.SetInfo) (*compare.Provenance, error) {
	p.Seed = seed
	if buildDir != "" {
		b, err := stressset.Open(buildDir)
		if err != nil {
			return nil, err
		}
		in, err := b.Input(input)
		if err != nil {
			return nil, err
		}
		p.Seed = b.Manifest.Seed
		p.Selection = selection(b.Manifest.Selection)
		path, err := b.OriginalPath(in) // the manifest's path is relative to the build
		if err != nil {
			path = in.Path
		}
		p.Inputs = append(p.Inputs, testInput(path, in))
		p.Kinds = append(p.Kinds, kindInfos(b.Manifest.Kinds, in, buildDir)...)
		for _, pr := range preds {
			p.Systems = append(p.Systems, compare.SystemInfo{Name: pr.System, Kind: "predictions", Source: pr.Dir})
		}
		return &p, nil
	}
	for _, g := range golds {
		info := compare.InputInfo{Role: "gold " + g.Set, Path: g.Path, SHA256: "not a regular file: not read twice"}
		if (conll.Opener{}).CanReread(g.Path) {
			sum, err := filehash.File(g.Path)
			if err != nil {
				return nil, err
			}
			info.SHA256 = sum
		}
		for _, s := range sets { // as the comparison read them
			if s.Name == g.Set {
				info.Sentences, info.Tokens, info.Mentions = s.Sentences, s.Tokens, s.Mentions
			}
		}
		p.Inputs = append(p.Inputs, info)
	}
	for _, pf := range predFiles {
		src := pf.Path
		if pf.Set != "" {
			src = pf.Set + ": " + src
		}
		p.Systems = append(p.Systems, compare.SystemInfo{Name: pf.System, Kind: "predictions", Source: src})
	}
	return &p, nil
}

// epochs says how many training passes: "1 epoch", "10 epochs".
func epochs(n int) string {
	if n == 1 {
		return "1 epoch"
	}
	return fmt.Sprintf("%d epochs", n)
}
