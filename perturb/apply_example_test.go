package perturb_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/perturb/swap"
)

// Keyboard typos in a corpus, exactly as "stress perturb --kind keyboard
// --seed 1" writes them: same bytes, same layout as the input.
func ExampleApply() {
	in := "Naloxone\tB-Chemical\nreverses\tO\nthe\tO\nantihypertensive\tO\neffect\tO\nof\tO\nclonidine\tB-Chemical\n.\tO\n"
	var out bytes.Buffer
	stats, err := perturb.Apply(context.Background(), keyboard.Kind, perturb.ApplyOptions{Seed: 1},
		strings.NewReader(in), &out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(out.String())
	fmt.Printf("%d of %d tokens changed\n", stats.TokensModified, stats.Tokens)
	// Output:
	// Naloxkne	B-Chemical
	// reversws	O
	// the	O
	// antihypertens9ve	O
	// eff4ct	O
	// of	O
	// cloniwine	B-Chemical
	// .	O
	// 5 of 8 tokens changed
}

// TestApplyMatchesCLI checks that Apply on BC5CDR test writes the bytes
// whose MD5 the project pins for "stress perturb --seed 1".
func TestApplyMatchesCLI(t *testing.T) {
	data, err := os.ReadFile("../../shared/corpora/BC5CDR-IOB/test.tsv")
	if err != nil {
		t.Skip("BC5CDR test not available:", err)
	}
	for _, tt := range []struct {
		kind *perturb.Kind
		md5  string
	}{{keyboard.Kind, "dbf72cefc6542f36318a2bfab40e618d"}, {swap.Kind, "dddb9bf10214bae4fc60354c72617597"}} {
		var out bytes.Buffer
		if _, err := perturb.Apply(context.Background(), tt.kind, perturb.ApplyOptions{Seed: 1}, bytes.NewReader(data), &out); err != nil {
			t.Fatal(err)
		}
		sum := md5.Sum(out.Bytes())
		if got := hex.EncodeToString(sum[:]); got != tt.md5 {
			t.Errorf("%s: md5 %s, want %s", tt.kind.Name, got, tt.md5)
		}
	}
}

// BenchmarkApply measures "stress perturb" in-process: the embedded
// sample, or with STRESS_BIG_BENCH set BC5CDR test six times over (the
// 780k-token file of the nlpaug comparison).
func BenchmarkApply(b *testing.B) {
	data := benchCorpus(b)
	if os.Getenv("STRESS_BIG_BENCH") != "" {
		data = bytes.Repeat(data, 6)
	}
	for _, k := range []*perturb.Kind{keyboard.Kind, swap.Kind} {
		b.Run(k.Name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := perturb.Apply(context.Background(), k, perturb.ApplyOptions{Seed: 1}, bytes.NewReader(data), io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestApplyNoStats checks that skipping the statistics changes no byte
// of the output and returns zero Stats.
func TestApplyNoStats(t *testing.T) {
	data := []byte("Naloxone\tB-Chemical\nreverses\tO\nthe\tO\nantihypertensive\tO\neffect\tO\n\nclonidine\tB-Chemical\n")
	var a, b bytes.Buffer
	st, err := perturb.Apply(context.Background(), keyboard.Kind, perturb.ApplyOptions{Seed: 1}, bytes.NewReader(data), &a)
	if err != nil || st.Tokens != 6 {
		t.Fatalf("Apply: %v, %d tokens", err, st.Tokens)
	}
	st, err = perturb.Apply(context.Background(), keyboard.Kind, perturb.ApplyOptions{Seed: 1, NoStats: true}, bytes.NewReader(data), &b)
	if err != nil || st.Tokens != 0 || st.Sentences != 0 {
		t.Fatalf("Apply with NoStats: %v, %+v", err, st)
	}
	if a.String() != b.String() {
		t.Errorf("NoStats changed the output:\n%s\nvs\n%s", a.String(), b.String())
	}
}
