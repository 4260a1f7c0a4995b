package pos

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

//go:generate go run ./internal/mkmodel -out model.txt.gz

// modelGz is prose's part-of-speech model (github.com/jdkato/prose/v2,
// model/AveragedPerceptron), converted by internal/mkmodel: see NOTICE.
//
//go:embed model.txt.gz
var modelGz []byte

// errModel reports an embedded model the tagger cannot read; the
// generator's test keeps the committed one readable.
var errModel = errors.New("bad part-of-speech model")

// model is the averaged perceptron of prose's tagger, read from
// model.txt.gz: the file's text in one string, the features indexing
// their weights, which are whole thousandths.
type model struct {
	classes []string          // classes of the weights, in index order
	tagDict map[string]string // words tagged without the perceptron
	feature map[string]int32  // feature -> its weights: entries[start[i]:start[i+1]]
	start   []int32
	entries []weight
}

// weight is one class's weight of a feature, in thousandths.
type weight struct {
	class uint8
	milli int32
}

// parseModel reads the generator's text (see internal/mkmodel).
func parseModel(gz []byte) (*model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errModel, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errModel, err)
	}
	text := string(raw)
	m := &model{tagDict: map[string]string{}, feature: make(map[string]int32, strings.Count(text, "\nf\t"))}
	m.start = make([]int32, 0, len(m.feature)+1)
	m.entries = make([]weight, 0, strings.Count(text, ":"))
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		kind, f, _ := strings.Cut(line, "\t")
		bad := func(what string) error { return fmt.Errorf("%w: line %d: %s", errModel, n, what) }
		switch kind {
		case "c":
			m.classes = strings.Split(f, "\t")
			if len(m.classes) > 256 {
				return nil, bad("more than 256 classes")
			}
		case "t":
			word, tag, ok := strings.Cut(f, "\t")
			if !ok {
				return nil, bad("a tag entry without its tag")
			}
			m.tagDict[word] = tag
		case "f":
			key, ws, ok := strings.Cut(f, "\t")
			if !ok {
				return nil, bad("a feature without weights")
			}
			m.feature[key] = int32(len(m.start))
			m.start = append(m.start, int32(len(m.entries)))
			for ws != "" {
				var e string
				e, ws, _ = strings.Cut(ws, " ")
				c, w, _ := strings.Cut(e, ":")
				ci, err1 := strconv.Atoi(c)
				wi, err2 := strconv.ParseInt(w, 10, 32)
				if err1 != nil || err2 != nil || ci < 0 || ci >= len(m.classes) {
					return nil, bad(fmt.Sprintf("weight %q", e))
				}
				m.entries = append(m.entries, weight{uint8(ci), int32(wi)})
			}
		default:
			return nil, bad(fmt.Sprintf("unknown line kind %q", kind))
		}
	}
	if len(m.classes) == 0 || len(m.start) == 0 {
		return nil, fmt.Errorf("%w: no classes or no features", errModel)
	}
	m.start = append(m.start, int32(len(m.entries)))
	return m, nil
}

// weights returns a feature's weights, none for a feature the model
// does not know.
func (m *model) weights(feature []byte) []weight {
	i, ok := m.feature[string(feature)]
	if !ok {
		return nil
	}
	return m.entries[m.start[i]:m.start[i+1]]
}
