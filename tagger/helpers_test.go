package tagger

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// readTSV reads "token<TAB>tag" lines with blank lines between sentences.
// It is a small stand-in for the conll package's reader, so that these
// tests depend only on the corpus format.
func readTSV(r io.Reader, name string) ([]conll.Sentence, error) {
	var (
		out  []conll.Sentence
		cur  conll.Sentence
		line int
	)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "" {
			if len(cur.Tokens) > 0 {
				out = append(out, cur)
			}
			cur = conll.Sentence{}
			continue
		}
		f := strings.Fields(text)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: want token and tag", name, line)
		}
		if len(cur.Tokens) == 0 {
			cur.Line = line
		}
		cur.Tokens = append(cur.Tokens, f[0])
		cur.Tags = append(cur.Tags, f[len(f)-1])
	}
	if len(cur.Tokens) > 0 {
		out = append(out, cur)
	}
	return out, sc.Err()
}

func readTSVFile(t testing.TB, path string) []conll.Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := readTSV(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// span is an entity mention: tokens [start, end) of one type.
type span struct {
	sent, start, end int
	typ              string
}

// spans extracts entity spans with conlleval's chunk rules, so that
// sloppy sequences (I-X after O) count as it counts them.
func spans(sent int, tags []string) []span {
	var out []span
	start, typ := -1, ""
	for i := 0; i <= len(tags); i++ {
		p, t := byte('O'), ""
		if i < len(tags) {
			if tags[i] != "O" && len(tags[i]) > 2 {
				p, t = tags[i][0], tags[i][2:]
			}
		}
		// A chunk ends before i if i starts a new chunk or is O.
		begins := p == 'B' || (p == 'I' && (start < 0 || t != typ))
		if start >= 0 && (p == 'O' || begins) {
			out = append(out, span{sent, start, i, typ})
			start = -1
		}
		if begins {
			start, typ = i, t
		}
	}
	return out
}

// spanF1 is conlleval's overall F1 of pred against gold.
func spanF1(gold []conll.Sentence, pred [][]string) (p, r, f float64) {
	g := map[span]bool{}
	ng, np, ok := 0, 0, 0
	for i, s := range gold {
		for _, sp := range spans(i, s.Tags) {
			g[sp] = true
			ng++
		}
	}
	for i, tags := range pred {
		for _, sp := range spans(i, tags) {
			np++
			if g[sp] {
				ok++
			}
		}
	}
	if np > 0 {
		p = float64(ok) / float64(np)
	}
	if ng > 0 {
		r = float64(ok) / float64(ng)
	}
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return p, r, f
}

func gzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
