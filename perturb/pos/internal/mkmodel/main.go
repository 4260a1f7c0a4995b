// Command mkmodel converts the part-of-speech model of prose
// (github.com/jdkato/prose/v2, model/AveragedPerceptron: an averaged
// perceptron in the manner of TextBlob's tagger, as gob-encoded maps) into
// the embedded model of package pos (perturb/pos/model.txt.gz), which
// tags without linking prose and its dependencies.
//
// Run it from perturb/pos with "go generate" (see model.go):
//
//	go run ./internal/mkmodel -out model.txt.gz
//
// It reads the model through prose's own embedded assets (prose.MustAsset),
// so the input is exactly what prose tags with: the version in go.mod.
//
// Output: gzip of lines, in this order, each group sorted:
//
//	c<TAB>class<TAB>class...          the classes of the weights, in index order
//	t<TAB>word<TAB>tag                prose's tag dictionary (words it never predicts)
//	f<TAB>feature<TAB>i:w i:w ...     a feature's weights: class index, weight x 1000
//
// prose's weights are averages rounded to three decimals; written as
// thousandths they are exact integers, which the conversion checks. The
// same model gives the same bytes.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/gob"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/jdkato/prose/v2"
)

func main() {
	out := flag.String("out", "model.txt.gz", "the model file to write")
	flag.Parse()
	b, err := build()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkmodel:", err)
		os.Exit(1)
	}
}

// proseModel is prose's averaged perceptron as its assets hold it.
type proseModel struct {
	classes []string
	tags    map[string]string
	weights map[string]map[string]float64
}

func readProse() (*proseModel, error) {
	m := &proseModel{}
	for _, a := range []struct {
		name string
		v    any
	}{{"classes.gob", &m.classes}, {"tags.gob", &m.tags}, {"weights.gob", &m.weights}} {
		b, err := prose.Asset("model/AveragedPerceptron/" + a.name)
		if err != nil {
			return nil, err
		}
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(a.v); err != nil {
			return nil, fmt.Errorf("%s: %w", a.name, err)
		}
	}
	return m, nil
}

// build returns the gzipped model file.
func build() ([]byte, error) {
	m, err := readProse()
	if err != nil {
		return nil, err
	}
	text, err := convert(m)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := io.WriteString(zw, text); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// convert writes the model as text (see the package comment).
func convert(m *proseModel) (string, error) {
	seen := map[string]bool{}
	for _, ws := range m.weights {
		for c := range ws {
			seen[c] = true
		}
	}
	classes := slices.Sorted(maps.Keys(seen))
	// The tagger scores every class densely; prose scores the classes of
	// the features present, which is the same when the bias feature,
	// present for every word, has them all.
	if len(m.weights["bias"]) != len(classes) {
		return "", fmt.Errorf("the bias feature weighs %d classes of %d", len(m.weights["bias"]), len(classes))
	}
	if len(classes) > 255 {
		return "", fmt.Errorf("%d classes, more than a byte", len(classes))
	}
	index := map[string]int{}
	for i, c := range classes {
		index[c] = i
	}
	var b strings.Builder
	field := func(s string) error {
		if s == "" || strings.ContainsAny(s, "\t\n") {
			return fmt.Errorf("field %q is empty or holds a tab or newline", s)
		}
		b.WriteString(s)
		return nil
	}
	b.WriteString("c")
	for _, c := range classes {
		b.WriteByte('\t')
		if err := field(c); err != nil {
			return "", err
		}
	}
	b.WriteByte('\n')
	for _, w := range slices.Sorted(maps.Keys(m.tags)) {
		b.WriteString("t\t")
		if err := field(w); err != nil {
			return "", err
		}
		b.WriteByte('\t')
		if err := field(m.tags[w]); err != nil {
			return "", err
		}
		b.WriteByte('\n')
	}
	for _, f := range slices.Sorted(maps.Keys(m.weights)) {
		ws := m.weights[f]
		b.WriteString("f\t")
		if err := field(f); err != nil {
			return "", err
		}
		b.WriteByte('\t')
		for j, c := range classes {
			w, ok := ws[c]
			if !ok {
				continue
			}
			milli := math.Round(w * 1000)
			if milli/1000 != w || math.Abs(milli) > math.MaxInt32 {
				return "", fmt.Errorf("feature %q class %s: weight %v is not a whole number of thousandths", f, c, w)
			}
			if b.String()[b.Len()-1] != '\t' {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(j))
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(int(milli)))
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}
