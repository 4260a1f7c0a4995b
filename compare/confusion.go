package compare

import "github.com/stress-ner/stress/conll/score"

// labels names the rows and columns of a Matrix, in order.
var labels = [3]string{"B", "I", "O"}

// Matrix counts tokens by gold label (row) and predicted label (column),
// both in labels order. Tags are reduced to their IOB role: B- and S-
// prefixes count as B, I- and E- as I, anything else (the outside tag,
// unknown tags) as O.
type Matrix [3][3]int

// Normalized returns the matrix with each row divided by its sum, as in
// the paper's Figure 1. A row without tokens stays zero.
func (m Matrix) Normalized() [3][3]float64 {
	var n [3][3]float64
	for r := range m {
		total := 0
		for _, v := range m[r] {
			total += v
		}
		if total == 0 {
			continue
		}
		for c, v := range m[r] {
			n[r][c] = float64(v) / float64(total)
		}
	}
	return n
}

// Confusion holds the token-level label confusion of one system on one
// set: overall (types ignored) and per entity type, where a token counts
// as O for type T unless its tag has type T.
type Confusion struct {
	Overall Matrix       `json:"overall"`
	Types   []TypeMatrix `json:"types,omitempty"`
}

// TypeMatrix is the confusion matrix of one entity type.
type TypeMatrix struct {
	Type   string `json:"type"`
	Matrix Matrix `json:"matrix"`
}

const (
	labB = 0
	labI = 1
	labO = 2
)

func role(t string, opt score.EvalOptions) (int, string) {
	p, typ := opt.SplitTag(t)
	switch p {
	case "B", "S":
		return labB, typ
	case "I", "E":
		return labI, typ
	}
	return labO, ""
}

// confusionAcc accumulates matrices. Per type it only counts tokens where
// gold or prediction has that type; the remaining tokens are O/O for the
// type and are added in result.
type confusionAcc struct {
	overall Matrix
	types   map[string]*typeAcc
}

type typeAcc struct {
	m      Matrix
	tokens int
}

func newConfusionAcc() confusionAcc {
	return confusionAcc{types: map[string]*typeAcc{}}
}

func (a *confusionAcc) typeAcc(t string) *typeAcc {
	x := a.types[t]
	if x == nil {
		x = &typeAcc{}
		a.types[t] = x
	}
	return x
}

func (a *confusionAcc) add(gold, pred []string, opt score.EvalOptions) {
	for i := range gold {
		g, gt := role(gold[i], opt)
		p, pt := role(pred[i], opt)
		a.overall[g][p]++
		if g != labO {
			x := a.typeAcc(gt)
			if pt == gt {
				x.m[g][p]++
			} else {
				x.m[g][labO]++
			}
			x.tokens++
		}
		if p != labO && pt != gt || p != labO && g == labO {
			// The prediction has a type the gold tag lacks: for that
			// type the gold label is O.
			x := a.typeAcc(pt)
			x.m[labO][p]++
			x.tokens++
		}
	}
}

func (a *confusionAcc) result(types []string, tokens int) Confusion {
	c := Confusion{Overall: a.overall}
	for _, t := range types {
		x := a.types[t]
		if x == nil {
			continue
		}
		m := x.m
		m[labO][labO] += tokens - x.tokens
		c.Types = append(c.Types, TypeMatrix{Type: t, Matrix: m})
	}
	return c
}
