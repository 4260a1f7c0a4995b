package conll

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Edit says that tokens [Start, End) of a sentence were replaced by N
// tokens; Start == End inserts N tokens before token Start.
type Edit struct{ Start, End, N int }

// Realign returns out with the per-token values of orig carried over to
// its tokens: the other columns of orig's CoNLL lines (Fields) and the
// per-token lists of its JSON Lines record (Record). out is orig with
// edits applied to its Tokens and Tags; edits are in orig's token
// indexes, sorted and not overlapping. out's own Fields and Record are
// replaced.
//
// This is the one rule by which every perturbation that changes the
// number of tokens (synonym, entity-swap, an attack's edits) keeps the
// other columns of its input:
//
//   - a token outside the edits keeps its own values;
//   - the j-th new token of an edit takes the values of the token it
//     replaces, orig's token Start+j;
//   - new tokens past the end of the replaced span (a longer
//     replacement) take the values of the span's first token, Start,
//     with a value "B-X" written "I-X": they continue the chunk or
//     mention that token begins;
//   - an insertion (Start == End) is read as replacing no token: its
//     tokens take the values of the token before it, as a continuation
//     ("B-X" written "I-X"), or of the token after it at the start of
//     the sentence.
//
// A replacement shorter than its span keeps the values of the span's
// first tokens. Tokens and tags are out's: in Fields, the token and tag
// columns are overwritten by the writer.
func Realign(orig, out Sentence, edits []Edit) (Sentence, error) {
	out.Fields, out.Record, out.Keep = nil, nil, nil
	if orig.Fields == nil && !orig.Record.hasLists() && orig.Keep == nil {
		out.Record = orig.Record
		return out, nil
	}
	from, cont, err := alignment(len(orig.Tokens), len(out.Tokens), edits)
	if err != nil {
		return out, err
	}
	if orig.Keep != nil {
		// A kept token is never edited, so it keeps its mark; new
		// tokens are not kept.
		out.Keep = make([]bool, len(from))
		for j, i := range from {
			out.Keep[j] = i >= 0 && !cont[j] && orig.Kept(i) && !inEdit(edits, i)
		}
	}
	if orig.Fields == nil && !orig.Record.hasLists() {
		out.Record = orig.Record
		return out, nil
	}
	if orig.Fields != nil {
		if len(orig.Fields) != len(orig.Tokens) {
			return out, fmt.Errorf("conll: realign: %d tokens but %d lines of fields", len(orig.Tokens), len(orig.Fields))
		}
		out.Fields = make([][]string, len(from))
		for j, i := range from {
			if i < 0 {
				continue // nothing to copy from: token and tag only
			}
			row := orig.Fields[i]
			if cont[j] {
				row = continueRow(row)
			}
			out.Fields[j] = row
		}
	}
	if orig.Record != nil {
		rec := *orig.Record
		rec.Fields = make([]RecordField, len(orig.Record.Fields))
		for k, f := range orig.Record.Fields {
			if f.List != nil {
				if len(f.List) != len(orig.Tokens) {
					return out, fmt.Errorf("conll: realign: %d tokens but %d values of %q", len(orig.Tokens), len(f.List), f.Key)
				}
				list := make([]json.RawMessage, len(from))
				for j, i := range from {
					switch {
					case i < 0:
						list[j] = json.RawMessage("null")
					case cont[j]:
						list[j] = continueJSON(f.List[i])
					default:
						list[j] = f.List[i]
					}
				}
				f.List = list
			}
			rec.Fields[k] = f
		}
		out.Record = &rec
	}
	return out, nil
}

// inEdit reports whether original token i is replaced by one of edits.
func inEdit(edits []Edit, i int) bool {
	for _, e := range edits {
		if e.Start <= i && i < e.End {
			return true
		}
	}
	return false
}

// alignment returns, for each of the m tokens of the edited sentence,
// the token of the n original ones whose values it takes (-1: none, in
// a sentence that had no token) and whether it takes them as a
// continuation (see Realign).
func alignment(n, m int, edits []Edit) (from []int, cont []bool, err error) {
	from, cont = make([]int, 0, m), make([]bool, 0, m)
	prev := 0
	for _, e := range edits {
		if e.Start < prev || e.End < e.Start || e.End > n || e.N < 0 {
			return nil, nil, fmt.Errorf("conll: realign: edit [%d,%d) of %d tokens after token %d", e.Start, e.End, n, prev)
		}
		for i := prev; i < e.Start; i++ {
			from, cont = append(from, i), append(cont, false)
		}
		for j := range e.N {
			switch {
			case j < e.End-e.Start:
				from, cont = append(from, e.Start+j), append(cont, false)
			case e.End > e.Start:
				from, cont = append(from, e.Start), append(cont, true)
			case e.Start > 0:
				from, cont = append(from, e.Start-1), append(cont, true)
			case n > 0:
				from, cont = append(from, 0), append(cont, false)
			default:
				from, cont = append(from, -1), append(cont, false)
			}
		}
		prev = e.End
	}
	for i := prev; i < n; i++ {
		from, cont = append(from, i), append(cont, false)
	}
	if len(from) != m {
		return nil, nil, fmt.Errorf("conll: realign: the edits make %d tokens of %d, not %d", len(from), n, m)
	}
	return from, cont, nil
}

// continueRow returns row with every "B-X" value written "I-X" (a new
// slice when one changes).
func continueRow(row []string) []string {
	var out []string
	for k, v := range row {
		if len(v) > 2 && strings.HasPrefix(v, "B-") {
			if out == nil {
				out = append([]string(nil), row...)
			}
			out[k] = "I-" + v[2:]
		}
	}
	if out == nil {
		return row
	}
	return out
}

// continueJSON is continueRow for one JSON value: a string "B-X"
// becomes "I-X".
func continueJSON(v json.RawMessage) json.RawMessage {
	if len(v) > 4 && string(v[:3]) == `"B-` {
		return json.RawMessage(`"I-` + string(v[3:]))
	}
	return v
}

// CheckColumns reports an error when a per-token value of s does not
// follow its tokens: a line of Fields or a per-token list of its Record
// of another length than Tokens.
func (s Sentence) CheckColumns() error {
	if s.Fields != nil && len(s.Fields) != len(s.Tokens) {
		return fmt.Errorf("%d tokens but %d lines of columns", len(s.Tokens), len(s.Fields))
	}
	if s.Record != nil {
		for _, f := range s.Record.Fields {
			if f.List != nil && len(f.List) != len(s.Tokens) {
				return fmt.Errorf("%d tokens but %d values of %q", len(s.Tokens), len(f.List), f.Key)
			}
		}
	}
	return nil
}
