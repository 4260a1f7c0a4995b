package sample_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stress-ner/stress/sample"
)

func TestParts(t *testing.T) {
	train, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	test, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != 1502 || len(test) != 512 {
		t.Fatalf("got %d train and %d test sentences, want 1502 and 512", len(train), len(test))
	}
	docs := 0
	for i, s := range test {
		if s.DocStart {
			docs++
		}
		if i == 0 && !s.DocStart {
			t.Error("test part does not start with a document")
		}
		for j, tag := range s.Tags {
			if tag != "O" && !strings.HasPrefix(tag, "B-") && !strings.HasPrefix(tag, "I-") {
				t.Fatalf("test sentence %d token %d: tag %q", i+1, j+1, tag)
			}
		}
	}
	if docs != 49 {
		t.Errorf("test part has %d documents, want 49", docs)
	}
	// The parts come from different splits: no sentence may be shared.
	seen := map[string]bool{}
	for _, s := range train {
		seen[strings.Join(s.Tokens, " ")] = true
	}
	for _, s := range test {
		if k := strings.Join(s.Tokens, " "); seen[k] && len(s.Tokens) > 5 {
			t.Errorf("test sentence also in train: %q", k)
		}
	}
	if !strings.Contains(sample.Notice, "CC BY 4.0") {
		t.Error("Notice lacks the licence")
	}
}

func ExampleTest() {
	sents, err := sample.Test()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(sents), "sentences; first:", strings.Join(sents[0].Tokens[:4], " "))
	// Output: 512 sentences; first: 22 - oxacalcitriol suppresses
}
