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
