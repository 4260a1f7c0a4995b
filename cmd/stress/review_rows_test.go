package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The rows of TestBadInputs for "stress review" (issue 23), kept apart
// from the others so that both lists grow without touching each other.

// reviewSetup returns the files of review's fixture build (b/ and the
// corpus it was made from, ../corpus.tsv from b) and of a sample of it
// (s/key.tsv), for rows that need them.
func reviewSetup(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, name := range []string{"manifest.json", "changes.tsv", "corpus_key.tsv", "corpus_swap.tsv", "corpus_synonym.tsv"} {
		b, err := os.ReadFile(filepath.Join(reviewFixture, name))
		if err != nil {
			t.Fatal(err)
		}
		files["b/"+name] = string(b)
	}
	b, err := os.ReadFile(filepath.Join(reviewFixture, "..", "corpus.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	files["corpus.tsv"] = string(b)
	files["s/key.tsv"] = "item\tfile\tline\tsentence\ttoken\tend\tkind\ttype\tsource\tbefore\tafter\tconcept_id\tterm_type\tlabels\n" +
		"ab12cd34-1\tcorpus_synonym.tsv\t82\t21\t16\t17\tsynonym\tDisease\tDOID\trenal failure\tkidney failure\tDOID:1074\tlabel\tnatural,unnatural,unsure\n"
	return files
}

// reviewRows are the rows.
func reviewRows(t *testing.T) []badInput {
	b := reviewSetup(t)
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range b {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	return []badInput{
		{name: "review sample into an earlier sample", setup: with(map[string]string{"s/review.html": "old\n"}),
			args: []string{"review", "sample", "--out", "s", "b"}, code: 1, msg: "s/review.html: file exists (use --force to replace it)",
			absent: []string{"s/items.tsv", "s/items.md", "s/sample.json"}},
		{name: "review sample --out a build's directory, its change log named key.tsv", setup: with(map[string]string{"b/key.tsv": b["b/changes.tsv"]}),
			args: []string{"review", "sample", "--out", "b", "--changes", "b/key.tsv", "b/corpus_key.tsv"}, code: 2, msg: "b/key.tsv: output would replace an input",
			absent: []string{"b/review.html"}},
		{name: "review sample of a build whose set changed", setup: with(map[string]string{"b/corpus_swap.tsv": "Aspirin\tB-Chemical\n"}),
			args: []string{"review", "sample", "--out", "s2", "b"}, code: 1, msg: "contents differ from the build manifest (sha256 mismatch)", absent: []string{"s2"}},
		{name: "review sample, a change log of other sets", setup: with(map[string]string{"log.tsv": "file\tsentence\ttoken\tend\tkind\tbefore\tafter\tconcept_id\tsource\tterm_type\n-\t1\t1\t1\tkeyboard\tSelegiline\tSelegilinw\t\t\t\n"}),
			args: []string{"review", "sample", "--out", "s2", "--changes", "log.tsv", "b/corpus_swap.tsv"}, code: 1,
			msg: `log.tsv:2: change log does not match the sets: after "Selegilinw", but the set has "22" there (sentence 1)`, absent: []string{"s2"}},
		{name: "review score, a judgement of another sample", setup: with(map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tnatural\nff00ee11-3\tunsure\n"}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1,
			msg: `j.tsv:3: bad judgement file: item "ff00ee11-3" is not in the key s/key.tsv (a judgement of another sample?)`},
		{name: "review score, an item judged twice", setup: with(map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tnatural\nab12cd34-1\tunsure\n"}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1, msg: `j.tsv:3: bad judgement file: item "ab12cd34-1" judged twice (first on line 2)`},
		{name: "review score, a label the item does not offer", setup: with(map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tgrammar broken\n"}),
			args: []string{"review", "score", "--key", "s/key.tsv", "j.tsv"}, code: 1,
			msg: `j.tsv:2: bad judgement file: label "grammar broken" is not one of item ab12cd34-1's labels (natural, unnatural, unsure, or their numbers 1 to 3)`},
		{name: "review score --key a change log", setup: with(map[string]string{"j.tsv": "item\tlabel\n"}),
			args: []string{"review", "score", "--key", "b/changes.tsv", "j.tsv"}, code: 1, msg: `b/changes.tsv:1: bad key file: header "file\tsentence`},
		{name: "review score --avoid over the key", setup: with(map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tunnatural\n"}),
			args: []string{"review", "score", "--key", "s/key.tsv", "--avoid", "s/key.tsv", "j.tsv"}, code: 2, msg: "s/key.tsv: output would replace an input"},
		{name: "review score --avoid over an existing file", setup: with(map[string]string{"j.tsv": "item\tlabel\nab12cd34-1\tunnatural\n", "avoid.txt": "dropsy\n"}),
			args: []string{"review", "score", "--key", "s/key.tsv", "--avoid", "avoid.txt", "j.tsv"}, code: 1, msg: "avoid.txt: file exists (use --force to replace it)"},
		{name: "build with a malformed --avoid file", setup: with(map[string]string{"avoid.txt": "dropsy\nheart failure ->\n"}),
			args: []string{"build", "--kinds", "synonym", "--avoid", "avoid.txt", "--out", "b2", "corpus.tsv"}, code: 2,
			msg: `synonym: avoid.txt:2: "heart failure ->": want a name, "from -> to" or "a <-> b" with words on both sides`, absent: []string{"b2"}},
	}
}
