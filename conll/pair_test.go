package conll

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestPairReader(t *testing.T) {
	tests := []struct {
		name, a, b string
		pairs      int
		want       string // error substring; "" for success
	}{
		{"same", "x\tO\n\ny\tB-T\n", "x\tO\n\ny\tO\n", 2, ""},
		{"a longer", "x\tO\n\ny\tO\n", "x\tO\n", 1, "a.tsv:3: corpora do not align: sentence 2 has no counterpart in b.tsv, which ends after 1 sentences"},
		{"b longer", "x\tO\n", "x\tO\n\ny\tO\n\nz\tO\n", 1, "b.tsv:3: corpora do not align: sentence 2 has no counterpart in a.tsv"},
		{"other token", "x\tO\n", "z\tO\n", 0, `a.tsv:1 and b.tsv:1: corpora do not align: token "x" in a.tsv, "z" in b.tsv`},
		{"fewer tokens", "x\tO\ny\tO\n", "x\tO\n", 0, "sentence 1 has 2 tokens in a.tsv and 1 in b.tsv"},
		{"bad line", "x\tO\n", "x\n", 0, "b.tsv:1"},
	}
	for _, tt := range tests {
		ra, rb := NewReader(strings.NewReader(tt.a)), NewReader(strings.NewReader(tt.b))
		ra.File, rb.File = "a.tsv", "b.tsv"
		p := NewPairReader(ra, "a.tsv", rb, "b.tsv")
		n := 0
		var err error
		for {
			var a, b Sentence
			if a, b, err = p.Read(); err != nil {
				break
			}
			if err = p.CheckTokens(a, b); err != nil {
				break
			}
			n++
		}
		if tt.want == "" {
			if err != io.EOF || n != tt.pairs {
				t.Errorf("%s: %d pairs, %v; want %d, io.EOF", tt.name, n, err, tt.pairs)
			}
			continue
		}
		if err == nil || err == io.EOF || !strings.Contains(err.Error(), tt.want) || n != tt.pairs {
			t.Errorf("%s: %d pairs, error %v; want %d and %q", tt.name, n, err, tt.pairs, tt.want)
		}
		if strings.Contains(tt.want, "align") && !errors.Is(err, ErrMismatch) {
			t.Errorf("%s: %v does not wrap ErrMismatch", tt.name, err)
		}
	}
}
