package tagger_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/tagger"
)

func sentence(s string) conll.Sentence {
	var out conll.Sentence
	for _, f := range strings.Fields(s) {
		tok, tag, _ := strings.Cut(f, "/")
		out.Tokens = append(out.Tokens, tok)
		out.Tags = append(out.Tags, tag)
	}
	return out
}

func ExampleTrain() {
	train := []conll.Sentence{
		sentence("Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O"),
		sentence("Cocaine/B-Chemical induced/O seizures/B-Disease ./O"),
		sentence("Heparin/B-Chemical prevents/O thrombosis/B-Disease ./O"),
	}
	m, err := tagger.Train(train, tagger.Options{Features: tagger.Chars, Epochs: 5, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Tag([]string{"Heparin", "causes", "gastric", "ulcers"}))
	// Output: [B-Chemical O B-Disease I-Disease]
}

func ExampleLoad() {
	m, _ := tagger.Train([]conll.Sentence{sentence("Aspirin/B-Chemical helps/O")},
		tagger.Options{Features: tagger.Words, Epochs: 2, HashBits: 12})
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		fmt.Println(err)
		return
	}
	m2, err := tagger.Load(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m2.Labels(), m2.Tag([]string{"Aspirin", "helps"}))
	// Output: [O B-Chemical I-Chemical] [B-Chemical O]
}

// A model file is started before the training, so that an output that
// cannot be written fails at once, and saved once the model is trained.
func ExampleCreateModelFile() {
	dir, _ := os.MkdirTemp("", "model")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "words.model")
	f, err := tagger.CreateModelFile(path, tagger.SaveOptions{NoClobber: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Abort()
	m, _ := tagger.Train([]conll.Sentence{sentence("Aspirin/B-Chemical helps/O")},
		tagger.Options{Features: tagger.Words, Epochs: 2, HashBits: 12})
	if err := f.Save(m); err != nil {
		fmt.Println(err)
		return
	}
	r, _ := os.Open(path)
	defer r.Close()
	m2, err := tagger.Load(r)
	fmt.Println(m2.Tag([]string{"Aspirin", "helps"}), err)
	// Output: [B-Chemical O] <nil>
}

// An external tagger is any command that reads tokens, one per line, and
// writes tags. This one tags every token O.
func ExampleCommand() {
	var tg tagger.Tagger = &tagger.Command{
		Line:    `awk 'NF { print $1 "\tO"; next } { print "" }'`,
		Timeout: 30 * time.Second,
	}
	tags, err := tg.TagSentences(context.Background(), []conll.Sentence{
		sentence("Aspirin/B-Chemical helps/O"),
		sentence("Really/O"),
	})
	fmt.Println(tags, err)
	// Output: [[O O] [O]] <nil>
}

// ExampleServe answers the --model-server protocol with a trained
// model: what "stress serve" does on its standard input and output.
func ExampleServe() {
	train := []conll.Sentence{
		sentence("Aspirin/B-Chemical causes/O ulcers/B-Disease ./O"),
		sentence("Heparin/B-Chemical prevents/O thrombosis/B-Disease ./O"),
	}
	m, err := tagger.Train(train, tagger.Options{Features: tagger.Words, Seed: 1})
	if err != nil {
		panic(err)
	}
	in := strings.NewReader(`{"tokens": ["Heparin", "causes", "ulcers", "."]}` + "\n")
	if err := tagger.Serve(context.Background(), m, in, os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// {"tags":["B-Chemical","O","B-Disease","O"]}
}

// A document server (stress run --level --doc-server) is started once
// and gets one JSON line a set: {"format": ..., "input": the documents}.
// It answers {"output": the documents annotated}; this one adds a
// mention with its MeSH id to document 1.
func ExampleStartDocumentServer() {
	server := `while read -r l; do printf '{"output": "1|t|Lithium toxicity\\n1\\t0\\t7\\tLithium\\tChemical\\tD008094\\n\\n"}\n'; done`
	s, err := tagger.StartDocumentServer(context.Background(), "mysystem", server, os.Stderr)
	if err != nil {
		panic(err)
	}
	defer s.Close()
	out, err := s.Annotate("pubtator", "1|t|Lithium toxicity\n\n", time.Minute)
	fmt.Printf("%q %v\n", out, err)
	// Output: "1|t|Lithium toxicity\n1\t0\t7\tLithium\tChemical\tD008094\n\n" <nil>
}
