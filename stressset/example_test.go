package stressset_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
)

// A keyboard and a swap stress set of the embedded BC5CDR sample, with
// change log and manifest, then read back for comparison.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "stress-build")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	inputs, _ := stressset.Inputs(nil) // no files: the embedded sample
	plan := &stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Inputs: inputs, Dir: dir, Version: "example"}
	for _, name := range []string{"keyboard", "swap"} {
		k, _ := kinds.Lookup(name)
		opts, _ := k.Resolve(nil) // the defaults, as the manifest records them
		plan.Kinds = append(plan.Kinds, perturb.ManifestKind{Name: k.Name, Suffix: k.Suffix, Options: opts})
	}
	_, outputs := plan.Files()
	for _, o := range outputs {
		fmt.Println(filepath.Base(o))
	}
	if _, err := stressset.Run(context.Background(), plan); err != nil {
		fmt.Println(err)
		return
	}
	b, err := stressset.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	in, _ := b.Input("")
	sets, err := b.Sets(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sets {
		fmt.Printf("%s: %d sentences, change log: %v\n", s.Name, len(s.Gold), s.Changed != nil)
	}
	// Output:
	// test_key.tsv
	// test_swap.tsv
	// changes.tsv
	// manifest.json
	// O: 512 sentences, change log: false
	// keyboard: 512 sentences, change log: true
	// swap: 512 sentences, change log: true
}

func ExampleChangeWriter() {
	cw := stressset.NewChangeWriter(os.Stdout)
	cw.Write(perturb.Change{File: "test_key.tsv", Sentence: 0, Token: 9, End: 10, Kind: "keyboard",
		Before: "dobutamine", After: "dobut1mine"})
	cw.Flush()
	if err := cw.Error(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// file	sentence	token	end	kind	before	after	concept_id	source	term_type
	// test_key.tsv	1	10	10	keyboard	dobutamine	dobut1mine
}
