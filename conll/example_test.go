package conll_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll"
)

func ExampleReader() {
	in := "Aspirin\tB-Chemical\nrelieves\tO\nheadache\tB-Disease\n\nIt\tO\nworks\tO\n"
	r := conll.NewReader(strings.NewReader(in))
	r.File = "example.tsv"
	for {
		s, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.Line, s.Tokens, s.Tags)
	}
	// Output:
	// 1 [Aspirin relieves headache] [B-Chemical O B-Disease]
	// 5 [It works] [O O]
}

func ExampleWriter() {
	in := "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\n\n"
	r := conll.NewReader(strings.NewReader(in))
	s, _ := r.Read()
	s.Tags[0] = "B-GPE" // edits show in the written columns
	w := conll.NewWriter(os.Stdout)
	w.Layout = r.Layout()
	w.Write(s)
	w.Flush()
	// Output:
	// -DOCSTART- -X- -X- O
	//
	// EU NNP B-NP B-GPE
	// rejects VBZ B-VP O
}

func ExampleParseError() {
	r := conll.NewReader(strings.NewReader("Aspirin\tB-Chemical\nheadache\n"))
	r.File = "train.tsv"
	_, err := r.Read()
	fmt.Println(err)
	// Output:
	// train.tsv:2: wrong number of fields: missing tag column (line has 1 field(s))
}

func ExampleRealign() {
	// "allergy" replaced by "allergic response": the new tokens take the
	// POS and chunk columns of the token they replace, the second as a
	// continuation of its noun phrase.
	in := "allergy\tNN\tB-NP\tB-Disease\n.\t.\tO\tO\n"
	r := conll.NewReader(strings.NewReader(in))
	s, _ := r.Read()
	out := s
	out.Tokens = []string{"allergic", "response", "."}
	out.Tags = []string{"B-Disease", "I-Disease", "O"}
	out, err := conll.Realign(s, out, []conll.Edit{{Start: 0, End: 1, N: 2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := conll.NewWriter(os.Stdout)
	w.Layout = r.Layout()
	w.Write(out)
	w.Flush()
	// Output:
	// allergic	NN	B-NP	B-Disease
	// response	NN	I-NP	I-Disease
	// .	.	O	O
}

func ExampleJSONWriter() {
	// Every field of a Hugging Face record is written back, in its
	// order, and integer tags stay integers.
	in := `{"id": "3", "tokens": ["Aspirin", "helps"], "pos_tags": [22, 42], "ner_tags": [1, 0], "source": "pmid:1"}`
	r := conll.NewJSONReader(strings.NewReader(in))
	r.Labels = []string{"O", "B-Chemical", "I-Chemical"}
	s, _ := r.Read()
	s.Tokens[0] = "Asprin"
	w := conll.NewJSONWriter(os.Stdout)
	w.Write(s)
	w.Flush()
	// Output:
	// {"id":"3","tokens":["Asprin","helps"],"pos_tags":[22,42],"ner_tags":[1,0],"source":"pmid:1"}
}

// Sentences in memory are read as any corpus is, here into a writer.
func ExampleSliceReader() {
	r := &conll.SliceReader{Sentences: []conll.Sentence{
		{Tokens: []string{"Aspirin", "helps"}, Tags: []string{"B-Chemical", "O"}},
	}}
	w := conll.NewWriter(os.Stdout)
	for {
		s, err := r.Read()
		if err != nil {
			break // io.EOF after the last
		}
		w.Write(s)
	}
	w.Flush()
	// Output:
	// Aspirin	B-Chemical
	// helps	O
}
