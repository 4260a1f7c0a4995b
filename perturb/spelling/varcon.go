package spelling

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// ReadVarCon reads VarCon's varcon.txt and keeps the pairs a respelling
// can use without knowing the sense: for each line, the primary American
// word (tag "A") and the primary British "-ise" word (tag "B"), when
//
//   - both are single words of letters and differ,
//   - the American word is no acceptable British spelling anywhere in the
//     file (no B tag but "-" or "x" on any line: "program", "disk" and
//     "prize", which British also writes in some sense, stay),
//   - the British word is no acceptable American spelling anywhere,
//   - and every line pairing either word pairs it with the same other.
//
// Lines are "TAGS: word / TAGS: word ... | notes"; "#" lines head
// clusters. A malformed line is an error with its line number.
func ReadVarCon(r io.Reader, file string) (*Table, error) {
	type pair struct{ us, uk string }
	var pairs []pair
	okUS, okUK := map[string]bool{}, map[string]bool{} // acceptable spellings
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if i := strings.Index(text, " | "); i >= 0 {
			text = text[:i]
		} else if strings.HasSuffix(text, " |") {
			text = strings.TrimSuffix(text, " |")
		}
		var us, uk string
		for _, entry := range strings.Split(text, " / ") {
			tags, word, ok := strings.Cut(entry, ": ")
			word = strings.TrimSpace(word)
			if !ok || word == "" || strings.TrimSpace(tags) == "" {
				return nil, fmt.Errorf("%s:%d: %w: entry %q is not \"TAGS: word\"", file, line, ErrTable, entry)
			}
			for _, tag := range strings.Fields(tags) {
				if strings.Trim(tag, "0123456789") == "" {
					continue // a column number
				}
				cat, mark := tag[0], tag[1:]
				if !strings.ContainsRune("ABZCD_", rune(cat)) || len(mark) > 1 || mark != "" && !strings.Contains("vV-x.", mark) {
					return nil, fmt.Errorf("%s:%d: %w: unknown tag %q", file, line, ErrTable, tag)
				}
				acceptable := mark != "-" && mark != "x"
				switch {
				case cat == 'A' && acceptable:
					okUS[word] = true
				case cat == 'B' && acceptable:
					okUK[word] = true
				}
				if cat == 'A' && (mark == "" || mark == ".") {
					us = word
				}
				if cat == 'B' && (mark == "" || mark == ".") {
					uk = word
				}
			}
		}
		if us != "" && uk != "" && us != uk && letters(us) && letters(uk) {
			pairs = append(pairs, pair{strings.ToLower(us), strings.ToLower(uk)})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	lowerSet := func(m map[string]bool) map[string]bool {
		out := make(map[string]bool, len(m))
		for w := range m {
			out[strings.ToLower(w)] = true
		}
		return out
	}
	okUS, okUK = lowerSet(okUS), lowerSet(okUK)
	toUK, toUS := map[string]string{}, map[string]string{}
	bad := map[string]bool{} // words paired with two different words
	for _, p := range pairs {
		if okUK[p.us] || okUS[p.uk] {
			continue
		}
		if v, seen := toUK[p.us]; seen && v != p.uk {
			bad[p.us] = true
		}
		if v, seen := toUS[p.uk]; seen && v != p.us {
			bad[p.uk] = true
		}
		toUK[p.us], toUS[p.uk] = p.uk, p.us
	}
	t := &Table{toUK: map[string]string{}, toUS: map[string]string{}}
	for _, p := range pairs {
		if okUK[p.us] || okUS[p.uk] || bad[p.us] || bad[p.uk] || toUK[p.us] != p.uk || toUS[p.uk] != p.us {
			continue
		}
		if _, done := t.toUK[p.us]; done {
			continue
		}
		if err := t.add(p.us, p.uk); err != nil {
			continue // a word both American and British through another pair
		}
	}
	return t, nil
}

func letters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}
