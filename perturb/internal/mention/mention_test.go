package mention

import (
	"errors"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestCheck(t *testing.T) {
	sent := func(s string) conll.Sentence {
		var out conll.Sentence
		for _, f := range strings.Fields(s) {
			tok, tag, _ := strings.Cut(f, "/")
			out.Tokens, out.Tags = append(out.Tokens, tok), append(out.Tags, tag)
		}
		return out
	}
	orig := sent("Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O")
	repl := perturb.Change{Token: 2, End: 4, Before: "gastric ulcers", After: "stomach ulcers"}
	tests := []struct {
		name    string
		out     string
		changes []perturb.Change
		want    string // "" for no error
	}{
		{"unchanged", "Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O", nil, ""},
		{"replaced", "Aspirin/B-Chemical causes/O stomach/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, ""},
		{"longer", "Aspirin/B-Chemical causes/O peptic/B-Disease gastric/I-Disease ulcers/I-Disease ./O",
			[]perturb.Change{{Token: 2, End: 4, Before: "gastric ulcers", After: "peptic gastric ulcers"}}, ""},
		{"type", "Aspirin/B-Chemical causes/O stomach/B-Chemical ulcers/I-Chemical ./O", []perturb.Change{repl}, "type Disease became Chemical"},
		{"context", "Aspirin/B-Chemical induces/O stomach/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, `"causes" became "induces"`},
		{"unlogged", "Aspirin/B-Chemical causes/O stomach/B-Disease ulcers/I-Disease ./O", nil, "without a logged change"},
		{"wrong log", "Aspirin/B-Chemical causes/O gut/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, "logged"},
		{"lost entity", "Aspirin/B-Chemical causes/O stomach/O ulcers/O ./O", []perturb.Change{repl}, "2 entities became 1"},
		{"stray change", "Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O", []perturb.Change{{Token: 1, End: 2}}, "do not match"},
		{"invalid", "Aspirin/B-Chemical causes/O stomach/I-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, "not valid IOB2"},
	}
	for _, tt := range tests {
		err := Check(orig, sent(tt.out), tt.changes)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !errors.Is(err, perturb.ErrCheck) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want perturb.ErrCheck containing %q", tt.name, err, tt.want)
		}
	}
}
