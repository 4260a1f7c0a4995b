package kinds

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestCompose(t *testing.T) {
	k, err := Lookup("keyboard+case")
	if err != nil {
		t.Fatal(err)
	}
	if k.Name != "keyboard+case" || k.Suffix != "key+case" || !k.UsesSelection {
		t.Errorf("composite kind %+v", k)
	}
	opts, err := k.Resolve(map[string]string{"case": "upper"})
	if err != nil {
		t.Fatal(err)
	}
	if opts["layout"] != "qwerty" || opts["case"] != "upper" {
		t.Errorf("resolved options %v", opts)
	}
	p, err := k.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := conll.Sentence{Tokens: []string{"Naloxone", "reverses", "the", "hypotension"},
		Tags: []string{"B-Chemical", "O", "O", "B-Disease"}}
	sel := []bool{true, true, false, true}
	out, cs := p.Perturb(s, sel, rand.New(rand.NewPCG(1, 2)))
	if err := perturb.CheckSentence(p, s, out, cs); err != nil {
		t.Fatal(err)
	}
	// Keyboard first, drawing first from the generator: its changes are
	// those of keyboard alone; then every selected word is upper case.
	kb, _ := Lookup("keyboard")
	kp, _ := kb.New(nil)
	kout, kcs := kp.Perturb(s, sel, rand.New(rand.NewPCG(1, 2)))
	for i, tok := range out.Tokens {
		want := kout.Tokens[i]
		if sel[i] {
			want = strings.ToUpper(want)
		}
		if tok != want {
			t.Errorf("token %d = %q, want %q", i, tok, want)
		}
	}
	if len(cs) != 2*len(kcs) {
		t.Fatalf("%d changes, want %d (a keyboard and a case change per selected word)", len(cs), 2*len(kcs))
	}
	for i := 1; i < len(cs); i++ {
		if cs[i].Token < cs[i-1].Token || cs[i].Token == cs[i-1].Token && cs[i].Kind != "case" {
			t.Errorf("changes out of order: %+v", cs)
		}
	}
	// A case change that does not start from the keyboard output fails
	// the replay.
	bad := append([]perturb.Change(nil), cs...)
	for i := range bad {
		if bad[i].Kind == "case" {
			bad[i].Before = s.Tokens[bad[i].Token]
			bad[i].After = strings.ToUpper(bad[i].Before)
			break
		}
	}
	if err := perturb.CheckSentence(p, s, out, bad); err == nil {
		t.Error("replay accepted a case change of the original token")
	}
	bad = append([]perturb.Change(nil), cs...)
	bad[0].Kind = "swap"
	if err := perturb.CheckSentence(p, s, out, bad); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("change of a kind outside the composition: %v", err)
	}
}

func TestComposeErrors(t *testing.T) {
	for _, name := range []string{"keyboard+nosuch", "keyboard+keyboard", "keyboard+"} {
		if _, err := Lookup(name); err == nil {
			t.Errorf("Lookup(%q) succeeded", name)
		}
	}
	k, err := Lookup("synonym+case")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.New(nil); !errors.Is(err, perturb.ErrOption) {
		t.Errorf("synonym before another kind: %v, want ErrOption", err)
	}
}
